"""Shared fixtures for the integration tests.

The UI tests drive the real Hark window through AT-SPI. `scripts/test` runs
pytest inside one private D-Bus session and one Xvfb display; the
`accessibility_bus` fixture starts the AT-SPI bus in that session.
"""
import os
import shutil
import subprocess
import time

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RESULTS = os.path.join(REPO, "results")


@pytest.fixture(scope="session")
def accessibility_bus():
    if not os.environ.get("DISPLAY") or not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        pytest.fail("UI tests need scripts/test's private X display and D-Bus session")
    # xvfb-run returns once Xvfb is up; still, make sure the display answers
    # before blaming Hark for "cannot open display".
    for _ in range(50):
        if subprocess.run(["xdpyinfo"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
            break
        time.sleep(0.1)
    else:
        pytest.fail(f"the X display {os.environ['DISPLAY']} does not answer")
    launcher = subprocess.Popen(
        ["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    yield
    launcher.terminate()
    launcher.wait(timeout=5)


@pytest.fixture
def hark(accessibility_bus, tmp_path):
    """A running Hark with its own empty home, and a driver for it.

    Settings use GLib's keyfile backend inside that home, so a test can check
    what Hark really persisted, and restart Hark to see it read back.
    """
    from hark_ui import HarkDriver  # pyatspi is only needed by UI tests

    binary = os.environ.get("HARK_BINARY") or os.path.join(REPO, ".build", "debug", "hark")
    prefix = os.environ.get("HARK_PREFIX") or os.path.join(REPO, ".build", "prefix")
    env = dict(os.environ)
    env.update({
        "GTK_A11Y": "atspi",
        "GSETTINGS_BACKEND": "keyfile",
        "XDG_DATA_DIRS": f"{prefix}/share:/usr/local/share:/usr/share",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
    })
    driver = HarkDriver(binary, env, tmp_path, os.path.join(RESULTS, "ui"))
    driver.start()
    try:
        yield driver
    finally:
        output = driver.stop()
        # A GLib critical is a programming error even when nothing crashed.
        assert "CRITICAL" not in output, output


def tool(name):
    path = shutil.which(name)
    if not path:
        pytest.fail(f"{name} is not installed; run scripts/install-deps test")
    return path
