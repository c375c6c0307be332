"""A screen reader asking Hark's application object for its windows never
crashes Hark. GTK 4.8 answers `GetChildAtIndex` on the application with the
last window it knows when the index is past the shown ones, and a hidden
window has no object path there: GLib's "NULL object path" warning, then
SIGSEGV. An assistive tool hits that when it counts the windows as a dialog
closes and then asks for the last one (how the UI tests crashed Hark right
after sign-in). So Hark keeps no hidden window alive: dialogs are built when
they open and destroyed when they close."""
from test_sign_in import open_dialog


def ask_past_the_shown_windows(hark):
    """What a walk that counted one window too many asks next."""
    app = hark.app
    count = app.childCount
    try:
        app.getChildAtIndex(count)
    except Exception:  # noqa: BLE001 (an error answer is fine; a crash is not)
        pass
    hark.wait_until(lambda: hark.process.poll() is None and app.childCount >= 1, timeout=2)
    assert hark.process.poll() is None, f"Hark died when asked for window {count}:\n{hark.stop()}"


def test_asking_for_a_window_past_the_shown_ones_keeps_hark_running(hark):
    ask_past_the_shown_windows(hark)
    # The Connect dialog, opened and closed.
    open_dialog(hark)
    hark.key("Escape", window_id=hark.x_window("Connect to a Server"))
    hark.wait_until(lambda: not hark.shows_window("Connect to a Server"), timeout=5)
    ask_past_the_shown_windows(hark)
    # Preferences, opened and closed.
    hark.key("ctrl+comma")
    hark.wait_until(lambda: hark.shows_window("Preferences"), timeout=5)
    hark.key("Escape", window_id=hark.x_window("Preferences"))
    hark.wait_until(lambda: not hark.shows_window("Preferences"), timeout=5)
    ask_past_the_shown_windows(hark)
    # Keyboard Shortcuts, opened and closed.
    hark.key("ctrl+question")
    hark.wait_until(lambda: hark.shows_window("Keyboard Shortcuts"), timeout=5)
    hark.key("Escape", window_id=hark.x_window("Keyboard Shortcuts"))
    hark.wait_until(lambda: not hark.shows_window("Keyboard Shortcuts"), timeout=5)
    ask_past_the_shown_windows(hark)


def test_quitting_with_preferences_open_is_clean(hark):
    """Preferences is let go as it closes, so quitting with it open leaves
    nothing for GTK to tear down after the main window."""
    hark.key("ctrl+comma")
    hark.wait_until(lambda: hark.shows_window("Preferences"), timeout=5)
    # The fixture's teardown quits Hark and fails on any GLib warning.
