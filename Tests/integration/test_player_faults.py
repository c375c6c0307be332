"""The player when things go wrong, through the real window against the
test server: a stream that drops mid-book, a server that does not answer
when the listener resumes, and a file that is not audio. Each must end in
words the listener can act on, never in a lost place or a dead app."""
import time

import pyatspi
from datetime import datetime

import pytest

from hark_ui import descendants
from test_book_page import BOOK, api, open_book, open_orchard, query, visible
from test_player import chapter_number, chapter_position, mini_player_cover_colour, player_button, start_playing
from test_sign_in import sign_in_with_invite

KEEPER = "Marguerite Holloway/The Lighthouse Keeper"
KEEPER_FILES = (24.06, 31.06, 27.06, 36.08)  # seconds
STREAM = "/api/v1/libraries/1/stream"


def open_keeper(hark):
    open_book(hark, "Marguerite Holloway", "The Lighthouse Keeper")


def player_column(hark, title):
    """The Player page's column (cover, title, controls, failure): a small
    subtree, so polling it is quick enough to time what the listener sees."""
    node = player_button(hark, "Pause")
    while node is not None:
        if descendants(node, lambda a: a.getRoleName() == "label" and a.name == title):
            return node
        node = node.parent
    raise AssertionError("the Player page's column was not found")


def failure_shown(hark, column):
    return any(hark.on_screen(b) for b in hark.find_all("push button", "Try Again", root=column))


def saved_at(server, path):
    row = api(server, "GET", f"/libraries/1/progress?{query(path)}")["progress"]
    return row["position"] if row else None


def stream_requests(server, since=0):
    return [r for r in server.call("GET", f"/requests?since={since}")["requests"] if r["path"] == STREAM]


def server_time(entry):
    return datetime.fromisoformat(entry["time"].replace("Z", "+00:00")).timestamp()


