"""Checks the sample audiobook library from scripts/make-sample-library.

Every property is measured on the generated files with ffprobe/ffmpeg; the
manifest (library.json) only says which file should have which property.

    /usr/bin/python3 -m pytest Tests/integration/test_sample_library.py

HARK_TEST_DETERMINISM=1 also builds the library twice more (about half a
minute) and compares every file byte for byte.
"""

import functools
import hashlib
import json
import os
import struct
import subprocess
import time
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "make-sample-library"
GAPLESS_SETS = ["gapless-flac", "gapless-opus", "gapless-mp3-lame", "gapless-aac"]
SWEEP_SETS = {"gapless-sweep-mp3-lame-cbr": b"LAME", "gapless-sweep-mp3-lame-vbr": b"LAME",
              "gapless-sweep-mp3-ffmpeg-cbr": b"Lav", "gapless-sweep-mp3-ffmpeg-vbr": b"Lav",
              "gapless-sweep-vorbis": None}


# ---------------------------------------------------------------- helpers

def generate(*args):
    """Run the generator; return (library path from its last stdout line, seconds)."""
    start = time.monotonic()
    done = subprocess.run([str(SCRIPT), *args], check=True, capture_output=True, text=True,
                          timeout=600)
    return Path(done.stdout.strip().splitlines()[-1]), time.monotonic() - start


@functools.lru_cache(maxsize=None)
def probe(path):
    """ffprobe's format, streams and chapters of a file, asked once: each
    ffprobe start costs a quarter of a second on a loaded machine, and the
    tests ask about the same files many times."""
    out = subprocess.run(["ffprobe", "-v", "error", "-of", "json", "-show_format",
                          "-show_streams", "-show_chapters", str(path)],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def audio_stream(path):
    return next(s for s in probe(path)["streams"] if s["codec_type"] == "audio")


def decode(path):
    """The first audio stream as native-rate, native-channel s16le PCM
    (no resampling, so sample counts are the file's own); fails on any
    decoding error."""
    return subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-xerror", "-i", str(path),
                           "-map", "0:a:0", "-f", "s16le", "-c:a", "pcm_s16le", "-"],
                          check=True, capture_output=True).stdout


@functools.lru_cache(maxsize=None)
def decoded_samples(path):
    """How many samples per channel the first audio stream decodes to, the
    same count as len(decode(path)) gives, without carrying the PCM through
    a pipe: ffmpeg writes it to /dev/null and reports the bytes written."""
    progress = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-xerror", "-i", str(path),
                               "-map", "0:a:0", "-f", "s16le", "-c:a", "pcm_s16le",
                               "-progress", "pipe:1", "-y", "/dev/null"],
                              check=True, capture_output=True, text=True).stdout
    sizes = [line.split("=", 1)[1] for line in progress.splitlines()
             if line.startswith("total_size=")]
    return int(sizes[-1]) // (2 * audio_stream(path)["channels"])


def mp4_boxes(data, start=0, end=None):
    """Top-level (type, payload) boxes of an MP4 byte range."""
    end = len(data) if end is None else end
    while start + 8 <= end:
        size, kind = struct.unpack(">I4s", data[start:start + 8])
        header = 8
        if size == 1:
            size, header = struct.unpack(">Q", data[start + 8:start + 16])[0], 16
        elif size == 0:
            size = end - start
        yield kind.decode("latin-1"), data[start + header:start + size]
        start += size


def mp4_child(payload, kind):
    return next((p for k, p in mp4_boxes(payload) if k == kind), None)


def lame_tag(path):
    """(encoder string, frames, delay, padding) from the Xing/Info frame that
    starts an MP3, or None when the first frame has no such header."""
    data = path.read_bytes()[:64 * 1024]
    start = 0
    if data[:3] == b"ID3":  # skip the ID3v2 tag (syncsafe size)
        s = data[6:10]
        start = 10 + (s[0] << 21 | s[1] << 14 | s[2] << 7 | s[3])
    assert data[start] == 0xFF and data[start + 1] & 0xE0 == 0xE0, "no MP3 frame sync"
    hits = [data.find(tag, start, start + 64) for tag in (b"Xing", b"Info")]
    hits = [h for h in hits if h >= 0]
    if not hits:
        return None
    at = min(hits)
    flags, = struct.unpack(">I", data[at + 4:at + 8])
    frames = struct.unpack(">I", data[at + 8:at + 12])[0] if flags & 1 else None
    # the LAME extension follows the optional frames/bytes/TOC/quality fields
    ext = at + 8 + 4 * bool(flags & 1) + 4 * bool(flags & 2) + 100 * bool(flags & 4) \
        + 4 * bool(flags & 8)
    dp = data[ext + 21:ext + 24]
    return data[ext:ext + 9], frames, dp[0] << 4 | dp[1] >> 4, (dp[1] & 0xF) << 8 | dp[2]


