"""Search by keys alone: Ctrl+F puts the keyboard in the search entry, and
Ctrl+F again, while search is open, takes it back there from wherever it
went (what is typed lands in the entry)."""
import subprocess
import time

from hark_ui import sized_descendants
from test_sign_in import sign_in_with_invite


def search_text(hark):
    entries = [a for a in sized_descendants(hark.app, lambda a: a.name == "Search" and a.getRoleName() != "push button")
               if hark.on_screen(a)]
    for entry in entries:
        try:
            text = entry.queryText()
            return text.getText(0, text.characterCount)
        except NotImplementedError:
            continue
    return None


def type_keys(hark, text):
    subprocess.run(["xdotool", "windowfocus", "--sync", str(hark.window_id)], check=True)
    subprocess.run(["xdotool", "type", "--delay", "40", text], check=True)


def test_ctrl_f_takes_the_keyboard_back_to_the_open_search(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    hark.find("label", "Audiobooks", timeout=15)
    hark.key("ctrl+f")
    type_keys(hark, "salt")
    hark.wait_until(lambda: search_text(hark) == "salt", timeout=5)

    hark.key("Tab", "Tab")  # away from the entry
    type_keys(hark, "x")
    time.sleep(0.5)
    assert search_text(hark) == "salt", "the keyboard left the entry"
    hark.key("ctrl+f")
    hark.key("ctrl+a")
    type_keys(hark, "clockwork")
    hark.wait_until(lambda: search_text(hark) == "clockwork", timeout=5)
