import Foundation
import HarkCore
import Player

/// `scripts/bench-scan`'s timing of the scanner alone, in the build a
/// listener runs (release, as installed): with HARK_BENCH_SCAN_DIR set,
/// hark-bench scans that folder, rescans it unchanged, prints one
/// `BENCH {json}` line for each and one with the process's peak RSS
/// (VmHWM), and quits without a window. HARK_BENCH_SCAN_WORKERS overrides
/// the number of reading threads (default: one per core).
enum LocalScanTiming {
  /// Whether it ran (then hark-bench is done).
  static func runIfAsked() -> Bool {
    let environment = ProcessInfo.processInfo.environment
    guard let directory = environment["HARK_BENCH_SCAN_DIR"], !directory.isEmpty else { return false }
    let workers = environment["HARK_BENCH_SCAN_WORKERS"].flatMap { Int($0) }
    let scanner = LocalLibraryScanner(root: URL(fileURLWithPath: directory), workers: workers)
    let started = ContinuousClock.now
    let first = scanner.scanBlocking()
    let scanned = ContinuousClock.now
    let second = scanner.scanBlocking(known: first.tracks)
    let rescanned = ContinuousClock.now
    report([
      "kind": "scan", "seconds": seconds(scanned - started), "books": first.books.count,
      "files_read": first.filesRead, "skipped": first.skipped.count, "workers": scanner.workers,
    ])
    report([
      "kind": "rescan", "seconds": seconds(rescanned - scanned), "files_read": second.filesRead,
      "books": second.books.count,
    ])
    report(["kind": "rss", "peak_kib": peakRSSKiB()])
    return true
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  private static func report(_ fields: [String: Any]) {
    guard let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) else { return }
    print("BENCH " + String(decoding: data, as: UTF8.self))
  }

  private static func peakRSSKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  }
}