def tree_digest(root):
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


# ---------------------------------------------------------------- fixtures

@pytest.fixture(scope="module")
def library():
    path, _ = generate()
    return path


@pytest.fixture(scope="module")
def manifest(library):
    return json.loads((library / "library.json").read_text())


@pytest.fixture(scope="module")
def books(manifest):
    return {b["id"]: b for b in manifest["books"]}


# ---------------------------------------------------------------- tests

def test_generator_builds_a_complete_library(library, manifest):
    assert library.is_absolute() and (library / ".complete").is_file()
    # nothing half-built left beside it
    assert not list(library.parent.glob(f".{library.name}.partial-*"))
    listed = {f["path"] for b in manifest["books"] for f in b["files"]}
    assert all((library / f).is_file() for f in listed)
    # every audio file in the library is described by the manifest
    audio = {p.relative_to(library).as_posix() for p in library.rglob("*")
             if p.suffix in {".mp3", ".m4b", ".m4a", ".flac", ".opus", ".ogg"}}
    assert audio == listed


def test_second_run_is_a_cache_hit(library):
    marker = (library / ".complete").stat().st_mtime_ns
    again, seconds = generate()
    assert again == library
    assert seconds < 5, f"cached run took {seconds:.1f} s"
    assert (library / ".complete").stat().st_mtime_ns == marker


def test_total_size_under_60_mb(library):
    total = sum(p.stat().st_size for p in library.rglob("*") if p.is_file())
    assert total < 60 * 1024 * 1024, f"{total / 1e6:.1f} MB"


def test_multi_file_mp3_book_in_order_with_folder_cover(library, books):
    book = books["mp3-multi"]
    files = [library / f["path"] for f in book["files"]]
    assert 3 <= len(files) <= 4
    assert [f.parent for f in files] == [library / book["path"]] * len(files)
    assert files == sorted(files), "file names do not sort into play order"
    for n, f in enumerate(files, 1):
        assert audio_stream(f)["codec_name"] == "mp3"
        tags = probe(f)["format"]["tags"]
        assert tags["track"] == f"{n}/{len(files)}"
        assert (tags["album"], tags["artist"], tags["genre"]) == \
            (book["title"], book["author"], "Audiobook")
        assert 20 <= float(probe(f)["format"]["duration"]) <= 40.5
    cover = library / book["cover"]
    assert cover.parent == library / book["path"] and cover.name == "cover.jpg"
    stream = probe(cover)["streams"][0]
    assert stream["codec_name"] == "mjpeg" and stream["width"] >= 300
    pixels = subprocess.run(["ffmpeg", "-v", "error", "-xerror", "-i", str(cover),
                             "-f", "rawvideo", "-pix_fmt", "gray", "-"],
                            check=True, capture_output=True).stdout
    assert len(pixels) == stream["width"] * stream["height"]


