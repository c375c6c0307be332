"""Wake-ups while a book plays: Hark beside a bare `gst-launch-1.0 playbin`
playing the same file through the same real-time sink, for scripts/bench.

Hark plays a book of its local library (one folder holding the sample
library's hour-long, chapterless MP3), started the way GNOME Shell would:
its search provider's ActivateResult, which resumes the book. The window is
shown on the book's page, so the texts that change every second (the
page's place line and the mini-player's time left, repainted together in
one frame) are painted; the issue allows Hark one wake-up per second more
than playbin per visible label update, and the bench also measures what
one label updated once a second costs a minimal window (`floor --tick`). Both use `fakesink sync=true`: it keeps real time like a sound
card's sink but needs no sound server, and it is the same sink for both.

Hark is also measured with a window manager on the X server, as on every
desktop, when one is installed (`openbox`). Without one, each repaint of
the elapsed-time label costs Hark's main thread two more wake-ups inside
GTK, not Hark: GDK 4.8 asks the X server for the window manager's check
window (`_NET_SUPPORTING_WM_CHECK` on the root window, `XGetWindowProperty`,
a round trip) at the start and at the end of every frame, and when there
is none it asks again at the next frame instead of waiting its 15 s
(measured with `perf record -e sched:sched_switch --call-graph dwarf` on
the main thread: each such wait is in `gdk_x11_screen_supports_net_wm_hint`).
"""
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

BOOK = Path("Ingrid Marsh") / "The Long Night Watch"
SEARCH = ("dev.hark.Hark", "/dev/hark/Hark/SearchProvider")
SEARCH_INTERFACE = "org.gnome.Shell.SearchProvider2"
MPRIS = ("org.mpris.MediaPlayer2.Hark", "/org/mpris/MediaPlayer2")
RESOURCES = Path(__file__).resolve().parent.parent / "resources"
PLAYING_TIMEOUT = 60.0  # seconds for the scan, the search and the first buffers
WINDOW_MANAGER = "openbox"
WINDOW_MANAGER_TIMEOUT = 10.0  # seconds for it to announce itself on the root window


def has_window_manager():
    """Whether the window-manager run can happen: the manager, and xprop to
    see it start and to clean up after it."""
    return shutil.which(WINDOW_MANAGER) is not None and shutil.which("xprop") is not None


def root_properties(env):
    """The names of the properties on env's X server's root window."""
    listing = subprocess.run(["xprop", "-root"], env=env, capture_output=True, text=True).stdout
    # "NAME(TYPE) = value" or "NAME:  not found."; values go on indented.
    return {line.split("(")[0].split(":")[0].split(" ")[0]
            for line in listing.splitlines() if line[:1] not in ("", " ", "\t")}


def stop_window_manager(bench, proc, env, before):
    """Stops it and removes what it left on the root window: openbox leaves
    `_NET_SUPPORTING_WM_CHECK` naming its destroyed window, and GDK, finding
    that, makes more round trips per frame than with no manager at all,
    which spoilt every later run on the same X server."""
    bench.stop(proc)
    for name in sorted(root_properties(env) - before):
        subprocess.run(["xprop", "-root", "-remove", name], env=env, capture_output=True)


def start_window_manager(env, fail):
    """The window manager on env's X server, once it has set its check
    window (what GDK looks for); stop it with stop_window_manager."""
    proc = subprocess.Popen([WINDOW_MANAGER, "--sm-disable"], env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + WINDOW_MANAGER_TIMEOUT
    while "window id #" not in subprocess.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], env=env,
                                               capture_output=True, text=True).stdout:
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            proc.wait()
            fail(f"{WINDOW_MANAGER} did not start")
        time.sleep(0.1)
    return proc


def gdbus(env, destination, path, method, *arguments):
    """The reply's text, or the error gdbus printed."""
    done = subprocess.run(["gdbus", "call", "--session", "--dest", destination, "--object-path", path,
                           "--method", method, *arguments],
                          env=env, capture_output=True, text=True, timeout=10)
    return done.stdout.strip() if done.returncode == 0 else done.stderr.strip()


def library_env(env, home, sample_library):
    """`env` with a keyfile profile whose one library folder holds BOOK."""
    folder = home / "library"
    (folder / BOOK.parent).mkdir(parents=True, exist_ok=True)
    link = folder / BOOK
    if not link.exists():
        link.symlink_to(Path(sample_library) / BOOK)
    settings = home / "config" / "glib-2.0" / "settings"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "keyfile").write_text(f"[dev/hark/Hark]\nlibrary-folders=['{folder}']\n")
    # The schema, compiled from the repository, for this run alone.
    schemas = home / "schemas"
    schemas.mkdir(exist_ok=True)
    subprocess.run(["glib-compile-schemas", f"--targetdir={schemas}", str(RESOURCES)], check=True)
    return dict(env, GSETTINGS_BACKEND="keyfile", GSETTINGS_SCHEMA_DIR=str(schemas), HARK_AUDIO_SINK="fakesink",
                XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
                XDG_CACHE_HOME=str(home / "cache"))


