"""Finding a book in a long folder (filter as you type, A–Z jump), the
Book page's "More by …" link into a filtered All Books, the remembered
grid/list choice, and a folder that fails while its server is away and
fills in by itself when the server is back."""
import time

import pyatspi
import pytest

from test_all_books import cells
from test_book_page import open_orchard, visible
from test_browse import list_items, open_row
from test_sign_in import sign_in_with_invite


def on_screen_rows(hark, list_name):
    return [name for name, row in list_items(hark, list_name).items() if hark.on_screen(row)]


@pytest.mark.long
def test_filter_and_jump_in_a_long_folder(hark, audiosilo_authors):
    sign_in_with_invite(hark, audiosilo_authors)
    hark.click_at(hark.find("list item", "Big Library", timeout=15))
    if not hark.wait_until(lambda: "Author 0000" in list_items(hark, "Folder contents"), timeout=30, fail=False):
        hark.screenshot("library-find-failed")
        raise AssertionError(list(list_items(hark, "Folder contents"))[:5])

    entry = hark.find("entry", "Filter This Folder", timeout=5)
    entry.queryEditableText().setTextContents("author 0099")
    hark.wait_until(lambda: list(list_items(hark, "Folder contents")) == ["Author 0099"], timeout=10)
    hark.screenshot("library-folder-filtered")
    entry.queryEditableText().setTextContents("no such shelf")
    hark.find("label", "No Matches", timeout=10)
    entry.queryEditableText().setTextContents("")
    hark.wait_until(lambda: "Author 0000" in on_screen_rows(hark, "Folder contents"), timeout=10)

    # "Wide Shelf" sorts after a hundred "Author …" folders: far off screen
    # until W is picked.
    assert "Wide Shelf" not in on_screen_rows(hark, "Folder contents")
    # GTK 4.8: a GtkMenuButton is a push button holding its toggle button.
    hark.click_at(hark.find("push button", "Jump to a Letter"))
    letter_b = hark.find("push button", "B", timeout=5)
    assert not hark.has_state(letter_b, pyatspi.STATE_SENSITIVE), "no folder starts with B"
    hark.screenshot("library-folder-jump")
    hark.click(hark.find("push button", "W"))
    hark.wait_until(lambda: "Wide Shelf" in on_screen_rows(hark, "Folder contents"), timeout=10)
    rows = on_screen_rows(hark, "Folder contents")
    assert "Author 0000" not in rows, rows
    hark.screenshot("library-folder-jumped")


@pytest.mark.long
def test_more_by_the_author_and_the_remembered_layout(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    open_orchard(hark)
    hark.click_at(hark.find("list item", "More by Theodore Quill", timeout=10))
    hark.find("label", "Books by Theodore Quill", timeout=10)
    hark.wait_until(lambda: any(n.startswith("A Clockwork Orchard") for n in cells(hark)[1]), timeout=15)
    names = cells(hark)[1]
    assert not [n for n in names if "Rosalind Achterberg" in n], names
    hark.screenshot("all-books-by-author")
    hark.click(hark.find("push button", "Show as List"))
    hark.wait_until(lambda: cells(hark)[0].getRoleName() == "list", timeout=10)
    # Back goes back to the book the link was followed from.
    hark.click(visible(hark, "push button", "Back")[0])
    hark.wait_for_page("Book", timeout=10)

    hark.restart()
    with open(hark.settings_keyfile) as keyfile:
        assert "book-layout='list'" in keyfile.read()
    hark.click_at(hark.find("list item", "Audiobooks", timeout=20))
    hark.click(hark.find("push button", "All Books in This Library", timeout=15))
    hark.wait_until(lambda: len(cells(hark)[1]) > 2, timeout=15)
    assert cells(hark)[0].getRoleName() == "list", "the list layout was kept"


@pytest.mark.long
def test_a_folder_that_fails_offline_fills_in_when_the_server_is_back(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    hark.click_at(hark.find("list item", "Audiobooks", timeout=15))
    hark.wait_until(lambda: "Theodore Quill" in list_items(hark, "Folder contents"), timeout=15)
    audiosilo.call("POST", "/unreachable", {"on": True})
    try:
        open_row(hark, "Folder contents", "Theodore Quill")
        hark.find("label", "Server Offline", timeout=30)
        hark.screenshot("library-folder-offline")
    finally:
        audiosilo.call("POST", "/unreachable", {"on": False})
    # No Try Again: the reachability probe (every 20 s) brings it back.
    started = time.monotonic()
    hark.wait_until(
        lambda: any(n.startswith("A Clockwork Orchard") for n in list_items(hark, "Folder contents")), timeout=45)
    print(f"folder filled in {time.monotonic() - started:.1f} s after the server came back")
