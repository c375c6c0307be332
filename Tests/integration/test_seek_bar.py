"""The chapter seek bar on its own (issue 5), in `SeekBarDemo`: a window
holding only the bar, fed a fake five-chapter book (10:00, 15:00, 15:00,
5:00, 20:00) that starts 1:40 into chapter 2 at book time 700 s. The demo
prints `SEEK <seconds>` for every seek the bar sends and "plays" from there
at once; it reads `POS <seconds>` lines as engine position reports.

Driven like a listener would: the real pointer through xdotool (press,
move in steps, release), the real keyboard, and AT-SPI to read what the
bar and its drag preview say."""
import os
import subprocess
import threading
import time

import pyatspi
import pytest

from conftest import REPO, RESULTS
from hark_ui import HarkDriver, sized_descendants
from test_idle import main_thread_switches

TITLE = "Seek Bar Demo"
CHAPTER_2 = (600.0, 1500.0)


class SeekBarDemo(HarkDriver):
    """HarkDriver's finding and acting, on the demo's window, with its
    stdin and stdout as the fake engine's pipes."""

    def start(self, *arguments):
        self.seeks = []  # (monotonic time the demo sent it, seconds)
        self.process = subprocess.Popen([self.binary, *arguments], env=self.env, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.output = []
        self.ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        assert self.ready.wait(20), f"the demo did not start: {self.output}"
        self.wait_for_window()

    def _read(self):
        for line in self.process.stdout:
            self.output.append(line)
            if line.startswith("READY"):
                self.ready.set()
            elif line.startswith("SEEK "):
                _, seconds, sent_us = line.split()
                self.seeks.append((int(sent_us) / 1e6, float(seconds)))

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=5)
        return "".join(self.output)

    def wait_for_window(self, timeout=20):
        def look():
            for app in pyatspi.Registry.getDesktop(0):
                if app is not None and app.name == "seek-bar-demo" and self._frame(app, TITLE):
                    self.app = app
                    return True
            return False

        self.wait_until(look, timeout=timeout)
        self.window_id = self._x_window(TITLE)
        self.slider = self.find("slider", "Position in Chapter")

    def frame(self, title):
        return self._frame(self.app, TITLE)

    def focus_slider(self):
        """Tabs to the slider (GTK 4.8 does not implement AT-SPI's GrabFocus)."""
        for _ in range(6):
            if self.has_state(self.slider, pyatspi.STATE_FOCUSED):
                return
            self.key("Tab")
        assert self.has_state(self.slider, pyatspi.STATE_FOCUSED), "Tab never reached the slider"

    def screenshot(self, name, window_id=None):
        """The window's area of the screen: the drag preview is a popover,
        a window of its own that `import -window` would leave out."""
        time.sleep(0.4)
        geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", str(self.window_id)],
                                  capture_output=True, text=True, check=True).stdout
        g = dict(line.split("=") for line in geometry.split())
        path = os.path.join(self.screenshot_dir, f"{name}.png")
        subprocess.run(["import", "-window", "root", "-crop", f"{g['WIDTH']}x{g['HEIGHT']}+{g['X']}+{g['Y']}",
                        "+repage", path], check=True)
        return path

    def feed(self, position):
        self.process.stdin.write(f"POS {position}\n")
        self.process.stdin.flush()

    # -- reading the bar -------------------------------------------------
    def value(self):
        value = self.slider.queryValue()
        return value.currentValue, value.maximumValue

    def value_text(self):
        return self.slider.description

    def preview_lines(self):
        labels = sized_descendants(
            self.app, lambda a: a.getRoleName() == "label"
            and (a.name.startswith("Chapter ") or a.name.startswith("Book ·")))
        return sorted(label.name for label in labels if self.on_screen(label))

    def point_at(self, fraction):
        """Window coordinates of `fraction` along the slider's trough."""
        x, y, width, height = self.extents(self.slider)
        # Adwaita insets the trough by the scale's padding; the thumb's
        # centre runs between the trough's ends.
        inset = 12
        return int(x + inset + fraction * (width - 2 * inset)), int(y + height // 2)

    def pointer(self, *actions):
        subprocess.run(["xdotool", *actions], check=True)

    def move_to(self, fraction):
        x, y = self.point_at(fraction)
        self.pointer("mousemove", "--sync", "--window", str(self.window_id), str(x), str(y))


def parse_clock(text):
    seconds = 0
    for field in text.split(":"):
        seconds = seconds * 60 + int(field)
    return seconds


def demo_binary():
    if os.environ.get("HARK_SEEK_BAR_DEMO"):
        return os.environ["HARK_SEEK_BAR_DEMO"]
    if os.environ.get("HARK_BINARY"):
        return os.path.join(os.path.dirname(os.environ["HARK_BINARY"]), "SeekBarDemo")
    return os.path.join(REPO, ".build", "debug", "SeekBarDemo")


def run_demo(tmp_path, *arguments):
    """The demo started with `arguments`; after the test, stopped, and its
    output checked for GLib's warnings."""
    env = dict(os.environ, GTK_A11Y="atspi", XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_CACHE_HOME=str(tmp_path / "cache"))
    driver = SeekBarDemo(demo_binary(), env, tmp_path, os.path.join(RESULTS, "ui"))
    driver.start(*arguments)
    try:
        yield driver
    finally:
        output = driver.stop()
        assert "CRITICAL" not in output and "WARNING" not in output, output


@pytest.fixture
def demo(accessibility_bus, tmp_path):
    yield from run_demo(tmp_path)


def test_the_bar_spans_the_chapter_and_says_where_it_is(demo):
    assert demo.value() == (100, 900)
    assert demo.value_text() == "1:40 of 15:00"
    assert demo.find("label", "1:40", timeout=2)
    assert demo.find("label", "\u221213:20", timeout=2)
    demo.screenshot("seek-bar-desktop")


def test_a_drag_previews_under_the_pointer_throttles_seeks_and_seeks_on_release(demo):
    start, end = CHAPTER_2
    demo.move_to(100 / 900)
    demo.pointer("mousedown", "1")
    pressed_at = time.monotonic()
    previews = []
    steps = 24
    for step in range(1, steps + 1):
        fraction = 100 / 900 + step * (0.75 - 100 / 900) / steps
        demo.move_to(fraction)
        time.sleep(0.1)
        if step % 6 == 0:
            lines = demo.preview_lines()
            previews.append((fraction, lines))
            if step == 12:
                demo.screenshot("seek-bar-dragging")
    last_preview = demo.preview_lines()
    released_at = time.monotonic()
    demo.pointer("mouseup", "1")
    demo.wait_until(lambda: any(t >= released_at for t, _ in demo.seeks), timeout=3)

    # The preview followed the pointer, in chapter time and book time. The
    # pointer is placed from the slider's extents and a guess at Adwaita's
    # trough inset, hence the 5 % margin; the release is checked exactly
    # against the preview below.
    shown = []
    for fraction, lines in previews:
        assert len(lines) == 2, lines
        book_line, chapter_line = lines
        assert chapter_line.startswith("Chapter 2 · ") and chapter_line.endswith(" of 15:00"), lines
        in_chapter = parse_clock(chapter_line.split(" · ")[1].split(" of ")[0])
        assert abs(in_chapter - fraction * 900) <= 0.05 * 900, (fraction, lines)
        shown.append(in_chapter)
        assert book_line == f"Book · {format_clock(start + in_chapter)} of 1:05:00", lines
    assert shown == sorted(shown) and len(set(shown)) == len(shown), previews

    # Only throttled seeks during the drag: none in the first 500 ms, then
    # at least 500 ms apart (less a main loop's jitter), as the demo timed
    # them when it sent them.
    during = [(t, s) for t, s in demo.seeks if t < released_at]
    assert during, "a drag of over two seconds sends throttled seeks"
    assert during[0][0] - pressed_at >= 0.45
    assert all(b[0] - a[0] >= 0.4 for a, b in zip(during, during[1:])), during
    assert len(during) <= (released_at - pressed_at) / 0.5 + 1, during

    # One seek on release, where the pointer was (the preview said so).
    after = [s for t, s in demo.seeks if t >= released_at]
    assert len(after) == 1, after
    previewed = start + parse_clock(last_preview[1].split(" · ")[1].split(" of ")[0])
    assert abs(after[0] - previewed) <= 1, (after, last_preview)
    assert abs(after[0] - (start + 0.75 * 900)) <= 0.05 * 900
    demo.wait_until(lambda: demo.preview_lines() == [], timeout=2)


def test_playback_does_not_move_the_bar_during_a_drag(demo):
    demo.move_to(0.5)
    demo.pointer("mousedown", "1")
    demo.move_to(0.52)
    time.sleep(0.2)
    demo.feed(1600)  # chapter 3 begins at 1500
    time.sleep(0.3)
    assert demo.value()[1] == 900 and 440 <= demo.value()[0] <= 500, demo.value()
    assert demo.preview_lines()[1].startswith("Chapter 2 · ")
    # On a loaded machine the drag can outlast the 500 ms throttle and send
    # a seek of its own: the one checked is the seek sent on release.
    released_at = time.monotonic()
    demo.pointer("mouseup", "1")
    demo.wait_until(lambda: any(t >= released_at for t, _ in demo.seeks), timeout=5)
    assert CHAPTER_2[0] + 440 <= demo.seeks[-1][1] <= CHAPTER_2[0] + 500


def test_arrows_and_page_up_step_the_bar(demo):
    demo.focus_slider()
    demo.key("Right")
    demo.wait_until(lambda: len(demo.seeks) == 1)
    assert demo.seeks[-1][1] == 705
    demo.key("Page_Up")
    demo.wait_until(lambda: len(demo.seeks) == 2)
    assert demo.seeks[-1][1] == 765
    demo.key("Left", "Page_Down")
    demo.wait_until(lambda: len(demo.seeks) == 4)
    assert [s for _, s in demo.seeks[2:]] == [760, 700]
    demo.wait_until(lambda: demo.value() == (100, 900))


def test_a_page_step_stops_at_the_chapter_end_then_carries_on(demo):
    demo.feed(2390)  # 10 s before chapter 4 (5:00 long) begins
    demo.wait_until(lambda: demo.value() == (890, 900))
    demo.focus_slider()
    demo.key("Page_Up")
    demo.wait_until(lambda: len(demo.seeks) == 1)
    assert demo.seeks[-1][1] == 2400
    demo.wait_until(lambda: demo.value() == (0, 300))
    demo.key("Page_Up")
    demo.wait_until(lambda: len(demo.seeks) == 2)
    assert demo.seeks[-1][1] == 2460


def test_the_bar_re_bases_when_playback_crosses_a_chapter_end(demo):
    demo.feed(2398)
    demo.wait_until(lambda: demo.value() == (898, 900))
    assert demo.value_text() == "14:58 of 15:00"
    demo.feed(2405)
    demo.wait_until(lambda: demo.value() == (5, 300))
    assert demo.value_text() == "0:05 of 5:00"
    assert demo.find("label", "\u22124:55", timeout=2)
    assert not demo.seeks, "playback's own moves are not seeks"


def test_an_idle_bar_does_not_wake_the_app(demo):
    time.sleep(1)
    before = main_thread_switches(demo.process.pid)
    time.sleep(3)
    assert main_thread_switches(demo.process.pid) - before <= 15


def test_screenshots_at_phone_width(demo):
    demo.resize(360, 220)
    demo.screenshot("seek-bar-phone")
    demo.move_to(0.85)
    demo.pointer("mousedown", "1")
    demo.move_to(0.9)
    time.sleep(0.3)
    demo.screenshot("seek-bar-phone-dragging")
    demo.pointer("mouseup", "1")


def format_clock(seconds):
    seconds = int(seconds)
    hours, minutes, secs = seconds // 3600, seconds // 60 % 60, seconds % 60
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"