def test_m4b_has_chapters_and_embedded_cover(library, books):
    book = books["m4b"]
    (entry,) = book["files"]
    path = library / entry["path"]
    info = probe(path)
    chapters = info["chapters"]
    assert len(chapters) >= 4
    assert [c["tags"]["title"] for c in chapters] == [c["title"] for c in book["chapters"]]
    assert all(c["tags"]["title"] for c in chapters)
    starts = [float(c["start_time"]) for c in chapters]
    ends = [float(c["end_time"]) for c in chapters]
    assert starts[0] == 0 and starts[1:] == ends[:-1], "chapters are not contiguous"
    assert ends[-1] == pytest.approx(entry["duration"], abs=0.1)
    pics = [s for s in info["streams"] if s.get("disposition", {}).get("attached_pic")]
    assert len(pics) == 1 and pics[0]["codec_name"] == "mjpeg"
    assert [s["codec_name"] for s in info["streams"] if s["codec_type"] == "audio"] == ["aac"]

    # Both chapter forms Hark parses itself: Nero moov/udta/chpl and a
    # QuickTime chapter text track that the audio track's tref/chap names.
    data = path.read_bytes()
    assert data[8:12] == b"M4B "  # ftyp major brand
    moov = mp4_child(data, "moov")
    assert mp4_child(mp4_child(moov, "udta"), "chpl") is not None
    tracks = {}  # track id -> (handler type, tref/chap ids)
    for kind, trak in mp4_boxes(moov):
        if kind != "trak":
            continue
        tkhd = mp4_child(trak, "tkhd")
        track_id, = struct.unpack(">I", tkhd[12:16] if tkhd[0] == 0 else tkhd[20:24])
        handler = mp4_child(mp4_child(trak, "mdia"), "hdlr")[8:12]
        tref = mp4_child(trak, "tref")
        chap = mp4_child(tref, "chap") if tref else None
        ids = struct.unpack(f">{len(chap) // 4}I", chap) if chap else ()
        tracks[track_id] = (handler, ids)
    sound = [ids for handler, ids in tracks.values() if handler == b"soun"]
    assert len(sound) == 1 and sound[0], "audio track has no tref/chap"
    assert all(tracks.get(i, (None,))[0] == b"text" for i in sound[0])


def test_long_file_is_over_an_hour_without_chapters(library, books):
    (entry,) = books["long"]["files"]
    info = probe(library / entry["path"])
    assert float(info["format"]["duration"]) > 3600
    assert info["chapters"] == []


@pytest.mark.parametrize("book_id, codec", [("flac", "flac"), ("opus", "opus")])
def test_flac_and_opus_books_decode(library, books, book_id, codec):
    book = books[book_id]
    assert len(book["files"]) == 2
    for entry in book["files"]:
        path = library / entry["path"]
        stream = audio_stream(path)
        assert stream["codec_name"] == codec
        seconds = decoded_samples(path) / int(stream["sample_rate"])
        assert seconds == pytest.approx(entry["duration"], abs=0.1)
        assert seconds > 10
    first = library / book["files"][0]["path"]
    pics = [s for s in probe(first)["streams"]
            if s.get("disposition", {}).get("attached_pic")]
    assert len(pics) == (1 if book["cover"] == "embedded" else 0)


def test_series_folders_need_natural_sort(library, books):
    series = [b for b in books.values() if b["kind"] == "series-book"]
    folders = [library / b["path"] for b in series]
    assert len({f.parent for f in folders}) == 1
    names = sorted(p.name for p in folders[0].parent.iterdir())
    assert names == ["Book 1", "Book 10", "Book 2"]  # what plain sorting gives
    for book in series:
        (entry,) = book["files"]
        tags = probe(library / entry["path"])["format"]["tags"]
        assert tags["SERIES"] == book["series"]
        assert tags["SERIES-PART"] == str(book["series_part"]) == book["path"].split()[-1]


