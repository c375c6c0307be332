"""The Connect dialog from the keyboard (issue 22, item 2): Escape and
Ctrl+W close it, as every dialog closes. Judged by the window going:
GTK 4.8 exports no focus or text of the dialog's entry rows."""
from test_control_names import unnamed_controls
from test_player import read
from test_sign_in import open_dialog, type_into

TITLE = "Connect to a Server"


def test_escape_and_ctrl_w_close_the_dialog(hark):
    for close in ("Escape", "ctrl+w"):
        open_dialog(hark)
        hark.wait_until(lambda: hark.shows_window(TITLE), timeout=5)
        hark.key(close, window_id=hark.x_window(TITLE))
        if not hark.wait_until(lambda: not hark.shows_window(TITLE), timeout=5, fail=False):
            raise AssertionError(f"{close} did not close the dialog")
        assert hark.process.poll() is None
    # Typing into the address and, after Continue, the invite code is in
    # test_keyboard_journey.py, which signs in by keys alone.


def test_the_connect_dialogs_controls_are_named_on_every_step(hark, audiosilo):
    dialog = open_dialog(hark)
    found = {"address": read(hark, unnamed_controls)}
    type_into(hark, dialog, "Server Address or Link", audiosilo.base)
    hark.click(hark.find("push button", "Continue", root=dialog))
    # Each tab, walked once its page is on screen.
    for tab, shown in (("Invite Code", ("text", "Invite Code")), ("Password", ("text", "Username")),
                       ("Demo", ("push button", "Try the Demo"))):
        hark.click(hark.find("page tab", tab, root=dialog, timeout=10))
        hark.find(*shown, root=dialog, timeout=5)
        found[tab] = read(hark, unnamed_controls)
    bad = {step: names for step, names in found.items() if names}
    assert not bad, f"focusable controls without a meaningful name: {bad}"
