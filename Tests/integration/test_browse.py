"""Browsing a library and opening a book through the real window, against
the repository's test server and its sample library."""
import subprocess

import pytest

from test_sign_in import sign_in_with_invite


def list_items(hark, list_name):
    """The on-screen rows of the virtualized list called `list_name`, by name."""
    lists = hark.find_shown("list", list_name)
    assert lists, f"no on-screen list {list_name!r}"
    # Its own rows only: the Book page's first row holds a list of its own.
    rows = [lists[0].getChildAtIndex(i) for i in range(lists[0].childCount)]
    return {row.name: row for row in rows if row is not None and row.getRoleName() == "list item" and row.name}


def open_row(hark, list_name, starts_with, timeout=15):
    found = []

    def look():
        found[:] = [row for name, row in list_items(hark, list_name).items() if name.startswith(starts_with)]
        return bool(found)

    hark.wait_until(look, timeout=timeout)
    hark.click_at(found[0])


def action_lines(hark):
    """The Book page's buttons under the title, grouped by the line they are
    on (their top edge), each line left to right, after checking that every
    one is whole inside the window and that none overlaps another."""
    names = ("Play", "Add to Favourites", "Mark as Finished", "Download")
    _, _, window_width, _ = hark.extents(hark.frame("Hark"))
    # Within the buttons' own box: the mini-player has a Play button too.
    [finished] = hark.find_shown("push button", "Mark as Finished")
    buttons = finished.parent
    boxes = {}
    for name in names:
        [button] = hark.find_shown("push button", name, buttons) or hark.find_shown("toggle button", name, buttons)
        boxes[name] = hark.extents(button)
    for name, (x, y, width, height) in boxes.items():
        assert 0 <= x and x + width <= window_width, f"{name} is cut off: {boxes}"
    for a in names:
        for b in names[names.index(a) + 1:]:
            ax, ay, aw, ah = boxes[a]
            bx, by, bw, bh = boxes[b]
            assert ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay, f"{a} overlaps {b}: {boxes}"
    lines = {}
    # The star is centred beside Play, so a line is known by its middle.
    for name, (x, y, width, height) in sorted(boxes.items(), key=lambda item: item[1][0]):
        lines.setdefault(y + height // 2, []).append(name)
    return [lines[middle] for middle in sorted(lines)]


@pytest.mark.long
def test_browse_into_a_series_and_open_a_book(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    hark.click_at(hark.find("list item", "Audiobooks", timeout=15))
    hark.wait_until(lambda: "Rosalind Achterberg" in list_items(hark, "Folder contents"), timeout=15)
    names = list(list_items(hark, "Folder contents"))
    assert names.index("Beatrix Fenwick") < names.index("Rosalind Achterberg") < names.index("Theodore Quill")
    hark.screenshot("library-folder")

    open_row(hark, "Folder contents", "Rosalind Achterberg")
    open_row(hark, "Folder contents", "The Tidewater Chronicles")
    hark.wait_until(lambda: len(list_items(hark, "Folder contents")) == 3, timeout=15)
    # Natural order: Book 2 before Book 10.
    titles = list(list_items(hark, "Folder contents"))
    assert [t.split(",")[0] for t in titles] == ["The Salt Road", "The Drowned Bell", "The Last Tide"], titles
    hark.find("push button", "Rosalind Achterberg")  # a breadcrumb back up
    hark.screenshot("library-series")
    hark.resize(360, 720)
    hark.screenshot("library-series-phone")
    hark.resize(960, 720)

    open_row(hark, "Folder contents", "The Drowned Bell")
    hark.wait_for_page("Book")
    hark.find("label", "The Drowned Bell", timeout=15)
    hark.resize(360, 720)
    hark.screenshot("book-page-phone")
    lines = action_lines(hark)
    assert len(lines) > 1, f"at 360 px the Book page's buttons should wrap: {lines}"
    hark.resize(960, 720)
    hark.find("label", "Narrator")
    hark.screenshot("book-page")
    assert len(action_lines(hark)) == 1, f"at 960 px the Book page's buttons fit one line: {action_lines(hark)}"
    # Up next: Book 10 follows Book 2, in natural order.
    hark.find("label", "Up Next")
    hark.click_at(hark.find("list item", "The Last Tide"))
    hark.find("label", "Rosalind Achterberg · The Tidewater Chronicles #10", timeout=15)
    assert not hark.find_shown("label", "Up Next"), "nothing after the last book"

    # The breadcrumb takes the Library back up a level.
    hark.key("alt+1")
    hark.click(hark.find("push button", "Rosalind Achterberg"))
    hark.wait_until(lambda: "The Tidewater Chronicles" in list_items(hark, "Folder contents"), timeout=10)

    # Back from the keyboard and the mouse, one step at a time: the Book
    # page to its folder (Alt+←), up a folder (Escape, the mouse's back
    # button), and from the library's root to the overview.
    open_row(hark, "Folder contents", "The Tidewater Chronicles")
    open_row(hark, "Folder contents", "The Salt Road")
    hark.wait_for_page("Book")
    hark.key("alt+Left")
    hark.wait_for_page("Library")
    hark.wait_until(lambda: any(n.startswith("The Drowned Bell") for n in list_items(hark, "Folder contents")),
                    timeout=10)
    hark.key("Escape")
    hark.wait_until(lambda: "The Tidewater Chronicles" in list_items(hark, "Folder contents"), timeout=10)
    subprocess.run(["xdotool", "mousemove", "--sync", "--window", str(hark.window_id), "480", "400", "click", "8"],
                   check=True)
    hark.wait_until(lambda: "Rosalind Achterberg" in list_items(hark, "Folder contents"), timeout=10)
    hark.key("alt+Left")
    hark.wait_until(lambda: hark.find_shown("list item", "Audiobooks"), timeout=10)


def test_a_book_with_chapters_lists_them(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    hark.click_at(hark.find("list item", "Audiobooks", timeout=15))
    open_row(hark, "Folder contents", "Theodore Quill")
    open_row(hark, "Folder contents", "A Clockwork Orchard")
    hark.find("label", "A Clockwork Orchard", timeout=15)
    # The details are the list's first row; the chapters follow, numbered.
    expected = ["Book details", "1. The Brass Seed, 18s", "2. Winding the Trees, 22s", "3. A Frost in the Gears, 16s",
                "4. The Apple That Ticked, 25s", "5. Harvest, 19s"]
    if not hark.wait_until(lambda: list(list_items(hark, "Chapters")) == expected, timeout=10, fail=False):
        raise AssertionError(f"chapters listed: {list(list_items(hark, 'Chapters'))}")
    hark.screenshot("book-chapters")


@pytest.mark.long
def test_covers_are_fetched_once_for_the_rows_shown(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    hark.click_at(hark.find("list item", "Audiobooks", timeout=15))
    open_row(hark, "Folder contents", "Marguerite Holloway")
    hark.wait_until(lambda: "The Lighthouse Keeper" in " ".join(list_items(hark, "Folder contents")), timeout=15)

    def cover_requests():
        return [r for r in audiosilo.call("GET", "/requests")["requests"] if r["path"] == "/api/v1/libraries/1/cover"]

    hark.wait_until(lambda: [r["status"] for r in cover_requests()] == [200], timeout=10)
    hark.screenshot("library-covers")
    # Back up and in again: the cover comes from the disk cache, not the server.
    hark.click(hark.find("push button", "Audiobooks"))
    open_row(hark, "Folder contents", "Marguerite Holloway")
    open_row(hark, "Folder contents", "The Lighthouse Keeper")
    hark.find("label", "The Lighthouse Keeper", timeout=15)
    hark.screenshot("book-page-cover")
    assert len(cover_requests()) == 1, cover_requests()


def test_two_books_with_one_title_are_told_apart_by_their_folders(hark, audiosilo):
    """CD1 and CD2 of a two-disc book, listed by the server as two books
    with one title: their rows, the Book page and Up Next name the disc."""
    sign_in_with_invite(hark, audiosilo)
    hark.click_at(hark.find("list item", "Audiobooks", timeout=15))
    open_row(hark, "Folder contents", "Odile Brandt")
    open_row(hark, "Folder contents", "The Two Disc Book")
    if not hark.wait_until(lambda: len(list_items(hark, "Folder contents")) == 2, timeout=15, fail=False):
        hark.screenshot("library-two-discs-failed")
        raise AssertionError(f"rows: {list(list_items(hark, 'Folder contents'))}")
    titles = sorted(name.split(",")[0] for name in list_items(hark, "Folder contents"))
    assert titles == ["The Two Disc Book · CD1", "The Two Disc Book · CD2"], titles
    hark.screenshot("library-two-discs")
    open_row(hark, "Folder contents", "The Two Disc Book · CD1")
    hark.find("label", "The Two Disc Book · CD1", timeout=15)
    hark.find("label", "The Two Disc Book · CD2", timeout=10)  # its Up Next
    hark.screenshot("book-two-discs")


def focused(hark):
    import pyatspi
    from hark_ui import sized_descendants
    found = sized_descendants(hark.app, lambda a: hark.has_state(a, pyatspi.STATE_FOCUSED) and hark.on_screen(a))
    return found[0] if found else None


@pytest.mark.long
def test_focus_follows_what_opens_from_the_keyboard(hark, audiosilo):
    """Opening a folder puts focus on its first row and opening a book on
    its Play, so Return goes on from there (not to the mini-player)."""
    sign_in_with_invite(hark, audiosilo)
    hark.click_at(hark.find("list item", "Audiobooks", timeout=15))
    hark.wait_until(lambda: (focused(hark) is not None and focused(hark).getRoleName() == "list item"
                             and focused(hark).name.startswith("Beatrix Fenwick")), timeout=10)
    hark.key("Return")
    hark.wait_until(lambda: (focused(hark) is not None
                             and (focused(hark).name or "").startswith("Notes from a Small Harbour")), timeout=10)
    hark.key("Return")
    hark.wait_for_page("Book")
    hark.wait_until(lambda: focused(hark) is not None and focused(hark).name in ("Play", "Resume"), timeout=10)
    hark.key("alt+Left")
    hark.wait_for_page("Library")
    # Back and up put focus on the row the listener came from, as Files
    # does: the book's, then (up from a folder that is not the first) the
    # folder's.
    def focus_starts(name):
        return lambda: focused(hark) is not None and (focused(hark).name or "").startswith(name)
    hark.wait_until(focus_starts("Notes from a Small Harbour"), timeout=10)
    hark.key("alt+Left")
    hark.wait_until(focus_starts("Beatrix Fenwick"), timeout=10)
    for _ in range(15):
        if focus_starts("Theodore Quill")():
            break
        hark.key("Down")
    hark.key("Return")
    hark.wait_until(focus_starts("A Clockwork Orchard"), timeout=10)
    hark.key("alt+Left")
    if not hark.wait_until(focus_starts("Theodore Quill"), timeout=10, fail=False):
        raise AssertionError(f"focus after going up: {focused(hark) and focused(hark).name}")
