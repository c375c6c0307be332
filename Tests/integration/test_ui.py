"""UI tests: the real Hark window, driven through AT-SPI under Xvfb.

Each test saves screenshots under results/ui/ for a person to look at.
"""
import configparser

import pyatspi
import pytest

PAGES = [
    ("Library", "No Audiobooks Yet"),
    ("Book", "No Book Selected"),
    ("Player", "Nothing Playing"),
    ("Downloads", "No Downloads"),
]


def assert_only_page_on_screen(hark, page):
    """The page's empty state is on screen and no other page's is."""
    hark.wait_for_page(page)
    titles = dict(PAGES)
    hark.find("label", titles[page])
    for other, title in PAGES:
        if other != page:
            shown = hark.find_shown("label", title)
            assert not shown, f"{title!r} is on screen while {page} is selected"


def test_opens_on_the_library_with_the_mini_player(hark):
    assert_only_page_on_screen(hark, "Library")
    hark.find("panel", "Mini Player")
    hark.find("label", "Not Playing")
    for control in ("Skip Back 15 Seconds", "Play"):
        button = hark.find("push button", control)
        assert not hark.has_state(button, pyatspi.STATE_SENSITIVE), f"{control} works with nothing playing"
    hark.screenshot("library-desktop")


def test_each_page_opens_from_its_switcher_tab(hark):
    for page, _ in reversed(PAGES):
        hark.click(hark.find("page tab", page))
        hark.wait_for_page(page)
        assert_only_page_on_screen(hark, page)
        hark.screenshot(f"{page.lower()}-desktop")


def test_keyboard_alone_reaches_every_page(hark):
    for number, (page, _) in reversed(list(enumerate(PAGES, start=1))):
        hark.key(f"alt+{number}")
        hark.wait_for_page(page)
        assert_only_page_on_screen(hark, page)
    # Ctrl+Page Down / Up step through the pages and wrap around.
    hark.key("ctrl+Page_Up")
    hark.wait_for_page("Downloads")
    hark.key("ctrl+Page_Down", "ctrl+Page_Down")
    hark.wait_for_page("Book")


def test_empty_state_button_leads_to_the_library(hark):
    hark.click(hark.find("page tab", "Player"))
    hark.wait_for_page("Player")
    hark.click(hark.find("push button", "Browse Library"))
    hark.wait_for_page("Library")


def test_mini_player_opens_the_player_page(hark):
    hark.click(hark.find("push button", "Open Player"))
    hark.wait_for_page("Player")
    assert_only_page_on_screen(hark, "Player")
    # The Player page has every control the mini-player has: it steps aside.
    assert not hark.find_shown("panel", "Mini Player"), \
        "the mini-player is still shown on the Player page"
    hark.key("alt+1")
    hark.find("panel", "Mini Player")


def test_phone_width_moves_the_page_switcher_to_the_bottom(hark):
    hark.resize(360, 720)
    _, _, width, _ = hark.extents(hark.frame("Hark"))
    assert width == 360
    for page, _ in PAGES:
        tab = hark.find("page tab", page)
        _, y, _, _ = hark.extents(tab)
        assert y > 500, f"at 360 px the {page} tab should sit in the bottom bar, not at y={y}"
        hark.click(tab)
        hark.wait_for_page(page)
        assert_only_page_on_screen(hark, page)
        hark.screenshot(f"{page.lower()}-phone")
    # Back to a wide window: the switcher returns to the header bar.
    hark.resize(1100, 720)
    _, y, _, _ = hark.extents(hark.find("page tab", "Library"))
    assert y < 60


def test_preferences_change_is_kept_across_restarts(hark):
    hark.key("ctrl+comma")
    hark.wait_until(lambda: hark.frame("Preferences") is not None)
    preferences = hark.frame("Preferences")
    rows = {name: hark.find("spin button", name, root=preferences)
            for name in ("Skip Back", "Skip Forward", "Auto-Rewind", "Default Speed",
                         "Chapter Length for Books Without Chapters")}
    values = {name: spin.queryValue().currentValue for name, spin in rows.items()}
    assert values == {"Skip Back": 15, "Skip Forward": 30, "Auto-Rewind": 5, "Default Speed": 1.0,
                      "Chapter Length for Books Without Chapters": 30}
    hark.screenshot("preferences", window_id=hark.x_window("Preferences"))

    rows["Skip Back"].queryValue().currentValue = 20
    rows["Default Speed"].queryValue().currentValue = 1.25
    hark.wait_until(lambda: rows["Skip Back"].queryValue().currentValue == 20)
    hark.key("Escape", window_id=hark.x_window("Preferences"))
    hark.quit()

    stored = configparser.ConfigParser()
    stored.read(hark.settings_keyfile)
    assert stored["dev/hark/Hark"]["skip-back-seconds"] == "20"
    assert float(stored["dev/hark/Hark"]["default-speed"]) == pytest.approx(1.25)

    hark.restart()
    hark.key("ctrl+comma")
    hark.wait_until(lambda: hark.frame("Preferences") is not None)
    spin = hark.find("spin button", "Skip Back", root=hark.frame("Preferences"))
    assert spin.queryValue().currentValue == 20


def test_window_size_is_restored(hark):
    hark.resize(700, 600)
    hark.quit()
    hark.start()
    _, _, width, height = hark.extents(hark.frame("Hark"))
    assert (width, height) == (700, 600)


def test_shortcuts_and_about_windows(hark):
    hark.key("ctrl+shift+slash")  # Ctrl+? on a US layout
    hark.wait_until(lambda: hark.frame("Keyboard Shortcuts") is not None)
    hark.screenshot("shortcuts", window_id=hark.x_window("Keyboard Shortcuts"))
    hark.key("Escape", window_id=hark.x_window("Keyboard Shortcuts"))
    # The primary menu opens with F10 and holds About.
    hark.key("F10")
    about = hark.find("menu item", "About Hark")
    hark.click(about)
    hark.wait_until(lambda: hark.frame("About Hark") is not None or hark.frame("About") is not None)
