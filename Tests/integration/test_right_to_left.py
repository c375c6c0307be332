"""Hark in a right-to-left language (Hebrew), measured over AT-SPI.

When is Hark right to left? GTK takes its direction from its own catalog
(gtk40's "default:LTR" is "default:RTL" in Hebrew and Arabic), but GLib's
g_dgettext translates another library's strings only when the program's
own text domain has a catalog for the language (or the locale is C or
en_*): a Hebrew desktop running a Hark with no Hebrew catalog gets GTK in
English and left to right, consistently. So the window turns right to left
once Hark ships a Hebrew or Arabic translation. The test installs that
catalog with no message translated (msginit copies only the header), so
every name stays English for the lookups while GTK lays the window out as
for a Hebrew listener. Only C, C.UTF-8 and POSIX locales exist on the test
machines: LANG=C.UTF-8 LANGUAGE=he selects it (see test_translations.py).

What is asserted: the window is mirrored (the precondition, or the rest
would pass in English); the Book page's buttons mirror (Play rightmost on
its line) and wrap at phone width without overlapping, and English text in
a changing line ("Not started") starts at the right as labels do; and time
runs left to right (Sources/Views/Support/MediaDirection.swift says why):
the transport row from Previous Chapter on the left to Next Chapter on the
right, elapsed under the seek bar's left end and the time left under its
right end, a click a quarter along the bar from the left going a quarter
into the chapter, and the mini-player's Skip Back left of its Play with its
progress line filled from the left."""
import re
import subprocess

import pytest

from conftest import _run_hark
from hark_ui import sized_descendants
from test_book_page import open_orchard
from test_player import play_then_pause_on_player_page, player_button, read, trough_point
from test_sign_in import sign_in_with_invite

LANGUAGE = "he"
BOOK_BUTTONS = ("Play", "Add to Favourites", "Mark as Finished", "Download")
TRANSPORT = ("Previous Chapter", "Skip Back 15 Seconds", "Pause", "Skip Forward 30 Seconds", "Next Chapter")


@pytest.fixture
def hark_in_hebrew(accessibility_bus, keyring, tmp_path):
    """Hark with a Hebrew catalog of its own (header only) in its data folder."""
    from conftest import REPO
    po, catalog = tmp_path / "he.po", tmp_path / "data" / "locale" / LANGUAGE / "LC_MESSAGES" / "hark.mo"
    subprocess.run(["msginit", "--no-translator", f"--locale={LANGUAGE}", "-i", f"{REPO}/po/hark.pot", "-o", po],
                   check=True, capture_output=True)
    catalog.parent.mkdir(parents=True)
    subprocess.run(["msgfmt", "-o", catalog, po], check=True)
    yield from _run_hark(tmp_path, {"LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": LANGUAGE})


def left(hark, accessible):
    return hark.extents(accessible)[0]


def shown_buttons(hark, names, root=None):
    """name → the on-screen push button of that name (fails if one is missing)."""
    return {name: hark.find("push button", name, root=root, timeout=10) for name in names}


def overlap(a, b):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def assert_book_buttons_mirrored(hark, width):
    """Play (with the star beside it) starts each layout at the right: on
    its line nothing is right of it, and no two buttons overlap."""
    places = {name: hark.extents(button) for name, button in shown_buttons(hark, BOOK_BUTTONS).items()}
    play = places["Play"]
    for name, place in places.items():
        assert 0 <= place[0] and place[0] + place[2] <= width, f"{name} at {place} leaves the {width} px window"
        if name != "Play":
            same_line = abs(place[1] + place[3] / 2 - (play[1] + play[3] / 2)) < play[3] / 2
            if same_line:
                assert place[0] + place[2] <= play[0], f"{name} {place} is right of Play {play} on its line: {places}"
    names = list(places)
    for i, first in enumerate(names):
        for second in names[i + 1:]:
            assert not overlap(places[first], places[second]), f"{first} and {second} overlap: {places}"
    return places


def line_count(places):
    """How many lines the buttons make: centres more than 12 px apart
    vertically are on different lines (the star is taller than the pills)."""
    centres = sorted(y + height / 2 for _, y, _, height in places.values())
    return 1 + sum(1 for above, below in zip(centres, centres[1:]) if below - above > 12)


def labels_matching(hark, pattern):
    return [a for a in sized_descendants(hark.app, lambda a: a.getRoleName() == "label"
                                         and pattern.fullmatch(a.name or "")) if hark.on_screen(a)]


def in_screenshot(hark, accessible):
    """The accessible's x, y, width and height in a screenshot of the
    window, which holds the window's client-side shadow around its frame."""
    x, y, width, height = hark.extents(accessible)
    geometry = hark.x_geometry(hark.window_id)
    _, _, frame_width, frame_height = hark.extents(hark.frame("Hark"))
    return (x + (int(geometry["WIDTH"]) - frame_width) // 2, y + (int(geometry["HEIGHT"]) - frame_height) // 2,
            width, height)


def ink_span(hark, accessible, screenshot):
    """Where the text of a label is drawn: the left and right edges (from
    the accessible's own left) of what differs from its background."""
    x, y, width, height = in_screenshot(hark, accessible)
    box = subprocess.run(["convert", screenshot, "-crop", f"{width}x{height}+{x}+{y}", "+repage", "-fuzz", "20%",
                          "-format", "%@", "info:"], capture_output=True, text=True, check=True).stdout
    ink_width, _, ink_x, _ = (int(v) for v in re.fullmatch(r"(\d+)x(\d+)\+(\d+)\+(\d+)", box.strip()).groups())
    return ink_x, ink_x + ink_width


