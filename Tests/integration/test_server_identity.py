"""Another AudioSilo server takes over the signed-in address, live and
between two runs: Hark says so in plain words, sends the stranger nothing
with the listener's token beyond the one request that found it (never
/auth/logout), keeps the listener signed in, and carries on when the right
server is back."""
import pytest

from test_no_keyring import visible
from test_sign_in import sign_in_with_invite


def banner(address):
    port = address.base.rsplit(":", 1)[1].rstrip("/")
    return (f"A different server, “Someone Else's Server”, now answers at 127.0.0.1:{port}. Hark does not "
            "send it your sign-in and keeps your place on Hark Test Server until it is back.")


def stranger_saw(address):
    return [(r["method"], r["path"], r["headers"].get("Authorization"))
            for r in address.stranger.call("GET", "/requests")["requests"]]


def test_a_different_server_at_the_address_is_named_and_never_signs_the_listener_out(hark, audiosilo_swappable):
    address = audiosilo_swappable
    sign_in_with_invite(hark, address)
    hark.find("label", "Audiobooks", timeout=15)
    [token] = [s["token"] for s in address.home.call("GET", "/state")["sessions"] if s["kind"] == "session"]

    # Live: the next request meets the stranger.
    address.use(1)
    hark.click_at(hark.find("list item", "Audiobooks"))
    hark.find("label", banner(address), timeout=15)
    hark.screenshot("different-server-banner")
    hark.resize(360, 720)
    hark.screenshot("different-server-banner-phone")
    with_token = [r for r in stranger_saw(address) if r[2] == "present"]
    assert len(with_token) <= 1, f"only the request that found it may carry the token: {with_token}"

    # Between two runs: the new run asks who answers before sending the token.
    hark.restart()
    hark.find("label", banner(address), timeout=15)
    assert not visible(hark, "push button", "Reconnect"), "not signed out"
    assert len([r for r in stranger_saw(address) if r[2] == "present"]) == len(with_token)
    assert not [r for r in stranger_saw(address) if r[1].endswith("/auth/logout")]

    # The right server is back: Try Again, and the same session works.
    address.use(0)
    hark.click(visible(hark, "push button", "Try Again")[0])
    hark.wait_until(lambda: not visible(hark, "label", banner(address)), timeout=15)
    hark.find("label", "Audiobooks", timeout=15)
    assert token in [s["token"] for s in address.home.call("GET", "/state")["sessions"]], "still signed in"
    assert not [r for r in stranger_saw(address) if r[1].endswith("/auth/logout")]


@pytest.mark.long
def test_the_listener_can_connect_to_the_newcomer_or_sign_out_of_the_old_one(hark, audiosilo_swappable):
    address = audiosilo_swappable
    sign_in_with_invite(hark, address)
    hark.find("label", "Audiobooks", timeout=15)
    address.use(1)
    hark.click_at(hark.find("list item", "Audiobooks"))
    hark.find("label", banner(address), timeout=15)
    hark.screenshot("different-server-choices")
    hark.resize(360, 720)
    hark.screenshot("different-server-choices-phone")
    hark.resize(960, 720)

    # The newcomer as a server of its own: Connect opens at its sign-in.
    hark.click(visible(hark, "push button", "Other Choices")[0])
    hark.screenshot("different-server-other-choices", with_popovers=True)
    hark.click(hark.find("push button", "Connect to “Someone Else's Server”", timeout=5))
    hark.wait_until(lambda: hark.frame("Connect to a Server") is not None, timeout=10)
    dialog = hark.frame("Connect to a Server")
    hark.find("label", "Someone Else's Server", root=dialog, timeout=15)
    hark.screenshot("different-server-connect", window_id=hark.x_window("Connect to a Server"))
    hark.click(hark.find("push button", "Close", root=dialog))
    hark.wait_until(lambda: hark.frame("Connect to a Server") is None, timeout=10)

    # Or the old one let go: signed out here, and the stranger is sent
    # neither /auth/logout nor the token.
    seen = len([r for r in stranger_saw(address) if r[2] == "present"])
    hark.click(visible(hark, "push button", "Other Choices")[0])
    hark.click(hark.find("push button", "Sign Out of Hark Test Server", timeout=5))
    hark.find("label", "No Audiobooks Yet", timeout=15)
    assert not [r for r in stranger_saw(address) if r[1].endswith("/auth/logout")]
    assert len([r for r in stranger_saw(address) if r[2] == "present"]) == seen, "no token after the choice"
