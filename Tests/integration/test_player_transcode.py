"""A book the server says is not directly playable streams through the
server's transcoder: `transcode=1&t=<s>`, and a seek asks again from the
new second (the transcoded stream has no Range)."""
import pytest

from test_player import player_button, start_playing
from test_player_keys import book_position
from test_sign_in import sign_in_with_invite

STREAM = "/api/v1/libraries/1/stream"


@pytest.mark.long
def test_a_book_that_is_not_directly_playable_plays_transcoded(hark, audiosilo_m4b_not_direct):
    server = audiosilo_m4b_not_direct
    sign_in_with_invite(hark, server)
    start_playing(hark, server)

    def streams():
        return [r for r in server.call("GET", "/requests")["requests"] if r["path"] == STREAM]
    first = streams()
    assert first and all(r["params"].get("transcode") == "1" for r in first), [r["query"] for r in first]
    assert first[0]["params"].get("t") == "0"
    # It plays. In book time: the first chapter is 18 s long and the walks
    # of the accessible tree that read the place take seconds while it
    # plays, so a chapter-relative place can restart from 0 meanwhile.
    start = book_position(hark)
    if not hark.wait_until(lambda: book_position(hark) >= start + 2, timeout=10, fail=False):
        hark.screenshot("player-transcoded-stuck")
        raise AssertionError(f"stuck at {book_position(hark)} s; streams {[r['query'] for r in streams()]}")

    hark.click(player_button(hark, "Pause"))
    player_button(hark, "Play")
    before = book_position(hark)
    # 30 s on; or, if it already played past 60 s of this 100-s book (the
    # reads above take seconds), 15 s back.
    key, target = ("Right", before + 30) if before < 60 else ("Left", before - 15)
    hark.key(key)
    hark.wait_until(lambda: any(r["params"].get("t") not in (None, "0") for r in streams()), timeout=10)
    seeks = [int(r["params"]["t"]) for r in streams() if r["params"].get("t") not in (None, "0")]
    assert abs(seeks[-1] - target) <= 1, f"asked from t={seeks[-1]} after a seek to {target:.1f} s"
    hark.click(player_button(hark, "Play"))
    player_button(hark, "Pause", timeout=15)
    hark.screenshot("player-transcoded")
