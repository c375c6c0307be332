"""Signing in to an AudioSilo server through the real window, against the
repository's test server, with a real keyring in the test session."""
import os
import subprocess

from hark_ui import descendants

INVITE = "9M4K-P2TQ-WX7V-3RHD"


def open_dialog(hark):
    hark.click(hark.find("push button", "Connect to a Server"))
    hark.wait_until(lambda: hark.frame("Connect to a Server") is not None)
    return hark.frame("Connect to a Server")


def type_into(hark, dialog, field, text):
    entry = hark.find("text", field, root=dialog)
    entry.queryEditableText().setTextContents(text)


def sign_in_with_invite(hark, audiosilo, code=INVITE, screenshots=False):
    dialog = open_dialog(hark)
    type_into(hark, dialog, "Server Address or Link", audiosilo.base)
    if screenshots:
        hark.screenshot("sign-in-address", window_id=hark.x_window("Connect to a Server"))
    hark.click(hark.find("push button", "Continue", root=dialog))
    hark.find("page tab", "Invite Code", root=dialog, timeout=10)
    type_into(hark, dialog, "Invite Code", code)
    if screenshots:
        hark.screenshot("sign-in-methods", window_id=hark.x_window("Connect to a Server"))
    hark.click(hark.find("push button", "Sign In", root=dialog))
    return dialog



def open_servers_preferences(hark):
    """Opens Preferences on its Servers page; returns its window."""
    hark.key("ctrl+comma")
    hark.wait_until(lambda: hark.frame("Preferences") is not None)
    preferences = hark.frame("Preferences")
    hark.click(hark.find("page tab", "Servers", root=preferences))
    return preferences

def test_invite_code_sign_in_shows_the_servers_libraries(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo, screenshots=True)
    # The dialog closes and the Library page lists the server's libraries.
    hark.find("label", "Hark Test Server", timeout=15)
    hark.find("label", "Audiobooks", timeout=10)
    assert not any(hark.on_screen(a) for a in hark.find_all("label", "No Audiobooks Yet"))
    hark.screenshot("library-signed-in")
    hark.resize(360, 720)
    hark.screenshot("library-signed-in-phone")

    sessions = audiosilo.call("GET", "/state")["sessions"]
    assert len(sessions) == 1 and sessions[0]["username"] == "listener"
    assert sessions[0]["device_name"].startswith("Hark on ")


def test_the_token_lives_only_in_the_keyring(hark, audiosilo, keyring):
    sign_in_with_invite(hark, audiosilo)
    hark.find("label", "Audiobooks", timeout=15)
    token = audiosilo.call("GET", "/state")["sessions"][0]["token"]
    # Settle: let any pending writes land before looking.
    hark.quit()
    places = [p for p in (hark.env["XDG_DATA_HOME"], hark.env["XDG_CONFIG_HOME"], hark.env["XDG_CACHE_HOME"])
              if os.path.isdir(p)]
    # Positive control: Hark did write here, and the same grep finds what it wrote.
    servers = os.path.join(hark.env["XDG_DATA_HOME"], "hark", "servers.json")
    assert os.path.exists(servers)
    assert subprocess.run(["grep", "-rl", "--", "listener"] + places, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL).stdout.strip() != ""
    leaks = subprocess.run(["grep", "-rl", "--", token] + places, stdin=subprocess.DEVNULL,
                           capture_output=True, text=True).stdout
    assert leaks == "", f"the session token was written to {leaks}"
    assert token not in "\n".join(hark.logs), "the session token appeared in Hark's output"
    # The request log shows every call carried the header, none a ?token=.
    requests = audiosilo.call("GET", "/requests")["requests"]
    assert all("token=" not in (r["raw_path"] or "") for r in requests)
    assert any(r["path"] == "/api/v1/libraries" and r["headers"]["Authorization"] == "present" for r in requests)
    # The keyring holds it: a restart signs straight back in without asking.
    hark.start()
    hark.find("label", "Audiobooks", timeout=15)
    assert not hark.find_shown("push button", "Reconnect")


def test_a_wrong_invite_code_shows_the_servers_words(hark, audiosilo):
    dialog = sign_in_with_invite(hark, audiosilo, code="AAAA-BBBB-CCCC-DDDD")
    # The server's own message, shown inline once it has answered.
    if not hark.wait_until(lambda: hark.find_all("label", "invalid or expired code", root=dialog), timeout=10,
                           fail=False):
        labels = [a.name for a in descendants(dialog, lambda a: a.getRoleName() == "label")
                  if hark.on_screen(a)]
        raise AssertionError(f"no error from the server shown; visible labels: {labels}")
    hark.find("label", "invalid or expired code", root=dialog)
    hark.screenshot("sign-in-error", window_id=hark.x_window("Connect to a Server"))


