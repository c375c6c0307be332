"""Where the seek bar's thumb and the tip of its preview bubble's arrow are
drawn, read from the pixels of two screenshots of the same moment:

- the window alone (`import -window`), which leaves the bubble out (it is a
  popover, a window of its own), so the whole thumb shows: Adwaita draws it
  as the only pure white (255) disc on the window's #fafafa;
- the window's area of the screen, bubble included. Under Xvfb there is no
  compositing manager, so the bubble's transparent shadow margin is drawn
  black: the arrow is the light triangle under the bubble whose lowest rows
  have black on both sides.

Positions are pixel columns (0 = the screenshot's left edge); both shapes
are symmetric, so the mean column of the thumb's white and the
brightness-weighted mean column of the arrow's last rows are their centres."""
import subprocess

WHITE = 254  # the thumb's fill; nothing else in the bar's rows is as white
BLACK = 2  # the bubble's shadow margin without a compositing manager
LIT = 60  # the arrow, anti-aliased edges included
ARROW_ROWS = 6  # rows above the tip that are still only the arrow
ARROW_MOST_WIDTH = 30  # px: wider lit runs are the bubble's body, not its arrow


class Picture:
    """A screenshot's grey levels, 0–255, one byte a pixel."""

    def __init__(self, path):
        size = subprocess.run(["identify", "-format", "%w %h", path], capture_output=True, text=True, check=True)
        self.width, self.height = (int(v) for v in size.stdout.split())
        self.grey = subprocess.run(["convert", path, "-colorspace", "gray", "-depth", "8", "gray:-"],
                                   capture_output=True, check=True).stdout
        assert len(self.grey) == self.width * self.height, f"{path}: unexpected pixel data"

    def at(self, x, y):
        return self.grey[y * self.width + x]

    def rows(self, top, bottom):
        return range(max(0, top), min(self.height, bottom))


def thumb(window_only, top, bottom):
    """(centre column, top row, bottom row) of the white disc between rows
    `top` and `bottom`, or None when there is none."""
    columns, rows = [], []
    for y in window_only.rows(top, bottom):
        for x in range(window_only.width):
            if window_only.at(x, y) >= WHITE:
                columns.append(x)
                rows.append(y)
    if len(columns) < 50:  # a 20 px disc has about 250
        return None
    return sum(columns) / len(columns), min(rows), max(rows)


def _arrow_runs(picture, y):
    """The lit runs of row `y` no wider than an arrow with black on both sides."""
    runs, x = [], 1
    while x < picture.width - 1:
        if picture.at(x, y) >= LIT and picture.at(x - 1, y) <= BLACK:
            end = x
            while end < picture.width - 1 and picture.at(end, y) > BLACK:
                end += 1
            if picture.at(end, y) <= BLACK and end - x <= ARROW_MOST_WIDTH:
                runs.append((x, end))
            x = end
        x += 1
    return runs


def arrow_tip(with_bubble, top, bottom):
    """The column of the arrow's tip: the lowest row between `top` and
    `bottom` with an arrow-wide lit run in black, and the brightness-weighted
    mean column of it and the rows just above. None when there is none."""
    for y in reversed(with_bubble.rows(top, bottom)):
        runs = _arrow_runs(with_bubble, y)
        if not runs:
            continue
        assert len(runs) == 1, f"two arrow tips in row {y}: {runs}"
        left, right = runs[0][0] - ARROW_MOST_WIDTH // 2, runs[0][1] + ARROW_MOST_WIDTH // 2
        weight = moment = 0
        for row in with_bubble.rows(y - ARROW_ROWS + 1, y + 1):
            for x in range(max(0, left), min(with_bubble.width, right)):
                level = with_bubble.at(x, row)
                if level > BLACK:
                    weight += level
                    moment += level * x
        return moment / weight
    return None
