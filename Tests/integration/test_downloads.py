"""Downloads through the real window against the test server: download a
book from its Book page, find it whole on disk and on the Downloads page,
then start Hark with the server gone and play it; delete with undo."""
import datetime
import hashlib
import os
import time

import pytest

from hark_ui import descendants, sized_descendants
from test_book_page import api, open_book, query, visible
from test_player import chapter_number, player_button
from test_sign_in import sign_in_with_invite

BOOK = ("Marguerite Holloway", "The Lighthouse Keeper")
TITLE = "The Lighthouse Keeper"


def sample_library():
    return os.environ["HARK_SAMPLE_LIBRARY"]


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def downloaded_files(hark):
    """Every file under the downloads folder, relative path -> digest."""
    root = os.path.join(hark.home, "data", "hark", "downloads")
    found = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            found[os.path.relpath(path, root)] = digest(path)
    return root, found


def button_named(hark, name, timeout=20):
    found = []

    def look():
        found[:] = visible(hark, "push button", name)
        return bool(found)
    hark.wait_until(look, timeout=timeout)
    return found[0]


def downloads_row(hark, title, timeout=15):
    found = []

    def look():
        found[:] = [a for a in sized_descendants(hark.app, lambda a: a.getRoleName() == "list item"
                                           and (a.name or "").startswith(title)) if hark.on_screen(a)]
        return bool(found)
    hark.wait_until(look, timeout=timeout)
    return found[0]


def two_chapters_on(hark):
    """Next Chapter twice; returns the chapter reached. The second click
    only once the first has landed: GTK's button takes an accessible click
    as a key press 250 ms long and ignores another one meanwhile (two clicks
    back to back reach chapter 2), and with a walk of the Player page
    between them they came 0.24 to 0.33 s apart."""
    start = chapter_number(hark)
    for step in (1, 2):
        hark.click(player_button(hark, "Next Chapter"))
        if not hark.wait_until(lambda step=step: chapter_number(hark) == start + step, timeout=10, fail=False):
            raise AssertionError(f"Next Chapter from chapter {start + step - 1} left it at {chapter_number(hark)}")
    return start + 2


