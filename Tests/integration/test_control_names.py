"""Every focusable control on Hark's main pages has a name a screen reader
can say: not empty, not a GTK class name ("GtkImage", "GtkToggleButton"),
not a bare mnemonic ("_1") or a bare number or value ("1×"); and no slider
says its value as a bare number."""
import re

import pyatspi
import pytest

from hark_ui import sized_descendants
from test_player import read, start_playing
from test_search_keys import search_text
from test_sign_in import sign_in_with_invite

MEANINGLESS = re.compile(r"^(|Gtk\w*|Adw\w*|_\w|[\d.,:]+\s*×?|[\d.,:]+ ?[a-z]{0,3})$")
ROLES = {"push button", "toggle button", "check box", "radio button", "menu item", "combo box", "slider",
         "spin button", "page tab", "link", "text", "list item"}


def unnamed_controls(hark):
    def unnamed(a):
        # A row GTK recycles mid-walk is gone ("the application no longer
        # exists" for that one object): it is no longer on screen either.
        try:
            if not (a.getRoleName() in ROLES and hark.has_state(a, pyatspi.STATE_FOCUSABLE) and hark.on_screen(a)):
                return False
            if MEANINGLESS.match((a.name or "").strip()) is not None:
                return True
            # A slider's value must be words ("0:13 of 30:00"), not the bare
            # seconds: GTK 4.8 does not export the value text, so Hark puts
            # the same words in the description, which it does export.
            return a.getRoleName() == "slider" and re.fullmatch(r"[\d.,:\s]*", a.description or "") is not None
        except Exception:  # noqa: BLE001
            return False
    return sorted({f"{a.getRoleName()} {a.name!r}" for a in sized_descendants(hark.app, unnamed)})


@pytest.mark.long
def test_focusable_controls_have_meaningful_names(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    hark.find("list item", "Audiobooks", timeout=15)
    found = {"Library overview": read(hark, unnamed_controls)}
    hark.click_at(hark.find("list item", "Audiobooks"))
    hark.find("list", "Folder contents", timeout=15)
    found["a folder"] = read(hark, unnamed_controls)
    hark.key("ctrl+f")
    hark.wait_until(lambda: search_text(hark) is not None, timeout=5)
    found["search"] = read(hark, unnamed_controls)
    hark.key("Escape")  # closes search
    hark.key("alt+Left")  # the library's root: back to the overview
    start_playing(hark, audiosilo)
    found["Player"] = read(hark, unnamed_controls)
    hark.key("alt+2")
    hark.wait_for_page("Book")
    found["Book page"] = read(hark, unnamed_controls)
    hark.key("alt+4")
    hark.wait_for_page("Downloads")
    found["Downloads"] = read(hark, unnamed_controls)
    hark.key("ctrl+comma")
    hark.wait_until(lambda: hark.frame("Preferences") is not None)
    preferences = hark.frame("Preferences")
    for tab in ("Playback", "Downloads", "Servers"):
        hark.click(hark.find("page tab", tab, root=preferences))
        found[f"Preferences, {tab}"] = read(hark, unnamed_controls)
    hark.key("Escape", window_id=hark.x_window("Preferences"))
    hark.key("ctrl+question")
    hark.wait_until(lambda: hark.frame("Keyboard Shortcuts") is not None, timeout=10)
    found["Keyboard Shortcuts"] = read(hark, unnamed_controls)
    bad = {page: names for page, names in found.items() if names}
    assert not bad, f"focusable controls without a meaningful name: {bad}"
