"""Downloads through the real window against the test server: download a
book from its Book page, find it whole on disk and on the Downloads page,
then start Hark with the server gone and play it; delete with undo."""
import hashlib
import json
import os
import time

import pytest

from hark_ui import descendants
from test_book_page import open_book, visible
from test_player import player_button
from test_sign_in import sign_in_with_invite

BOOK = ("Marguerite Holloway", "The Lighthouse Keeper")
TITLE = "The Lighthouse Keeper"


def sample_library():
    return os.environ["HARK_SAMPLE_LIBRARY"]


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def downloaded_files(hark):
    """Every file under the downloads folder, relative path -> digest."""
    root = os.path.join(hark.home, "data", "hark", "downloads")
    found = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            found[os.path.relpath(path, root)] = digest(path)
    return root, found


def button_named(hark, name, timeout=20):
    found = []

    def look():
        found[:] = visible(hark, "push button", name)
        return bool(found)
    hark.wait_until(look, timeout=timeout)
    return found[0]


def downloads_row(hark, title, timeout=15):
    found = []

    def look():
        found[:] = [a for a in descendants(hark.app, lambda a: a.getRoleName() == "list item"
                                           and (a.name or "").startswith(title)) if hark.on_screen(a)]
        return bool(found)
    hark.wait_until(look, timeout=timeout)
    return found[0]


@pytest.mark.long
def test_download_play_offline_and_delete_with_undo(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    open_book(hark, *BOOK)
    hark.click(button_named(hark, "Download"))
    # Done when the button offers to delete the download.
    button_named(hark, "Delete Download", timeout=30)
    root, files = downloaded_files(hark)
    library = os.path.join(sample_library(), *BOOK)
    originals = sorted(digest(os.path.join(library, n)) for n in os.listdir(library) if n.endswith(".mp3"))
    audio = sorted(d for path, d in files.items() if not path.endswith("cover"))
    assert audio == originals, f"the downloaded files are byte for byte the server's: {sorted(files)}"
    assert any(p.endswith("cover") for p in files), "the cover is kept beside the files"
    # Never a server path as a path: every name is Hark's own.
    for path in files:
        assert all(part.isascii() and " " not in part for part in path.split(os.sep)), path

    hark.key("alt+4")
    hark.wait_for_page("Downloads", timeout=10)
    downloads_row(hark, TITLE)
    hark.screenshot("downloads-page")

    # With the server gone, a restarted Hark still lists and plays the book.
    audiosilo.call("POST", "/unreachable", {"on": True})
    hark.restart()
    hark.key("alt+4")
    hark.wait_for_page("Downloads", timeout=10)
    row = downloads_row(hark, TITLE, timeout=20)
    hark.click_at(row)
    hark.find("label", TITLE, timeout=15)
    hark.screenshot("downloaded-book-offline")
    hark.click(button_named(hark, "Play"))
    hark.key("alt+3")
    hark.wait_for_page("Player", timeout=10)
    player_button(hark, "Pause", timeout=20)
    hark.screenshot("playing-offline")
    hark.click(player_button(hark, "Pause"))

    # Delete, undo, delete again and let the undo time pass.
    hark.key("alt+4")
    hark.wait_for_page("Downloads", timeout=10)
    hark.click(button_named(hark, "Delete Download"))
    hark.screenshot("download-deleted-toast")
    # libadwaita 1.2 names the toast's button "Undo Undo" (label twice).
    undo = []
    hark.wait_until(lambda: undo.extend(descendants(
        hark.app, lambda a: a.getRoleName() == "push button" and (a.name or "").startswith("Undo"))) or undo,
        timeout=5)
    hark.click(undo[0])
    downloads_row(hark, TITLE)
    assert downloaded_files(hark)[1] == files, "an undone delete keeps every file"
    hark.click(button_named(hark, "Delete Download"))
    hark.wait_until(lambda: not downloaded_files(hark)[1], timeout=15)
    assert os.path.isdir(root), "only the book's own folder goes"
