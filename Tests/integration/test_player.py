"""Playing a book from the test server through the real window: Play on
the Book page, the Player page's controls, the sleep timer, the place
saved on pause, and a SIGKILL mid-book that loses at most the autosave
interval."""
import re
import subprocess
import time

import pytest

from hark_ui import descendants, sized_descendants
from test_book_page import BOOK, api, open_orchard, query, visible
from test_sign_in import sign_in_with_invite

CHAPTER = re.compile(r"Chapter (\d+) of \d+")


def player_button(hark, name, timeout=10):
    """A control on the Player page (the mini-player, with some of the same
    names, is hidden there)."""
    found = []

    def look():
        found[:] = visible(hark, "push button", name)
        return bool(found)
    if not hark.wait_until(look, timeout=timeout, fail=False):
        hark.screenshot(f"player-no-{name.lower().replace(' ', '-')}")
        raise AssertionError(f"no {name!r} control on the Player page")
    return found[0]


def play_then_pause_on_player_page(hark):
    """Play on the Book page shown; then, on the Player page, Pause once the
    book plays, and wait until it shows Play again."""
    hark.click(hark.find("push button", "Play"))
    hark.key("alt+3")
    hark.wait_for_page("Player", timeout=10)
    hark.click(player_button(hark, "Pause", timeout=20))
    player_button(hark, "Play")


def buttons_starting(hark, prefix):
    return [b for b in sized_descendants(
        hark.app, lambda a: a.getRoleName() == "push button" and (a.name or "").startswith(prefix))
        if hark.on_screen(b)]


def sleep_button(hark):
    """The sleep timer's menu button (its name says what it is set to)."""
    found = []

    def look():
        found[:] = buttons_starting(hark, "Sleep Timer")
        return bool(found)
    hark.wait_until(look, timeout=10)
    return found[0]


def end_of_chapter_choices(hark):
    """Opens the sleep timer's menu; its "End of This Chapter · <time>" choices."""
    ends = []
    # A real pointer moves between clicks; without a motion event GTK has no
    # surface under an xdotool pointer that never left the button.
    subprocess.run(["xdotool", "mousemove", "--sync", "--window", str(hark.window_id), "20", "300"], check=True)
    for _ in range(2):
        hark.click_at(sleep_button(hark))
        if hark.wait_until(lambda: ends.extend(buttons_starting(hark, "End of This Chapter · ")) or ends,
                           timeout=3, fail=False):
            return ends
    hark.screenshot("player-sleep-menu-missing")
    raise AssertionError(f"no End of This Chapter choice: {[(b.name, hark.extents(b)) for b in buttons_starting(hark, '')]}")


def read(hark, what):
    """`what(hark)`, retried briefly: a walk of the accessible tree can meet
    a row that GTK recycled a moment ago ("the application no longer
    exists" for that one object) while the player updates 4 times a second."""
    result = []

    def attempt():
        result[:] = [what(hark)]
        return True
    if not hark.wait_until(attempt, timeout=5, fail=False):
        return what(hark)  # let the real error show
    return result[0]


def mini_player_cover_colour(hark):
    """The average colour (0–255 RGB) of a 12 px square in the middle of
    the mini-player's 40 px cover, which starts its Open Player button."""
    button = hark.find("push button", "Open Player")
    x, y, _, height = hark.extents(button)
    path = hark.screenshot("mini-player-cover")
    # The button's padding (10 px at its start) puts the cover's middle here.
    left, top = x + 10 + 20 - 6, y + height // 2 - 6
    out = subprocess.run(["convert", path, "-crop", f"12x12+{left}+{top}", "-resize", "1x1!", "-format",
                          "%[fx:int(255*r)] %[fx:int(255*g)] %[fx:int(255*b)]", "info:"],
                         capture_output=True, text=True, check=True).stdout
    return tuple(int(v) for v in out.split())


def chapter_position(hark):
    """Seconds into the chapter, from the seek bar's accessible value."""
    def value(hark):
        bars = [a for role in ("slider", "progress bar") for a in visible(hark, role, "Position in Chapter")]
        assert bars, "no seek bar on screen"
        return bars[0].queryValue().currentValue
    return read(hark, value)


def chapter_number(hark):
    """N of the Player page's "Chapter N of 5"."""
    def number(hark):
        labels = sized_descendants(
            hark.app, lambda a: a.getRoleName() == "label" and CHAPTER.fullmatch(a.name or ""))
        shown = [CHAPTER.fullmatch(a.name).group(1) for a in labels if hark.on_screen(a)]
        assert shown, "no chapter number on screen"
        return int(shown[0])
    return read(hark, number)


def saved_position(server):
    return api(server, "GET", f"/libraries/1/progress?{query(BOOK)}")["progress"]["position"]


