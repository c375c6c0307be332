"""The desktop's media controls (MPRIS 2, as GNOME Shell and the media keys
use it), asked over the real session bus while Hark plays a book from the
test server: the chapter is the track, the book the album; play, pause,
chapters, chapter-relative seeking and speed work from the bus and show in
the window; every change is announced, never polled."""
import os
import subprocess
import time

import pytest

from gi.repository import Gio, GLib

from test_book_page import open_book
from test_player import chapter_number, player_button, start_playing
from test_sign_in import sign_in_with_invite

NAME, PATH = "org.mpris.MediaPlayer2.Hark", "/org/mpris/MediaPlayer2"
PLAYER = "org.mpris.MediaPlayer2.Player"


def playerctl(*arguments):
    return subprocess.run(["playerctl", "--player=Hark", *arguments], capture_output=True, text=True,
                          timeout=10).stdout.strip()


class MediaControls:
    """What a shell extension sees: properties, methods and signals."""

    def __init__(self):
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        self.changes, self.seeks = [], []
        self.bus.signal_subscribe(NAME, "org.freedesktop.DBus.Properties", "PropertiesChanged", PATH, None,
                                  Gio.DBusSignalFlags.NONE, lambda *a: self.changes.append(a[5].unpack()))
        self.bus.signal_subscribe(NAME, PLAYER, "Seeked", PATH, None, Gio.DBusSignalFlags.NONE,
                                  lambda *a: self.seeks.append(a[5].unpack()[0]))

    def pump(self):
        while GLib.MainContext.default().iteration(False):
            pass

    def get(self, name, interface=PLAYER):
        reply = self.bus.call_sync(NAME, PATH, "org.freedesktop.DBus.Properties", "Get",
                                   GLib.Variant("(ss)", (interface, name)), None, Gio.DBusCallFlags.NONE, 5000, None)
        return reply.unpack()[0]

    def set(self, name, value):
        self.bus.call_sync(NAME, PATH, "org.freedesktop.DBus.Properties", "Set",
                           GLib.Variant("(ssv)", (PLAYER, name, value)), None, Gio.DBusCallFlags.NONE, 5000, None)

    def call(self, method, parameters=None, interface=PLAYER):
        self.bus.call_sync(NAME, PATH, interface, method, parameters, None, Gio.DBusCallFlags.NONE, 5000, None)

    def wait(self, hark, predicate, timeout=10):
        def check():
            self.pump()
            return predicate()
        hark.wait_until(check, timeout=timeout)


