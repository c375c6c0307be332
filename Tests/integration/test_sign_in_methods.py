"""The sign-in methods a server offers, as tabs of the Connect dialog: every
offered method has its tab, the form shown is always the selected tab's,
and a listener can go back and forth between them — also when the server
offers no demo (the repository's server otherwise always does), and in the
Reconnect dialog."""
import pyatspi

from hark_ui import descendants
from test_sign_in import open_dialog, type_into

# The field that tells each method's form apart.
FORM_FIELD = {"Invite Code": "Invite Code", "Password": "Username"}


def tabs(hark, dialog):
    return {t.name: t for t in descendants(dialog, lambda a: a.getRoleName() == "page tab") if hark.on_screen(t)}


def selected_tab(hark, dialog):
    return [name for name, t in tabs(hark, dialog).items() if hark.has_state(t, pyatspi.STATE_SELECTED)]


def form_shown(hark, dialog):
    """The methods whose form field is on screen."""
    return [method for method, field in FORM_FIELD.items()
            if hark.find_shown("text", field, root=dialog)]


def assert_form_matches_tab(hark, dialog, method):
    if not hark.wait_until(lambda: selected_tab(hark, dialog) == [method] and form_shown(hark, dialog) == [method],
                           timeout=10, fail=False):
        raise AssertionError(f"tab {selected_tab(hark, dialog)} selected, form of {form_shown(hark, dialog)} shown")


def test_without_a_demo_both_tabs_stay_and_each_shows_its_form(hark, audiosilo_no_demo):
    dialog = open_dialog(hark)
    type_into(hark, dialog, "Server Address or Link", audiosilo_no_demo.base)
    hark.click(hark.find("push button", "Continue", root=dialog))
    hark.find("page tab", "Invite Code", root=dialog, timeout=10)
    assert sorted(tabs(hark, dialog)) == ["Invite Code", "Password"], list(tabs(hark, dialog))
    assert_form_matches_tab(hark, dialog, "Invite Code")
    hark.screenshot("sign-in-no-demo", window_id=hark.x_window("Connect to a Server"))
    hark.click(tabs(hark, dialog)["Password"])
    assert_form_matches_tab(hark, dialog, "Password")
    hark.click(tabs(hark, dialog)["Invite Code"])
    assert_form_matches_tab(hark, dialog, "Invite Code")
    # Back to the address and on again: still both.
    hark.click(hark.find("push button", "Back", root=dialog))
    hark.click(hark.find("push button", "Continue", root=dialog, timeout=10))
    # (The page slides in: a tab can be found a moment before both are on screen.)
    hark.wait_until(lambda: sorted(tabs(hark, dialog)) == ["Invite Code", "Password"], timeout=10)


def test_a_password_only_server_shows_the_password_form(hark, audiosilo_password_only):
    dialog = open_dialog(hark)
    type_into(hark, dialog, "Server Address or Link", audiosilo_password_only.base)
    hark.click(hark.find("push button", "Continue", root=dialog))
    hark.find("text", "Username", root=dialog, timeout=10)
    # One way in is no choice: no tabs, the password form.
    assert list(tabs(hark, dialog)) == [] and form_shown(hark, dialog) == ["Password"], \
        (list(tabs(hark, dialog)), form_shown(hark, dialog))
    hark.screenshot("sign-in-password-only", window_id=hark.x_window("Connect to a Server"))


def test_reconnect_shows_the_form_of_the_tab_it_selects(hark, audiosilo_no_demo, keyring):
    dialog = open_dialog(hark)
    type_into(hark, dialog, "Server Address or Link", audiosilo_no_demo.base)
    hark.click(hark.find("push button", "Continue", root=dialog))
    hark.find("page tab", "Password", root=dialog, timeout=10)
    hark.click(tabs(hark, dialog)["Password"])
    type_into(hark, dialog, "Username", "listener")
    type_into(hark, dialog, "Password", "correct horse")
    hark.click(hark.find_shown("push button", "Sign In", root=dialog)[0])
    hark.find("label", "Audiobooks", timeout=15)
    audiosilo_no_demo.call("POST", "/revoke-all-tokens")
    hark.restart()
    hark.find("label", "You were signed out of Hark Test Server.", timeout=15)
    hark.click(hark.find_shown("push button", "Reconnect")[0])
    hark.wait_until(lambda: hark.frame("Connect to a Server") is not None)
    dialog = hark.frame("Connect to a Server")
    if not hark.wait_until(lambda: selected_tab(hark, dialog), timeout=10, fail=False):
        hark.screenshot("reconnect-dialog-no-tab", window_id=hark.x_window("Connect to a Server"))
        raise AssertionError(f"no selected tab; tabs {list(tabs(hark, dialog))}, forms {form_shown(hark, dialog)}")
    assert_form_matches_tab(hark, dialog, selected_tab(hark, dialog)[0])
    hark.screenshot("reconnect-dialog", window_id=hark.x_window("Connect to a Server"))
    for method in sorted(tabs(hark, dialog)):
        hark.click(tabs(hark, dialog)[method])
        assert_form_matches_tab(hark, dialog, method)
