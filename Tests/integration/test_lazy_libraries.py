"""GStreamer is loaded when Hark first plays, not before its window shows
(Sources/CLazyLibraries: the start-up then maps 12 fewer libraries), and
a book still plays through it; libsecret likewise loads for the sign-in,
and libsoup (11 libraries with its own) at the first request: with no
server, never."""
from test_player import chapter_position, start_playing
from test_sign_in import INVITE, open_dialog, type_into


def mapped(hark, library):
    """True once `library` (a file name prefix) is mapped into Hark."""
    with open(f"/proc/{hark.process.pid}/maps") as maps:
        return any(f"/{library}" in line for line in maps)


def test_gstreamer_loads_at_the_first_play_and_plays(hark, audiosilo):
    # The window is up (the fixture waited for it): nothing has played yet.
    assert not mapped(hark, "libgstreamer-1.0.so"), "GStreamer was loaded before the first play"
    assert not mapped(hark, "libsoup-3.0.so"), "libsoup was loaded before the first request"
    # Signing in, step by step: no request until the address is sent.
    dialog = open_dialog(hark)
    type_into(hark, dialog, "Server Address or Link", audiosilo.base)
    assert not mapped(hark, "libsoup-3.0.so"), "libsoup was loaded with no server to ask"
    hark.click(hark.find("push button", "Continue", root=dialog))
    # The server answered the address's probe, through libsoup.
    hark.find("page tab", "Invite Code", root=dialog, timeout=10)
    assert mapped(hark, "libsoup-3.0.so")
    type_into(hark, dialog, "Invite Code", INVITE)
    hark.click(hark.find("push button", "Sign In", root=dialog))
    hark.find("label", "Audiobooks", timeout=15)
    # The session's token went to the keyring through libsecret.
    assert mapped(hark, "libsecret-1.so")
    start_playing(hark, audiosilo)
    assert mapped(hark, "libgstreamer-1.0.so")
    first = chapter_position(hark)
    if not hark.wait_until(lambda: abs(chapter_position(hark) - first) >= 1, timeout=10, fail=False):
        hark.screenshot("lazy-libraries-not-moving")
        raise AssertionError(f"the seek bar stayed at {chapter_position(hark)} s (from {first} s)")
