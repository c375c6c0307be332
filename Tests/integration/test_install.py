"""`scripts/install` puts Hark where the desktop finds it: a binary, a
desktop file naming it (with the audiosilo:// handler), metainfo, icons and
a compiled schema; Hark then opens from its desktop file, says its version,
says plainly when there is no display, and `--uninstall` takes it all away."""
import os
import signal
import subprocess
import time

import pyatspi

import stray_hark

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
APP_ID = "dev.hark.Hark"


def install(*arguments):
    return subprocess.run([os.path.join(REPO, "scripts", "install"), *arguments],
                          capture_output=True, text=True, timeout=120)


def hark_frames():
    desktop = pyatspi.Registry.getDesktop(0)
    return [child for app in desktop if app is not None and app.name == "hark"
            for child in app if child is not None and child.getRoleName() == "frame" and child.name == "Hark"]


def ended_within(pid, seconds):
    """Whether process `pid` has ended (or is a zombie) within `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if stray_hark.has_ended(pid):
            return True
        time.sleep(0.1)
    return False


def test_installed_hark_opens_from_its_desktop_file_and_uninstalls(accessibility_bus, tmp_path):
    prefix = tmp_path / "prefix"
    binary = os.environ.get("HARK_BINARY") or os.path.join(REPO, ".build", "debug", "hark")
    done = install("--binary", binary, str(prefix))
    assert done.returncode == 0, done.stderr
    desktop_file = prefix / "share" / "applications" / f"{APP_ID}.desktop"
    for path in (prefix / "bin" / "hark", desktop_file, prefix / "share" / "metainfo" / f"{APP_ID}.metainfo.xml",
                 prefix / "share" / "glib-2.0" / "schemas" / "gschemas.compiled",
                 prefix / "share" / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"):
        assert path.is_file(), path
    provider = prefix / "share" / "gnome-shell" / "search-providers" / f"{APP_ID}.search-provider.ini"
    assert "ObjectPath=/dev/hark/Hark/SearchProvider" in provider.read_text()
    service = prefix / "share" / "dbus-1" / "services" / f"{APP_ID}.service"
    assert f"Exec={prefix}/bin/hark --gapplication-service" in service.read_text(), "the shell's search can start it"
    entry = desktop_file.read_text()
    assert f"Exec={prefix}/bin/hark %U" in entry
    assert "MimeType=x-scheme-handler/audiosilo;" in entry
    assert subprocess.run(["desktop-file-validate", str(desktop_file)], capture_output=True).returncode == 0
    assert "x-scheme-handler/audiosilo=dev.hark.Hark.desktop" in \
        (prefix / "share" / "applications" / "mimeinfo.cache").read_text()

    installed = str(prefix / "bin" / "hark")
    version = subprocess.run([installed, "--version"], capture_output=True, text=True, timeout=20)
    assert (version.returncode, version.stdout) == (0, "Hark 0.2.0\n")
    no_display = subprocess.run([installed], capture_output=True, text=True, timeout=20,
                                env={k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")})
    assert no_display.returncode == 1
    assert no_display.stderr.strip().splitlines() == [
        "hark: there is no display to open a window on. Start Hark from your desktop session "
        "(DISPLAY or WAYLAND_DISPLAY names it)."]

    # Opened from the desktop file, as the app grid opens it: the schema and
    # icons come from the prefix, nothing from the build tree.
    home = tmp_path / "home"
    env = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
               XDG_CACHE_HOME=str(home / "cache"), XDG_DATA_DIRS=f"{prefix}/share:/usr/share",
               GSETTINGS_BACKEND="keyfile", GTK_A11Y="atspi", HARK_AUDIO_SINK="fakesink")
    env.pop("HARK_PREFIX", None)
    # Hark inherits gio's output: a file, not a pipe gio would wait on.
    with open(tmp_path / "launched.log", "w") as log:
        launched = subprocess.run(["gio", "launch", str(desktop_file)], env=env, stdout=log, stderr=log, timeout=20)
    assert launched.returncode == 0, (tmp_path / "launched.log").read_text()
    try:
        deadline = time.monotonic() + 30
        while not hark_frames() and time.monotonic() < deadline:
            time.sleep(0.3)
        assert hark_frames(), "the installed Hark did not open its window"
    finally:
        pids = [int(pid) for pid in
                subprocess.run(["pgrep", "-f", installed], capture_output=True, text=True).stdout.split()]
        assert pids, "no process of the installed binary"
        for pid in pids:
            os.kill(pid, signal.SIGTERM)
        # Ended, not only asked to: a Hark left on this worker's bus would
        # take every later test's window (stray_hark.py).
        left = [pid for pid in pids if not ended_within(pid, 10)]
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        assert not left, f"the installed Hark did not quit on SIGTERM: {left}"

    done = install("--uninstall", str(prefix))
    assert done.returncode == 0, done.stderr
    assert not (prefix / "bin" / "hark").exists() and not desktop_file.exists()
    assert not provider.exists() and not service.exists()
    assert not list((prefix / "share" / "glib-2.0" / "schemas").glob("*.xml"))
