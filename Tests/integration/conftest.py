"""Shared fixtures for the integration tests.

The UI tests drive the real Hark window through AT-SPI. Every test process
(each pytest-xdist worker, or pytest itself when run without workers) has a
private desktop of its own — an Xvfb display, a D-Bus session and an
accessibility bus (`private_desktop.py`) — started before its tests are
collected, so `scripts/test` runs several of them side by side.
"""
import os
import shutil
import subprocess

import pytest

import stray_hark
from private_desktop import PrivateDesktop

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RESULTS = os.path.join(REPO, "results")


def _is_xdist_controller(config):
    """The process that hands tests to xdist workers and runs none itself."""
    return not hasattr(config, "workerinput") and (getattr(config.option, "numprocesses", None) or 0) > 0


def pytest_configure(config):
    if _is_xdist_controller(config):
        return
    desktop = PrivateDesktop()
    config.hark_desktop = desktop
    os.environ.update(desktop.start())


def pytest_unconfigure(config):
    desktop = getattr(config, "hark_desktop", None)
    if desktop:
        desktop.stop()


def pytest_collection_modifyitems(items):
    """Long tests first (stable otherwise): xdist hands tests out in this
    order, so a minute-long test never starts last on one worker while the
    others sit idle."""
    items.sort(key=lambda item: 0 if item.get_closest_marker("long") else 1)


@pytest.fixture(autouse=True)
def no_hark_left_behind(request):
    """Fails the test that leaves a Hark on its worker's session bus, however
    it started one (the driver checks its own; `gio launch` and the like do
    not go through it), and ends that Hark (stray_hark.py). Only ever on
    the private desktop's bus, never a developer's own session."""
    yield
    if getattr(request.config, "hark_desktop", None):
        stray_hark.end_stray(dict(os.environ), when="when the test ended")


@pytest.fixture(scope="session")
def accessibility_bus():
    """This process's private display and accessibility bus (started by
    pytest_configure); a fixture so that tests say they need them."""
    assert os.environ.get("DISPLAY") and os.environ.get("DBUS_SESSION_BUS_ADDRESS"), \
        "no private desktop: pytest_configure did not start one"
    yield


@pytest.fixture(scope="session")
def keyring(accessibility_bus, tmp_path_factory):
    """A real Secret Service (gnome-keyring) in the test session, storing
    into a temporary directory and unlocked with an empty password, started
    before anything can D-Bus-activate one with the real home."""
    home = tmp_path_factory.mktemp("keyring-home")
    env = dict(os.environ, XDG_DATA_HOME=str(home), XDG_RUNTIME_DIR=str(home))
    daemon = subprocess.run(
        ["gnome-keyring-daemon", "--replace", "--unlock", "--components=secrets", "--daemonize"],
        input="\n", capture_output=True, text=True, env=env, timeout=20)
    assert daemon.returncode == 0, daemon.stderr
    yield home
    pid = [line.split("=", 1)[1] for line in daemon.stdout.splitlines() if line.startswith("GNOME_KEYRING_PID=")]
    if pid:
        subprocess.run(["kill", pid[0]])


@pytest.fixture
def session_manager(accessibility_bus):
    """GNOME's session manager as GTK talks to it, recording inhibitors.
    Ask for it before `hark`: GtkApplication looks for it at start-up."""
    from fake_session_manager import FakeSessionManager
    manager = FakeSessionManager()
    yield manager
    manager.stop()


@pytest.fixture
def notifications(accessibility_bus):
    """GNOME Shell's notification service as GApplication talks to it,
    recording what Hark shows. Ask for it before `hark`."""
    from fake_notifications import FakeNotifications
    service = FakeNotifications()
    yield service
    service.stop()


@pytest.fixture
def audiosilo():
    """The repository's AudioSilo test server over the sample library."""
    yield from _run_server()


@pytest.fixture
def audiosilo_stress():
    """The test server with a 10,000-book folder and a 5,000-chapter book
    in "Big Library", at its default rate limit."""
    yield from _run_server("--wide-folder", "10000", "--long-book-chapters", "5000")


@pytest.fixture
def audiosilo_authors():
    """The test server with "Big Library" holding 100 author folders
    (1,000 books) and a small "Wide Shelf" after them."""
    yield from _run_server("--synthetic-books", "1000", "--wide-folder", "10")


@pytest.fixture
def audiosilo_no_demo():
    """The test server offering invite codes and passwords but no demo, and
    calling the code "auth_code" in auth.methods (the API names no string
    for it; servers written from its docs say this)."""
    yield from _run_server("--no-demo", "--code-method", "auth_code")