def test_an_address_that_is_not_a_server_says_so(hark):
    dialog = open_dialog(hark)
    type_into(hark, dialog, "Server Address or Link", "not a valid host")
    hark.click(hark.find("push button", "Continue", root=dialog))
    hark.find("label", "“not a valid host” is not a server address Hark can use. Try one like books.example.com.",
              root=dialog)


def test_revoked_session_shows_a_reconnect_banner(hark, audiosilo, keyring):
    sign_in_with_invite(hark, audiosilo)
    hark.find("label", "Audiobooks", timeout=15)
    audiosilo.call("POST", "/revoke-all-tokens")
    hark.restart()  # loads the libraries again with the revoked token -> 401
    hark.find("label", "You were signed out of Hark Test Server.", timeout=15)
    hark.screenshot("reconnect-banner")
    reconnect = hark.find_shown("push button", "Reconnect")[0]
    hark.click(reconnect)
    dialog = hark.frame("Connect to a Server")
    hark.find("page tab", "Password", root=dialog, timeout=10)
    hark.click(hark.find("page tab", "Password", root=dialog))
    type_into(hark, dialog, "Username", "listener")
    type_into(hark, dialog, "Password", "correct horse")
    signs = hark.find_shown("push button", "Sign In", root=dialog)
    hark.click(signs[0])
    hark.wait_until(lambda: not [a for a in hark.find_all("label", "You were signed out of Hark Test Server.")
                                 if hark.on_screen(a)], timeout=15)
    hark.find("label", "Audiobooks", timeout=10)


def test_sign_out_in_preferences_revokes_the_session(hark, audiosilo, keyring):
    from test_book_page import open_orchard  # it imports this file
    sign_in_with_invite(hark, audiosilo)
    hark.find("label", "Audiobooks", timeout=15)
    # A place the server refuses (the book marked finished), still unsent
    # at the sign-out: kept on this computer, and Preferences says so.
    audiosilo.call("POST", "/faults", {"path_prefix": "/api/v1/libraries/1/progress", "method": "PUT", "status": 500})
    open_orchard(hark)
    hark.click(hark.find("push button", "Mark as Finished", timeout=10))
    hark.find("push button", "Mark as Unfinished", timeout=10)
    preferences = open_servers_preferences(hark)
    # Not "Connected": the list also holds servers signed out of, here or
    # elsewhere (GNOME Settings says "Your Accounts").
    hark.find("label", "Your Servers", root=preferences)
    hark.screenshot("preferences-servers", window_id=hark.x_window("Preferences"))
    hark.click(hark.find("push button", "Sign Out of Hark Test Server", root=preferences))
    hark.wait_until(lambda: audiosilo.call("GET", "/state")["sessions"] == [], timeout=10)
    address = "127.0.0.1:" + audiosilo.base.rsplit(":", 1)[1].strip("/")
    kept = "1 listening place not yet sent — it will be sent at the next sign-in"
    hark.find("label", address + " · signed out\n" + kept, root=preferences, timeout=10)
    hark.find("push button", "Sign In to Hark Test Server", root=preferences)
    hark.screenshot("preferences-servers-places-kept", window_id=hark.x_window("Preferences"))
    audiosilo.call("DELETE", "/faults")
    hark.key("Escape", window_id=hark.x_window("Preferences"))
    hark.key("alt+1")  # from the Book page
    hark.find("label", "No Audiobooks Yet")
    # Nothing is left that signs in: a restart starts from the welcome state.
    hark.restart()
    hark.find("label", "No Audiobooks Yet")
    # The place is still kept on disk, and Preferences still says so.
    preferences = open_servers_preferences(hark)
    hark.find("label", address + " · signed out\n" + kept, root=preferences, timeout=10)
    hark.screenshot("preferences-servers-places-kept-restarted", window_id=hark.x_window("Preferences"))
    hark.key("Escape", window_id=hark.x_window("Preferences"))
    # ...and Add Server remembers the server, with the place it will send:
    # one click, address filled.
    dialog = open_dialog(hark)
    hark.find("label", "Recent Servers", root=dialog)
    hark.find("label", address + "\n" + kept, root=dialog)
    hark.screenshot("sign-in-recent-servers", window_id=hark.x_window("Connect to a Server"))
    hark.click(hark.find("push button", "Connect to Hark Test Server", root=dialog))
    hark.click(hark.find("page tab", "Password", root=dialog, timeout=10))
    type_into(hark, dialog, "Username", "listener")
    type_into(hark, dialog, "Password", "correct horse")
    hark.click(hark.find_shown("push button", "Sign In", root=dialog)[0])
    hark.find("label", "Audiobooks", timeout=15)
    # The kept place went with the sign-in.
    hark.wait_until(lambda: [p["finished"] for p in audiosilo.call("GET", "/state")["progress"]
                             if p["path"] == "Theodore Quill/A Clockwork Orchard"] == [True], timeout=10)


