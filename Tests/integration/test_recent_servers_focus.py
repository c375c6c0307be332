"""Add Server › Recent Servers changes under the listener's keyboard focus
and the focus stays on the Connect button it was on.

The list changes when a server signed out of joins it, or when the places
kept for one are counted (moments after start, too soon to be caught from
here). What the test can time is a sign-out finishing while Add Server is
open: the server is held (SIGSTOP) so its answer to the sign-out comes only
once the focus is on another server's Connect."""
import json
import os
import signal

import pyatspi
import pytest

from conftest import _run_hark
from test_browse import focused
from test_sign_in import open_servers_preferences, sign_in_with_invite

# Signed out of before this run: kept in Hark's list, never contacted here.
OLD = {"serverID": "old-shelf-1", "name": "Old Shelf", "baseURL": "http://127.0.0.1:9/"}


@pytest.fixture
def hark_remembering(accessibility_bus, keyring, tmp_path):
    """Hark whose Recent Servers already holds OLD when it starts."""
    data = tmp_path / "data" / "hark"
    data.mkdir(parents=True)
    (data / "remembered-servers.json").write_text(json.dumps([OLD]))
    yield from _run_hark(tmp_path)


def focused_name(hark):
    found = focused(hark)
    return found.name if found is not None else None


def test_recent_servers_keep_the_focus_when_a_server_joins(hark_remembering, audiosilo):
    hark = hark_remembering
    sign_in_with_invite(hark, audiosilo)
    hark.find("label", "Audiobooks", timeout=15)
    preferences = open_servers_preferences(hark)
    sign_out = hark.find("push button", "Sign Out of Hark Test Server", root=preferences, timeout=10)

    # The server says nothing until let go: the sign-out waits for it while
    # the listener opens Add Server and tabs onto Old Shelf's Connect.
    os.kill(audiosilo.pid, signal.SIGSTOP)
    try:
        hark.click(sign_out)
        hark.click(hark.find("push button", "Connect to a Server", root=preferences))
        hark.wait_until(lambda: hark.frame("Connect to a Server") is not None, timeout=10)
        dialog = hark.frame("Connect to a Server")
        window = hark.x_window("Connect to a Server")
        connect = hark.find("push button", "Connect to Old Shelf", root=dialog, timeout=10)
        for _ in range(8):
            if hark.has_state(connect, pyatspi.STATE_FOCUSED):
                break
            hark.key("Tab", window_id=window)
        assert hark.has_state(connect, pyatspi.STATE_FOCUSED), f"Tab reached {focused_name(hark)!r}"
        assert not hark.find_all("push button", "Connect to Hark Test Server", root=dialog), \
            "the sign-out finished before the focus was on Old Shelf: nothing was tested"
    finally:
        os.kill(audiosilo.pid, signal.SIGCONT)

    # Signed out: the server joins Recent Servers, above Old Shelf.
    hark.find("push button", "Connect to Hark Test Server", root=dialog, timeout=20)
    # (By name: a row put back is a new object on the accessibility bus.)
    assert hark.wait_until(lambda: focused_name(hark) == "Connect to Old Shelf", timeout=5, fail=False), \
        f"the focus moved to {focused_name(hark)!r}"
    hark.screenshot("recent-servers-focus-kept", window_id=window)
