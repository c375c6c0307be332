// A window holding only the chapter seek bar, fed by a fake chapter
// timeline, for `Tests/integration/test_seek_bar.py`: the Player page that
// will hold the bar is built elsewhere, and the bar is tested on its own.
//
// Protocol: prints `READY` once the window is up and `SEEK <seconds> <µs>`
// (the monotonic clock when sent) for each seek the bar sends (which the
// fake engine then "plays" from at once); reads `POS <seconds>` and
// `RATE <speed>` lines on stdin, as a playback engine would report them.
// No timers: the fake book never moves by itself, so an idle check sees an
// idle bar. `--right-to-left` lays the window out as GTK does in Hebrew or
// Arabic, which the test machines have no locale for.
import CAdw
import CGtk
import GObjectKit
import Glibc
import HarkCore
import Views

@MainActor
final class SeekBarDemo {
  static let shared = SeekBarDemo()

  /// Five chapters, 1:05:00 in all; chapter 4 is short so a 60 s step
  /// crosses it.
  let chapters = [
    ("Opening Credits", 600.0), ("The Long Road", 900), ("Rain at the Station", 900), ("Interlude", 300),
    ("Home", 1200),
  ].reduce(into: [SeekBarChapter]()) { list, chapter in
    let start = list.last?.span.end ?? 0
    list.append(
      SeekBarChapter(span: ChapterSpan(start: start, end: start + chapter.1), number: list.count + 1, title: chapter.0))
  }
  var position = 700.0
  var rate = 1.0
  var pendingInput = ""
  var bar: SeekBar!

  func start() {
    adw_init()
    if CommandLine.arguments.contains("--right-to-left") { gtk_widget_set_default_direction(GTK_TEXT_DIR_RTL) }
    let window = adw_window_new()!
    gtk_window_set_title(hark_window(window), "Seek Bar Demo")
    gtk_window_set_default_size(hark_window(window), 640, 220)
    bar = SeekBar { [unowned self] seconds in
      // With when it was sent (CLOCK_MONOTONIC, Python's time.monotonic()
      // too): the test judges the throttle by the bar's own timing, not by
      // when a loaded machine let it read the line.
      say(String(format: "SEEK %.3f %lld", seconds, g_get_monotonic_time()))
      self.position = seconds
      self.feed()
    }
    let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_widget_set_margin_top(content, 24)
    gtk_widget_set_margin_bottom(content, 24)
    gtk_widget_set_margin_start(content, 12)
    gtk_widget_set_margin_end(content, 12)
    gtk_box_append(hark_box(content), bar.widget)
    let clamp = adw_clamp_new()!
    adw_clamp_set_maximum_size(OpaquePointer(clamp), 600)
    adw_clamp_set_child(OpaquePointer(clamp), content)
    gtk_widget_set_valign(clamp, GTK_ALIGN_CENTER)
    gtk_widget_set_vexpand(clamp, 1)
    let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_box_append(hark_box(page), adw_header_bar_new())
    gtk_box_append(hark_box(page), clamp)
    adw_window_set_content(window.cast(AdwWindow.self), page)
    feed()
    gtk_window_present(hark_window(window))
    let stdin = g_io_channel_unix_new(0)
    g_io_add_watch(stdin, GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue), { _, _, _ in
      MainActor.assumeIsolated { SeekBarDemo.shared.readCommands() } ? 1 : 0
    }, nil)
    say("READY")
  }

  func feed() {
    bar.show(SeekBarInput(chapters: chapters, position: position, duration: chapters.last!.span.end, rate: rate))
  }

  /// Reads what stdin has; false (remove the watch) at end of input.
  func readCommands() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(0, &buffer, buffer.count)
    guard count > 0 else { return false }
    pendingInput += String(decoding: buffer[0..<count], as: UTF8.self)
    while let newline = pendingInput.firstIndex(of: "\n") {
      let line = pendingInput[..<newline].split(separator: " ")
      pendingInput.removeSubrange(...newline)
      guard line.count == 2, let value = Double(line[1]) else { continue }
      if line[0] == "POS" { position = value } else if line[0] == "RATE" { rate = value }
      feed()
    }
    return true
  }
}

/// One line on stdout, unbuffered, so the test sees it at once.
func say(_ line: String) {
  let text = line + "\n"
  _ = text.withCString { write(1, $0, strlen($0)) }
}

g_set_prgname("seek-bar-demo")
SeekBarDemo.shared.start()
let loop = g_main_loop_new(nil, 0)
g_main_loop_run(loop)