@pytest.mark.long
def test_the_shell_and_media_keys_drive_the_book_chapter_by_chapter(hark, audiosilo):
    controls = MediaControls()
    controls.wait(hark, lambda: controls.get("Identity", "org.mpris.MediaPlayer2") == "Hark")
    assert controls.get("DesktopEntry", "org.mpris.MediaPlayer2") == "dev.hark.Hark"
    assert controls.get("PlaybackStatus") == "Stopped"
    assert controls.get("CanPlay") is False, "nothing to play yet"

    sign_in_with_invite(hark, audiosilo)
    start_playing(hark, audiosilo)
    controls.wait(hark, lambda: controls.get("PlaybackStatus") == "Playing")
    metadata = controls.get("Metadata")
    assert metadata["xesam:album"] == "A Clockwork Orchard"
    assert metadata["xesam:artist"] == ["Theodore Quill"]
    # The first chapter is 18 s long: by now it may have rolled over.
    lengths = {"The Brass Seed": 18_000_000, "Winding the Trees": 22_000_000}
    assert metadata["mpris:length"] == lengths[metadata["xesam:title"]], metadata
    assert controls.get("CanGoNext") and controls.get("CanSeek")
    assert "mpris:artUrl" not in metadata, "the orchard has no cover"
    assert any(c[0] == PLAYER and c[1].get("PlaybackStatus") == "Playing" for c in controls.changes), \
        "the change was announced"

    # playerctl, as a media-key daemon or a panel applet would use it.
    assert playerctl("status") == "Playing"
    assert playerctl("metadata", "album") == "A Clockwork Orchard"

    # The play/pause key.
    controls.call("PlayPause")
    controls.wait(hark, lambda: controls.get("PlaybackStatus") == "Paused")
    player_button(hark, "Play")
    hark.screenshot("media-controls-paused")

    # Next: the next chapter, in the window too.
    before, number = controls.get("Metadata")["xesam:title"], chapter_number(hark)
    controls.call("Next")
    controls.wait(hark, lambda: controls.get("Metadata")["xesam:title"] != before)
    assert chapter_number(hark) == number + 1
    assert any(c[1].get("Metadata", {}).get("xesam:title") == controls.get("Metadata")["xesam:title"]
               for c in controls.changes)

    # The shell's scrubber is chapter-relative, like the Player page's.
    track = controls.get("Metadata")["mpris:trackid"]
    controls.call("SetPosition", GLib.Variant("(ox)", (track, 5_000_000)))
    controls.wait(hark, lambda: abs(controls.get("Position") - 5_000_000) < 500_000)
    controls.wait(hark, lambda: controls.seeks and abs(controls.seeks[-1] - 5_000_000) < 500_000)
    assert chapter_number(hark) == number + 1
    controls.call("SetPosition", GLib.Variant("(ox)", ("/dev/hark/Hark/chapter/0", 1_000_000)))
    # MPRIS: a position before the chapter or past its end does nothing.
    length = controls.get("Metadata")["mpris:length"]
    controls.call("SetPosition", GLib.Variant("(ox)", (track, -1_000_000)))
    controls.call("SetPosition", GLib.Variant("(ox)", (track, length + 1_000_000)))
    time.sleep(0.5)
    assert abs(controls.get("Position") - 5_000_000) < 1_000_000, \
        "a position for another chapter, a negative one or one past the end is ignored"
    assert chapter_number(hark) == number + 1

    # Speed, within the player's own range: 100 is the fastest it has, and
    # 0 is a pause (MPRIS), not a speed.
    assert (controls.get("MinimumRate"), controls.get("MaximumRate")) == (0.5, 3.0)
    controls.set("Rate", GLib.Variant("d", 100.0))
    controls.wait(hark, lambda: controls.get("Rate") == 3.0)
    controls.set("Rate", GLib.Variant("d", 1.5))
    controls.wait(hark, lambda: controls.get("Rate") == 1.5)
    hark.find("label", "1.5×", timeout=5)
    controls.set("Rate", GLib.Variant("d", 0.0))
    controls.wait(hark, lambda: controls.get("PlaybackStatus") == "Paused")
    assert controls.get("Rate") == 1.5
    controls.call("Play")
    controls.wait(hark, lambda: controls.get("PlaybackStatus") == "Playing")

    # A book with a cover: the shell shows it, from the cover cache.
    start_playing(hark, audiosilo, open_book=lambda h: open_book(h, "Marguerite Holloway", "The Lighthouse Keeper"))
    controls.wait(hark, lambda: controls.get("Metadata")["xesam:album"] == "The Lighthouse Keeper")
    controls.wait(hark, lambda: controls.get("Metadata").get("mpris:artUrl", "").startswith("file://"))
    art = controls.get("Metadata")["mpris:artUrl"][len("file://"):]
    assert art.startswith(hark.env["XDG_CACHE_HOME"]) and os.path.getsize(art) > 1000

    controls.call("Quit", interface="org.mpris.MediaPlayer2")
    hark.process.wait(timeout=10)


def test_the_computer_does_not_suspend_while_a_book_plays(session_manager, hark, audiosilo):
    sign_in_with_invite(hark, audiosilo)
    assert session_manager.suspend_inhibitors() == []
    start_playing(hark, audiosilo)
    hark.wait_until(lambda: session_manager.suspend_inhibitors() == [("dev.hark.Hark", "Playing an audiobook")])
    hark.click(player_button(hark, "Pause"))
    hark.wait_until(lambda: session_manager.suspend_inhibitors() == [], timeout=5)
    hark.click(player_button(hark, "Play"))
    hark.wait_until(lambda: len(session_manager.suspend_inhibitors()) == 1)


def shown_windows(hark):
    found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(hark.process.pid), "--name", "^Hark$"],
                           capture_output=True, text=True).stdout.split()
    return found


