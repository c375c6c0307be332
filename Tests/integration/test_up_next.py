"""The end of a book through the real window: the Up Next card offers the
next book in the folder and, with "Play the Next Book" on in Preferences,
starts it after a 15 s countdown that Cancel stops."""
import time

import pyatspi
import pytest

from hark_ui import descendants, sized_descendants
from test_book_page import api, open_book, query, visible
from test_player import player_button
from test_sign_in import sign_in_with_invite

SERIES = "Rosalind Achterberg/The Tidewater Chronicles"


def turn_on_play_next_book(hark):
    hark.key("ctrl+comma")
    hark.wait_until(lambda: hark.frame("Preferences") is not None)
    preferences = hark.frame("Preferences")
    switch = [a for role in ("switch", "check box", "toggle button") for a in hark.find_all(role, "Play the Next Book", preferences)]
    if not switch:
        named = descendants(preferences, lambda a: "Next Book" in (a.name or ""))
        raise AssertionError(f"no Play the Next Book switch in Preferences: {[(a.getRoleName(), a.name) for a in named]}")
    hark.click(switch[0])
    hark.wait_until(lambda: switch[0].getState().contains(pyatspi.STATE_CHECKED), timeout=5)
    hark.screenshot("preferences-play-next-book", window_id=hark.x_window("Preferences"))
    hark.key("Escape", window_id=hark.x_window("Preferences"))


def player_title(hark, title):
    return [a for a in visible(hark, "label", title) if hark.extents(a)[1] < 400]


def countdown(hark):
    labels = sized_descendants(
        hark.app, lambda a: a.getRoleName() == "label" and "Starts in " in (a.name or ""))
    return [a.name for a in labels if hark.on_screen(a)]


@pytest.mark.long
def test_the_next_book_in_the_folder_starts_after_the_countdown(hark, audiosilo):
    turn_on_play_next_book(hark)
    sign_in_with_invite(hark, audiosilo)
    open_book(hark, "Rosalind Achterberg", "The Tidewater Chronicles", "The Salt Road")
    hark.click(hark.find("push button", "Play", timeout=15))
    hark.key("alt+3")
    player_button(hark, "Pause", timeout=20)

    # The 8 s book ends; the card names the next one and counts down.
    hark.find("label", "Up Next", timeout=20)
    hark.find("label", "The Drowned Bell", timeout=5)
    hark.wait_until(lambda: countdown(hark), timeout=5)
    hark.screenshot("player-up-next")
    finished = api(audiosilo, "GET", f"/libraries/1/progress?{query(SERIES + '/Book 1')}")["progress"]
    assert finished and finished["finished"], f"the ended book is not marked finished: {finished}"

    # It starts by itself within the countdown (and a little).
    ended = time.monotonic()
    hark.wait_until(lambda: player_title(hark, "The Drowned Bell"), timeout=20)
    assert time.monotonic() - ended <= 17
    # (This 8 s book may already have ended and offer Book 10 by now.)
    assert not any("#2" in c for c in countdown(hark)), \
        "the card stayed after the next book started"

    # That one ends too; this time Cancel keeps the listener where they are.
    # Cancel is pressed as soon as it shows: every walk of the accessible
    # tree takes a few of the countdown's 15 seconds.
    hark.click(hark.find("push button", "Cancel Playing the Next Book", timeout=25))
    hark.wait_until(lambda: not countdown(hark), timeout=5)
    assert hark.find_all("label", "The Last Tide"), "Book 10 follows Book 2 (natural order)"
    time.sleep(16)
    assert player_title(hark, "The Drowned Bell") and not player_title(hark, "The Last Tide")
    hark.screenshot("player-up-next-cancelled")
    hark.click(hark.find("push button", "Play the Next Book"))
    hark.wait_until(lambda: player_title(hark, "The Last Tide"), timeout=20)
