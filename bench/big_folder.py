"""Playing with a big folder open, for scripts/bench: Hark's main thread's
CPU per second while a book streams from a server and the Library page shows
a folder of 10,000 books, beside the ticking floor's (`floor --tick`: one
label updated once a second) and Hark playing with a one-book library.

Why: the wake-up counts of bench/playing_wakeups.py say how often the main
thread runs, not how long. A store dispatch happens at every engine report
(once a second while playing, more during downloads), and everything
subscribed to the store works out its selector each time; a selector that
walks a big folder costs nothing with one book and a lot with 10,000, and
the wake-up count stays the same. The Library page's lists did exactly
that until 78caa2b (`memoized(libraryListsInput, …)`): with this folder
open, 122 ms of main-thread CPU per second of playing (debug build of
fc81604) against 7.3 ms after.

Hark signs in to the repository's test server (`--wide-folder 10000`: a
"Wide Shelf" of 10,000 books in "Big Library") through a pairing link,
and its `hark-bench` hooks (`Sources/hark-bench/BenchBigFolderHooks.swift`)
play the sample library's hour-long MP3 from the server and open the
folder; they print FOLDER_PLAYING once every page of the folder is listed
and shown and the book plays. Then, once the server has had no cover
request for 3 s (the rows on screen fetch theirs for ~14 s) and after a
settle, the main thread's CPU
(`/proc/PID/task/PID/schedstat`, first field, ns) across the idle window.
"""
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import playing_wakeups

WIDE_FOLDER_BOOKS = 10000
FOLDER_TIMEOUT = 120.0  # seconds to sign in, list 50 pages and start streaming
COVERS_QUIET = 3.0      # seconds without a cover request: the rows on screen have theirs
COVERS_TIMEOUT = 90.0   # seconds for those requests to stop
SERVER_ARGUMENTS = ("--wide-folder", str(WIDE_FOLDER_BOOKS))
HOOKS_ENV = dict(
    HARK_BENCH_BIG_FOLDER="1",
    HARK_BENCH_FOLDER_LIBRARY="Big Library",
    HARK_BENCH_FOLDER_PATH="Wide Shelf",
    HARK_BENCH_BOOK_LIBRARY="Audiobooks",
    HARK_BENCH_BOOK_PATH=str(playing_wakeups.BOOK),
    # The same real-time sink as the other playing runs; no sound server.
    HARK_AUDIO_SINK="fakesink",
)


def start_server(bench):
    """The test server over the sample library with the wide folder."""
    return bench.TestServer(arguments=SERVER_ARGUMENTS)


def cover_requests(server):
    """How many cover requests the server has answered so far."""
    requests = server.call(server.control + "/requests")["requests"]
    return sum(1 for r in requests if r["path"].endswith("/cover"))


def covers_done(server):
    """Waits until no cover request came for COVERS_QUIET seconds; False if
    they still come after COVERS_TIMEOUT."""
    deadline = time.monotonic() + COVERS_TIMEOUT
    count, since = cover_requests(server), time.monotonic()
    while time.monotonic() - since < COVERS_QUIET:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.5)
        now = cover_requests(server)
        if now != count:
            count, since = now, time.monotonic()
    return True


