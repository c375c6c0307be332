"""Numbers a server should never send (issue 21, item 5) give sane pages:
a book of 1e308 seconds crashed Hark as its Book page opened ("Double value
cannot be converted to Int"), and a saved
place of -1000 s read "Resume at … · 0:00 · 18m left" on a 100-second book.
Through the real window, against a misbehaving server (a rewriting proxy)
in front of the test server."""
import pytest

from misbehaving_server import MisbehavingServer
from test_book_page import api, open_book, open_orchard, query, visible
from test_browse import list_items
from test_player import chapter_number, play_then_pause_on_player_page, read
from test_sign_in import sign_in_with_invite

BOOK = "Theodore Quill/A Clockwork Orchard"
# One file, no chapters: Hark makes up evenly spaced ones for a long file.
CHAPTERLESS = "Ingrid Marsh/The Long Night Watch"


def endless(answer, query_):
    """The book as a server that claims it lasts 1e308 seconds sends it."""
    if query_.get("path") not in (BOOK, CHAPTERLESS):
        return answer
    files = [{**file, "duration": 1e308} for file in answer.get("files") or []]
    chapters = answer.get("chapters") or []
    if chapters:
        chapters = chapters[:-1] + [{**chapters[-1], "end": 1e308}]
    return {**answer, "duration": 1e308, "files": files, "chapters": chapters}


def endless_entries(answer, _query):
    entries = [{**entry, "duration": 1e308} if entry.get("path") in (BOOK, CHAPTERLESS) else entry
               for entry in answer.get("entries") or []]
    return {**answer, "entries": entries}


@pytest.mark.long
def test_a_book_of_1e308_seconds_opens_a_sane_book_page(hark, audiosilo):
    proxy = MisbehavingServer(audiosilo.base)
    try:
        for route in ("item", "chapters"):
            proxy.rewrite(f"/api/v1/libraries/1/{route}", endless)
        proxy.rewrite("/api/v1/libraries/1/fs", endless_entries)
        sign_in_with_invite(hark, proxy)
        open_book(hark, "Ingrid Marsh", "The Long Night Watch")
        hark.find("label", "Not started", timeout=10)
        assert hark.process.poll() is None, "Hark died opening the Book page"
        hark.screenshot("implausible-endless-chapterless-book")

        open_orchard(hark)
        hark.find("label", "Not started", timeout=10)
        # The chapters keep their own lengths; the last one's end is unknown.
        hark.wait_until(lambda: "1. The Brass Seed, 18s" in list_items(hark, "Chapters"), timeout=10)
        hark.screenshot("implausible-endless-book")

        # Playing it: the Player page and its seek bar show the real audio.
        play_then_pause_on_player_page(hark)
        assert 1 <= chapter_number(hark) <= 5

        def seek_bar(hark):
            bars = [a for role in ("slider", "progress bar") for a in visible(hark, role, "Position in Chapter")]
            value = bars[0].queryValue()
            return value.currentValue, value.maximumValue
        position, length = read(hark, seek_bar)
        assert 0 <= position <= length <= 100, (position, length)
        hark.screenshot("implausible-endless-book-player")
    finally:
        proxy.stop()


def test_a_negative_saved_place_shows_a_sane_book_page(hark, audiosilo):
    # A place saved by another device, which the proxy then turns negative.
    api(audiosilo, "PUT", f"/libraries/1/progress?{query(BOOK)}",
        {"position": 30, "duration": 100, "finished": False, "playback_speed": 1, "version": 0,
         "device_id": "phone", "updated_at": "2026-11-21T10:00:00Z"})
    proxy = MisbehavingServer(audiosilo.base)
    try:
        def negative(answer, _query):
            rows = answer.get("progress")
            if isinstance(rows, list):
                return {**answer, "progress": [{**row, "position": -1000} for row in rows]}
            return {**answer, "progress": {**rows, "position": -1000}} if rows else answer
        proxy.rewrite("/api/v1/me/progress", negative)
        proxy.rewrite("/api/v1/libraries/1/progress", negative)
        sign_in_with_invite(hark, proxy)
        open_orchard(hark)
        # Read as the start of the 100-second book: nothing past its length left.
        hark.find("label", "Resume at The Brass Seed · 0:00 · 1m left", timeout=10)
        hark.screenshot("implausible-negative-place")
    finally:
        proxy.stop()



def test_a_book_with_values_hark_does_not_know_still_opens(hark, audiosilo):
    """A newer server's format, a codec with a control character and a
    "maybe" where Hark expects true or false cost only what needs them;
    the book opened with "The server sent an answer Hark could not
    understand" before."""
    proxy = MisbehavingServer(audiosilo.base)
    try:
        def newer(answer, query_):
            if query_.get("path") != BOOK:
                return answer
            return {**answer, "format": "zzz-unknown", "codec": "aa\u0001c", "direct_playable": "maybe"}
        for route in ("item", "chapters"):
            proxy.rewrite(f"/api/v1/libraries/1/{route}", newer)
        sign_in_with_invite(hark, proxy)
        open_orchard(hark)
        hark.find("label", "Not started", timeout=10)
        hark.wait_until(lambda: "5. Harvest, 19s" in list_items(hark, "Chapters"), timeout=10)
        assert not visible(hark, "label", "Could Not Open This Book")
        hark.screenshot("implausible-unknown-values")
    finally:
        proxy.stop()
