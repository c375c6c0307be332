"""The Book page's listener side through the real window against the test
server: favourite, bookmarks, notes, and spoiler-gated characters that
follow the listener's place."""
import json
import urllib.parse
import urllib.request

import pytest

from test_browse import open_row
from test_sign_in import sign_in_with_invite

BOOK = "Theodore Quill/A Clockwork Orchard"


def api(server, method, path, body=None):
    """Calls the server as another device of the same listener would."""
    if not hasattr(server, "token"):
        login = urllib.request.Request(
            server.base + "/api/v1/auth/login", method="POST", headers={"Content-Type": "application/json"},
            data=json.dumps({"username": "listener", "password": "correct horse", "device_name": "phone"}).encode())
        server.token = json.load(urllib.request.urlopen(login, timeout=10))["token"]
    request = urllib.request.Request(
        server.base + "/api/v1" + path, method=method, data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {server.token}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        text = response.read()
        return json.loads(text) if text else None


def query(path):
    return "path=" + urllib.parse.quote(path, safe="")


def visible(hark, role, name):
    return hark.find_shown(role, name)


def open_book(hark, *rows):
    """From the Library page's "Audiobooks" down through folder rows
    starting with `rows`, the last one a book, to its Book page."""
    hark.key("alt+1")
    if visible(hark, "push button", "Audiobooks"):
        hark.click(visible(hark, "push button", "Audiobooks")[0])
    else:
        hark.click_at(hark.find("list item", "Audiobooks", timeout=15))
    for row in rows:
        open_row(hark, "Folder contents", row)
    hark.find("label", rows[-1], timeout=15)


def open_orchard(hark):
    open_book(hark, "Theodore Quill", "A Clockwork Orchard")


@pytest.mark.long
def first_row_of_shelf(hark, title):
    """The accessible path of a Library page shelf's first row."""
    shelves = hark.find_all("list", title)
    return shelves[0][0].path if shelves else None


def test_favourite_bookmark_and_note(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    hark.wait_until(lambda: first_row_of_shelf(hark, "Recently Added"), timeout=10)
    recently_added = first_row_of_shelf(hark, "Recently Added")
    open_orchard(hark)

    # GTK 4.8 exposes a GtkToggleButton as a push button.
    hark.click(hark.find("push button", "Add to Favourites", timeout=10))
    hark.find("push button", "Remove from Favourites", timeout=10)
    assert [f["path"] for f in api(audiosilo, "GET", "/me/favourites")["favourites"]] == [BOOK]
    # The Library page gains a Favourites shelf; the shelves before it keep
    # their rows (the same accessible objects).
    hark.wait_until(lambda: hark.find_all("list", "Favourites"), timeout=10)
    assert first_row_of_shelf(hark, "Recently Added") == recently_added

    # Marking finished goes through the durable mirror and reaches the server.
    hark.click(hark.find("push button", "Mark as Finished"))
    hark.find("push button", "Mark as Unfinished", timeout=10)
    hark.find("label", "Finished")
    row = api(audiosilo, "GET", f"/libraries/1/progress?{query(BOOK)}")["progress"]
    assert row["finished"] is True and row["device_id"] != "phone"

    hark.find("text", "Bookmark Time").queryEditableText().setTextContents("0:30")
    hark.find("text", "Bookmark Note").queryEditableText().setTextContents("the tinker arrives")
    hark.click(hark.find("push button", "Add Bookmark"))
    # 30 s is 12 s into chapter 2 (chapter 1 is 18 s long): the time beside
    # a chapter's name is the time into that chapter.
    hark.find("label", "Winding the Trees · 0:12", timeout=10)
    marks = api(audiosilo, "GET", f"/libraries/1/bookmarks?{query(BOOK)}")["bookmarks"]
    assert [(m["position"], m["note"]) for m in marks] == [(30, "the tinker arrives")]
    # A second, later bookmark is added below; the first keeps its row (the
    # same accessible object), so whatever had the focus there keeps it.
    first = hark.find("push button", "Delete Bookmark at Winding the Trees · 0:12").path
    hark.find("text", "Bookmark Time").queryEditableText().setTextContents("0:35")
    hark.click(hark.find("push button", "Add Bookmark"))
    hark.find("label", "Winding the Trees · 0:17", timeout=10)
    assert hark.find("push button", "Delete Bookmark at Winding the Trees · 0:12").path == first
    hark.click(hark.find("push button", "Delete Bookmark at Winding the Trees · 0:17"))
    hark.wait_until(lambda: not hark.find_all("label", "Winding the Trees · 0:17"), timeout=10)

    hark.find("text", "New Note").queryEditableText().setTextContents("Brass **apples** tick")
    hark.click(hark.find("push button", "Add Note"))
    hark.find("label", "Brass apples tick", timeout=10)  # Markdown shown formatted, named as plain text
    notes = api(audiosilo, "GET", f"/libraries/1/notes?{query(BOOK)}")["notes"]
    assert [n["body"] for n in notes] == ["Brass **apples** tick"]
    hark.scroll(25)
    hark.screenshot("book-page-annotations")

    hark.click(hark.find("push button", "Delete Bookmark at Winding the Trees · 0:12"))
    hark.find("label", "No bookmarks yet", timeout=10)
    hark.click(hark.find("push button", "Delete Note"))
    hark.find("label", "No notes yet", timeout=10)
    # The server sends null for an empty list.
    assert not api(audiosilo, "GET", f"/libraries/1/bookmarks?{query(BOOK)}")["bookmarks"]
    assert not api(audiosilo, "GET", f"/libraries/1/notes?{query(BOOK)}")["notes"]


def test_characters_follow_the_listeners_place(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    open_orchard(hark)
    hark.find("label", "Ada Quill", timeout=15)
    assert not visible(hark, "label", "The Frost Engine"), "a chapter 4 character shown at the start"
    hark.screenshot("book-page-metadata")

    # Another device listens on into chapter 4 (it starts at 18 + 22 + 16 = 56 s).
    api(audiosilo, "PUT", f"/libraries/1/progress?{query(BOOK)}",
        {"position": 60, "duration": 100, "finished": False, "playback_speed": 1, "version": 0,
         "device_id": "phone", "updated_at": "2026-11-21T10:00:00Z"})
    open_orchard(hark)
    hark.find("label", "The Frost Engine", timeout=15)
    assert not visible(hark, "label", "The Ticking Apple")
    # 60 s is 4 s into chapter 4; the book is 100 s long.
    hark.find("label", "Resume at The Apple That Ticked · 0:04 · 40s left", timeout=5)

    # The listener can ask to see everything.
    hark.click(hark.find("check box", "Show Spoilers"))
    hark.find("label", "The Ticking Apple", timeout=10)
    hark.scroll(8)
    hark.screenshot("book-page-spoilers-shown")
