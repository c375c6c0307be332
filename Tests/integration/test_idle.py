"""An idle Hark must not wake up.

Two failures this catches:
- A busy loop on the main thread. A started GtkSpinner left in a hidden page
  once kept the frame clock ticking ~770 times a second with nothing on
  screen moving. The main thread's margin is wide on purpose: a busy loop
  shows hundreds of wake-ups in the window, an idle app none, and the X
  server or the accessibility bus may still poke the main thread now and
  then while the suite runs beside other sessions.
- A timer on any other thread. Once signed in, Hark used to wake once a
  second on libdispatch's worker-pool monitor, which libdispatch arms the
  first time Swift concurrency work runs on its global pool and never
  disarms. That is about 3 context switches in the 3 s window on one
  thread. So each thread other than the main one may switch at most twice
  (room for one stray D-Bus message on the shared bus), and all of them
  together at most MAX_OTHER_THREADS_SWITCHES: a once-a-second timer fails
  the first, two half-hearted ones the second.

Timings are measured properly by scripts/bench (--signed-in)."""
import time
from pathlib import Path

import pytest

from test_browse import open_row
from test_sign_in import sign_in_with_invite

WINDOW = 3.0
MAX_MAIN_THREAD_SWITCHES = 15
MAX_SWITCHES_PER_OTHER_THREAD = 2
MAX_OTHER_THREADS_SWITCHES = 3


def main_thread_switches(pid):
    """The main thread's context switches so far (its task id is the pid)."""
    return switches_per_thread(pid)[pid][1]


def switches_per_thread(pid):
    """{tid: (name, voluntary + nonvoluntary context switches)}; reading
    /proc does not wake the process."""
    result = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            name = (task / "comm").read_text().strip()
            status = (task / "status").read_text().splitlines()
        except (FileNotFoundError, ProcessLookupError):
            continue  # the thread exited while we were reading
        result[int(task.name)] = (name, sum(int(line.split()[1]) for line in status if line.startswith(
            ("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches"))))
    return result


def assert_idle(hark, where):
    pid = hark.process.pid
    time.sleep(2)  # let start-up and the last change settle
    before = switches_per_thread(pid)
    time.sleep(WINDOW)
    after = switches_per_thread(pid)
    # A thread born in the window counts from zero; one that died in it is lost.
    woke = {tid: (name, count - before.get(tid, (name, 0))[1]) for tid, (name, count) in after.items()}
    woke = {tid: entry for tid, entry in woke.items() if entry[1] > 0}
    described = ", ".join(f"{name} ({tid}) +{count}" for tid, (name, count) in sorted(woke.items())) or "none"
    main = woke.pop(pid, ("main", 0))[1]
    assert main <= MAX_MAIN_THREAD_SWITCHES, f"{where}: the main thread woke {main} times in {WINDOW} s while idle"
    busiest = max((count for _, count in woke.values()), default=0)
    assert busiest <= MAX_SWITCHES_PER_OTHER_THREAD, \
        f"{where}: a thread woke {busiest} times in {WINDOW} s while idle (about once a second): {described}"
    total = sum(count for _, count in woke.values())
    assert total <= MAX_OTHER_THREADS_SWITCHES, \
        f"{where}: threads other than the main one woke {total} times in {WINDOW} s while idle: {described}"


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
