"""A list's rows change under the listener's keyboard focus and the focus
stays where it was: libadwaita 1.2's groups only append, so the rows after
the first change are taken out and put back, and the one holding the focus
gets it back; a row whose item changed (its "just now" became "46 seconds
ago") says so in place."""
import datetime
import time

import pyatspi

from test_book_page import BOOK, api, open_orchard, query
from test_browse import focused
from test_sign_in import sign_in_with_invite
from hark_ui import sized_descendants


def add_bookmark(hark, time):
    """Through the form's accessible text and action: the keyboard focus
    stays where it is."""
    hark.find("text", "Bookmark Time").queryEditableText().setTextContents(time)
    hark.click(hark.find("push button", "Add Bookmark"))


def focused_name(hark):
    found = focused(hark)
    return found.name if found is not None else None


# Listening sessions of the orchard (chapters start at 0, 18, 40, 56 and
# 81 s), each with its own span of the book.
SPANS = [(82, 90), (60, 70), (42, 50), (20, 30), (2, 10), (20, 50), (60, 90), (2, 30), (42, 70)]


def stamp(seconds):
    return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def clock(seconds):
    return f"{seconds // 60}:{seconds % 60:02d}"


def seed_history(audiosilo):
    """Sessions that ended 17 to 41 s ago, 3 s apart, newest first: each
    says "just now" until it is 45 s old ("46 seconds ago" after). Returns
    (detail, when it turns) per row, top row first."""
    now = int(time.time())
    rows = []
    for index, (start, end) in enumerate(SPANS):
        ended = now - 17 - 3 * index
        api(audiosilo, "POST", f"/libraries/1/history?{query(BOOK)}",
            {"from_pos": start, "to_pos": end, "started_at": stamp(ended - (end - start)), "ended_at": stamp(ended)})
        rows.append((f"{clock(start)} → {clock(end)}", ended + 45))
    return rows


def row_of(label):
    """The list row a label is in."""
    node = label
    while node is not None and node.getRoleName() not in ("list item", "row"):
        node = node.parent
    return node


def has_focus(hark, accessible):
    return hark.has_state(accessible, pyatspi.STATE_FOCUSED)


def path_of(accessible):
    return accessible.path if accessible is not None else None


def press_until_focused(hark, key, target, presses):
    """Presses `key` (Tab, shift+Tab) until the control `target()` finds
    has the focus, at most `presses` times; returns whether it got there.
    One press at a time: the next only once the focus has left where the
    last one found it. On a loaded machine Hark takes a while to handle a
    key, and a press sent before then moved the focus one control past the
    one aimed at. (`target` is asked afresh each time: a row put back is a
    new object on the accessibility bus.)"""
    for _ in range(presses):
        found = target()
        if found is not None and has_focus(hark, found):
            return True
        before = path_of(focused(hark))
        hark.key(key)
        hark.wait_until(lambda: path_of(focused(hark)) not in (before, None), timeout=10, fail=False)
    found = target()
    return found is not None and has_focus(hark, found)


def button_in_row(hark, title, name):
    """The on-screen button `name` in the Downloads page's row of `title`."""
    from test_downloads import downloads_row
    found = [a for a in sized_descendants(downloads_row(hark, title), lambda a: a.getRoleName() == "push button")
             if a.name == name]
    return found[0] if found else None


def focus_a_history_row_before_it_ticks(hark, rows):
    """With the keyboard, onto the history row that stops saying "just now"
    soonest, but not before the focus is there. Returns that row's detail
    and when it turns. (Objects are looked up once: a walk of the whole
    Book page costs about a second on a busy machine.)"""
    hark.find("label", f"{rows[0][0]} · just now", timeout=10)  # the history is in
    wanted = {f"{detail} · just now" for detail, _ in rows}
    # Rows that turned while the page loaded (a slow machine) are left out.
    found = {a.name: a for a in sized_descendants(hark.app, lambda a: a.getRoleName() == "label" and a.name in wanted)}
    labels = [found.get(f"{detail} · just now") for detail, _ in rows]
    form = hark.find("text", "New Note")
    # The note form at the top, the history under it. The first turn of
    # the wheel tells how far one turn goes.
    top_edge = 80
    _, before, _, _ = hark.extents(form)
    hark.scroll(2)
    _, after, _, _ = hark.extents(form)
    if after > top_edge and before > after:
        hark.scroll(int((after - top_edge) / ((before - after) / 2)), x=400)
    hark.click_at(form)
    top = row_of(labels[0])
    hark.key("Tab", "Tab")  # past Add Note, onto the first history row
    assert hark.wait_until(lambda: has_focus(hark, top), timeout=3, fail=False), \
        f"Tab from the note form reached {focused_name(hark)!r}, not the first history row"
    # The oldest rows (at the bottom) turn first.
    soon = [index for index, (_, turns) in enumerate(rows) if labels[index] and turns > time.time() + 2.5]
    assert soon, "the Book page took too long to open: every history row is 45 s old already"
    index = max(soon)
    hark.key(*["Down"] * index)
    row = row_of(labels[index])
    assert hark.wait_until(lambda: has_focus(hark, row), timeout=3, fail=False), \
        f"Down went to {focused_name(hark)!r}"
    assert labels[index].name.endswith("just now"), "it turned before the focus was on it"
    return rows[index]


