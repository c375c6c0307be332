"""Issue 16, "This Computer": a first run with an empty library folder
offers a folder or a server; the sample library chosen through the folder
chooser shows its books (with covers), one plays from its files, and after
a restart the place, a bookmark and a favourite are kept (in this computer's listening
database: there is no server here at all). Books copied into a library
folder appear by themselves."""
import configparser
import os
import shutil
import subprocess
import time

import pytest

from gi.repository import Gio, GLib

from hark_ui import descendants
from test_book_page import visible
from test_browse import list_items, open_row
from test_offline_library import big_images
from test_player import chapter_position, player_button
from test_shell_search import ask

BOOK = ("Theodore Quill", "A Clockwork Orchard")
MARK = "Winding the Trees · 0:12"


def set_library_folders(hark, folders):
    """Writes `library-folders` into the keyfile Hark reads at start."""
    keyfile = hark.settings_keyfile
    os.makedirs(os.path.dirname(keyfile), exist_ok=True)
    config = configparser.ConfigParser()
    config.optionxform = str
    config.read(keyfile)
    if not config.has_section("dev/hark/Hark"):
        config.add_section("dev/hark/Hark")
    config["dev/hark/Hark"]["library-folders"] = "[" + ", ".join(f"'{f}'" for f in folders) + "]"
    with open(keyfile, "w") as out:
        config.write(out, space_around_delimiters=False)


def resume_where_it_was(hark, played):
    """From the home's shelf: the book's page shows its bookmark, and Resume
    plays on from where it was paused (at most the 5 s auto-rewind before)."""
    hark.click_at(hark.find("label", BOOK[1], timeout=10))
    hark.wait_for_page("Book", timeout=10)
    hark.find("label", MARK, timeout=10)
    hark.click(hark.find("push button", "Resume", timeout=15))
    hark.key("alt+3")
    hark.wait_for_page("Player", timeout=10)
    player_button(hark, "Pause", timeout=20)
    assert chapter_position(hark) >= played - 5.5, f"resumed at {chapter_position(hark)} s, paused at {played} s"


def choose_folder(hark, path):
    """The folder chooser (GTK's own dialog: no portal on this desktop):
    Ctrl+L, the path typed, then Add."""
    dialog = []

    def chooser_open():
        dialog[:] = [a for a in hark.app if a is not None and a.name == "Choose a Library Folder"]
        return bool(dialog)
    hark.wait_until(chooser_open, timeout=10)
    chooser = hark.x_window("Choose a Library Folder")
    hark.key("ctrl+l", window_id=chooser)
    time.sleep(0.3)
    subprocess.run(["xdotool", "type", "--delay", "5", path.rstrip("/") + "/"], check=True)
    time.sleep(0.5)
    hark.screenshot("local-library-chooser", window_id=chooser)
    add = [b for b in descendants(dialog[0], lambda a: a.getRoleName() == "push button" and (a.name or "").endswith("Add"))]
    assert add, "no Add button in the folder chooser: " + repr(
        [(b.getRoleName(), b.name) for b in descendants(dialog[0], lambda a: a.getRoleName() == "push button")])
    hark.click(add[0])


@pytest.mark.long
def test_a_first_run_with_an_empty_folder_then_the_sample_library(hark, tmp_path):
    empty = tmp_path / "Audiobooks"
    empty.mkdir()
    # The sample library under a name a listener would give it.
    library = tmp_path / "Sample Audiobooks"
    library.symlink_to(os.environ["HARK_SAMPLE_LIBRARY"], target_is_directory=True)
    hark.stop()
    set_library_folders(hark, [str(empty)])
    hark.start()

    # Nothing here yet: both ways in.
    hark.find("label", "No Audiobooks Yet", timeout=15)
    hark.find("push button", "Connect to a Server")
    choose = hark.find("push button", "Choose a Folder…")
    hark.screenshot("local-library-first-run")
    hark.click(choose)
    choose_folder(hark, str(library))

    # The books appear under This Computer, with covers in the folder view.
    hark.find("label", "This Computer", timeout=60)
    hark.find("label", "Recently Added", timeout=30)
    hark.screenshot("local-library-home")
    hark.click_at(hark.find("list item", "Sample Audiobooks", timeout=60))
    open_row(hark, "Folder contents", BOOK[0], timeout=30)
    hark.screenshot("local-library-folder")
    open_row(hark, "Folder contents", BOOK[1])
    hark.find("label", BOOK[1], timeout=15)
    hark.wait_until(lambda: len(big_images(hark)) >= 2, timeout=15)  # the cover over its placeholder
    hark.screenshot("local-library-book")
    # A bookmark, kept on this computer (30 s is 12 s into chapter 2).
    hark.find("text", "Bookmark Time").queryEditableText().setTextContents("0:30")
    hark.find("text", "Bookmark Note").queryEditableText().setTextContents("the tinker arrives")
    hark.click(hark.find("push button", "Add Bookmark"))
    hark.find("label", MARK, timeout=10)
    hark.click(hark.find("push button", "Add to Favourites"))
    hark.find("push button", "Remove from Favourites", timeout=10)

    # It plays from its files.
    hark.click(hark.find("push button", "Play", timeout=15))
    hark.key("alt+3")
    hark.wait_for_page("Player", timeout=10)
    player_button(hark, "Pause", timeout=20)
    hark.wait_until(lambda: chapter_position(hark) >= 4, timeout=20)
    hark.click(player_button(hark, "Pause"))
    played = chapter_position(hark)
    hark.screenshot("local-library-player")
    hark.resize(360, 720)
    hark.screenshot("local-library-player-phone")
    hark.key("alt+1")
    hark.screenshot("local-library-phone")
    hark.quit()

    # Started again: the place is kept, Resume goes back there.
    hark.start()
    hark.find("label", "Continue Listening", timeout=30)
    hark.find("label", "Favourites", timeout=10)
    hark.screenshot("local-library-home-phone")
    resume_where_it_was(hark, played)
    hark.screenshot("local-library-resumed")


