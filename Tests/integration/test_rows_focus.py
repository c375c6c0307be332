"""A list's rows change under the listener's keyboard focus and the focus
stays where it was: libadwaita 1.2's groups only append, so the rows after
the first change are taken out and put back, and the one holding the focus
gets it back."""
from test_book_page import open_orchard
from test_browse import focused
from test_sign_in import sign_in_with_invite


def add_bookmark(hark, time):
    """Through the form's accessible text and action: the keyboard focus
    stays where it is."""
    hark.find("text", "Bookmark Time").queryEditableText().setTextContents(time)
    hark.click(hark.find("push button", "Add Bookmark"))


def focused_name(hark):
    found = focused(hark)
    return found.name if found is not None else None


def test_a_bookmark_added_before_the_focused_one_leaves_the_focus_on_it(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    open_orchard(hark)
    # 33 s and 35 s are 15 s and 17 s into chapter 2 (chapter 1 is 18 s).
    add_bookmark(hark, "0:33")
    hark.find("label", "Winding the Trees · 0:15", timeout=10)
    add_bookmark(hark, "0:35")
    hark.find("label", "Winding the Trees · 0:17", timeout=10)
    hark.scroll(16)  # the bookmarks and their form on screen

    # Into the form's time field with the pointer, then back up with the
    # keyboard to the second bookmark's Delete button.
    target = "Delete Bookmark at Winding the Trees · 0:17"
    hark.click_at(hark.find("text", "Bookmark Time"))
    for _ in range(8):
        if focused_name(hark) == target:
            break
        hark.key("shift+Tab")
    assert focused_name(hark) == target

    # One that sorts before both: every bookmark row is taken out and put
    # back behind it.
    add_bookmark(hark, "0:30")
    hark.find("label", "Winding the Trees · 0:12", timeout=10)
    assert hark.wait_until(lambda: focused_name(hark) == target, timeout=5, fail=False), \
        f"the focus moved to {focused_name(hark)!r}"
    hark.screenshot("rows-focus-kept")