@pytest.mark.parametrize("set_id", GAPLESS_SETS)
def test_gapless_set_sample_counts_add_up_to_the_source(library, manifest, books, set_id):
    g = books[set_id]["gapless"]
    source = manifest["gapless_source"]
    src = library / source["path"]
    assert decoded_samples(src) == source["total_samples"]
    assert int(audio_stream(src)["sample_rate"]) == source["sample_rate"]
    # a set at another rate (Opus: 48 kHz) covers exactly the same time
    assert g["total_samples"] * source["sample_rate"] == \
        source["total_samples"] * g["sample_rate"]

    files = [library / f["path"] for f in books[set_id]["files"]]
    assert len(files) == len(g["boundaries"]) + 1 == 3
    for f in files:
        stream = audio_stream(f)
        assert int(stream["sample_rate"]) == g["sample_rate"]
        assert stream["channels"] == g["channels"]
    if g["exact_decode"]:
        counts = [decoded_samples(f) for f in files]
    else:
        # ffmpeg's AAC decoding keeps the last frame's padding; the exact
        # length is the edit list's, which ffprobe reports as duration_ts.
        counts = [int(audio_stream(f)["duration_ts"]) for f in files]
        for f, n in zip(files, counts):
            assert decoded_samples(f) == -(-n // 1024) * 1024
    assert counts == g["file_samples"]
    assert sum(counts) == g["total_samples"]
    cumulative = [sum(counts[:i]) for i in range(1, len(counts))]
    assert cumulative == g["boundaries"]
    # cuts that land on frame sizes (MP3 1152, AAC 1024, Opus 960/120,
    # FLAC 4096/4608) would hide gapless bugs
    for b in g["boundaries"]:
        assert all(b % frame for frame in (120, 960, 1024, 1152, 4096, 4608))


def test_gapless_flac_is_bit_exact_with_the_source(library, manifest, books):
    files = [library / f["path"] for f in books["gapless-flac"]["files"]]
    joined = b"".join(decode(f) for f in files)
    assert joined == decode(library / manifest["gapless_source"]["path"])


def test_lame_mp3s_carry_a_lame_gapless_tag(library, books):
    g = books["gapless-mp3-lame"]["gapless"]
    for entry, samples in zip(books["gapless-mp3-lame"]["files"], g["file_samples"]):
        tag = lame_tag(library / entry["path"])
        assert tag is not None, "no Xing/Info header in the first frame"
        encoder, frames, delay, padding = tag
        assert encoder.startswith(b"LAME")
        # delay and padding in the tag give the exact length
        assert frames * 1152 - delay - padding == samples
    # the check tells lame's tag from ffmpeg's ("Lavf"/"Lavc")
    ffmpeg_mp3 = library / books["mp3-multi"]["files"][0]["path"]
    tag = lame_tag(ffmpeg_mp3)
    assert tag is None or not tag[0].startswith(b"LAME")


@pytest.mark.parametrize("set_id", SWEEP_SETS)
def test_sweep_sets_are_three_long_parts_cut_off_frame_and_say_what_ffmpeg_decodes(library, books, set_id):
    book = books[set_id]
    g = book["gapless"]
    source = library / g["source"]
    assert decoded_samples(source) == g["total_samples"] == sum(g["file_samples"])
    files = [library / f["path"] for f in book["files"]]
    assert len(files) == 3
    assert all(n >= 20 * g["sample_rate"] for n in g["file_samples"]), "parts of 20 s or more"
    for b in g["boundaries"]:
        assert all(b % frame for frame in (120, 960, 1024, 1152, 4096, 4608))
    counts = [decoded_samples(f) for f in files]
    assert counts == g["decoded_samples"]
    if SWEEP_SETS[set_id] == b"Lav":
        # ffmpeg's libmp3lame writes a padding a few samples short on the
        # first part; the files say so, and players are held to the files.
        assert all(abs(c - n) <= 16 for c, n in zip(counts, g["file_samples"])), counts
    else:
        assert counts == g["file_samples"]
    encoder = SWEEP_SETS[set_id]
    for f in files if encoder else []:
        tag = lame_tag(f)
        assert tag is not None and tag[0].startswith(encoder), (f, tag)
        assert tag[2] > 0 and tag[3] > 0, "delay and padding to trim"


@pytest.mark.long
def test_manifest_durations_match_the_files(library, manifest):
    for book in manifest["books"]:
        for entry in book["files"]:
            path = library / entry["path"]
            probed = float(probe(path)["format"]["duration"])
            assert probed == pytest.approx(entry["duration"], abs=0.1), entry["path"]
            rate = int(audio_stream(path)["sample_rate"])
            decoded = decoded_samples(path) / rate
            assert decoded == pytest.approx(entry["duration"], abs=0.1), entry["path"]


@pytest.mark.skipif(os.environ.get("HARK_TEST_DETERMINISM") != "1",
                    reason="set HARK_TEST_DETERMINISM=1 (two full builds)")
def test_generator_is_deterministic(tmp_path):
    a, _ = generate("--out", str(tmp_path / "a"))
    b, _ = generate("--out", str(tmp_path / "b"))
    digest_a, digest_b = tree_digest(a), tree_digest(b)
    assert digest_a.keys() == digest_b.keys()
    assert [k for k in digest_a if digest_a[k] != digest_b[k]] == []
