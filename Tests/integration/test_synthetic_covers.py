"""`--synthetic-cover-dir`: the test server lends the synthetic "Big
Library" covers from a folder (what scripts/bench-grid's cover grid needs),
and without it those books still have none."""
import subprocess

from test_server import SERVER, library, login, start_server  # noqa: F401 - `library` is a fixture

# The server never decodes a cover, it sniffs its first bytes; these are
# enough to be told apart and typed.
JPEG_HEAD = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00"
PNG_HEAD = b"\x89PNG\r\n\x1a\n"


def big_library_books(server, token, limit=12):
    r = server.api.get("/libraries/2/books", {"sort": "title", "limit": limit}, token=token)
    assert r.status == 200, r
    return r.json()["books"]


def test_synthetic_books_take_covers_from_the_folder_by_book_id(library, tmp_path):  # noqa: F811
    files = {"a.jpg": JPEG_HEAD + b"first", "b.jpeg": JPEG_HEAD + b"second", "c.png": PNG_HEAD + b"third"}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    (tmp_path / "notes.txt").write_text("not an image: never served")
    server = start_server(library, "--synthetic-books", "30", "--synthetic-cover-dir", str(tmp_path))
    try:
        token = login(server)
        in_order = [files[name] for name in sorted(files)]
        books = big_library_books(server, token)
        assert len({b["id"] % 3 for b in books}) == 3, "the sample should cover every file"
        for book in books:
            r = server.api.get("/libraries/2/cover", {"path": book["rel_path"]}, token=token)
            assert r.status == 200, (book, r)
            assert r.body == in_order[book["id"] % 3]
            expected = "image/png" if r.body.startswith(PNG_HEAD) else "image/jpeg"
            assert r.headers["Content-Type"] == expected
        # A path that is no book of the library has no cover, folder or not.
        r = server.api.get("/libraries/2/cover", {"path": "Author 9999/Series 1/Book 1"}, token=token)
        assert (r.status, r.json()) == (404, {"error": "no cover"})
    finally:
        server.stop()


def test_without_the_option_synthetic_books_have_no_cover(library):  # noqa: F811
    server = start_server(library, "--synthetic-books", "30")
    try:
        token = login(server)
        book = big_library_books(server, token, limit=1)[0]
        r = server.api.get("/libraries/2/cover", {"path": book["rel_path"]}, token=token)
        assert (r.status, r.json()) == (404, {"error": "no cover"})
    finally:
        server.stop()


def test_a_cover_folder_without_images_is_refused(library, tmp_path):  # noqa: F811
    (tmp_path / "readme.txt").write_text("no images here")
    done = subprocess.run(["/usr/bin/python3", SERVER, "--library", library, "--synthetic-books", "5",
                           "--synthetic-cover-dir", str(tmp_path)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 2
    assert "no .jpg or .png files" in done.stderr
