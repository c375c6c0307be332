"""Quitting while a book plays keeps the place where the listener quit, not
the last autosave's (up to 10 s earlier): Hark saves it on the way out,
and ends once that place is written here and sent to the server."""
from test_book_page import api, query
from test_downloads import set_setting
from test_media_controls import MediaControls
from test_player import BOOK, start_playing
from test_sign_in import sign_in_with_invite


def play_then_end_hark(hark, audiosilo, key):
    """Plays the orchard a few seconds in, before the first autosave (10 s
    after the start), then presses `key`, which must end Hark; returns the
    chapter position (s) just before the key."""
    controls = MediaControls()
    start_playing(hark, audiosilo)  # the orchard's first chapter: 18 s, from 0
    controls.wait(hark, lambda: controls.get("Position") >= 4_000_000, timeout=15)
    at_end = controls.get("Position") / 1e6
    hark.key(key)
    assert hark.process.wait(timeout=15) == 0
    return at_end


def saved_place(audiosilo):
    """The position the server holds for the orchard, or None."""
    row = api(audiosilo, "GET", f"/libraries/1/progress?{query(BOOK)}")["progress"]
    return row and row["position"]


def test_quitting_while_a_book_plays_saves_the_place_it_quit_at(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    at_quit = play_then_end_hark(hark, audiosilo, "ctrl+q")
    saved = saved_place(audiosilo)
    assert saved is not None, "no place was saved at quit"
    assert at_quit - 0.5 <= saved <= at_quit + 3, f"saved {saved} s, quit at {at_quit:.1f} s"


def test_closing_the_window_ends_hark_with_the_place_saved_when_background_playback_is_off(hark, audiosilo):
    """With "play in background" off, closing the window ends Hark: the
    place is saved where it ended too, not at the last autosave."""
    hark.stop()
    set_setting(hark, "play-in-background", "false")
    hark.start()
    sign_in_with_invite(hark, audiosilo)
    at_close = play_then_end_hark(hark, audiosilo, "ctrl+w")
    saved = saved_place(audiosilo)
    assert saved is not None, "no place was saved when the window closed"
    assert at_close - 0.5 <= saved <= at_close + 3, f"saved {saved} s, closed at {at_close:.1f} s"
