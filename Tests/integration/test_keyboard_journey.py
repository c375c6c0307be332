"""The whole ordinary journey by key presses alone (issue 22): connect and
sign in with an invite code against a server without a demo, browse to a
book, play it, change chapter, skip, change speed, add a bookmark, open
Preferences, the shortcuts and the menu, search, go back and quit. No
clicks and no AT-SPI actions: AT-SPI only reads where focus is and what is
on screen (GTK 4.8 exports neither an entry row's text nor its focus, so
typing is judged by what it makes happen)."""
import subprocess
import time

import pytest

from test_browse import focused, list_items
from hark_ui import sized_descendants
from test_player import chapter_number, player_button
from test_player_keys import speed_shown
from test_sign_in import INVITE

TITLE = "Connect to a Server"


def focus_name(hark):
    found = focused(hark)
    return (found.getRoleName(), found.name) if found is not None else None


def tab_to(hark, role, name_start, limit=25):
    """Presses Tab until a control of `role` whose name starts with
    `name_start` has the keyboard."""
    for _ in range(limit):
        now = focus_name(hark)
        if now and now[0] == role and (now[1] or "").startswith(name_start):
            return
        hark.key("Tab")
    raise AssertionError(f"Tab never reached {role} {name_start!r} (last: {focus_name(hark)})")


def down_to(hark, name_start, limit=20):
    for _ in range(limit):
        now = focus_name(hark)
        if now and (now[1] or "").startswith(name_start):
            return
        hark.key("Down")
    raise AssertionError(f"Down never reached {name_start!r} (last: {focus_name(hark)})")


def type_text(hark, window, text):
    subprocess.run(["xdotool", "windowfocus", "--sync", str(window)], check=True)
    subprocess.run(["xdotool", "type", "--delay", "15", text], check=True)
    time.sleep(0.2)


@pytest.mark.long
def test_the_whole_journey_by_keys_alone(hark, audiosilo_no_demo):
    server = audiosilo_no_demo
    # Connect: the welcome's main action, then the dialog by typing.
    tab_to(hark, "push button", "Connect to a Server")
    hark.key("Return")
    hark.wait_until(lambda: hark.shows_window(TITLE), timeout=10)
    dialog = hark.x_window(TITLE)
    type_text(hark, dialog, server.base)
    hark.key("Return", window_id=dialog)
    hark.find("page tab", "Invite Code", root=hark.frame(TITLE), timeout=10)
    time.sleep(0.5)
    type_text(hark, dialog, INVITE)
    hark.key("Return", window_id=dialog)
    hark.wait_until(lambda: not hark.shows_window(TITLE), timeout=15)

    # Browse: the library, a folder (focus on its first row), a book (on Play).
    hark.find("list item", "Audiobooks", timeout=15)
    tab_to(hark, "list item", "Audiobooks")
    hark.key("Return")
    hark.wait_until(lambda: (focus_name(hark) or ("", ""))[0] == "list item", timeout=10)
    down_to(hark, "Theodore Quill")
    hark.key("Return")
    hark.wait_until(lambda: (focus_name(hark) or ("", ""))[1].startswith("A Clockwork Orchard"), timeout=10)
    hark.key("Return")
    hark.wait_for_page("Book")
    hark.wait_until(lambda: (focus_name(hark) or ("", ""))[1] in ("Play", "Resume"), timeout=10)

    # Play, then the Player's keys.
    hark.key("Return")
    hark.key("alt+3")
    hark.wait_for_page("Player")
    player_button(hark, "Pause", timeout=20)
    hark.key("ctrl+Right")
    hark.wait_until(lambda: chapter_number(hark) == 2, timeout=10)
    hark.key("space")
    player_button(hark, "Play")
    hark.key("plus")
    hark.wait_until(lambda: speed_shown(hark, "1.05×"), timeout=5)
    hark.key("ctrl+b")
    # Where the pause caught chapter 2 (from 0:18; later on a loaded machine).
    def toasts():
        return [a.name for a in sized_descendants(hark.app, lambda a: a.getRoleName() == "label"
                                                  and (a.name or "").startswith("Bookmark added at "))]
    if not hark.wait_until(lambda: toasts(), timeout=5, fail=False):
        hark.screenshot("keyboard-journey-no-toast")
        raise AssertionError("no 'Bookmark added' toast after Ctrl+B")
    assert toasts()[0].startswith("Bookmark added at 0:"), toasts()

    # Preferences, the shortcuts and the menu open and close by keys.
    hark.key("ctrl+comma")
    hark.wait_until(lambda: hark.shows_window("Preferences"), timeout=10)
    hark.key("Escape", window_id=hark.x_window("Preferences"))
    hark.wait_until(lambda: not hark.shows_window("Preferences"), timeout=5)
    hark.key("ctrl+question")
    hark.wait_until(lambda: hark.shows_window("Keyboard Shortcuts"), timeout=10)
    hark.key("Escape", window_id=hark.x_window("Keyboard Shortcuts"))
    hark.wait_until(lambda: not hark.shows_window("Keyboard Shortcuts"), timeout=5)
    hark.key("F10")

    def menu_items():
        return [a.name for a in sized_descendants(hark.app, lambda a: a.getRoleName() == "menu item")
                if hark.on_screen(a)]
    if not hark.wait_until(lambda: "Preferences" in menu_items(), timeout=5, fail=False):
        raise AssertionError(f"F10 opened no menu: {menu_items()}")
    hark.key("Escape")
    hark.wait_until(lambda: not menu_items(), timeout=5)

    # Search by typing, open a result, and back.
    hark.key("ctrl+f")
    subprocess.run(["xdotool", "type", "--delay", "15", "tide"], check=True)
    hark.wait_until(lambda: any(n.startswith("The Last Tide") for n in list_items(hark, "Search results")),
                    timeout=15)
    hark.key("Down")
    down_to(hark, "The Last Tide")
    hark.key("Return")
    hark.wait_for_page("Book")
    hark.find("label", "The Last Tide", timeout=15)
    hark.key("alt+Left")
    hark.wait_until(lambda: any(n.startswith("The Last Tide") for n in list_items(hark, "Search results")),
                    timeout=10)
    hark.screenshot("keyboard-journey")

    # Quit: the place is saved on the way out.
    hark.key("ctrl+q")
    assert hark.process.wait(timeout=15) == 0
