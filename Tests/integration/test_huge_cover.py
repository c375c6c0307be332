"""A server whose cover is a 30000 × 30000 image (a 120 KB PNG that would
take 3.6 GB decoded): Hark reads its size from the header and does not
decode it (the cap is 6000 × 6000 source pixels, `CoverDecoder`), shows the
placeholder, stays small and keeps working."""
import struct
import zlib

from misbehaving_server import MisbehavingServer
from test_book_page import open_book
from test_sign_in import sign_in_with_invite

SIDE = 30000
CAP_SIDE = 6000


def huge_png(side=SIDE):
    """A black `side` × `side` one-bit greyscale PNG, made in memory."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    row = b"\x00" * (1 + (side + 7) // 8)  # filter byte, then the row's bits
    packer = zlib.compressobj(9)
    body = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b"")


def resident_megabytes(pid):
    with open(f"/proc/{pid}/status") as status:
        line = next(line for line in status if line.startswith("VmRSS:"))
    return int(line.split()[1]) // 1024


def test_a_30000_pixel_cover_is_not_decoded_and_hark_carries_on(hark, audiosilo):
    image = huge_png()
    assert len(image) < 1 << 20 and SIDE * SIDE > CAP_SIDE * CAP_SIDE
    proxy = MisbehavingServer(audiosilo.base)
    proxy.serve("/api/v1/libraries/1/cover", "image/png", image)
    try:
        class Address:
            base = proxy.base
        sign_in_with_invite(hark, Address)
        open_book(hark, "Marguerite Holloway", "The Lighthouse Keeper")
        hark.find("push button", "Play", timeout=15)
        hark.wait_until(lambda: proxy.served_count > 0, timeout=10)
        hark.screenshot("huge-cover-book-page")
        assert hark.process.poll() is None, "Hark is still running"
        assert resident_megabytes(hark.process.pid) < 600, "the cover was not decoded in full"
        # Still answering: back to the Library, and another book opens.
        hark.key("alt+1")
        open_book(hark, "Theodore Quill", "A Clockwork Orchard")
        hark.find("push button", "Play", timeout=15)
    finally:
        proxy.stop()
