"""Finds a Hark that a test did not start (or did not end) on a session bus.

Hark is a single-instance GApplication: a second `hark` on the same session
bus hands its command line to the one that owns `dev.hark.Hark` and exits
with status 0. So one Hark that outlives its test (a process not waited for,
or one that D-Bus started on its own) makes every later test on that worker
start nothing, and drive, or fail to find, a window that is not its own.
These checks turn that cascade into one clear failure, in the test that left
the Hark behind where it can be told, and end the stray process.
"""
import os
import signal
import subprocess
import time

APP_ID = "dev.hark.Hark"


def name_owner(env, name=APP_ID):
    """(pid, command line) of the process owning `name` on env's session
    bus, or None when no process owns it."""
    answer = subprocess.run(
        ["dbus-send", "--session", "--print-reply=literal", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
         "org.freedesktop.DBus.GetConnectionUnixProcessID", f"string:{name}"],
        capture_output=True, text=True, env=env, timeout=10)
    if answer.returncode != 0:  # org.freedesktop.DBus.Error.NameHasNoOwner
        return None
    pid = int(answer.stdout.split()[-1])
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            command = cmdline.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        command = "(already gone)"
    return pid, command


def has_ended(pid):
    """Whether process `pid` has exited: gone, or a zombie (a Hark that
    `gio launch` started is not a test's child, and whoever adopted it may
    never reap it)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except (FileNotFoundError, ProcessLookupError):
        return True


def end_stray(env, ended_pid=None, when="", timeout=5):
    """Fails, after killing it, if a process other than `ended_pid` (the
    Hark just ended) owns Hark's name on env's session bus. A process that
    has exited holds the name only until the bus daemon reads its closed
    socket, which a loaded machine can delay: that is waited for."""
    deadline = time.monotonic() + timeout
    while True:
        owner = name_owner(env)
        if owner is None:
            return
        ending = owner[0] == ended_pid or has_ended(owner[0])
        if not ending or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    pid, command = owner
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    # Gone from the bus before the next test looks.
    deadline = time.monotonic() + timeout
    while name_owner(env) is not None and time.monotonic() < deadline:
        time.sleep(0.1)
    raise AssertionError(
        f"a Hark this test did not start owned {APP_ID} on the test's session bus {when} "
        f"(pid {pid}: {command}); a new Hark would only hand it its window and exit, so it was killed")