def progress_line_colours(hark, mini_player):
    """The mean colour (0–255 RGB) of the left and the right tenth of the
    mini-player's 3 px progress line, its top edge."""
    x, y, width, _ = in_screenshot(hark, mini_player)
    path = hark.screenshot("rtl-mini-player")
    colours = []
    for start in (x, x + width - width // 10):
        out = subprocess.run(["convert", path, "-crop", f"{width // 10}x2+{start}+{y}", "-resize", "1x1!",
                              "-format", "%[fx:int(255*r)] %[fx:int(255*g)] %[fx:int(255*b)]", "info:"],
                             capture_output=True, text=True, check=True).stdout
        colours.append(tuple(int(v) for v in out.split()))
    return colours


def accent(colour):
    red, green, blue = colour
    return blue - red > 80  # Adwaita's blue; the bar's grey has r ≈ g ≈ b


def test_a_hebrew_window_mirrors_but_time_runs_left_to_right(hark_in_hebrew, audiosilo):
    hark = hark_in_hebrew
    # The precondition: GTK mirrored the window (the Library tab, first in
    # the switcher, is right of the Downloads tab, its last).
    tabs = {name: left(hark, hark.find("page tab", name)) for name in ("Library", "Downloads")}
    assert tabs["Library"] > tabs["Downloads"], f"the window is left to right: {tabs}"

    sign_in_with_invite(hark, audiosilo)
    hark.find("label", "Audiobooks", timeout=15)
    hark.screenshot("rtl-library")
    open_orchard(hark)
    places = assert_book_buttons_mirrored(hark, hark.extents(hark.frame("Hark"))[2])
    assert line_count(places) == 1, f"not one line at desktop width: {places}"
    # English in the Hebrew window (here a string not translated yet) starts
    # at the right, as every label's: the place line over the buttons too.
    resume = hark.find("label", "Not started", timeout=10)
    ink = ink_span(hark, resume, hark.screenshot("rtl-book"))
    width = hark.extents(resume)[2]
    assert ink[1] > width - 8, f"'Not started' is drawn at {ink} of its {width} px row, not at its right end"
    hark.resize(360, 720)
    hark.wait_until(lambda: line_count({n: hark.extents(b) for n, b in shown_buttons(hark, BOOK_BUTTONS).items()}) > 1,
                    timeout=5, fail=False)
    places = assert_book_buttons_mirrored(hark, 360)
    assert line_count(places) > 1, f"the buttons did not wrap at 360 px: {places}"
    hark.screenshot("rtl-book-phone")

    play_then_pause_on_player_page(hark)
    # Every way time could run the wrong way, gathered, so a failure says
    # all of what a listener would meet.
    wrong = []
    transport = {name: left(hark, player_button(hark, name)) for name in TRANSPORT if name != "Pause"}
    transport["Pause"] = left(hark, player_button(hark, "Play"))
    order = sorted(transport, key=transport.get)
    if order != list(TRANSPORT):
        wrong.append(f"the transport row reads {order} from left to right")

    elapsed = read(hark, lambda hark: labels_matching(hark, re.compile(r"\d+:\d\d")))
    remaining = read(hark, lambda hark: labels_matching(hark, re.compile("\u2212\\d+:\\d\\d")))
    assert elapsed and remaining, "no times under the seek bar"
    if left(hark, elapsed[0]) > left(hark, remaining[0]):
        wrong.append(f"the time played ({elapsed[0].name}) is right of the time left ({remaining[0].name})")

    # A click a quarter along the bar from its left end: a quarter into the chapter.
    bar = hark.find("slider", "Position in Chapter")
    length = bar.queryValue().maximumValue
    x, y = trough_point(hark, bar, 0.25)
    subprocess.run(["xdotool", "mousemove", "--sync", "--window", str(hark.window_id), str(x), str(y),
                    "click", "1"], check=True)
    if not hark.wait_until(lambda: abs(bar.queryValue().currentValue - 0.25 * length) < 0.1 * length,
                           timeout=5, fail=False):
        wrong.append(f"a click a quarter along the seek bar from the left went to "
                     f"{bar.queryValue().currentValue:.1f} s of {length:.1f} s")
    hark.screenshot("rtl-player-phone")

    # Any other page: the mini-player's buttons at its end (the left) in
    # their own order, its line filled from the left.
    hark.key("alt+1")
    mini = hark.find("panel", "Mini Player", timeout=5)
    buttons = shown_buttons(hark, ("Skip Back 15 Seconds", "Play", "Open Player"), root=mini)
    if not left(hark, buttons["Skip Back 15 Seconds"]) < left(hark, buttons["Play"]) < left(hark, buttons["Open Player"]):
        wrong.append(f"the mini-player reads {sorted(buttons, key=lambda n: left(hark, buttons[n]))} from left to right")
    start, end = progress_line_colours(hark, mini)
    if not (accent(start) and not accent(end)):
        wrong.append(f"the mini-player's line, a quarter played: left tenth {start}, right tenth {end}")
    assert not wrong, "time runs right to left:\n" + "\n".join(wrong)

    hark.resize(960, 720)
    hark.key("alt+3")
    hark.wait_for_page("Player")
    hark.screenshot("rtl-player")
