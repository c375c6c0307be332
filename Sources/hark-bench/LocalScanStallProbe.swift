import CGLib
import CGtk
import Foundation
import GObjectKit
import Glibc
import HarkCore

/// For `scripts/bench-scan --stalls`, only with `HARK_BENCH_SCAN_STALLS=1`:
/// while the library folders are scanned, a 5 ms timer on the main loop
/// notes the longest wait between two of its ticks (beyond the 5 ms): the
/// longest the window could not answer. The scan starts with Hark, while
/// its window is still being built; the window cannot answer anything
/// before it is first shown, and building it is no part of the scan (the
/// floor app's first frame is not either), so the stalls count from the
/// window's first frame, and the longest wait before it is told apart.
/// When the scan ends it prints, in one write(2),
///
///     SCAN_STALLS longest_ms=<ms> longest_busy_ms=<ms> before_first_frame_ms=<ms> main_cpu_s=<s> ticks=<n> seconds=<s> books=<n>
///
/// (`longest_busy_ms`: of the main thread's own CPU time between two
/// ticks, the most; on a machine busy with other work a stall is mostly
/// waiting for a core, which this tells apart; `before_first_frame_ms`:
/// the longest wait between two ticks before the window's first frame,
/// i.e. the window being built),
/// and quits Hark. Before that, `SCAN_NOTE <s> …` lines say when the book
/// count changed and each stall over 50 ms (with its busy part), to find
/// what stalled. It reads the store only, so it measures what a
/// listener gets: the scan's progress, its batches of books, the pages.
@MainActor
final class LocalScanStallProbe {
  private static var probe: LocalScanStallProbe?
  private var subscription: Subscription?
  private var counts: Subscription?
  private var timer: Timeout?
  private var last = 0
  private var longest = 0
  /// The main thread's own CPU time between two ticks, at most: the part
  /// of a stall Hark spent working, whatever else the machine was doing
  /// (on a busy machine a stall is mostly waiting for a core).
  private var longestBusy = 0
  private var lastCPU = 0
  private var startCPU = 0
  private var ticks = 0
  private var started = 0
  /// When the window's first frame was painted (0 until then).
  private var firstFrame = 0
  private var beforeFirstFrame = 0
  private static let period = 5_000

  static func attach(store: Store, quit: @escaping @MainActor () -> Void) {
    guard ProcessInfo.processInfo.environment["HARK_BENCH_SCAN_STALLS"] == "1" else { return }
    let probe = LocalScanStallProbe()
    probe.subscription = store.subscribe({ $0.localLibrary.scanning }) { [weak probe] scanning in
      guard let probe else { return }
      if scanning {
        probe.start()
      } else if probe.timer != nil {
        probe.finish(books: store.state.localLibrary.bookCount)
        quit()
      }
    }
    probe.counts = store.subscribe({ $0.localLibrary.bookCount }) { [weak probe] count in
      guard let probe, probe.timer != nil else { return }
      probe.note("books=\(count)")
    }
    Self.probe = probe
  }

  /// Stalls count from `window`'s first painted frame (see above).
  static func watchFirstFrame(of window: UnsafeMutablePointer<GtkWidget>) {
    guard let probe else { return }
    Signals.connect(window, "map") {
      guard let clock = gtk_widget_get_frame_clock(window) else { return }
      var token: SignalToken?
      token = Signals.connect(clock, "after-paint") {
        if probe.firstFrame == 0 { probe.firstFrame = g_get_monotonic_time() }
        token?.disconnect()
      }
    }
  }

  private func start() {
    guard timer == nil else { return }
    started = g_get_monotonic_time()
    last = started
    startCPU = Self.threadCPU()
    lastCPU = startCPU
    timer = Timeout(milliseconds: UInt32(Self.period / 1000), repeating: true) { [weak self] in self?.tick() }
  }

  private func tick() {
    let now = g_get_monotonic_time()
    let cpu = Self.threadCPU()
    if firstFrame == 0 || last < firstFrame {
      beforeFirstFrame = max(beforeFirstFrame, now - last - Self.period)
    } else {
      longest = max(longest, now - last - Self.period)
      longestBusy = max(longestBusy, cpu - lastCPU)
    }
    if now - last - Self.period > 50_000 {
      note("stall \((now - last - Self.period) / 1000) ms, busy \((cpu - lastCPU) / 1000) ms")
    }
    last = now
    lastCPU = cpu
    ticks += 1
  }

  /// This thread's CPU time, µs.
  private static func threadCPU() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return time.tv_sec * 1_000_000 + time.tv_nsec / 1000
  }

  private func note(_ text: String) {
    let line = String(format: "SCAN_NOTE %.2f %@\n", Double(g_get_monotonic_time() - started) / 1e6, text)
    _ = line.withCString { write(1, $0, strlen($0)) }
  }

  private func finish(books: Int) {
    tick()
    timer?.cancel()
    timer = nil
    let seconds = Double(g_get_monotonic_time() - started) / 1e6
    let fields = [
      ("longest_ms", String(format: "%.1f", Double(longest) / 1000)),
      ("longest_busy_ms", String(format: "%.1f", Double(longestBusy) / 1000)),
      ("before_first_frame_ms", String(format: "%.1f", Double(beforeFirstFrame) / 1000)),
      ("main_cpu_s", String(format: "%.2f", Double(Self.threadCPU() - startCPU) / 1e6)),
      ("ticks", String(ticks)), ("seconds", String(format: "%.2f", seconds)), ("books", String(books)),
    ]
    let line = "SCAN_STALLS " + fields.map { "\($0.0)=\($0.1)" }.joined(separator: " ") + "\n"
    _ = line.withCString { write(1, $0, strlen($0)) }
  }
}
