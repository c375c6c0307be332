#!/usr/bin/python3
"""The seek reference for `scripts/bench-playback`: a bare GStreamer player.

    bench/playbin_seek.py FILE [--count 25]

Plays FILE with a plain `playbin` (audio only, as the engine's) into the
capture the engine benchmark uses (`… ! appsink sync=true` at 22050 Hz mono),
and seeks it `--count` times to random places between 10 s and 30 s before
the end, with the same flushing, accurate seek. Each latency runs from the
seek call to the first buffer within 0.5 s of the target, with a 0.2 s pause
between seeks: the engine benchmark's measure, so the two can be compared on
the same machine in the same run. Prints the latencies (ms) as JSON.
"""

import argparse
import json
import random
import time

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstApp", "1.0")
# GstApp gives the appsink its pull methods.
from gi.repository import GLib, Gst, GstApp  # noqa: E402,F401

CAPTURE = ("audioconvert ! audioresample ! audio/x-raw,format=S16LE,rate=22050,channels=1 "
           "! appsink name=capture sync=true max-buffers=0")


def stream_time(sample):
    buffer, segment = sample.get_buffer(), sample.get_segment()
    if buffer is None or segment is None or buffer.pts == Gst.CLOCK_TIME_NONE:
        return None
    return segment.to_stream_time(Gst.Format.TIME, buffer.pts) / Gst.SECOND


def pull_until(capture, seconds, arrived):
    """Takes what the sink holds until `arrived(stream time)` or the time is up."""
    context = GLib.MainContext.default()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        sample = capture.try_pull_sample(0)
        if sample is None:
            if not context.iteration(False):
                time.sleep(0.002)
            continue
        place = stream_time(sample)
        if place is not None and arrived(place):
            return True
    return False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--count", type=int, default=25)
    args = parser.parse_args()

    Gst.init(None)
    playbin = Gst.ElementFactory.make("playbin")
    playbin.set_property("uri", Gst.filename_to_uri(args.file))
    Gst.util_set_object_arg(playbin, "flags", "audio+soft-volume")
    sink = Gst.parse_bin_from_description(CAPTURE, True)
    capture = sink.get_by_name("capture")
    playbin.set_property("audio-sink", sink)
    playbin.set_state(Gst.State.PLAYING)
    playbin.get_state(Gst.CLOCK_TIME_NONE)
    _, duration = playbin.query_duration(Gst.Format.TIME)
    duration /= Gst.SECOND

    latencies = []
    for _ in range(args.count):
        pull_until(capture, 0.2, lambda _: False)
        target = random.uniform(10, duration - 30)
        start = time.monotonic()
        playbin.seek_simple(Gst.Format.TIME, Gst.SeekFlags.FLUSH | Gst.SeekFlags.ACCURATE,
                            int(target * Gst.SECOND))
        if pull_until(capture, 5, lambda place: abs(place - target) < 0.5):
            latencies.append((time.monotonic() - start) * 1000)
    playbin.set_state(Gst.State.NULL)
    print(json.dumps(latencies))


if __name__ == "__main__":
    main()
