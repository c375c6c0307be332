import Foundation
import Glibc
import HarkCore
import XCTest

@testable import Persistence

/// A save that was committed survives the process being killed at any
/// instant. The test runs this very test binary again as a child that
/// writes saves as fast as it can, SIGKILLs it mid-run, reopens the
/// database and checks it: three times over the same file.
final class ListeningCrashTests: XCTestCase {
  private static let databaseVariable = "HARK_CRASH_CHILD_DATABASE"
  private static let logVariable = "HARK_CRASH_CHILD_LOG"
  private static let books = ["A/One", "B/Two", "C/Three"]

  /// Save number `n`: position n, captured n ms after the base time, on one
  /// of three books in turn, so every field of every row is predictable.
  private static func save(_ n: Int) -> ProgressRecord {
    var record = Saves.record(books[n % books.count], position: Double(n), at: Double(n) / 1000)
    record.finished = n % 2 == 1
    return record
  }

  /// The child's half: does nothing in a normal run. Started by
  /// `testEverySaveCommittedBeforeAKillSurvivesIt`, it appends saves and,
  /// after each commit returns, their number to a log, until killed.
  func testChildProcessWritesSavesUntilKilled() throws {
    let environment = ProcessInfo.processInfo.environment
    guard let path = environment[Self.databaseVariable], let logPath = environment[Self.logVariable]
    else { return }
    let store = try ListeningStore(path: path)
    var n = try store.pendingSaves(serverID: "s1").last.map { Int($0.record.position) + 1 } ?? 0
    let log = try XCTUnwrap(FileHandle(forWritingAtPath: logPath))
    log.seekToEndOfFile()
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      try store.recordLocal(Self.save(n))
      log.write(Data("\(n)\n".utf8))  // write(2): in the kernel before the next save starts
      n += 1
    }
  }

  func testEverySaveCommittedBeforeAKillSurvivesIt() throws {
    let folder = ScratchFolder()
    let path = folder.databasePath
    let logPath = folder.url.appendingPathComponent("committed.log").path
    XCTAssertTrue(FileManager.default.createFile(atPath: logPath, contents: nil))
    var committedBefore = -1

    for round in 1...3 {
      let child = Process()
      child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      child.arguments = [
        "PersistenceTests.ListeningCrashTests/testChildProcessWritesSavesUntilKilled"
      ]
      child.environment = ProcessInfo.processInfo.environment.merging(
        [Self.databaseVariable: path, Self.logVariable: logPath]) { $1 }
      child.standardOutput = FileHandle.nullDevice
      child.standardError = FileHandle.nullDevice
      try child.run()

      // Once it is writing (its log moves), let it run ~300 ms, then kill.
      let started = Date()
      while lastCommitted(logPath) <= committedBefore, child.isRunning,
        Date().timeIntervalSince(started) < 30
      {
        usleep(10_000)
      }
      usleep(300_000)
      let stillRunning = child.isRunning
      kill(child.processIdentifier, SIGKILL)
      while child.isRunning { usleep(10_000) }
      XCTAssertTrue(stillRunning, "round \(round): the child stopped before it was killed")
      XCTAssertEqual(child.terminationReason, .uncaughtSignal, "round \(round)")

      let committed = lastCommitted(logPath)
      XCTAssertGreaterThan(committed, committedBefore, "round \(round): no save was committed")
      try checkConsistent(path, committedThrough: committed, round: round)
      committedBefore = committed
    }
  }

  private func lastCommitted(_ logPath: String) -> Int {
    let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    // A line cut by the kill has no newline yet: ignore it.
    return text.split(separator: "\n", omittingEmptySubsequences: true)
      .dropLast(text.hasSuffix("\n") ? 0 : 1).last.flatMap { Int($0) } ?? -1
  }

  /// No half rows, no gaps, queue order intact, the mirror equal to the
  /// latest queued save of each book.
  private func checkConsistent(_ path: String, committedThrough committed: Int, round: Int) throws {
    let store = try ListeningStore(path: path)
    let integrity = try store.database.read {
      try String.fetchAll($0, sql: "PRAGMA integrity_check")
    }
    XCTAssertEqual(integrity, ["ok"], "round \(round)")

    let queue = try store.pendingSaves(serverID: "s1")
    XCTAssertEqual(queue.map(\.id), queue.map(\.id).sorted(), "round \(round): queue order")
    // Every committed save is there, in order, each exactly as written;
    // at most one more (committed, killed before it was logged).
    XCTAssertTrue(
      (committed + 1...committed + 2).contains(queue.count),
      "round \(round): \(queue.count) saves on disk, \(committed + 1) logged as committed")
    for (n, saved) in queue.enumerated() where saved.record != Self.save(n) {
      XCTFail("round \(round): save \(n) reads back as \(saved.record)")
      break
    }
    for book in Self.books {
      let latest = queue.last { $0.record.key.path == book }?.record
      XCTAssertEqual(
        try store.mirror(key: Saves.key(book)), latest, "round \(round): mirror of \(book)")
    }
  }
}
