"""An API call answered with a redirect to another origin: Hark does not
follow it and does not take it for a sign-out; the page says why it could
not load, and the next answer from the server works as before."""
from test_no_keyring import visible
from test_sign_in import sign_in_with_invite

MESSAGE = "The server sent Hark to another address, which an AudioSilo server never does. Check the server's address."


def test_a_redirect_on_an_api_route_is_not_followed_and_signs_nobody_out(hark, audiosilo, audiosilo_no_demo):
    elsewhere = audiosilo_no_demo  # another origin, which knows no session of ours
    sign_in_with_invite(hark, audiosilo)
    hark.find("label", "Audiobooks", timeout=15)
    before = len(elsewhere.call("GET", "/requests")["requests"])
    audiosilo.call("POST", "/faults", {
        "path_prefix": "/api/v1/libraries/1/fs", "status": 302, "count": 1, "body": "",
        "headers": {"Location": f"{elsewhere.base}/api/v1/libraries/1/fs"}})

    hark.click_at(hark.find("list item", "Audiobooks"))
    hark.find("label", MESSAGE, timeout=15)
    hark.screenshot("redirect-not-followed")
    assert not visible(hark, "push button", "Reconnect"), "a redirect is not a signed-out session"
    assert len(elsewhere.call("GET", "/requests")["requests"]) == before, "nothing was sent to the other origin"

    hark.click(visible(hark, "push button", "Try Again")[0])
    hark.find("list item", "Theodore Quill", timeout=15)