@pytest.mark.long
def test_a_dropped_stream_shows_an_error_and_retry_resumes_there(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    start_playing(hark, audiosilo, open_book=open_keeper)
    hark.key("Right")  # 30 s on: into the second file
    hark.wait_until(lambda: chapter_number(hark) == 2, timeout=10)
    # The next stream request (the third file, queued for gapless playback
    # near the second one's end) is cut after 20 kB, and the server is gone
    # from then on.
    column = player_column(hark, "The Lighthouse Keeper")
    last = audiosilo.call("GET", "/requests")["requests"][-1]["seq"]
    audiosilo.call("POST", "/faults", {"path_prefix": STREAM, "drop_after_bytes": 20000,
                                       "then_unreachable": True, "count": 1})

    def dropped():
        return [r for r in stream_requests(audiosilo, last) if r["dropped"]]
    hark.wait_until(lambda: dropped(), timeout=30)
    cut = server_time(dropped()[0])
    polled = []

    def shown():
        polled.append(time.time())  # the poll that finds it started here
        return failure_shown(hark, column)
    if not hark.wait_until(shown, timeout=10, fail=False):
        hark.screenshot("player-drop-no-error")
        raise AssertionError("no error after the stream dropped")
    shown = polled[-1]
    hark.screenshot("player-stream-dropped")
    print(f"stream cut → error on screen: {shown - cut:.2f} s")
    assert shown - cut <= 3.5, f"the error took {shown - cut:.1f} s to show"
    words = ("The connection to the server was lost. Check the connection and try again.",
             "The audio stopped arriving. Check the connection and try again.")
    assert any(hark.find_all("label", w) for w in words), "the error does not say the connection was the trouble"
    # For a screen reader: the error and its Try Again are an alert (GTK
    # 4.8 exports the role; it has no announce call), and the keyboard is
    # on Try Again.
    retry = hark.find("push button", "Try Again")
    assert retry.parent.getRoleName() == "alert", retry.parent.getRoleName()
    hark.wait_until(lambda: hark.has_state(retry, pyatspi.STATE_FOCUSED), timeout=5)
    assert chapter_number(hark) == 2
    where = KEEPER_FILES[0] + chapter_position(hark)  # in the book
    assert where >= KEEPER_FILES[0] + 20, f"stopped at {where:.1f} s"

    audiosilo.call("DELETE", "/faults")  # and the server is back
    last = audiosilo.call("GET", "/requests")["requests"][-1]["seq"]
    hark.click(hark.find("push button", "Try Again"))
    started = time.monotonic()
    hark.click(player_button(hark, "Pause", timeout=20))
    played = time.monotonic() - started
    assert stream_requests(audiosilo, last), "Try Again did not ask the server for the audio again"
    # Pausing saves the place: it went on from where the audio stopped.
    hark.wait_until(lambda: (saved_at(audiosilo, KEEPER) or 0) > where, timeout=10)
    again = saved_at(audiosilo, KEEPER)
    assert where < again <= where + played + 1, f"saved {again:.1f} s after resuming from {where:.1f} s"
    # The mini-player (on any other page) shows the book's cover (navy),
    # not the placeholder (grey).
    hark.key("alt+1")
    red, green, blue = mini_player_cover_colour(hark)
    assert blue > red + 25 and red < 90, f"the mini-player's cover is {red, green, blue}, not the book's navy"


def test_an_unreachable_server_at_resume_is_an_error_not_a_restart(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    open_orchard(hark)
    # Another device of the listener's got to 50 s after Hark last heard.
    api(audiosilo, "PUT", f"/libraries/1/progress?{query(BOOK)}",
        {"position": 50, "duration": 100, "finished": False, "playback_speed": 1})
    audiosilo.call("POST", "/unreachable", {"on": True})
    last_stream = len(stream_requests(audiosilo))
    hark.click(hark.find("push button", "Play", timeout=15))
    hark.key("alt+3")
    hark.find("label", "Hark could not find out where you were, so it did not start from the beginning. "
              "Try again when the server answers.", timeout=20)
    hark.screenshot("player-resume-unknown")
    assert len(stream_requests(audiosilo)) == last_stream, "it started playing without knowing where"

    audiosilo.call("DELETE", "/faults")  # the server answers again
    hark.click(hark.find("push button", "Try Again"))
    started = time.monotonic()
    hark.click(player_button(hark, "Pause", timeout=20))
    played = time.monotonic() - started
    hark.wait_until(lambda: saved_at(audiosilo, BOOK) != 50, timeout=10)
    saved = saved_at(audiosilo, BOOK)
    # Less at most the 5 s auto-rewind: the other device paused a moment ago.
    assert 45 <= saved <= 50 + played + 1, f"saved {saved:.1f} s: not resumed from 50 s"


@pytest.mark.long
def test_a_file_that_is_not_audio_is_an_error_for_that_book_only(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    audiosilo.call("POST", "/faults", {"path_prefix": STREAM, "status": 200, "content_type": "audio/mp4",
                                       "body": "This is not audio. " * 2000})
    open_orchard(hark)
    hark.click(hark.find("push button", "Play", timeout=15))
    hark.key("alt+3")
    hark.find("label", "The audio file is damaged or not in a format Hark can play.", timeout=20)
    hark.screenshot("player-not-audio")
    assert hark.process.poll() is None, "Hark quit"

    # Another book plays (the server's files are fine again).
    audiosilo.call("DELETE", "/faults")
    start_playing(hark, audiosilo, open_book=open_keeper)


@pytest.mark.long
def test_a_chapter_chosen_while_paused_is_where_try_again_resumes(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    start_playing(hark, audiosilo, open_book=open_keeper)
    hark.click(player_button(hark, "Pause"))
    player_button(hark, "Play")
    # The server goes away; the listener, paused in chapter 1, moves on to
    # chapter 3 (the third file) and presses Play.
    audiosilo.call("POST", "/unreachable", {"on": True})
    hark.click(player_button(hark, "Next Chapter"))
    hark.wait_until(lambda: chapter_number(hark) == 2, timeout=10)
    hark.click(player_button(hark, "Next Chapter"))
    hark.wait_until(lambda: chapter_number(hark) == 3, timeout=10)
    # A pause of some seconds: Play after a pause goes back a little to where
    # listening stopped (auto-rewind), never from a chapter just chosen.
    time.sleep(8)
    hark.click(player_button(hark, "Play"))
    if not hark.wait_until(lambda: hark.find_all("push button", "Try Again"), timeout=20, fail=False):
        hark.screenshot("player-paused-pick-no-error")
        raise AssertionError("no error while the server is away")
    hark.screenshot("player-paused-pick-failed")
    assert chapter_number(hark) == 3, "the error shows the listener's chapter"

    audiosilo.call("DELETE", "/faults")  # the server is back
    last = audiosilo.call("GET", "/requests")["requests"][-1]["seq"]
    hark.click(hark.find("push button", "Try Again"))
    player_button(hark, "Pause", timeout=20)
    # Chapter 3 is the third file: Try Again asks for it first, not for the
    # end of the second one (from which playback would roll on into 3).
    first = stream_requests(audiosilo, last)[0]["params"]["path"]
    assert first.endswith("03 - The Keeper's Logbook.mp3"), f"Try Again resumed in {first}"
    assert chapter_number(hark) == 3


@pytest.mark.long
def test_a_server_that_stops_while_a_book_plays_is_announced_at_the_next_save(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    start_playing(hark, audiosilo)
    hark.key("alt+1")  # the listener is elsewhere; nothing new is opened
    offline = ("Hark Test Server is offline. Its library shows as last seen; Hark keeps your place and "
               "reconnects on its own.")
    audiosilo.call("POST", "/unreachable", {"on": True})
    stopped = time.monotonic()
    # The autosave (every 10 s while playing) is the first request to fail.
    if not hark.wait_until(lambda: visible(hark, "label", offline), timeout=20, fail=False):
        hark.screenshot("offline-not-announced")
        raise AssertionError("the stopped server was not announced")
    assert time.monotonic() - stopped <= 15, f"announced {time.monotonic() - stopped:.0f} s after it stopped"
    hark.screenshot("offline-while-playing")
    audiosilo.call("DELETE", "/faults")  # back: the probe finds it
    hark.wait_until(lambda: not visible(hark, "label", offline), timeout=30)