def test_closing_the_window_keeps_the_book_playing_until_quit(hark, audiosilo):
    controls = MediaControls()
    sign_in_with_invite(hark, audiosilo)
    start_playing(hark, audiosilo)
    controls.wait(hark, lambda: controls.get("PlaybackStatus") == "Playing")

    hark.key("ctrl+w")
    hark.wait_until(lambda: not shown_windows(hark), timeout=5)
    before = controls.get("Position")
    time.sleep(1.5)
    assert hark.process.poll() is None, "closing the window did not quit"
    assert controls.get("PlaybackStatus") == "Playing"
    assert controls.get("Position") != before, "still playing"

    # The shell's player brings the window back.
    controls.call("Raise", interface="org.mpris.MediaPlayer2")
    hark.wait_until(lambda: shown_windows(hark), timeout=5)
    hark.window_id = int(shown_windows(hark)[-1])

    # Paused, closing the window is closing Hark.
    controls.call("PlayPause")
    controls.wait(hark, lambda: controls.get("PlaybackStatus") == "Paused")
    hark.key("ctrl+w")
    hark.process.wait(timeout=10)


def test_the_sleep_timer_ending_in_the_background_is_a_notification_whose_play_plays_on(
        notifications, hark, audiosilo):
    """The listener set the timer to the end of the chapter and closed the
    window: when it pauses, the desktop says so, and its Play goes on."""
    from test_player import end_of_chapter_choices
    controls = MediaControls()
    sign_in_with_invite(hark, audiosilo)
    start_playing(hark, audiosilo)  # chapter 1 of the orchard: 18 s
    hark.click(end_of_chapter_choices(hark)[0])
    hark.key("Escape")
    hark.key("ctrl+w")
    hark.wait_until(lambda: not shown_windows(hark), timeout=5)
    assert not notifications.notifications(), "nothing is news before the timer ends"

    shown = notifications.wait_for(hark, "sleep-timer")
    assert shown["title"] == "Sleep Timer Ended", shown
    assert shown["body"] == "“A Clockwork Orchard” paused. Your place is kept.", shown
    assert [(b["label"], b["action"]) for b in shown["buttons"]] == [("Play", "app.resume")], shown
    controls.wait(hark, lambda: controls.get("PlaybackStatus") == "Paused")
    assert shown_windows(hark) == [], "the window stays closed"

    # The notification's Play, as GNOME Shell sends it (org.gtk.Actions).
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    bus.call_sync("dev.hark.Hark", "/dev/hark/Hark", "org.gtk.Actions", "Activate",
                  GLib.Variant("(sava{sv})", ("resume", [], {})), None, Gio.DBusCallFlags.NONE, 5000, None)
    controls.wait(hark, lambda: controls.get("PlaybackStatus") == "Playing")
    # Again: Play never pauses a book that plays.
    bus.call_sync("dev.hark.Hark", "/dev/hark/Hark", "org.gtk.Actions", "Activate",
                  GLib.Variant("(sava{sv})", ("resume", [], {})), None, Gio.DBusCallFlags.NONE, 5000, None)
    time.sleep(0.5)
    assert controls.get("PlaybackStatus") == "Playing"


def test_in_a_flatpak_closing_the_window_on_a_playing_book_asks_the_background_portal(
        background_portal, hark_in_flatpak, audiosilo):
    hark = hark_in_flatpak
    controls = MediaControls()
    sign_in_with_invite(hark, audiosilo)
    start_playing(hark, audiosilo)
    assert background_portal.asked() == [], "nothing to ask while the window is open"
    hark.key("ctrl+w")
    hark.wait_until(lambda: not shown_windows(hark), timeout=5)
    hark.wait_until(lambda: background_portal.asked(), timeout=5)
    (parent, options), = background_portal.asked()
    assert parent == "" and options["autostart"] is False, options
    assert options["reason"] == "Hark plays on while its window is closed.", options
    assert controls.get("PlaybackStatus") == "Playing"
    # Once per run: closing again after Raise does not ask twice.
    controls.call("Raise", interface="org.mpris.MediaPlayer2")
    hark.wait_until(lambda: shown_windows(hark), timeout=5)
    hark.window_id = int(shown_windows(hark)[-1])
    hark.key("ctrl+w")
    hark.wait_until(lambda: not shown_windows(hark), timeout=5)
    time.sleep(0.5)
    assert len(background_portal.asked()) == 1
