import Foundation
import HarkCore
import Player
import XCTest

/// `scripts/bench-scan` runs this with HARK_BENCH_SCAN_DIR set to its
/// generated library; a normal test run skips it. It prints `BENCH {json}`
/// lines: the first scan, a rescan of the unchanged library, and the
/// process's peak RSS (VmHWM) after both. HARK_BENCH_SCAN_WORKERS
/// overrides the number of reading threads (default: one per core).
final class LocalScanBenchmark: XCTestCase {
  func testScanAndRescan() throws {
    let directory = ProcessInfo.processInfo.environment["HARK_BENCH_SCAN_DIR"] ?? ""
    try XCTSkipIf(directory.isEmpty)
    let workers = ProcessInfo.processInfo.environment["HARK_BENCH_SCAN_WORKERS"].flatMap { Int($0) }
    let scanner = LocalLibraryScanner(root: URL(fileURLWithPath: directory), workers: workers)
    let started = Date()
    let first = scanner.scanBlocking()
    let scanSeconds = Date().timeIntervalSince(started)
    let again = Date()
    let second = scanner.scanBlocking(known: first.tracks)
    let rescanSeconds = Date().timeIntervalSince(again)
    report([
      "kind": "scan", "seconds": scanSeconds, "books": first.books.count, "files_read": first.filesRead,
      "skipped": first.skipped.count, "workers": scanner.workers,
    ])
    report(["kind": "rescan", "seconds": rescanSeconds, "files_read": second.filesRead, "books": second.books.count])
    report(["kind": "rss", "peak_kib": peakRSSKiB()])
  }

  private func report(_ fields: [String: Any]) {
    let data = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
    print("BENCH " + String(decoding: data, as: UTF8.self))
  }

  private func peakRSSKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  }
}