@pytest.fixture
def audiosilo_password_only():
    """The test server listing only "password" in auth.methods, no demo."""
    yield from _run_server("--no-demo", "--code-method", "")


@pytest.fixture
def audiosilo_m4b_not_direct():
    """The test server saying its .m4b files are not directly playable (so
    clients should ask for its transcoded stream)."""
    yield from _run_server("--not-direct", "m4b")


@pytest.fixture
def audiosilo_swappable():
    """One address that the test server answers until `use(1)` hands it to
    a second, unrelated AudioSilo server ("Someone Else's Server", its own
    server_id), through Tests/Server/address_swap_proxy.py; both keep running,
    so `use(0)` brings the first back with its sessions."""
    import urllib.request
    home_gen = _run_server()
    stranger_gen = _run_server("--server-id", "someone-else-1", "--name", "Someone Else's Server")
    home, stranger = next(home_gen), next(stranger_gen)
    backends = [a for s in (home, stranger) for a in ("--backend", s.base.split("//", 1)[1].rstrip("/"))]
    proxy = subprocess.Popen(["/usr/bin/python3", os.path.join(REPO, "Tests", "Server", "address_swap_proxy.py"),
                              *backends], stdout=subprocess.PIPE, text=True)
    line = proxy.stdout.readline()
    assert line.startswith("LISTENING"), line
    fields = dict(part.split("=", 1) for part in line.split()[1:])

    class Address:
        base = fields["base"]

        def use(self, index):
            request = urllib.request.Request(f"{fields['control']}/use/{index}", method="POST")
            urllib.request.urlopen(request, timeout=10).close()

    address = Address()
    address.home, address.stranger = home, stranger
    yield address
    proxy.terminate()
    proxy.wait(timeout=5)
    for gen in (stranger_gen, home_gen):
        next(gen, None)


