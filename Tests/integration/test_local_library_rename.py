"""Issue 16, "This Computer", when the library folder itself moves: a
folder moved away and back (a drive unplugged and plugged in again) is
noticed with no Scan Again, its book available again; a folder renamed
where it is, or moved into a folder beside it, while Hark runs is
followed; and after the listener renames
the folder with Hark closed and points Hark at the new name, the book's
place and bookmark are still there (a library is recognised by its files,
not its path)."""
import os
import shutil

import pytest

from test_local_library import BOOK, MARK, resume_where_it_was, set_library_folders
from test_browse import open_row
from test_player import chapter_position, player_button


@pytest.mark.long  # about 35 s: a play, a restart, four moves of the folder
def test_a_place_survives_the_library_folder_being_renamed(hark, tmp_path):
    home = tmp_path / "home"
    folder = home / "Audiobooks"
    # copytree keeps each file's modification time, as a rename would.
    shutil.copytree(os.path.join(os.environ["HARK_SAMPLE_LIBRARY"], *BOOK), folder / BOOK[0] / BOOK[1])
    hark.stop()
    set_library_folders(hark, [str(folder)])
    hark.start()
    hark.click_at(hark.find("list item", "Audiobooks", timeout=30))
    open_row(hark, "Folder contents", BOOK[0], timeout=15)
    open_row(hark, "Folder contents", BOOK[1])
    hark.find("text", "Bookmark Time", timeout=15).queryEditableText().setTextContents("0:30")
    hark.click(hark.find("push button", "Add Bookmark"))
    hark.find("label", MARK, timeout=10)
    hark.click(hark.find("push button", "Play", timeout=15))
    hark.key("alt+3")
    hark.wait_for_page("Player", timeout=10)
    hark.wait_until(lambda: chapter_position(hark) >= 2, timeout=20)
    hark.click(player_button(hark, "Pause"))
    played = chapter_position(hark)
    hark.key("alt+1")
    # Back to the overview, where each folder says what it holds.
    for _ in range(4):
        if hark.find_shown("list item", "Audiobooks"):
            break
        hark.key("alt+Left")
        hark.wait_until(lambda: hark.find_shown("list item", "Audiobooks"), timeout=2, fail=False)

    # Gone from its parent (as a drive unplugged; the "drive" is not beside
    # it), then back: noticed by itself (no Scan Again, no restart).
    (tmp_path / "drive").mkdir()
    os.rename(folder, tmp_path / "drive" / "Audiobooks")
    hark.find("label", "Missing — is its drive connected? 1 book kept", timeout=20)
    os.rename(tmp_path / "drive" / "Audiobooks", folder)
    hark.find("label", "1 book", timeout=20)
    hark.screenshot("local-library-back")

    # Renamed where it is (in Files) while Hark runs: followed.
    os.rename(folder, home / "Books")
    hark.find("list item", "Books", timeout=20)
    hark.find("label", "1 book", timeout=20)

    # Sorted into a folder beside it (under a new name, to tell): followed.
    (home / "Sorted").mkdir()
    os.rename(home / "Books", home / "Sorted" / "Novels")
    hark.find("list item", "Novels", timeout=20)
    hark.find("label", "1 book", timeout=20)
    hark.quit()

    # Renamed while Hark was closed, and Hark pointed at the new name.
    os.rename(home / "Sorted" / "Novels", tmp_path / "Shelf")
    set_library_folders(hark, [str(tmp_path / "Shelf")])
    hark.start()
    hark.find("label", "Continue Listening", timeout=30)
    resume_where_it_was(hark, played)
    hark.screenshot("local-library-renamed")
