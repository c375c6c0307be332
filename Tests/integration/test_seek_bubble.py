"""The seek bar's preview bubble points at the thumb: in `SeekBarDemo`, at
desktop and phone widths, left to right and right to left (the bar itself
runs left to right in both; the bubble's lines follow the language), the
tip of the bubble's arrow is drawn within a few pixels of the thumb's
centre while the thumb is dragged. Measured on the pixels of screenshots
(seek_bubble_pixels.py says how), not on what GTK reports, since what GTK
reports is what was wrong: GTK 4.8's gtk_range_get_slider_range gives a
horizontal slider's top as its start, and the bubble, placed from it,
pointed up to 200 px beside the thumb, the further the further along the
bar the thumb had last been drawn."""
import os
import subprocess
import time

import pytest

from seek_bubble_pixels import Picture, arrow_tip, thumb
from test_seek_bar import run_demo

# Along the bar from its left end, per window width (None: the demo's own
# 640 px): both ends, where the bubble meets the window's edges, and between.
FRACTIONS = ((None, (0.03, 0.5, 0.97)), (360, (0.03, 0.97)))
TOLERANCE = 4  # px


@pytest.fixture(params=["left-to-right", "right-to-left"])
def demo(request, accessibility_bus, tmp_path):
    for driver in run_demo(tmp_path, *(["--right-to-left"] if request.param == "right-to-left" else [])):
        driver.direction = request.param
        yield driver


def capture(demo, path, with_bubble):
    """The window alone, or the window's area of the screen with the bubble."""
    g = demo.x_geometry(demo.window_id)
    source = ["-window", "root", "-crop", f"{g['WIDTH']}x{g['HEIGHT']}+{g['X']}+{g['Y']}", "+repage"] \
        if with_bubble else ["-window", str(demo.window_id)]
    subprocess.run(["import", *source, path], check=True)
    return Picture(path)


def tip_and_thumb(demo, name, scratch):
    """(arrow tip column, thumb centre column) while the thumb is held where
    it is; taken again until the thumb stood still between two shots of the
    window, the one with the bubble taken between them."""
    _, y, _, height = demo.extents(demo.slider)
    shown = os.path.join(demo.screenshot_dir, f"{name}.png")
    before = None
    for _ in range(5):
        time.sleep(0.2)  # the frame after the last move
        window = capture(demo, os.path.join(scratch, "window.png"), with_bubble=False)
        found = thumb(window, y - 30, y + height + 30)
        assert found, f"{name}: no thumb in the window's pixels near rows {y}-{y + height}"
        if before and abs(found[0] - before[0]) < 0.5:
            return tip, found[0]
        before = found
        tip = arrow_tip(capture(demo, shown, with_bubble=True), found[1] - 60, found[2])
        assert tip is not None, f"{name}: no bubble arrow above the thumb (see {shown})"
    raise AssertionError(f"{name}: the thumb never stood still")


def test_the_bubble_points_at_the_thumb(demo, tmp_path):
    misses = []
    for width, fractions in FRACTIONS:
        if width:
            demo.resize(width, 220)
        for fraction in fractions:
            demo.move_to(fraction - 0.02)
            demo.pointer("mousedown", "1")
            demo.move_to(fraction)
            demo.wait_until(lambda: len(demo.preview_lines()) == 2, timeout=5)
            name = f"seek-bubble-{demo.direction}-{width or 'desktop'}-{round(fraction * 100)}"
            tip, centre = tip_and_thumb(demo, name, tmp_path)
            demo.pointer("mouseup", "1")
            if abs(tip - centre) > TOLERANCE:
                misses.append(f"{name}: the arrow's tip is {tip - centre:+.1f} px from the thumb's centre "
                              f"(columns {tip:.1f} and {centre:.1f})")
            demo.wait_until(lambda: demo.preview_lines() == [], timeout=5)
    assert not misses, "the bubble does not point at the thumb:\n" + "\n".join(misses)
