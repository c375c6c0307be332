"""The Connect dialog from the keyboard (issue 22, items 2 and 7): Escape
and Ctrl+W close it, as every dialog closes; typing goes where the step is
(the address when it opens, the invite code after Continue), so a
listener signs in with keys alone.

GTK 4.8 does not export an AdwEntryRow's text or focus over AT-SPI, so
the test judges by what the keys make happen: the dialog closing, the
next step showing, the server taking the sign-in."""
import subprocess
import time

import pytest

from test_sign_in import INVITE, open_dialog

TITLE = "Connect to a Server"


def dialog_shown(hark):
    return bool(subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", str(hark.process.pid),
                                "--name", f"^{TITLE}$"], capture_output=True, text=True).stdout.split())


def type_text(window, text):
    subprocess.run(["xdotool", "windowfocus", "--sync", str(window)], check=True)
    subprocess.run(["xdotool", "type", "--delay", "15", text], check=True)
    time.sleep(0.2)


@pytest.mark.long
def test_escape_closes_and_typing_goes_where_the_step_is(hark, audiosilo):
    for close in ("Escape", "ctrl+w"):
        open_dialog(hark)
        hark.wait_until(lambda: dialog_shown(hark), timeout=5)
        hark.key(close, window_id=hark.x_window(TITLE))
        if not hark.wait_until(lambda: not dialog_shown(hark), timeout=5, fail=False):
            raise AssertionError(f"{close} did not close the dialog")
        assert hark.process.poll() is None

    dialog = open_dialog(hark)
    window = hark.x_window(TITLE)
    hark.wait_until(lambda: dialog_shown(hark), timeout=5)
    type_text(window, audiosilo.base)
    hark.key("Return", window_id=window)
    hark.find("page tab", "Invite Code", root=dialog, timeout=10)
    time.sleep(0.5)  # the page slides in
    type_text(window, INVITE)
    hark.screenshot("connect-dialog-code-typed", window_id=window)
    hark.key("Return", window_id=window)
    hark.wait_until(lambda: audiosilo.call("GET", "/state")["sessions"], timeout=15)
    hark.wait_until(lambda: not dialog_shown(hark), timeout=10)
    hark.find("list item", "Audiobooks", timeout=15)
