"""One test process's own desktop: an Xvfb display, a D-Bus session bus and
an accessibility bus, nothing shared with any other process.

pytest-xdist runs the UI tests in several workers at once. Each worker
starts one of these before its tests are collected (test modules import
pyatspi, which finds its bus through DISPLAY and DBUS_SESSION_BUS_ADDRESS),
so two workers never see each other's windows, keyring or accessible
trees. A single-process run (one test file during development) gets one
too, so `pytest Tests/integration/test_x.py` needs no wrapper.
"""
import os
import shutil
import subprocess
import tempfile
import time

SCREEN = "1280x800x24"


class PrivateDesktop:
    def __init__(self):
        self.processes = []
        self.home = tempfile.mkdtemp(prefix="hark-desktop-")
        self.environ = {}

    def start(self):
        """Starts the display and the buses; returns the variables a client
        needs to reach them."""
        display = self._start_xvfb()
        runtime = os.path.join(self.home, "runtime")
        os.makedirs(runtime, mode=0o700)
        self.environ = {
            "DISPLAY": display,
            # The sample library is the one thing workers share (read-only):
            # it stays in the real cache, not in this temporary HOME, or each
            # worker would build it again (~15 s of ffmpeg and espeak-ng).
            "HARK_SAMPLES_DIR": os.environ.get("HARK_SAMPLES_DIR") or os.path.join(
                os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "hark", "sample-library"),
            "HOME": self.home,
            "XDG_RUNTIME_DIR": runtime,
            # GStreamer's plugin registry, written once here instead of once
            # per Hark start (each test gives Hark an empty XDG_CACHE_HOME,
            # where the registry would otherwise be rebuilt: ~0.8 s a start).
            "GST_REGISTRY": os.path.join(self.home, "gstreamer-registry.bin"),
        }
        self.environ["DBUS_SESSION_BUS_ADDRESS"] = self._start_session_bus()
        self._start_accessibility_bus()
        return self.environ

    def stop(self):
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        shutil.rmtree(self.home, ignore_errors=True)

    def _env(self):
        return dict(os.environ, **self.environ)

    def _start_xvfb(self):
        # -displayfd: Xvfb picks a free display number and writes it once it
        # accepts connections, so workers never race for ":99". -r: no key
        # repeat. xdotool's key release can reach a loaded server late, and
        # the server then repeats the key (a key held 1.5 s typed 23
        # characters); a test's keys must arrive once each.
        read_end, write_end = os.pipe()
        xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", SCREEN, "-nolisten", "tcp", "-noreset", "-r"],
            pass_fds=[write_end], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_end)
        self.processes.append(xvfb)
        with os.fdopen(read_end) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise RuntimeError(f"Xvfb did not start (exit status {xvfb.poll()})")
        return f":{number}"

    def _start_session_bus(self):
        bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=self._env())
        self.processes.append(bus)
        address = bus.stdout.readline().strip()
        if not address:
            raise RuntimeError("the private D-Bus session did not start")
        return address

    def _start_accessibility_bus(self):
        launcher = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=self._env())
        self.processes.append(launcher)
        # Ready once it owns its name on the session bus. (Asking the name
        # itself would have D-Bus activate a second launcher meanwhile.)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            answer = subprocess.run(
                ["dbus-send", "--session", "--print-reply=literal", "--dest=org.freedesktop.DBus",
                 "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", "string:org.a11y.Bus"],
                capture_output=True, text=True, env=self._env())
            if answer.stdout.split()[-1:] == ["true"]:
                return
            time.sleep(0.1)
        raise RuntimeError("the accessibility bus did not start")
