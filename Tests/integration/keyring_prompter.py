"""Answers GNOME's keyring prompter (gcr-prompter, a GTK 3 dialog) when the
keyring asks for a new keyring's password, as a listener would: the password
typed into its Password and Confirm fields, then Return.

Typing is not sure to arrive as typed on a loaded machine: the X server
repeats a key whose release reaches it late (a key held 1.5 s put 23
characters in the field), and a key typed while the field does not have
the focus is not in it. Either leaves the two fields different and the
prompt up, and Hark, waiting on it, never reaches its library. So nothing
here trusts a fixed pause or a single go. The prompt is read over AT-SPI
(gcr-prompter is on the test display's accessibility bus like Hark): each
field is given the focus and seen to have it before its password is
typed, and seen to hold that many characters afterwards (a password field
shows only bullets, but as many as it holds), else typed again over what
it holds; a prompt still up a generous while after Return is answered
again, a few times at most, and then the failure says what it shows.
"""
import subprocess
import time

import pyatspi

from hark_ui import descendants


def prompter_window(timeout=15):
    """The X window of the prompt (the last visible one of gcr-prompter's
    class: its title varies), or None when none appears within timeout."""
    deadline = time.monotonic() + timeout
    while True:
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--class", "gcr-prompter"],
                               capture_output=True, text=True).stdout.split()
        if found:
            return found[-1]
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.2)


def _prompt_dialog():
    """gcr-prompter's dialog on the accessibility bus, while it shows."""
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop[index]
        if app is not None and app.name == "gcr-prompter":
            shown = descendants(app, lambda a: a.getRoleName() == "dialog"
                                and a.getState().contains(pyatspi.STATE_SHOWING), enter=lambda node: False)
            if shown:
                return shown[0]
    return None


def _password_fields(dialog):
    """(Password, Confirm): the dialog's shown password fields, top to bottom
    (GTK 3 lists a grid's children in reverse, so on-screen order it is)."""
    fields = descendants(dialog, lambda a: a.getRoleName() == "password text"
                         and a.getState().contains(pyatspi.STATE_SHOWING))
    assert len(fields) == 2, f"the keyring prompt shows {len(fields)} password fields, not Password and Confirm"
    return sorted(fields, key=lambda field: field.queryComponent().getExtents(pyatspi.WINDOW_COORDS).y)


def _shown_text(dialog):
    """The prompt's labels as shown (its message, and any warning such as
    "Passwords do not match."), and how many characters each field holds."""
    labels = [a.name for a in descendants(dialog, lambda a: a.getRoleName() == "label")
              if a.name and a.getState().contains(pyatspi.STATE_SHOWING)]
    counts = [field.queryText().characterCount for field in _password_fields(dialog)]
    return f"labels {labels}, fields holding {counts} characters"


class NewKeyringPrompt:
    """The keyring's "Choose password for new keyring" prompt, once shown."""

    def __init__(self, hark, timeout=15):
        self.hark = hark
        self.window = prompter_window(timeout)
        assert self.window, "the keyring did not ask for a new keyring's password"
        self.dialog = None

        def dialog_found():
            self.dialog = _prompt_dialog()
            return self.dialog is not None
        assert hark.wait_until(dialog_found, timeout=timeout, fail=False), \
            "the keyring prompt is on screen but not on the accessibility bus"

    def _type_into(self, field, password, tries=3):
        """Types password into field, replacing what it held; True once the
        field holds as many characters as were typed."""
        for _ in range(tries):
            # Unchecked: the prompt may have gone (an earlier Return taken late);
            # the field then never shows the focus.
            subprocess.run(["xdotool", "windowfocus", "--sync", self.window], capture_output=True)
            field.queryComponent().grabFocus()
            if not self.hark.wait_until(lambda: field.getState().contains(pyatspi.STATE_FOCUSED),
                                        timeout=10, fail=False):
                continue
            subprocess.run(["xdotool", "key", "--clearmodifiers", "ctrl+a"], check=True)
            subprocess.run(["xdotool", "type", "--delay", "40", password], check=True)
            # Done once it holds as many; a key repeated by the X server (its
            # release came late) makes more, a lost key fewer.
            held = []

            def typed():
                held[:] = [field.queryText().characterCount]
                return held[0] >= len(password)
            self.hark.wait_until(typed, timeout=10, fail=False)
            if held == [len(password)]:
                return True
        return False

    def answer(self, password, attempts=3):
        """Gives password in both fields and Continue; returns once the prompt
        has gone, fails saying what it shows if it never goes."""
        for _ in range(attempts):
            try:
                given = all(self._type_into(field, password) for field in _password_fields(self.dialog))
            except Exception:  # noqa: BLE001 (the prompt went while it was read: an earlier Return taken late)
                given = False
            if given:
                subprocess.run(["xdotool", "windowfocus", "--sync", self.window], capture_output=True)
                subprocess.run(["xdotool", "key", "--clearmodifiers", "Return"], check=True)
            # Creating the keyring takes a while on a loaded machine.
            if self.hark.wait_until(lambda: prompter_window(timeout=0) is None, timeout=20, fail=False):
                return
        shown = _shown_text(self.dialog)
        self.hark.screenshot("keyring-new-keyring-prompt-unanswered", window_id=self.window)
        raise AssertionError(f"the keyring prompt is still up after {attempts} tries to give a "
                             f"{len(password)}-character password in both fields; it shows {shown}")
