"""A book the server says is not directly playable streams through the
server's transcoder: `transcode=1&t=<s>`, and a seek asks again from the
new second (the transcoded stream has no Range)."""
from test_player import chapter_position, player_button, start_playing
from test_player_keys import book_position
from test_sign_in import sign_in_with_invite

STREAM = "/api/v1/libraries/1/stream"


def test_a_book_that_is_not_directly_playable_plays_transcoded(hark, audiosilo_m4b_not_direct):
    server = audiosilo_m4b_not_direct
    sign_in_with_invite(hark, server)
    start_playing(hark, server)

    def streams():
        return [r for r in server.call("GET", "/requests")["requests"] if r["path"] == STREAM]
    first = streams()
    assert first and all(r["params"].get("transcode") == "1" for r in first), [r["query"] for r in first]
    assert first[0]["params"].get("t") == "0"
    start = chapter_position(hark)
    if not hark.wait_until(lambda: chapter_position(hark) >= start + 2, timeout=10, fail=False):  # it plays
        hark.screenshot("player-transcoded-stuck")
        raise AssertionError(f"stuck at {chapter_position(hark)} s; streams {[r['query'] for r in streams()]}")

    hark.click(player_button(hark, "Pause"))
    player_button(hark, "Play")
    before = book_position(hark)
    hark.key("Right")  # 30 s on
    hark.wait_until(lambda: any(r["params"].get("t") not in (None, "0") for r in streams()), timeout=10)
    seeks = [int(r["params"]["t"]) for r in streams() if r["params"].get("t") not in (None, "0")]
    assert abs(seeks[-1] - (before + 30)) <= 1, f"asked from t={seeks[-1]} after a seek to {before + 30:.1f} s"
    hark.click(player_button(hark, "Play"))
    player_button(hark, "Pause", timeout=15)
    hark.screenshot("player-transcoded")
