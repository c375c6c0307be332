"""Hark without a Secret Service: it says so, keeps the sign-in for this
run only, and keeps it in a file only the listener can read once they opt
in through Preferences (and removes the file when they opt out)."""
import os
import stat

import pytest

from test_sign_in import open_servers_preferences, sign_in_with_invite

WARNING = ("No keyring is running, so you will have to sign in again next time you open Hark. "
           "Preferences can keep you signed in.")


def visible(hark, role, name, root=None):
    return hark.find_shown(role, name, root=root)


@pytest.mark.long
def test_without_a_keyring_sign_ins_last_one_run_unless_kept_in_a_private_file(hark_without_keyring, audiosilo):
    hark = hark_without_keyring
    secrets = os.path.join(hark.env["XDG_DATA_HOME"], "hark", "secrets.json")
    sign_in_with_invite(hark, audiosilo)
    hark.find("label", "Audiobooks", timeout=15)
    hark.find("label", WARNING, timeout=10)
    hark.screenshot("no-keyring-banner")

    # Memory only: the next run has the server but not the sign-in.
    hark.restart()
    hark.find("label", "You were signed out of Hark Test Server.", timeout=15)
    assert not os.path.exists(secrets)
    hark.click(visible(hark, "push button", "Reconnect")[0])
    dialog = hark.frame("Connect to a Server")
    hark.click(hark.find("page tab", "Password", root=dialog, timeout=10))
    for field, text in (("Username", "listener"), ("Password", "correct horse")):
        hark.find("text", field, root=dialog).queryEditableText().setTextContents(text)
    hark.click(visible(hark, "push button", "Sign In", root=dialog)[0])
    hark.find("label", WARNING, timeout=15)

    # Opting in moves the sign-in into a private file...
    preferences = open_servers_preferences(hark)
    hark.find("label", "No keyring is available, so Hark will forget your sign-in when it closes.", root=preferences)
    # GTK 4.8 exposes a GtkSwitch as a check box.
    hark.click(hark.find("check box", "Keep Me Signed In", root=preferences))
    hark.wait_until(lambda: os.path.exists(secrets), timeout=10)
    assert stat.S_IMODE(os.stat(secrets).st_mode) == 0o600
    token = [s for s in audiosilo.call("GET", "/state")["sessions"] if s["kind"] == "session"][-1]["token"]
    with open(secrets) as file:
        assert token in file.read()
    hark.find("label", "No keyring is available, so Hark keeps your sign-in in a file only you can read.",
              root=preferences)
    hark.screenshot("preferences-no-keyring", window_id=hark.x_window("Preferences"))
    hark.key("Escape", window_id=hark.x_window("Preferences"))
    hark.wait_until(lambda: not visible(hark, "label", WARNING), timeout=5)

    # ...so the next run signs straight back in.
    hark.restart()
    hark.find("label", "Audiobooks", timeout=15)
    assert not visible(hark, "push button", "Reconnect")
    assert not visible(hark, "label", WARNING)

    # Opting out takes the sign-in back into memory and leaves no file.
    preferences = open_servers_preferences(hark)
    hark.click(hark.find("check box", "Keep Me Signed In", root=preferences))
    hark.wait_until(lambda: not os.path.exists(secrets), timeout=10)
    hark.key("Escape", window_id=hark.x_window("Preferences"))
    hark.find("label", WARNING, timeout=5)
    assert token not in "\n".join(hark.logs)