@pytest.mark.long
def test_download_play_offline_and_delete_with_undo(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    open_book(hark, *BOOK)
    hark.click(button_named(hark, "Download"))
    # Done when the button offers to delete the download.
    button_named(hark, "Delete Download", timeout=30)
    root, files = downloaded_files(hark)
    library = os.path.join(sample_library(), *BOOK)
    originals = sorted(digest(os.path.join(library, n)) for n in os.listdir(library) if n.endswith(".mp3"))
    audio = sorted(d for path, d in files.items() if not path.endswith("cover"))
    assert audio == originals, f"the downloaded files are byte for byte the server's: {sorted(files)}"
    assert any(p.endswith("cover") for p in files), "the cover is kept beside the files"
    # Never a server path as a path: every name is Hark's own.
    for path in files:
        assert all(part.isascii() and " " not in part for part in path.split(os.sep)), path

    hark.key("alt+4")
    hark.wait_for_page("Downloads", timeout=10)
    downloads_row(hark, TITLE)
    hark.screenshot("downloads-page")

    # With the server gone, a restarted Hark still lists and plays the book.
    audiosilo.call("POST", "/unreachable", {"on": True})
    hark.restart()
    # The home's Downloaded shelf lists it (it plays with no connection).
    hark.find("label", "Downloaded", timeout=20)
    assert visible(hark, "label", TITLE), "the downloaded book is on the home"
    hark.screenshot("home-downloaded-shelf-offline")
    hark.key("alt+4")
    hark.wait_for_page("Downloads", timeout=10)
    row = downloads_row(hark, TITLE, timeout=20)
    hark.click_at(row)
    hark.find("label", TITLE, timeout=15)
    hark.screenshot("downloaded-book-offline")
    hark.click(button_named(hark, "Play"))
    hark.key("alt+3")
    hark.wait_for_page("Player", timeout=10)
    player_button(hark, "Pause", timeout=20)
    hark.screenshot("playing-offline")
    # Into a later chapter (the third file starts after 2 of ~22 s files).
    assert two_chapters_on(hark) == 3
    time.sleep(1)
    hark.click(player_button(hark, "Pause"))
    paused_at = datetime.datetime.now(datetime.timezone.utc)
    # The server comes back: the place saved offline reaches it, with the
    # time it was captured, not the time it was sent.
    time.sleep(2)
    audiosilo.call("POST", "/unreachable", {"on": False})
    progress = []

    def synced():
        progress[:] = [api(audiosilo, "GET", f"/libraries/1/progress?{query('/'.join(BOOK))}")["progress"]]
        return progress[0] and progress[0]["position"] > 40
    hark.wait_until(synced, timeout=40)
    captured = datetime.datetime.fromisoformat(progress[0]["updated_at"].replace("Z", "+00:00"))
    assert captured <= paused_at + datetime.timedelta(seconds=1), (captured, paused_at)
    audiosilo.call("POST", "/unreachable", {"on": True})

    # Delete, undo, delete again and let the undo time pass.
    hark.key("alt+4")
    hark.wait_for_page("Downloads", timeout=10)
    hark.click(button_named(hark, "Delete Download"))
    hark.screenshot("download-deleted-toast")
    # libadwaita 1.2 names the toast's button "Undo Undo" (label twice).
    undo = []
    hark.wait_until(lambda: undo.extend(descendants(
        hark.app, lambda a: a.getRoleName() == "push button" and (a.name or "").startswith("Undo"))) or undo,
        timeout=5)
    hark.click(undo[0])
    downloads_row(hark, TITLE)
    assert downloaded_files(hark)[1] == files, "an undone delete keeps every file"
    hark.click(button_named(hark, "Delete Download"))
    hark.wait_until(lambda: not downloaded_files(hark)[1], timeout=15)
    assert os.path.isdir(root), "only the book's own folder goes"


def stream_requests(server):
    return [r for r in server.call("GET", "/requests")["requests"] if r["path"].endswith("/stream")]


def section_shown(hark, title):
    return bool(hark.find_shown("label", title))


@pytest.mark.long
def test_a_killed_download_resumes_from_the_bytes_on_disk(hark, audiosilo):
    """Better than the reference, which drops a half-done download on
    relaunch: Hark resumes each file from the bytes already on disk, and
    never lists the book as downloaded before every file is whole."""
    sign_in_with_invite(hark, audiosilo)
    # A slow link: the book (464 KB) takes about 10 s.
    audiosilo.call("POST", "/faults", {"path_prefix": "/api/v1/libraries/1/stream", "bytes_per_second": 48000})
    open_book(hark, *BOOK)
    hark.click(button_named(hark, "Download"))
    button_named(hark, "Pause Download")
    hark.screenshot("book-page-downloading")  # the button's progress bar, in the row of buttons
    hark.key("alt+4")
    hark.wait_for_page("Downloads", timeout=10)
    downloads_row(hark, TITLE)
    hark.wait_until(lambda: sum(os.path.getsize(os.path.join(downloaded_files(hark)[0], p))
                                for p in downloaded_files(hark)[1]) > 150000, timeout=20)
    hark.screenshot("download-in-progress")
    hark.process.kill()
    hark.process.wait(timeout=5)
    root, partial = downloaded_files(hark)
    sizes = {p: os.path.getsize(os.path.join(root, p)) for p in partial}
    library = os.path.join(sample_library(), *BOOK)
    whole = {os.path.getsize(os.path.join(library, n)) for n in os.listdir(library) if n.endswith(".mp3")}
    cut = [size for size in sizes.values() if size not in whole]
    assert len(cut) <= 1 and 0 < sum(sizes.values()) < sum(whole), f"killed mid-download: {sizes}"
    audiosilo.call("DELETE", "/requests")
    # Slower still, so the rest takes long enough to look at (~20 s).
    audiosilo.call("DELETE", "/faults")
    audiosilo.call("POST", "/faults", {"path_prefix": "/api/v1/libraries/1/stream", "bytes_per_second": 16000})

    hark.start()
    hark.key("alt+4")
    hark.wait_for_page("Downloads", timeout=10)
    downloads_row(hark, TITLE, timeout=20)
    assert not section_shown(hark, "Downloaded"), "not listed as downloaded before it is whole"
    hark.wait_until(lambda: section_shown(hark, "Downloaded"), timeout=60)
    _, files = downloaded_files(hark)
    originals = sorted(digest(os.path.join(library, n)) for n in os.listdir(library) if n.endswith(".mp3"))
    assert sorted(d for p, d in files.items() if not p.endswith("cover")) == originals
    ranges = [r["headers"].get("Range") for r in stream_requests(audiosilo)]
    for size in cut:
        assert f"bytes={size}-" in ranges, f"the cut file resumes from its {size} bytes on disk: {ranges}"
    whole_on_disk = len([p for p, size in sizes.items() if size in whole])
    # At most one more: a file whose last byte landed just before the kill
    # is asked for from its end (a 416, which the server answers at once).
    assert len(ranges) <= 4 - whole_on_disk + 1, f"whole files are not fetched again: {ranges}"


@pytest.mark.long
def test_pause_resume_and_play_on_from_the_download(hark, audiosilo):
    """Played while it downloads, the book plays on from its files once
    they are whole: with the server gone it still crosses into the next file."""
    sign_in_with_invite(hark, audiosilo)
    audiosilo.call("POST", "/faults", {"path_prefix": "/api/v1/libraries/1/stream", "bytes_per_second": 60000})
    open_book(hark, *BOOK)
    hark.click(button_named(hark, "Download"))
    pause = button_named(hark, "Pause Download")
    hark.click(pause)
    button_named(hark, "Resume Download")
    hark.key("alt+4")
    hark.wait_for_page("Downloads", timeout=10)
    hark.screenshot("download-paused")
    hark.resize(360, 720)
    time.sleep(0.5)
    hark.screenshot("download-paused-phone")
    hark.resize(960, 720)
    hark.click(button_named(hark, "Resume Download"))
    hark.key("alt+2")
    hark.click(button_named(hark, "Play"))
    hark.key("alt+3")
    hark.wait_for_page("Player", timeout=10)
    player_button(hark, "Pause", timeout=20)
    hark.key("alt+2")
    button_named(hark, "Delete Download", timeout=40)
    audiosilo.call("POST", "/unreachable", {"on": True})
    hark.key("alt+3")
    hark.wait_for_page("Player", timeout=10)
    # The first file is 22 s long: past it, the second plays from disk.
    reached = two_chapters_on(hark)
    time.sleep(3)
    # Streamed, the third file would fail with the server gone.
    assert chapter_number(hark) == reached
    player_button(hark, "Pause", timeout=5)
    assert not visible(hark, "push button", "Try Again")
    hark.screenshot("playing-from-the-download")


def set_setting(hark, key, value):
    """Writes one dev.hark.Hark key into the keyfile backend (Hark stopped)."""
    path = hark.settings_keyfile
    text = open(path).read() if os.path.exists(path) else ""
    line = f"{key}={value}"
    if "[dev/hark/Hark]" in text:
        text = text.replace("[dev/hark/Hark]", f"[dev/hark/Hark]\n{line}", 1)
    else:
        text += f"\n[dev/hark/Hark]\n{line}\n"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


@pytest.mark.long
def test_a_chosen_folder_then_signing_out_offers_to_remove_the_downloads(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    elsewhere = os.path.join(hark.home, "Elsewhere", "Audiobooks")
    hark.find("list item", "Audiobooks", timeout=15)  # signed in and saved
    hark.stop()
    set_setting(hark, "downloads-folder", f"'{elsewhere}'")
    hark.start()
    open_book(hark, *BOOK)
    hark.click(button_named(hark, "Download"))
    button_named(hark, "Delete Download", timeout=30)

    def in_chosen_folder():
        return [os.path.join(d, n) for d, _, names in os.walk(elsewhere) for n in names]
    assert len([p for p in in_chosen_folder() if not p.endswith("cover")]) == 4, in_chosen_folder()
    assert not downloaded_files(hark)[1], "nothing in the default folder"
    hark.key("ctrl+comma")
    hark.wait_until(lambda: hark.frame("Preferences") is not None)
    preferences = hark.frame("Preferences")
    hark.click(hark.find("page tab", "Downloads", root=preferences))
    row = []
    hark.wait_until(lambda: row.extend(descendants(
        preferences, lambda a: (a.name or "").startswith("Downloads Folder"))) or row, timeout=5)
    assert elsewhere in row[0].name or any(
        elsewhere in (c.name or "") for c in descendants(row[0], lambda a: True)), row[0].name
    hark.screenshot("preferences-downloads", window_id=hark.x_window("Preferences"))

    # Signing out asks about the server's downloads; Remove takes them.
    hark.click(hark.find("page tab", "Servers", root=preferences))
    hark.click(hark.find("push button", "Sign Out of Hark Test Server", root=preferences))
    question = []
    hark.wait_until(lambda: question.extend(hark.find_all("label", "Sign Out of “Hark Test Server”?")) or question,
                    timeout=10)
    hark.find("label", "Its downloads (1 book, 464 KB) stay on this computer and play offline unless you remove them.")
    hark.screenshot("sign-out-downloads-question", window_id=hark.x_window("Sign Out of “Hark Test Server”?"))
    remove = descendants(hark.app, lambda a: a.getRoleName() == "push button"
                         and (a.name or "").replace("_", "").startswith("Remove Downloads"))
    assert remove, [a.name for a in descendants(hark.app, lambda a: a.getRoleName() == "push button")]
    hark.click(remove[0])
    hark.wait_until(lambda: audiosilo.call("GET", "/state")["sessions"] == [], timeout=10)
    hark.wait_until(lambda: not in_chosen_folder(), timeout=10)
    hark.key("Escape", window_id=hark.x_window("Preferences"))
    hark.key("alt+4")
    hark.find("label", "No Downloads", timeout=10)


@pytest.mark.long
def test_a_failing_server_is_retried_then_the_reason_is_shown_and_retry_works(hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    # Three 500s: the first try and the two retries after 2 s and 6 s.
    audiosilo.call("POST", "/faults", {"path_prefix": "/api/v1/libraries/1/stream", "status": 500, "count": 3})
    open_book(hark, *BOOK)
    hark.click(button_named(hark, "Download"))
    hark.key("alt+4")
    hark.wait_for_page("Downloads", timeout=10)
    hark.find("label", "The server ran into a problem (error 500). Try again later.", timeout=30)
    assert section_shown(hark, "Failed")
    assert len(stream_requests(audiosilo)) == 3, "three tries, then the listener decides"
    assert not downloaded_files(hark)[1] or all(
        os.path.getsize(os.path.join(downloaded_files(hark)[0], p)) == 0 for p in downloaded_files(hark)[1])
    hark.screenshot("download-failed")
    hark.click(button_named(hark, "Retry Download"))
    hark.wait_until(lambda: section_shown(hark, "Downloaded"), timeout=30)


@pytest.mark.long
def test_a_server_lost_mid_download_is_waited_for_and_the_download_goes_on(hark, audiosilo):
    """The server goes away mid-file: the download waits (no failure to
    show), and when the server answers again it resumes from the bytes on
    disk and completes."""
    sign_in_with_invite(hark, audiosilo)
    audiosilo.call("POST", "/faults", {"path_prefix": "/api/v1/libraries/1/stream", "count": 1,
                                       "drop_after_bytes": 50000, "then_unreachable": True})
    open_book(hark, *BOOK)
    hark.click(button_named(hark, "Download"))
    hark.key("alt+4")
    hark.wait_for_page("Downloads", timeout=10)
    # Through the retries (2 s and 6 s), then waiting for the server.
    hark.wait_until(lambda: section_shown(hark, "Waiting") and not section_shown(hark, "Downloading"), timeout=30)
    assert not section_shown(hark, "Failed")
    hark.screenshot("download-waiting-for-server")
    audiosilo.call("POST", "/unreachable", {"on": False})
    # The server is asked again every 20 s; then the download goes on.
    hark.wait_until(lambda: section_shown(hark, "Downloaded"), timeout=60)
    ranges = [r["headers"].get("Range") for r in stream_requests(audiosilo)]
    assert "bytes=50000-" in ranges, f"resumed from the bytes on disk: {ranges}"


@pytest.mark.long
def test_a_download_finished_with_the_window_closed_is_a_notification(notifications, hark, audiosilo):
    """Playing in the background with the window closed, the listener hears
    of a finished download from the desktop, and its notification opens
    Hark at the Downloads page."""
    import subprocess
    from gi.repository import Gio, GLib

    sign_in_with_invite(hark, audiosilo)
    audiosilo.call("POST", "/faults", {"path_prefix": "/api/v1/libraries/1/stream", "bytes_per_second": 60000})
    open_book(hark, *BOOK)
    hark.click(button_named(hark, "Play"))
    hark.key("alt+3")
    player_button(hark, "Pause", timeout=20)
    hark.key("alt+2")
    hark.click(button_named(hark, "Download"))
    hark.key("ctrl+w")  # playing: the window goes, Hark plays on
    hark.wait_until(lambda: not hark.shows_window("Hark"), timeout=5)
    shown = notifications.wait_for(hark, "download:")
    assert shown["title"] == "Downloaded", shown
    assert shown["body"] == f"“{TITLE}” plays without a connection now.", shown
    assert shown["default-action"] == "app.show-downloads"

    # The server revokes the sign-in while the book plays on from its files:
    # the next save meets the refusal, and the desktop says so, with Reconnect.
    audiosilo.call("POST", "/revoke-all-tokens")
    signed_out = notifications.wait_for(hark, "signed-out:")
    assert signed_out["title"] == "Signed Out of Hark Test Server", signed_out
    assert [b["label"] for b in signed_out["buttons"]] == ["Reconnect"], signed_out

    # Its default action, as the shell sends it: the window at Downloads.
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    bus.call_sync("dev.hark.Hark", "/dev/hark/Hark", "org.freedesktop.Application", "ActivateAction",
                  GLib.Variant("(sava{sv})", ("show-downloads", [], {})), None, Gio.DBusCallFlags.NONE, 5000, None)
    hark.wait_until(lambda: subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--pid", str(hark.process.pid), "--name", "^Hark$"],
        capture_output=True, text=True).stdout.split(), timeout=10)
    hark.window_id = int(subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--pid", str(hark.process.pid), "--name", "^Hark$"],
        capture_output=True, text=True).stdout.split()[-1])
    hark.wait_for_page("Downloads", timeout=10)
    downloads_row(hark, TITLE)
