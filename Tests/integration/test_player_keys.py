"""The Player's keyboard shortcuts through the real window: Space plays and
pauses, ←/→ skip, Ctrl+←/→ change chapter, +/− change speed, Ctrl+B adds a
bookmark where playback is."""
import pytest

from test_book_page import BOOK, api, query, visible
from test_player import chapter_number, chapter_position, player_button, start_playing
from test_sign_in import sign_in_with_invite


CHAPTER_STARTS = (0, 18, 40, 56, 81)  # A Clockwork Orchard's chapters, seconds into the book


def book_position(hark):
    """Seconds into the book. The chapter number and the place in it are two
    slow walks of the accessible tree, so a chapter can end between them; the
    number is read on both sides of the place and must not have changed."""
    for _ in range(5):
        before = chapter_number(hark)
        place = chapter_position(hark)
        if chapter_number(hark) == before:
            return CHAPTER_STARTS[before - 1] + place
    raise AssertionError("the chapter changed during each of 5 readings")


def speed_shown(hark, text):
    return bool([b for b in visible(hark, "push button", f"Playback Speed {text}") if hark.extents(b)[1] < 640])


@pytest.mark.long
def test_the_players_keys(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    start_playing(hark, audiosilo)

    hark.key("space")
    player_button(hark, "Play")
    hark.key("space")
    player_button(hark, "Pause")
    hark.key("space")  # paused, so the place below cannot drift
    player_button(hark, "Play")

    # → and ← move by the skip buttons' 30 s and 15 s (paused, so exactly).
    start = book_position(hark)
    hark.key("Right")
    hark.wait_until(lambda: abs(book_position(hark) - (start + 30)) <= 1, timeout=10)
    hark.key("Left")
    hark.wait_until(lambda: abs(book_position(hark) - (start + 15)) <= 1, timeout=10)
    hark.key("ctrl+Left")  # back to the start of the chapter, then the one before
    hark.key("ctrl+Left")
    hark.wait_until(lambda: chapter_number(hark) == 1 and chapter_position(hark) < 1, timeout=10)

    hark.key("ctrl+Right")
    hark.wait_until(lambda: chapter_number(hark) == 2 and chapter_position(hark) < 1, timeout=10)
    hark.key("ctrl+Right")
    hark.wait_until(lambda: chapter_number(hark) == 3, timeout=10)
    hark.key("ctrl+Left")  # at the chapter's start: the one before
    hark.wait_until(lambda: chapter_number(hark) == 2, timeout=10)

    hark.key("plus")
    hark.wait_until(lambda: speed_shown(hark, "1.05×"), timeout=5)
    hark.key("plus")
    hark.wait_until(lambda: speed_shown(hark, "1.1×"), timeout=5)
    hark.key("minus")
    hark.wait_until(lambda: speed_shown(hark, "1.05×"), timeout=5)

    hark.key("ctrl+b")
    # Said where the listener is (the Book page that lists it is not on
    # screen): a toast with the place; GTK 4.8 has no announce call, so
    # the toast's own label is what a screen reader finds.
    hark.find("label", "Bookmark added at 0:18", timeout=5)

    def bookmarks():
        return api(audiosilo, "GET", f"/libraries/1/bookmarks?{query(BOOK)}")["bookmarks"]
    hark.wait_until(lambda: bookmarks(), timeout=10)
    # Chapter 2 starts at 18 s in the book; the place is its start.
    assert abs(bookmarks()[0]["position"] - 18) <= 1, bookmarks()
    hark.screenshot("player-keys")


def test_ctrl_arrows_change_chapter_from_the_focused_seek_bar(hark, audiosilo):
    """Reported as taken by the seek bar (±60 s); on GTK 4.8 here they pass
    through to the window's chapter keys already. This keeps it so."""
    import pyatspi
    sign_in_with_invite(hark, audiosilo)
    start_playing(hark, audiosilo)
    hark.key("space")  # paused, so the place cannot drift
    player_button(hark, "Play")

    bar = [a for role in ("slider", "progress bar") for a in visible(hark, role, "Position in Chapter")][0]
    for _ in range(40):
        if hark.has_state(bar, pyatspi.STATE_FOCUSED):
            break
        hark.key("Tab")
    assert hark.has_state(bar, pyatspi.STATE_FOCUSED), "Tab never reached the seek bar"

    number = chapter_number(hark)
    hark.key("ctrl+Right")
    hark.wait_until(lambda: chapter_number(hark) == number + 1 and chapter_position(hark) < 1, timeout=10)
    hark.key("ctrl+Left")  # at the chapter's start: the one before
    hark.wait_until(lambda: chapter_number(hark) == number, timeout=10)
    assert hark.has_state(bar, pyatspi.STATE_FOCUSED), "the keyboard stayed on the seek bar"