def start_playing(env, fail):
    """Finds the book through the search provider and activates it; returns
    once MPRIS says Playing."""
    deadline = time.monotonic() + PLAYING_TIMEOUT
    result = ""
    while not result.startswith("(['"):
        if time.monotonic() > deadline:
            fail(f"never found the book through its search provider (last answer: {result!r})")
        time.sleep(0.5)
        result = gdbus(env, *SEARCH, SEARCH_INTERFACE + ".GetInitialResultSet", "['Long', 'Night']")
    identifier = result.split("'")[1]
    gdbus(env, *SEARCH, SEARCH_INTERFACE + ".ActivateResult", f"'{identifier}'", "['Long', 'Night']", "0")
    while "Playing" not in gdbus(env, *MPRIS, "org.freedesktop.DBus.Properties.Get",
                                 "org.mpris.MediaPlayer2.Player", "PlaybackStatus"):
        if time.monotonic() > deadline:
            fail("did not start playing the book it was asked to resume")
        time.sleep(0.5)


def voluntary_switches(pid, main_only=False):
    """Voluntary context switches so far, of the main thread or summed over
    all threads: the sleeps they chose and the wake-ups after them. The
    involuntary ones are preemptions, which on a shared machine say more
    about the load than about the app (a thread that exits in between takes
    its count with it)."""
    total = 0
    tasks = [Path(f"/proc/{pid}/task/{pid}")] if main_only else Path(f"/proc/{pid}/task").iterdir()
    for task in tasks:
        try:
            for line in (task / "status").read_text().splitlines():
                if line.startswith("voluntary_ctxt_switches"):
                    total += int(line.split()[1])
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total


def main_thread_cpu_ns(pid):
    """CPU time the main thread has run so far, in ns: the first field of
    its schedstat (the scheduler's own sum, exact, unlike stat's 10 ms
    ticks). What Hark's main loop costs while it plays, where a wake-up
    count says how often it runs but not how long."""
    return int(Path(f"/proc/{pid}/task/{pid}/schedstat").read_text().split()[0])


def measure_hark_playing(bench, binary, env, sample_library, settle, window, window_manager=False):
    """Hark's wake-ups per second while it plays (a dict like the idle
    ones); with `window_manager`, under one (see the top of this file)."""
    def no_manager(why):
        raise bench.BenchError(why)

    before = root_properties(env)
    manager = start_window_manager(env, no_manager) if window_manager else None
    try:
        with tempfile.TemporaryDirectory(prefix="playing-") as home, tempfile.TemporaryFile() as err:
            run = bench.Run(binary, library_env(env, Path(home), sample_library), err)
            try:
                def fail(why):
                    bench.stop(run.proc)
                    raise bench.BenchError(f"playing hark ({binary}) {why}; its stderr:\n{run.stderr_text()}")

                start_playing(env, fail)
                time.sleep(settle)
                main, voluntary = voluntary_switches(run.proc.pid, main_only=True), voluntary_switches(run.proc.pid)
                cpu = main_thread_cpu_ns(run.proc.pid)
                wakeups, threads = bench.idle_wakeups(run, window, fail)
                main = (voluntary_switches(run.proc.pid, main_only=True) - main) / window
                voluntary = (voluntary_switches(run.proc.pid) - voluntary) / window
                main_cpu = (main_thread_cpu_ns(run.proc.pid) - cpu) / 1e6 / window
                return dict(wakeups=wakeups, threads=threads, main_wakeups=main, voluntary=voluntary,
                            main_cpu_ms=main_cpu)
            finally:
                bench.stop(run.proc)
                time.sleep(bench.COOL_DOWN)
    finally:
        if manager:
            stop_window_manager(bench, manager, env, before)


def measure_floor(bench, binary, env, settle, window, tick, window_manager=False):
    """The floor's wake-ups per second (a dict like the idle ones), with
    `tick` updating one label once a second (`floor --tick`); with
    `window_manager`, under one, as Hark's run beside it."""
    def no_manager(why):
        raise bench.BenchError(why)

    before = root_properties(env)
    manager = start_window_manager(env, no_manager) if window_manager else None
    try:
        return bench.measure("floor --tick" if tick else "floor", binary, env, settle, window,
                             arguments=["--tick"] if tick else [])
    finally:
        if manager:
            stop_window_manager(bench, manager, env, before)


def measure_playbin(bench, env, sample_library, settle, window):
    """A bare playbin's wake-ups per second playing the same file."""
    file = next((Path(sample_library) / BOOK).glob("*.mp3"))
    command = ["gst-launch-1.0", "-q", "playbin", f"uri={file.as_uri()}",
               "audio-sink=fakesink sync=true", "video-sink=fakesink"]
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
        run = type("PlaybinRun", (), {"proc": proc})()
        try:
            def fail(why):
                bench.stop(proc)
                err.seek(0)
                raise bench.BenchError(f"gst-launch-1.0 playbin {why}; its stderr:\n{err.read().decode()}")

            time.sleep(settle)
            voluntary = voluntary_switches(proc.pid)
            wakeups, threads = bench.idle_wakeups(run, window, fail)
            voluntary = (voluntary_switches(proc.pid) - voluntary) / window
            return dict(wakeups=wakeups, threads=threads, voluntary=voluntary)
        finally:
            bench.stop(proc)
            time.sleep(bench.COOL_DOWN)
