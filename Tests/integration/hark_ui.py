"""A small driver for Hark's window over AT-SPI, plus xdotool for the
keyboard and window size and ImageMagick for screenshots.

GTK 4.8 does not expose the `showing` state on descendants, and a stack page
that was shown once keeps reporting its old extents after it is hidden. So
"on screen" means: non-zero extents AND the widget answers `contains()` for
its own centre, which GTK only does for widgets that are mapped.
"""
import os
import subprocess
import time

import pyatspi
from gi.repository import Atspi

import stray_hark

# An accessible's role never changes (GTK fixes it when the widget is made),
# and GTK names each accessible by a path of its own (a UUID, never reused),
# so a role asked for once is remembered: the tests' walks ask every object
# for its role, and each ask was a D-Bus round trip to Hark. The shared
# root path (every application's, and the desktop's) is always asked.
_ROOT_PATH = "/org/a11y/atspi/accessible/root"
_roles = {}
# Seconds a SIGTERMed Hark has to end. Quitting waits at most 2 s for a
# server to take the place; the rest is for a loaded machine.
SIGTERM_GRACE = 15
_ask_role_name = Atspi.Accessible.get_role_name


def _remembered_role_name(accessible):
    path = accessible.path
    if path == _ROOT_PATH:
        return _ask_role_name(accessible)
    role = _roles.get(path)
    if role is None:
        role = _roles[path] = _ask_role_name(accessible)
    return role


Atspi.Accessible.getRoleName = _remembered_role_name


def descendants(root, predicate, enter=lambda node: True):
    """Every descendant of root that predicate accepts, in pyatspi's order.
    pyatspi's own walk dies when GTK drops an object while it is walked (it
    then iterates None); a dropped object is no longer on screen, so this
    walk skips it and goes on. Children are asked for as pyatspi asks
    (`node[i]`: the child count afresh, then the child). Asking the
    application for a window past the shown ones used to crash Hark (GLib's
    NULL object path warning, then SIGSEGV): GTK 4.8 answers with the last
    window it knows, and Hark kept hidden dialogs; test_hidden_windows.py.
    The walk goes below a node only when `enter` accepts it."""
    found = []

    def walk(node):
        index = 0
        while True:
            try:
                child = node[index]
            except Exception:  # noqa: BLE001 (IndexError past the last child, or the object went)
                return
            index += 1
            if child is None:
                continue
            try:
                if predicate(child):
                    found.append(child)
            except Exception:  # noqa: BLE001 (same: a vanished child matches nothing)
                pass
            try:
                inside = enter(child)
            except Exception:  # noqa: BLE001 (a vanished child has nothing inside)
                inside = False
            if inside:
                walk(child)

    walk(root)
    return found


def has_size(accessible):
    """Whether the widget has an area in its window (objects without the
    component interface, such as the application, count as having one)."""
    try:
        component = accessible.queryComponent()
    except NotImplementedError:
        return True
    extents = component.getExtents(pyatspi.WINDOW_COORDS)
    return extents.width > 0 and extents.height > 0


def sized_descendants(root, predicate):
    """Like `descendants`, without the subtrees of widgets that have no size
    (pages never shown, closed revealers and the like): nothing in them can
    be on screen. A whole walk of the Player page asks Hark about 835
    objects over D-Bus, close to a second of CPU on a loaded machine; this
    one about 370, and the tests poll it several times a second."""
    return descendants(root, predicate, enter=has_size)


