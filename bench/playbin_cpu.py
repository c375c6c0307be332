#!/usr/bin/python3
"""The CPU reference for `scripts/bench-playback`: a bare GStreamer player.

    bench/playbin_cpu.py FILE --rate 1.5 --seconds 8 [--start 60] [--warm-up 1]

Plays FILE with a plain `playbin` into `fakesink sync=true` (the sink the
engine benchmark uses) from --start seconds, and prints the CPU seconds this
process used over a --seconds window that begins --warm-up seconds after
PLAYING. At a rate other than 1 it does the same pitch-keeping work as any
player has to: `scaletempo` as playbin's audio-filter and a flushing seek with
the rate (gst-launch-1.0 cannot set a rate, and a baseline playing at 1x, or
at 1.5x without scaletempo, would not be doing the same job). At 1x there is
no filter: that is what `gst-launch-1.0 playbin` does.

CPU time comes from CLOCK_PROCESS_CPUTIME_ID (nanoseconds, all threads), the
clock the engine side reads through getrusage; /proc/PID/stat would count in
10 ms ticks, a sixth of the whole window's usage.
"""

import argparse
import time

import gi

gi.require_version("Gst", "1.0")
from gi.repository import GLib, Gst  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--rate", type=float, default=1.0)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--start", type=float, default=60.0)
    parser.add_argument("--warm-up", type=float, default=1.0)
    args = parser.parse_args()

    Gst.init(None)
    playbin = Gst.ElementFactory.make("playbin")
    playbin.set_property("uri", Gst.filename_to_uri(args.file))
    sink = Gst.ElementFactory.make("fakesink")
    sink.set_property("sync", True)
    playbin.set_property("audio-sink", sink)
    if args.rate != 1.0:
        playbin.set_property("audio-filter", Gst.ElementFactory.make("scaletempo"))
    playbin.set_state(Gst.State.PAUSED)
    playbin.get_state(Gst.CLOCK_TIME_NONE)
    playbin.seek(args.rate, Gst.Format.TIME, Gst.SeekFlags.FLUSH | Gst.SeekFlags.ACCURATE,
                 Gst.SeekType.SET, int(args.start * Gst.SECOND), Gst.SeekType.NONE, -1)
    playbin.get_state(Gst.CLOCK_TIME_NONE)
    playbin.set_state(Gst.State.PLAYING)
    playbin.get_state(Gst.CLOCK_TIME_NONE)

    loop = GLib.MainLoop()
    window = {}

    def begin():
        window["start"] = time.process_time()
        GLib.timeout_add(int(args.seconds * 1000), end)
        return False

    def end():
        window["used"] = time.process_time() - window["start"]
        loop.quit()
        return False

    GLib.timeout_add(int(args.warm_up * 1000), begin)
    loop.run()
    playbin.set_state(Gst.State.NULL)
    print(f"{window['used']:.6f}")


if __name__ == "__main__":
    main()