def measure_hark(bench, binary, env, server, settle, window):
    """Hark playing with the wide folder open: a dict with the main thread's
    CPU in ms per second (`main_cpu_ms`), its voluntary switches per second
    (`main_wakeups`) and the wake-ups over all threads (`wakeups`, `threads`)."""
    env = dict(env, **HOOKS_ENV)
    with tempfile.TemporaryFile() as err:
        run = bench.Run(binary, env, err, arguments=[server.fresh_link()])
        try:
            def fail(why):
                bench.stop(run.proc)
                raise bench.BenchError(f"hark with a big folder ({binary}) {why}; its stderr:\n{run.stderr_text()}")

            words = run.wait_for("FOLDER_PLAYING", FOLDER_TIMEOUT)
            if words is None:
                if run.proc.poll() is not None:
                    fail(f"exited with status {run.proc.returncode}")
                why = " ".join(run.lines.get("BENCH_FAILED", [])) or "no FOLDER_PLAYING line"
                fail(f"did not play with the folder open within {FOLDER_TIMEOUT:.0f} s ({why})")
            entries = dict(word.split("=", 1) for word in words[1:]).get("entries")
            if entries != str(WIDE_FOLDER_BOOKS):
                fail(f"listed {entries} entries, not {WIDE_FOLDER_BOOKS}")
            # The rows on screen (~200) ask for their covers, paced to about
            # 15 a second (404s here: the wide shelf has none), which keeps
            # the main thread and the workers busy for ~14 s: wait until the
            # server has seen none for a while, then let the window settle.
            if not covers_done(server):
                fail(f"still fetching covers after {COVERS_TIMEOUT:.0f} s")
            time.sleep(settle)
            pid = run.proc.pid
            try:
                cpu = playing_wakeups.main_thread_cpu_ns(pid)
                main = playing_wakeups.voluntary_switches(pid, main_only=True)
            except (FileNotFoundError, ProcessLookupError):
                fail("exited while playing")
            wakeups, threads = bench.idle_wakeups(run, window, fail)
            try:
                main_cpu = (playing_wakeups.main_thread_cpu_ns(pid) - cpu) / 1e6 / window
                main = (playing_wakeups.voluntary_switches(pid, main_only=True) - main) / window
            except (FileNotFoundError, ProcessLookupError):
                fail("exited while playing")
            return dict(main_cpu_ms=main_cpu, main_wakeups=main, wakeups=wakeups, threads=threads)
        finally:
            bench.stop(run.proc)
            time.sleep(bench.COOL_DOWN)


def measure_round(bench, apps, results, i, args, server, env_for_home, env, tmp):
    """Round i's big-folder run (a fresh home: a first sign-in), and the
    ticking floor as its baseline unless the playing runs measured it."""
    home = Path(tempfile.mkdtemp(prefix="big-folder-", dir=tmp))
    try:
        r = measure_hark(bench, apps["hark"], env_for_home(home), server,
                         args.big_folder_settle_seconds, args.idle_seconds)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    results["hark playing, big folder"].append(r)
    print(f"round {i + 1}/{args.rounds} hark playing, big folder open: main thread CPU "
          f"{r['main_cpu_ms']:.1f} ms/s", file=sys.stderr)
    if len(results["floor ticking"]) <= i:
        r = playing_wakeups.measure_floor(bench, apps["floor"], env, args.settle_seconds, args.idle_seconds,
                                          tick=True)
        results["floor ticking"].append(r)
        print(f"round {i + 1}/{args.rounds} floor ticking: main thread CPU {r['main_cpu_ms']:.1f} ms/s",
              file=sys.stderr)


def report(results):
    """The main-thread CPU lines of the report table: Hark playing with the
    big folder open and with a one-book library (each when it ran), beside
    the ticking floor."""
    ticking = results.get("floor ticking", [])
    harks = [(label, results.get(key, [])) for label, key in (
        ("  playing, big folder open", "hark playing, big folder"),
        ("  playing, one-book library", "hark playing"))]
    harks = [(label, runs) for label, runs in harks if runs]
    if not ticking or not harks:
        return

    def median(runs):
        return statistics.median(r["main_cpu_ms"] for r in runs)

    def rounds(runs):
        return ", ".join(format(r["main_cpu_ms"], ".1f") for r in runs)

    floor = median(ticking)
    print(f"{'main-thread CPU ms/s':<26}{'floor':>9}{'hark':>9}{'ratio':>8}  "
          f"(floor: the ticking floor, per round: {rounds(ticking)})")
    for label, runs in harks:
        hark = median(runs)
        ratio = hark / floor if floor else float("nan")
        # How often it ran beside how long: the main thread's voluntary
        # switches per second (a selector's cost shows above, not here).
        woke = ", ".join(format(r["main_wakeups"], ".1f") for r in runs)
        print(f"{label:<26}{floor:>9.1f}{hark:>9.1f}{ratio:>8.2f}  -  (per round: {rounds(runs)}; "
              f"main thread's voluntary switches/s: {woke})")