class HarkDriver:
    # The window is up once this tab shows (a translation test renames it).
    library_tab = "Library"

    def __init__(self, binary, env, home, screenshot_dir):
        self.binary, self.env, self.home = binary, env, home
        self.screenshot_dir = screenshot_dir
        os.makedirs(screenshot_dir, exist_ok=True)
        self.process = None
        self.app = None
        self.logs = []

    # -- lifecycle --------------------------------------------------------
    def start(self, *arguments):
        if self.process is not None and self.process.poll() is None:
            raise AssertionError("start() while the Hark started before still runs: stop() it first")
        # The Hark this driver ran before may have ended a moment ago.
        previous = self.process.pid if self.process is not None else None
        stray_hark.end_stray(self.env, ended_pid=previous, when="before this Hark started")
        self.log = open(os.path.join(self.home, f"hark-{len(self.logs)}.log"), "w+")
        self.process = subprocess.Popen([self.binary, *arguments], env=self.env, stdout=self.log,
                                        stderr=subprocess.STDOUT)
        self.wait_for_window()

    def stop(self):
        """Ends Hark as a session logout would (SIGTERM); returns its output.
        Fails if a Hark other than this one then owns Hark's name on the bus."""
        if self.process is None:
            return ""
        ignored_sigterm = False
        if not self.log.closed:
            if self.process.poll() is None:
                self.process.terminate()
                try:
                    self.process.wait(timeout=SIGTERM_GRACE)
                except subprocess.TimeoutExpired:
                    ignored_sigterm = True
                    self.process.kill()
                    self.process.wait()
            self.log.seek(0)
            self.logs.append(self.log.read())
            self.log.close()
        stray_hark.end_stray(self.env, ended_pid=self.process.pid, when="after this test's Hark ended")
        # A listener's session logout sends the same signal and waits.
        assert not ignored_sigterm, f"Hark did not end within {SIGTERM_GRACE} s of SIGTERM (killed)"
        return "\n".join(self.logs)

    def quit(self):
        """Quits through the app's own Ctrl+Q, as a listener would."""
        self.key("ctrl+q")
        self.process.wait(timeout=10)

    def restart(self):
        self.stop()
        self.start()

    @property
    def settings_keyfile(self):
        return os.path.join(self.env["XDG_CONFIG_HOME"], "glib-2.0", "settings", "keyfile")

    # -- finding things -------------------------------------------------
    def wait_for_window(self, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.log.seek(0)
                raise AssertionError(f"Hark exited with status {self.process.returncode}:\n{self.log.read()}")
            desktop = pyatspi.Registry.getDesktop(0)
            for app in desktop:
                # Only this process's window: never another Hark's.
                if app is not None and app.name == "hark" and self._pid(app) == self.process.pid \
                        and self._frame(app, "Hark"):
                    self.app = app
                    self.window_id = self._x_window("Hark")
                    self.wait_until(lambda: self.on_screen(self.find("page tab", self.library_tab)))
                    return
            time.sleep(0.2)
        raise AssertionError("Hark's window did not appear on the accessibility bus")

    @staticmethod
    def _pid(app):
        try:
            return app.get_process_id()
        except Exception:  # noqa: BLE001 (the application went meanwhile)
            return None

    @staticmethod
    def _frame(app, title):
        for child in app:
            if child is not None and child.getRoleName() == "frame" and child.name == title:
                return child
        return None

    def frame(self, title):
        return self._frame(self.app, title)

    def find_all(self, role, name, root=None):
        return descendants(
            root or self.app, lambda a: a.getRoleName() == role and a.name == name)

    def find_shown(self, role, name, root=None):
        """Every on-screen accessible with this role and name."""
        return [a for a in sized_descendants(root or self.app, lambda a: a.getRoleName() == role and a.name == name)
                if self.on_screen(a)]

    def find(self, role, name, root=None, timeout=5):
        """The on-screen accessible with this role and name (fails if none)."""
        found = []

        def look():
            found[:] = self.find_shown(role, name, root)
            return bool(found)

        if not self.wait_until(look, timeout=timeout, fail=False):
            raise AssertionError(f"no on-screen {role} named {name!r}")
        return found[0]

    @staticmethod
    def extents(accessible):
        e = accessible.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        return e.x, e.y, e.width, e.height

    def on_screen(self, accessible):
        x, y, width, height = self.extents(accessible)
        if width <= 0 or height <= 0:
            return False
        return bool(accessible.queryComponent().contains(x + width // 2, y + height // 2, pyatspi.WINDOW_COORDS))

    @staticmethod
    def has_state(accessible, state):
        return accessible.getState().contains(state)

    def selected_page(self):
        """The page whose switcher tab is selected among the on-screen tabs.
        Retried for up to 3 s: a tab dropped between the walk and the state
        query raises."""
        deadline = time.monotonic() + 3
        while True:
            try:
                tabs = [t for t in sized_descendants(self.app, lambda a: a.getRoleName() == "page tab")
                        if self.on_screen(t)]
                selected = {t.name for t in tabs if self.has_state(t, pyatspi.STATE_SELECTED)}
                break
            except Exception:  # noqa: BLE001 (re-raised once the time is up)
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        assert len(selected) == 1, f"expected one selected page tab, got {selected}"
        return selected.pop()

    def wait_for_page(self, page, timeout=10):
        """Waits until `page`'s switcher tab is the selected one: a page
        switch takes a frame or more, many more on a loaded machine."""
        seen = []

        def shown():
            seen[:] = [self.selected_page()]
            return seen[0] == page
        if not self.wait_until(shown, timeout=timeout, fail=False):
            raise AssertionError(f"the {page} page is not shown (selected: {seen or 'none'})")

    # -- acting -----------------------------------------------------------
    def click(self, accessible):
        action = accessible.queryAction()
        names = [action.getName(i) for i in range(action.nActions)]
        # Buttons offer "click"; GTK 4.8's switches only "activate".
        usable = [n for n in ("click", "activate", "toggle") if n in names]
        assert usable, f"{accessible.getRoleName()} {accessible.name!r} offers only {names}"
        action.doAction(names.index(usable[0]))

    def click_at(self, accessible, window_id=None):
        """A real pointer click on the middle of `accessible`, for widgets
        GTK 4.8 gives no accessible action (list rows)."""
        x, y, width, height = self.extents(accessible)
        window = str(window_id or self.window_id)
        subprocess.run(["xdotool", "mousemove", "--sync", "--window", window, str(x + width // 2),
                        str(y + height // 2), "click", "1"], check=True)
        time.sleep(0.1)

    def scroll(self, clicks, x=480, y=360):
        """Turns the mouse wheel over a point of the window (negative: up)."""
        button = "5" if clicks > 0 else "4"
        subprocess.run(["xdotool", "mousemove", "--sync", "--window", str(self.window_id), str(x), str(y),
                        "click", "--repeat", str(abs(clicks)), "--delay", "30", button], check=True)
        time.sleep(0.3)

    def key(self, *combos, window_id=None):
        subprocess.run(["xdotool", "windowfocus", "--sync", str(window_id or self.window_id)], check=True)
        for combo in combos:
            subprocess.run(["xdotool", "key", "--clearmodifiers", combo], check=True)
            time.sleep(0.15)

    def resize(self, width, height):
        """Makes the window's frame (without its client-side shadow) width × height."""
        x_size = self.x_geometry(self.window_id)
        _, _, frame_width, frame_height = self.extents(self.frame("Hark"))
        shadow_x = int(x_size["WIDTH"]) - frame_width
        shadow_y = int(x_size["HEIGHT"]) - frame_height
        subprocess.run(["xdotool", "windowsize", "--sync", str(self.window_id),
                        str(width + shadow_x), str(height + shadow_y)], check=True)
        self.wait_until(lambda: self.extents(self.frame("Hark"))[2:] == (width, height))
        time.sleep(0.5)  # let GTK finish the relayout and repaint

    @staticmethod
    def x_geometry(window_id):
        """The X window's X, Y, WIDTH and HEIGHT (client-side shadow included)."""
        geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", str(window_id)],
                                  capture_output=True, text=True, check=True).stdout
        return dict(line.split("=") for line in geometry.split())

    def screenshot(self, name, window_id=None, with_popovers=False):
        """The window as it looks. A popover is a window of its own, which
        `import -window` leaves out; with_popovers takes the window's area
        of the whole screen instead (whatever lies over it included)."""
        time.sleep(0.4)  # the frame after the last change
        path = os.path.join(self.screenshot_dir, f"{name}.png")
        window = str(window_id or self.window_id)
        if with_popovers:
            g = self.x_geometry(window)
            subprocess.run(["import", "-window", "root", "-crop",
                            f"{g['WIDTH']}x{g['HEIGHT']}+{g['X']}+{g['Y']}", "+repage", path], check=True)
        else:
            subprocess.run(["import", "-window", window, path], check=True)
        assert os.path.getsize(path) > 1000, f"screenshot {path} is empty"
        return path

    def wait_until(self, predicate, timeout=5, fail=True):
        """Polls predicate until it holds. Between polls it rests at least as
        long as the last poll took: a poll that walks the accessible tree
        costs Hark, the bus and this process CPU for each object, and back to
        back they took the two cores the other test workers share. (Six of
        the slowest test files: 200 → 177 CPU-seconds.)"""
        deadline = time.monotonic() + timeout
        while True:
            started = time.monotonic()
            try:
                if predicate():
                    return True
            except (AssertionError, Exception):  # AT-SPI objects can vanish mid-query
                pass
            now = time.monotonic()
            if now >= deadline:
                break
            # The last poll comes at the deadline, however long a walk takes.
            time.sleep(min(max(0.1, min(1.0, now - started)), deadline - now))
        if fail:
            raise AssertionError(f"timed out waiting for {getattr(predicate, '__name__', 'condition')}")
        return False

    def _x_window(self, title):
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            out = subprocess.run(["xdotool", "search", "--pid", str(self.process.pid), "--name", f"^{title}$"],
                                 capture_output=True, text=True).stdout.split()
            if out:
                return int(out[-1])
            time.sleep(0.1)
        raise AssertionError(f"no X window titled {title!r}")

    def shows_window(self, title):
        """Whether Hark has a window of this title on screen. (All of
        xdotool's criteria at once: its default is any one of them.)"""
        return bool(subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", str(self.process.pid),
                                    "--name", f"^{title}$"], capture_output=True, text=True).stdout.split())

    def x_window(self, title):
        return self._x_window(title)
