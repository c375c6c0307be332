"""An idle Hark must not keep its main loop busy. A started GtkSpinner left
in a hidden page once kept the frame clock ticking ~770 times a second with
nothing on screen moving; this catches any such busy loop. The margin is
wide on purpose: a busy loop shows hundreds of wake-ups in the window, an
idle app none (timings are measured properly by scripts/bench)."""
import time
from pathlib import Path

import pytest

from test_browse import open_row
from test_sign_in import sign_in_with_invite

WINDOW = 3.0
MAX_MAIN_THREAD_SWITCHES = 15


def main_thread_switches(pid):
    status = Path(f"/proc/{pid}/task/{pid}/status").read_text().splitlines()
    return sum(int(line.split()[1]) for line in status
               if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")))


def assert_idle(hark, where):
    time.sleep(2)  # let start-up and the last change settle
    before = main_thread_switches(hark.process.pid)
    time.sleep(WINDOW)
    woke = main_thread_switches(hark.process.pid) - before
    assert woke <= MAX_MAIN_THREAD_SWITCHES, f"{where}: the main thread woke {woke} times in {WINDOW} s while idle"


@pytest.mark.long
def test_idle_hark_does_not_spin(hark, audiosilo):
    assert_idle(hark, "welcome")
    sign_in_with_invite(hark, audiosilo)
    hark.click_at(hark.find("list item", "Audiobooks", timeout=15))
    open_row(hark, "Folder contents", "Theodore Quill")
    assert_idle(hark, "a folder")
    open_row(hark, "Folder contents", "A Clockwork Orchard")
    hark.find("label", "A Clockwork Orchard", timeout=15)
    assert_idle(hark, "the book page")
