import CGtk
import GObjectKit
import Glibc

/// For `scripts/bench`: with `HARK_BENCH_FIRST_FRAME=1`, prints
/// `FIRST_FRAME <µs of CLOCK_MONOTONIC>` once the window's first frame has
/// been painted, the same line the benchmark's C floor prints.
@MainActor
enum FirstFrameReport {
  static func attach(to window: UnsafeMutablePointer<GtkWidget>) {
    guard getenv("HARK_BENCH_FIRST_FRAME").map({ String(cString: $0) }) == "1" else { return }
    Signals.connect(window, "map") {
      guard let clock = gtk_widget_get_frame_clock(window) else { return }
      var token: SignalToken?
      token = Signals.connect(clock, "after-paint") {
        // A single write(2): nothing buffered, nothing lost if killed next.
        let line = "FIRST_FRAME \(g_get_monotonic_time())\n"
        _ = line.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
        token?.disconnect()
      }
    }
  }
}
