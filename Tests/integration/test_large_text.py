"""Large text (issue 22, item 11): at the text scale GNOME's Accessibility
settings set for "Large Text" and beyond (2.0 here, through GTK's own
Xft DPI setting), the page names stay whole and the Player's controls stay
on screen in a default-size window."""
import subprocess
import time

import pytest

from hark_ui import sized_descendants
from test_player import player_button, sleep_button, start_playing
from test_sign_in import sign_in_with_invite


@pytest.fixture
def hark_large_text(accessibility_bus, keyring, tmp_path):
    from conftest import _run_hark
    # GTK on X11 takes the DPI from the X resources (Xft.dpi), as a
    # settings daemon sets them; 2 × 96 is a text scale of 2.0.
    subprocess.run(["xprop", "-root", "-f", "RESOURCE_MANAGER", "8s", "-set", "RESOURCE_MANAGER", "Xft.dpi:\t192\n"],
                   check=True)
    try:
        yield from _run_hark(tmp_path)
    finally:
        subprocess.run(["xprop", "-root", "-remove", "RESOURCE_MANAGER"], check=True)


def open_orchard_by_search(hark):
    """Through search: with large text the shelves push the library's
    folders below the fold, and the first result is at the top."""
    from test_browse import open_row
    hark.wait_until(lambda: hark.find_all("list item", "Audiobooks"), timeout=15)
    hark.key("ctrl+f")
    hark.find("entry", "Search", timeout=5).queryEditableText().setTextContents("clockwork")
    open_row(hark, "Search results", "A Clockwork Orchard")
    hark.find("label", "A Clockwork Orchard", timeout=15)


def label_widths(hark):
    """The widths of the page names shown in the view switcher."""
    names = ("Library", "Book", "Player", "Downloads")
    return {a.name: hark.extents(a)[2] for a in sized_descendants(
        hark.app, lambda a: a.getRoleName() == "label" and a.name in names) if hark.on_screen(a)}


@pytest.mark.long
def test_large_text_keeps_names_whole_and_the_players_controls_on_screen(hark_large_text, audiosilo):
    hark = hark_large_text
    sign_in_with_invite(hark, audiosilo)
    start_playing(hark, audiosilo, open_book=open_orchard_by_search)
    hark.screenshot("large-text-player")
    # The Player's controls are on screen in the default-size window.
    _, _, _, window_height = hark.extents(hark.frame("Hark"))
    for button in (player_button(hark, "Playback Speed 1×"), player_button(hark, "Add Bookmark Here"),
                   sleep_button(hark)):
        _, y, _, height = hark.extents(button)
        assert y + height <= window_height, f"{button.name} is below the fold ({y + height} > {window_height})"
    hark.key("alt+1")
    hark.screenshot("large-text-library")
    # The page names: the header's switcher has room for whole names; the
    # bottom bar at the narrowest width must give them as much.
    whole = label_widths(hark)
    # As narrow as it goes: large text makes the narrowest window wider
    # than a phone's 360 px, as in every GTK app.
    subprocess.run(["xdotool", "windowsize", "--sync", str(hark.window_id), "360", "720"], check=True)
    time.sleep(1)
    hark.screenshot("large-text-library-phone")
    narrow = label_widths(hark)
    assert set(narrow) == set(whole) and all(narrow[n] >= whole[n] - 1 for n in whole), (whole, narrow)
    hark.key("alt+3")
    hark.screenshot("large-text-player-phone")