def test_a_book_copied_into_the_folder_appears(hark, tmp_path):
    folder = tmp_path / "Audiobooks"
    folder.mkdir()
    hark.stop()
    set_library_folders(hark, [str(folder)])
    hark.start()
    hark.find("label", "No Audiobooks Yet", timeout=15)
    hark.resize(360, 720)
    hark.screenshot("local-library-first-run-phone")
    hark.resize(960, 720)
    # As Files would: into a temporary name, then moved into place.
    book = os.path.join(os.environ["HARK_SAMPLE_LIBRARY"], *BOOK)
    shutil.copytree(book, tmp_path / "copying")
    os.makedirs(folder / BOOK[0])
    os.rename(tmp_path / "copying", folder / BOOK[0] / BOOK[1])
    # A file that is not audio, named as if it were.
    (folder / "Notes" / "Broken").mkdir(parents=True)
    (folder / "Notes" / "Broken" / "01.mp3").write_text("not audio at all\n" * 100)
    # The folder watch rescans a few seconds after the last change.
    hark.find("label", "This Computer", timeout=30)
    hark.find("list item", "Audiobooks", timeout=10)
    hark.find("label", "1 book", timeout=10)
    hark.screenshot("local-library-watched")
    # GNOME Shell's search finds it too.
    ids = ask(Gio.bus_get_sync(Gio.BusType.SESSION, None), "GetInitialResultSet",
              GLib.Variant("(as)", (["clockwork"],)), "(as)")
    metas = ask(Gio.bus_get_sync(Gio.BusType.SESSION, None), "GetResultMetas", GLib.Variant("(as)", (ids,)),
                "(aa{sv})")
    assert [m["name"] for m in metas] == ["A Clockwork Orchard"], metas
    # What the scan left out, and why, one click away.
    hark.click_at(hark.find("list item", "1 file skipped", timeout=10))
    hark.find("label", "Notes/Broken/01.mp3", timeout=10)
    hark.find("label", "Not an audio file Hark can play")
    hark.find("label", "In “Audiobooks”")  # the library folder it is in
    hark.screenshot("local-library-skipped", window_id=hark.x_window("Skipped Files"))
    hark.key("Escape", window_id=hark.x_window("Skipped Files"))

    # Preferences lists the folder with what its scan found.
    hark.key("ctrl+comma")
    hark.wait_until(lambda: hark.frame("Preferences") is not None)
    preferences = hark.frame("Preferences")
    hark.click(hark.find("page tab", "Library", root=preferences))
    hark.find("label", "Library Folders", root=preferences, timeout=10)
    hark.find("push button", "Remove “Audiobooks”", root=preferences)
    hark.screenshot("local-library-preferences", window_id=hark.x_window("Preferences"))
    hark.key("Escape", window_id=hark.x_window("Preferences"))

    # The folder gone (an unplugged drive): its book stays, said missing.
    shutil.rmtree(folder)
    hark.find("label", "Missing — is its drive connected? 1 book kept", timeout=30)
    hark.find("label", "A Clockwork Orchard")
    hark.screenshot("local-library-missing")


def scanning_label(hark):
    """The scan's progress: on the first-run page ("Looking for audiobooks
    in …"), or beside This Computer on the Library page ("Scanning…")."""
    return [a for a in descendants(hark.app, lambda a: a.getRoleName() == "label" and (
        (a.name or "").startswith("Scanning") or (a.name or "").startswith("Looking for audiobooks")))]


@pytest.mark.long
def test_the_window_answers_while_a_big_folder_is_scanned(hark, tmp_path):
    folder = tmp_path / "Audiobooks"
    first = os.path.join(
        os.environ["HARK_SAMPLE_LIBRARY"], "Rosalind Achterberg", "The Tidewater Chronicles", "Book 10",
        "The Last Tide.mp3")
    # 1,500 one-file books: hard links to one file, made at once; the scan
    # reads each (it knows files by path, size and time).
    count = 1500
    for number in range(count):
        book = folder / f"Author {number // 100:02}" / f"Book {number:04}"
        book.mkdir(parents=True)
        os.link(first, book / "01.mp3")
    hark.stop()
    set_library_folders(hark, [str(folder)])
    hark.start()
    hark.find("label", f"{count} books", timeout=180)

    # Every file changed (one inode), and a book added: the folder watch
    # starts a scan that reads them all again.
    os.utime(first)
    (folder / "New").mkdir()
    shutil.copy(first, folder / "New" / "01.mp3")
    hark.wait_until(lambda: scanning_label(hark), timeout=20)
    # Typed key by key through the window's own events, while it scans.
    hark.key("ctrl+f")
    hark.find("entry", "Search", timeout=5)
    subprocess.run(["xdotool", "type", "--delay", "40", "tide"], check=True)
    # The search answers (from the books found so far) while the scan runs.
    hark.wait_until(
        lambda: any(n.startswith("The Last Tide") for n in list_items(hark, "Search results")), timeout=3)
    assert scanning_label(hark), "the scan ended before the typing could be checked against it"
    hark.screenshot("local-library-search-while-scanning")
    hark.key("Escape")
    hark.find("label", f"{count + 1} books", timeout=180)