def start_playing(hark, server, button="Play", open_book=open_orchard):
    """Plays the orchard from the Book page; returns when it started playing."""
    open_book(hark)
    hark.click(hark.find("push button", button, timeout=15))
    clicked = time.monotonic()
    hark.key("alt+3")
    hark.wait_for_page("Player", timeout=10)
    player_button(hark, "Pause", timeout=20)
    return clicked


@pytest.mark.long
def test_play_pause_chapters_and_the_sleep_timer(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    start_playing(hark, audiosilo)
    # Moving (the first chapter is only 18 s long, so it may roll over to
    # the next one meanwhile: moving, not necessarily up).
    first = chapter_position(hark)
    if not hark.wait_until(lambda: abs(chapter_position(hark) - first) >= 1, timeout=10, fail=False):
        hark.screenshot("player-not-moving")
        raise AssertionError(f"the seek bar stayed at {chapter_position(hark)} s (from {first} s)")
    hark.screenshot("player-playing")

    # Paused, so the chapter cannot end by itself while the test looks.
    hark.click(player_button(hark, "Pause"))
    player_button(hark, "Play")
    hark.wait_until(lambda: saved_position(audiosilo) > 0, timeout=10)  # pausing saves the place
    before = chapter_number(hark)
    hark.click(player_button(hark, "Next Chapter"))
    hark.wait_until(lambda: chapter_number(hark) == before + 1, timeout=10)
    hark.wait_until(lambda: chapter_position(hark) < 1, timeout=10)

    hark.click_at(player_button(hark, "Sleep Timer"))
    hark.click(hark.find("push button", "15 Minutes", timeout=5))

    def sleep_label():
        return read(hark, lambda hark: [a.name for a in descendants(
            hark.app, lambda a: (a.name or "").startswith("Sleep Timer: "))])
    # A minutes timer counts wall-clock time from when it is set.
    pattern = re.compile(r"Sleep Timer: Stops in 1[45]:\d\d")
    if not hark.wait_until(lambda: any(pattern.fullmatch(n) for n in sleep_label()), timeout=10, fail=False):
        raise AssertionError(f"sleep timer labels: {sleep_label()}")
    # The countdown shows under the time left, on a line of its own.
    shown = re.compile(r"Stops in 1[45]:\d\d")
    def countdown():
        return [a.name for a in sized_descendants(hark.app, lambda a: a.getRoleName() == "label"
                                                  and shown.fullmatch(a.name or "")) if hark.on_screen(a)]
    if not hark.wait_until(countdown, timeout=10, fail=False):
        raise AssertionError("no 'Stops in …' countdown on the Player page")
    hark.screenshot("player-sleep-countdown")

    # The chapter choices say when on the clock each chapter ends.
    ends = end_of_chapter_choices(hark)
    assert re.fullmatch(r"End of This Chapter · \d{1,2}:\d\d([\s\u202f][AP]M)?", ends[0].name), ends[0].name
    hark.screenshot("player-sleep-menu")
    hark.click(ends[0])
    if not hark.wait_until(lambda: any(n.startswith("Sleep Timer: Stops at the end of ") for n in sleep_label()),
                           timeout=10, fail=False):
        raise AssertionError(f"sleep timer labels: {sleep_label()}")

    hark.click(player_button(hark, "Play"))
    player_button(hark, "Pause")
    hark.screenshot("player-sleep-timer")
    hark.resize(360, 720)
    hark.screenshot("player-phone")
    # Any other page carries the mini-player, at phone width too.
    hark.key("alt+1")
    open_player = hark.find("push button", "Open Player", timeout=5)
    # Which book it opens, for a screen reader: in its description.
    assert open_player.description.startswith("A Clockwork Orchard, "), open_player.description
    hark.screenshot("mini-player-phone")


@pytest.mark.long
def test_a_killed_player_resumes_near_where_it_was(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    started = start_playing(hark, audiosilo)
    # Past the first autosave (every 10 s while playing).
    hark.wait_until(lambda: saved_position(audiosilo) > 0, timeout=30)
    time.sleep(3)
    heard = time.monotonic() - started  # it started at 0, at most a moment after the click
    hark.process.kill()
    hark.process.wait(timeout=5)
    saved = saved_position(audiosilo)
    assert heard - 12 <= saved <= heard, f"saved {saved:.1f} s after hearing {heard:.1f} s"

    hark.start()
    hark.wait_for_window()

    def from_continue_listening(hark):
        # The home shelf offers the book the listener was in.
        hark.find("label", "Continue Listening", timeout=20)
        hark.click_at(hark.find("label", "A Clockwork Orchard", timeout=10))
        hark.wait_for_page("Book", timeout=10)
    resumed = start_playing(hark, audiosilo, button="Resume", open_book=from_continue_listening)
    hark.click(player_button(hark, "Pause"))
    paused = time.monotonic()
    hark.wait_until(lambda: saved_position(audiosilo) != saved, timeout=10)
    # Started from 0 it would be far below `saved` (at most `paused -
    # resumed` seconds of listening); resumed, it is about that much above
    # it, less the auto-rewind (at most the 5 s setting).
    again = saved_position(audiosilo)
    assert saved - 5 <= again <= saved + (paused - resumed) + 1, \
        f"saved {again:.1f} s after resuming from {saved:.1f} s and {paused - resumed:.1f} s of play"
    # Where it resumed (the pause's place less what played since) is within
    # 15 s of where it was killed.
    assert again - (paused - resumed) >= heard - 15, \
        f"resumed near {again - (paused - resumed):.1f} s after being killed at {heard:.1f} s"


def seek_bar(hark):
    bars = [a for a in visible(hark, "slider", "Position in Chapter") if hark.extents(a)[1] < 560]
    assert bars, "no seek bar on the Player page"
    return bars[0]


def trough_point(hark, bar, fraction):
    """Window coordinates `fraction` along the bar (Adwaita insets the
    trough by the scale's padding; the thumb's centre runs between its ends)."""
    x, y, width, height = hark.extents(bar)
    inset = 12
    return int(x + inset + fraction * (width - 2 * inset)), int(y + height // 2)


@pytest.mark.long
def test_dragging_the_seek_bar_moves_playback_and_it_crosses_into_the_next_chapter(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    start_playing(hark, audiosilo)
    hark.click(player_button(hark, "Next Chapter"))
    hark.wait_until(lambda: chapter_number(hark) == 2, timeout=10)
    bar = seek_bar(hark)
    length = bar.queryValue().maximumValue  # the chapter's length: the bar spans the chapter
    assert 20 <= length <= 24, f"chapter 2 is 22 s long, the bar spans {length} s"

    # Press on the thumb's side of the trough and drag, as a listener would.
    window = str(hark.window_id)
    start_x, y = trough_point(hark, bar, 0.1)
    subprocess.run(["xdotool", "mousemove", "--sync", "--window", window, str(start_x), str(y),
                    "mousedown", "1"], check=True)
    time.sleep(0.3)  # a hand holds a moment before it moves
    for fraction in (0.2, 0.35, 0.5):
        x, _ = trough_point(hark, bar, fraction)
        subprocess.run(["xdotool", "mousemove", "--sync", "--window", window, str(x), str(y)], check=True)
        time.sleep(0.2)
    hark.screenshot("player-dragging", with_popovers=True)  # the bubble over the thumb
    subprocess.run(["xdotool", "mouseup", "1"], check=True)
    released = time.monotonic()
    target = 0.5 * length  # 11 s before chapter 3

    # Read through the bar itself: one call each, where a walk of the whole
    # accessible tree can take seconds while the player updates.
    def value():
        return bar.queryValue().currentValue

    def span():
        return bar.queryValue().maximumValue

    def near_target():
        return abs(value() - (target + time.monotonic() - released)) <= 1
    if not hark.wait_until(near_target, timeout=1, fail=False):
        raise AssertionError(f"dragged to {target:.1f} s, the bar reads {value():.1f} s")
    assert abs(span() - length) < 0.5, "still chapter 2"
    hark.screenshot("player-dragged")

    # Playing on crosses into chapter 3 (16 s long); the bar re-bases onto it.
    hark.wait_until(lambda: abs(span() - 16) < 0.5, timeout=15)
    assert value() < 3, f"{value():.1f} s into chapter 3 just after crossing into it"
    assert chapter_number(hark) == 3
    hark.click(player_button(hark, "Pause"))
    hark.wait_until(lambda: saved_position(audiosilo) >= 18 + length, timeout=10)
    hark.screenshot("player-next-chapter-after-drag")


def test_after_a_restart_the_mini_player_offers_the_last_book(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    start_playing(hark, audiosilo)
    hark.wait_until(lambda: chapter_position(hark) >= 3, timeout=15)
    hark.click(player_button(hark, "Pause"))
    hark.wait_until(lambda: (saved_position(audiosilo) or 0) >= 3, timeout=10)
    saved = saved_position(audiosilo)
    hark.quit()
    hark.start()
    # Not "Not Playing": the book, paused where it was, one press away.
    hark.find("label", "A Clockwork Orchard", timeout=15)
    assert not visible(hark, "label", "Not Playing")
    hark.screenshot("mini-player-remembered")
    hark.click(hark.find("push button", "Play", timeout=10))
    hark.find("push button", "Pause", timeout=20)
    hark.click(hark.find("push button", "Pause"))
    hark.wait_until(lambda: saved_position(audiosilo) != saved, timeout=10)
    # Resumed from its place (less at most the 5 s auto-rewind), not from 0.
    assert saved_position(audiosilo) >= saved - 5, f"resumed at {saved_position(audiosilo)} s, saved {saved} s"