def _run_server(*extra):
    import json
    import urllib.request

    library = os.environ.get("HARK_SAMPLE_LIBRARY") or subprocess.run(
        [os.path.join(REPO, "scripts", "make-sample-library")], capture_output=True, text=True,
        check=True).stdout.strip().splitlines()[-1]
    server = subprocess.Popen(
        ["/usr/bin/python3", os.path.join(REPO, "Tests", "Server", "audiosilo_test_server.py"),
         "--library", library, *extra], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    assert line.startswith("LISTENING"), line
    fields = dict(part.split("=", 1) for part in line.split()[1:])

    class Server:
        base = fields["base"]
        control = fields["control"]
        pid = server.pid  # to hold its answers (SIGSTOP) while a test acts

        def call(self, method, path, body=None):
            data = None if body is None else json.dumps(body).encode()
            request = urllib.request.Request(self.control + path, data=data, method=method,
                                             headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(request, timeout=10) as response:
                text = response.read()
                return json.loads(text) if text else None

    yield Server()
    server.terminate()
    try:
        server.wait(timeout=5)
    except subprocess.TimeoutExpired:
        server.kill()


def _run_hark(tmp_path, extra_env=None):
    """Starts Hark with its own empty home; yields a driver for it.

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
        # No sound server under Xvfb: a sink that keeps real time instead.
        "HARK_AUDIO_SINK": "fakesink",
    })
    env.update(extra_env or {})
    driver = HarkDriver(binary, env, tmp_path, os.path.join(RESULTS, "ui"))
    driver.start()
    try:
        yield driver
    finally:
        output = driver.stop()
        print(f"hark exit status {driver.process.returncode}\n{output}")  # shown only when a test failed
        # A GLib critical is a programming error even when nothing crashed.
        assert "CRITICAL" not in output, output


@pytest.fixture
def hark(accessibility_bus, keyring, tmp_path):
    """A running Hark with a real keyring in its session."""
    yield from _run_hark(tmp_path)


def _accessibility_bus_address():
    return subprocess.run(
        ["dbus-send", "--session", "--print-reply=literal", "--dest=org.a11y.Bus", "/org/a11y/bus",
         "org.a11y.Bus.GetAddress"], capture_output=True, text=True, check=True, timeout=10).stdout.strip()


def _private_session_bus(directory, service_dir=None):
    """A dbus-daemon of its own listening in `directory`; D-Bus can start on
    demand only the services in `service_dir` (none without one). Yields
    its address."""
    config = directory / "bus.conf"
    services = f"<servicedir>{service_dir}</servicedir>" if service_dir else ""
    config.write_text(
        '<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" '
        '"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">\n'
        f"<busconfig><type>session</type><listen>unix:path={directory}/bus</listen>{services}"
        "<policy context=\"default\"><allow send_destination=\"*\" eavesdrop=\"true\"/>"
        "<allow eavesdrop=\"true\"/><allow own=\"*\"/></policy></busconfig>\n")
    bus = subprocess.Popen(["dbus-daemon", f"--config-file={config}", "--nofork", "--nopidfile",
                            "--print-address"], stdout=subprocess.PIPE, text=True)
    address = bus.stdout.readline().strip()
    assert address, "the private dbus-daemon did not start"
    try:
        yield address
    finally:
        bus.terminate()
        bus.wait(timeout=5)


@pytest.fixture
def hark_without_keyring(accessibility_bus, tmp_path):
    """A running Hark on a session bus of its own that has no Secret Service
    and cannot start one (no service directories). The accessibility bus is
    handed over by address so the window can still be driven."""
    a11y = _accessibility_bus_address()
    for address in _private_session_bus(tmp_path):
        yield from _run_hark(tmp_path, {"DBUS_SESSION_BUS_ADDRESS": address, "AT_SPI_BUS_ADDRESS": a11y})


def _hark_with_keyring_without_default(tmp_path, prompter):
    """Hark on a session bus of its own whose gnome-keyring has no default
    collection (a fresh account that never unlocked a login keyring). With
    `prompter`, D-Bus can start GNOME's keyring prompter (gcr-prompter) on
    the test display, so the keyring can ask for a new keyring's password;
    without, it cannot ask, as on desktops that have no prompter."""
    service_dir = None
    if prompter:
        service_dir = tmp_path / "services"
        service_dir.mkdir()
        (service_dir / "org.gnome.keyring.SystemPrompter.service").write_text(
            "[D-BUS Service]\nName=org.gnome.keyring.SystemPrompter\nExec=/usr/libexec/gcr-prompter\n")
    home = tmp_path / "keyring-home"
    home.mkdir()
    a11y = _accessibility_bus_address()
    for address in _private_session_bus(tmp_path, service_dir):
        env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=address, XDG_DATA_HOME=str(home),
                   XDG_RUNTIME_DIR=str(home), AT_SPI_BUS_ADDRESS=a11y)
        daemon = subprocess.Popen(["gnome-keyring-daemon", "--replace", "--foreground", "--components=secrets"],
                                  env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            _wait_for_default_alias(env, "/")
            yield from _run_hark(tmp_path, {"DBUS_SESSION_BUS_ADDRESS": address, "AT_SPI_BUS_ADDRESS": a11y})
        finally:
            daemon.terminate()
            daemon.wait(timeout=5)


def _wait_for_default_alias(env, expected, timeout=10):
    """Waits until the keyring on env's bus answers `expected` for the alias "default"."""
    import time
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if default_keyring_alias(env) == expected:
            return
        time.sleep(0.1)
    raise AssertionError(f"the keyring never answered {expected!r} for its default collection")


def default_keyring_alias(env):
    """The object path the keyring on env's bus gives for "default" ("/" for none)."""
    reply = subprocess.run(
        ["dbus-send", "--session", "--print-reply=literal", "--dest=org.freedesktop.secrets",
         "/org/freedesktop/secrets", "org.freedesktop.Secret.Service.ReadAlias", "string:default"],
        capture_output=True, text=True, env=env, timeout=10)
    return reply.stdout.strip() if reply.returncode == 0 else None


@pytest.fixture
def hark_keyring_without_default(accessibility_bus, tmp_path):
    yield from _hark_with_keyring_without_default(tmp_path, prompter=False)


@pytest.fixture
def hark_keyring_without_default_prompting(accessibility_bus, tmp_path):
    yield from _hark_with_keyring_without_default(tmp_path, prompter=True)


def tool(name):
    path = shutil.which(name)
    if not path:
        pytest.fail(f"{name} is not installed; run scripts/install-deps test")
    return path


@pytest.fixture
def background_portal(accessibility_bus):
    """xdg-desktop-portal's Background portal, recording what is asked.
    Ask for it before `hark_in_flatpak`."""
    from fake_background_portal import FakeBackgroundPortal
    portal = FakeBackgroundPortal()
    yield portal
    portal.stop()


@pytest.fixture
def hark_in_flatpak(accessibility_bus, keyring, tmp_path):
    """Hark believing it runs in a Flatpak (FLATPAK_ID, which Flatpak sets
    for every app it runs), so it asks the portals what a sandbox must."""
    yield from _run_hark(tmp_path, {"FLATPAK_ID": "dev.hark.Hark"})