def test_api_key_is_created_shown_once_and_revoked(hark, audiosilo, keyring):
    sign_in_with_invite(hark, audiosilo)
    hark.find("label", "Audiobooks", timeout=15)
    preferences = open_servers_preferences(hark)
    name = hark.find("text", "New Key Name", root=preferences, timeout=10)
    name.queryEditableText().setTextContents("Home Assistant")
    hark.click(hark.find("push button", "Create API Key", root=preferences))
    # The secret is shown once, and it is the key the server issued.
    hark.wait_until(lambda: hark.find_all("label", "API key secret"), timeout=10)
    dialog = [f for f in hark.app if f is not None and hark.find_all("label", "API key secret", root=f)][0]
    secret = hark.find("label", "API key secret", root=dialog).queryText()
    shown = secret.getText(0, secret.characterCount)
    keys = [s for s in audiosilo.call("GET", "/state")["sessions"] if s["kind"] != "session"]
    assert [k["token"] for k in keys] == [shown]
    hark.screenshot("api-key-created", window_id=hark.x_window(dialog.name or "API Key Created"))
    hark.click(hark.find("push button", "Copy to Clipboard", root=dialog))
    hark.find("push button", "Copied", root=dialog)
    # libadwaita 1.2 names its response buttons twice ("Done Done").
    done = [b for b in descendants(dialog, lambda a: a.getRoleName() == "push button")
            if b.name.startswith("Done") and hark.on_screen(b)]
    hark.click(done[0])
    hark.wait_until(lambda: not hark.find_all("label", "API key secret"), timeout=5)
    assert shown not in "\n".join(hark.logs)
    # Listed by name, never by secret; Revoke removes it on the server.
    revoke = hark.find("push button", "Revoke Home Assistant", root=preferences, timeout=10)
    hark.screenshot("preferences-api-keys", window_id=hark.x_window("Preferences"))
    hark.click(revoke)
    hark.wait_until(lambda: [s for s in audiosilo.call("GET", "/state")["sessions"] if s["kind"] != "session"] == [],
                    timeout=10)


def test_signing_in_mirrors_the_servers_positions_on_disk(hark, audiosilo):
    import json
    import sqlite3
    import urllib.request

    # Another device saved a position on the server before this one signed in.
    login = urllib.request.Request(
        audiosilo.base + "/api/v1/auth/login", method="POST", headers={"Content-Type": "application/json"},
        data=json.dumps({"username": "listener", "password": "correct horse", "device_name": "phone"}).encode())
    token = json.load(urllib.request.urlopen(login, timeout=10))["token"]
    path = urllib.parse.quote("Theodore Quill/A Clockwork Orchard", safe="")
    save = urllib.request.Request(
        f"{audiosilo.base}/api/v1/libraries/1/progress?path={path}", method="PUT",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
        data=json.dumps({"position": 42.5, "duration": 100, "finished": False, "playback_speed": 1.25,
                         "version": 0, "device_id": "phone", "updated_at": "2026-11-20T10:00:00Z"}).encode())
    urllib.request.urlopen(save, timeout=10)

    sign_in_with_invite(hark, audiosilo)
    hark.find("label", "Audiobooks", timeout=15)
    database = os.path.join(hark.env["XDG_DATA_HOME"], "hark", "listening.sqlite")

    def mirrored():
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
            return db.execute("SELECT path, position FROM progress_mirror").fetchall()

    hark.wait_until(lambda: mirrored() == [("Theodore Quill/A Clockwork Orchard", 42.5)], timeout=10)
    # ...and the Library's home offers to continue it, with the time left.
    hark.find("label", "Continue Listening", timeout=10)
    hark.find("label", "A Clockwork Orchard", timeout=10)
    hark.find("label", "Recently Added")
    hark.screenshot("library-home-shelves")
