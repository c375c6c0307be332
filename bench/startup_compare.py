#!/usr/bin/python3
"""Start-up to the first frame of several binaries, their starts alternated.

scripts/bench runs each app a few times; on a shared 2-core machine two runs
of the same binary can differ by 0.2 in ratio, too much to tell a 10 ms
change. This starts the given binaries one after the other, round after
round, under one private Xvfb and session bus (the same environment as
scripts/bench), so a busy moment of the machine falls on all of them alike,
and prints per binary the median wall time from the spawn to FIRST_FRAME and
the main thread's CPU time up to it (/proc/PID/task/PID/schedstat, in ns:
what the binary itself costs, little moved by other jobs).

usage: bench/startup_compare.py [--starts 20] BINARY [BINARY ...]
       (each binary must print FIRST_FRAME under HARK_BENCH_FIRST_FRAME=1:
       hark-bench, bench/floor.c and its variants)
"""

import argparse
import importlib.machinery
import importlib.util
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load_bench():
    """scripts/bench as a module: its Xvfb, bus, environment and Run."""
    loader = importlib.machinery.SourceFileLoader("bench_script", str(ROOT / "scripts" / "bench"))
    spec = importlib.util.spec_from_loader("bench_script", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def main_thread_cpu_ms(pid):
    """The main thread's CPU time so far (schedstat's first field, ns)."""
    return int(Path(f"/proc/{pid}/task/{pid}/schedstat").read_text().split()[0]) / 1e6


def one_start(bench, binary, env):
    with tempfile.TemporaryFile() as err:
        run = bench.Run(binary, env, err)
        try:
            run.got_first_frame.wait(bench.FIRST_FRAME_TIMEOUT)
            if run.first_frame_us is None:
                raise bench.BenchError(f"{binary}: no FIRST_FRAME; stderr:\n{run.stderr_text()}")
            cpu = main_thread_cpu_ms(run.proc.pid)
            return (run.first_frame_us * 1000 - run.spawn_ns) / 1e6, cpu
        finally:
            bench.stop(run.proc)
            time.sleep(bench.COOL_DOWN)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--starts", type=int, default=20, help="measured starts of each binary")
    ap.add_argument("binaries", nargs="+", type=Path)
    args = ap.parse_args()
    bench = load_bench()
    xvfb, display = bench.start_xvfb()
    bus, address = bench.start_dbus()
    try:
        with tempfile.TemporaryDirectory(prefix="hark-startup-") as tmp:
            env = bench.app_env(display, address, Path(tmp), "cairo")
            for binary in args.binaries:  # unmeasured: the page cache
                one_start(bench, binary, env)
            wall = {b: [] for b in args.binaries}
            cpu = {b: [] for b in args.binaries}
            for n in range(args.starts):
                # Flip the order every round, as scripts/bench does.
                order = args.binaries if n % 2 == 0 else list(reversed(args.binaries))
                for binary in order:
                    w, c = one_start(bench, binary, env)
                    wall[binary].append(w)
                    cpu[binary].append(c)
    finally:
        bench.stop(bus)
        bench.stop(xvfb)
    base = statistics.median(wall[args.binaries[0]])
    print(f"{'binary':50} {'wall ms':>8} {'ratio':>6} {'main CPU ms':>11}")
    for binary in args.binaries:
        w = statistics.median(wall[binary])
        print(f"{str(binary)[-50:]:50} {w:8.1f} {w / base:6.2f} {statistics.median(cpu[binary]):11.1f}")


if __name__ == "__main__":
    sys.exit(main())