def test_rows_keep_the_focus_when_others_come_and_their_own_item_changes(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    rows = seed_history(audiosilo)
    open_orchard(hark)

    # A history row's "just now" turns "46 seconds ago" under the focus: the
    # Book page shows it at its next render (here: a bookmark added through
    # the form's accessible action, which leaves the keyboard focus alone).
    detail, turns = focus_a_history_row_before_it_ticks(hark, rows)
    time.sleep(max(0, turns + 0.5 - time.time()))
    add_bookmark(hark, "0:33")
    hark.find("label", "Winding the Trees · 0:15", timeout=10)
    ticked = []
    assert hark.wait_until(lambda: ticked.extend(sized_descendants(hark.app, lambda a: (
        a.getRoleName() == "label" and a.name.startswith(f"{detail} · ") and not a.name.endswith("just now")))) or ticked,
        timeout=10, fail=False), f"the row {detail} still says just now"
    row = row_of(ticked[0])
    assert hark.wait_until(lambda: has_focus(hark, row), timeout=5, fail=False), \
        f"the focus moved to {focused_name(hark)!r}"
    hark.screenshot("rows-focus-history-ticked")

    # 33 s and 35 s are 15 s and 17 s into chapter 2 (chapter 1 is 18 s).
    add_bookmark(hark, "0:35")
    hark.find("label", "Winding the Trees · 0:17", timeout=10)
    # The bookmarks and their form on screen. (Each turn of the wheel from
    # another point: xdotool waits for the pointer to move.)
    hark.scroll(-40, x=460)
    hark.scroll(16, x=470)

    # Into the form's time field with the pointer, then back up with the
    # keyboard to the second bookmark's Delete button.
    target = "Delete Bookmark at Winding the Trees · 0:17"
    hark.find("push button", target)
    hark.click_at(hark.find("text", "Bookmark Time"))
    assert press_until_focused(hark, "shift+Tab", lambda: next(iter(hark.find_shown("push button", target)), None), 8), \
        f"shift+Tab reached {focused_name(hark)!r}"

    # One that sorts before both: every bookmark row is taken out and put
    # back behind it.
    add_bookmark(hark, "0:30")
    hark.find("label", "Winding the Trees · 0:12", timeout=10)
    # (By name: a row put back is a new object on the accessibility bus.)
    assert hark.wait_until(lambda: focused_name(hark) == target, timeout=5, fail=False), \
        f"the focus moved to {focused_name(hark)!r}"
    hark.screenshot("rows-focus-kept")


def test_a_waiting_download_moved_earlier_from_the_keyboard_keeps_the_focus(hark, audiosilo):
    """Download Earlier moves the row up its group: the rows from there on
    are taken out and put back, and the focus stays in the moved row (on
    Download Later once it is first and Download Earlier hides). Pause moves
    a book to another group: the focus goes to its row there."""
    from test_book_page import open_book
    from test_downloads import button_named, downloads_row
    sign_in_with_invite(hark, audiosilo)
    # Slow enough that the first book (47 KB) is still downloading at the
    # end, on a loaded machine too: at 2000 B/s it was done in 25 s, before
    # the test reached its waiting rows, and the queue had one row left.
    audiosilo.call("POST", "/faults", {"path_prefix": "/api/v1/libraries/1/stream", "bytes_per_second": 200})
    for title in ("Cue Sheet", "ID3 Chapters", "Vorbis Chapters"):
        open_book(hark, "Hark Test Chapters", title)
        hark.click(button_named(hark, "Download"))
        button_named(hark, "Pause Download")
    hark.key("alt+4")
    hark.wait_for_page("Downloads", timeout=10)
    first, moved = downloads_row(hark, "ID3 Chapters"), downloads_row(hark, "Vorbis Chapters")
    assert hark.extents(first)[1] < hark.extents(moved)[1]
    assert press_until_focused(hark, "Tab", lambda: button_in_row(hark, "Vorbis Chapters", "Download Earlier"), 20), \
        f"Tab reached {focused_name(hark)!r}"

    hark.key("space")

    def moved_first():
        return hark.extents(downloads_row(hark, "Vorbis Chapters"))[1] < hark.extents(downloads_row(hark, "ID3 Chapters"))[1]
    assert hark.wait_until(moved_first, timeout=10, fail=False), "Vorbis Chapters did not move before ID3 Chapters"

    def on_download_later():
        later = button_in_row(hark, "Vorbis Chapters", "Download Later")
        return later is not None and has_focus(hark, later)
    assert hark.wait_until(on_download_later, timeout=5, fail=False), f"the focus moved to {focused_name(hark)!r}"
    hark.screenshot("rows-focus-download-moved")
    # The list knows where the focus is in it: shift+Tab goes from the
    # moved row's button to that row (it went to the row below it).
    hark.key("shift+Tab")

    def on_moved_row():
        found = focused(hark)
        return found is not None and found.getRoleName() == "list item" and found.name.startswith("Vorbis Chapters")
    assert hark.wait_until(on_moved_row, timeout=5, fail=False), f"shift+Tab reached {focused_name(hark)!r}"

    # Pausing the book that downloads moves it to Waiting, a new row there:
    # the focus follows the book.
    assert press_until_focused(hark, "shift+Tab", lambda: button_in_row(hark, "Cue Sheet", "Pause Download"), 16), \
        f"shift+Tab reached {focused_name(hark)!r}"
    hark.key("space")

    def paused_row():
        row = downloads_row(hark, "Cue Sheet")
        resumes = [a for a in sized_descendants(row, lambda a: a.getRoleName() == "push button")
                   if a.name == "Resume Download"]
        return row if resumes else None
    assert hark.wait_until(paused_row, timeout=10, fail=False), "Cue Sheet was not paused"
    assert hark.wait_until(lambda: has_focus(hark, paused_row()), timeout=5, fail=False), \
        f"the focus moved to {focused_name(hark)!r}"
    hark.screenshot("rows-focus-download-paused")
