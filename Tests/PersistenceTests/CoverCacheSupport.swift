import Foundation
import HarkCore
import XCTest

@testable import Persistence

/// A cover server for `CoverStore` tests: answers from a table, counts calls
/// and, when gated, holds every fetch until the test releases it, so a test
/// can see exactly which fetches are running at any moment.
final class FakeCoverServer: @unchecked Sendable {
  enum Answer {
    case image(Data)
    case noCover
    case failure
  }

  struct Unreachable: Error {}

  private let lock = NSLock()
  private var answers: [String: Answer] = [:]
  private var calls: [String] = []
  private var inFlight = 0
  private var maxInFlight = 0
  private var held: [String: CheckedContinuation<Void, Never>] = [:]
  private let gated: Bool
  /// The path of each fetch as it starts (once it is held, when gated).
  let started: AsyncStream<String>
  private let startedSink: AsyncStream<String>.Continuation

  /// - Parameter gated: hold each fetch until `release(_:)`.
  init(gated: Bool = false) {
    self.gated = gated
    (started, startedSink) = AsyncStream.makeStream(of: String.self)
  }

  /// What fetching `path` answers from now on; unknown paths get an image
  /// made of the path's bytes.
  func answer(_ path: String, _ answer: Answer) {
    lock.withLock { answers[path] = answer }
  }

  /// The paths fetched, in the order the fetches started.
  var fetchedPaths: [String] { lock.withLock { calls } }
  /// The most fetches that ever ran at once.
  var mostAtOnce: Int { lock.withLock { maxInFlight } }

  /// Lets the held fetch of `path` answer.
  func release(_ path: String) {
    let continuation = lock.withLock { held.removeValue(forKey: path) }
    XCTAssertNotNil(continuation, "no fetch of \(path) is held")
    continuation?.resume()
  }

  func fetch(_ key: LibraryPath) async throws -> Data? {
    lock.withLock {
      calls.append(key.path)
      inFlight += 1
      maxInFlight = max(maxInFlight, inFlight)
    }
    defer { lock.withLock { inFlight -= 1 } }
    if gated {
      await withCheckedContinuation { continuation in
        lock.withLock { held[key.path] = continuation }
        startedSink.yield(key.path)
      }
    } else {
      startedSink.yield(key.path)
    }
    switch lock.withLock({ answers[key.path] }) ?? .image(Data(key.path.utf8)) {
    case .image(let data): return data
    case .noCover: return nil
    case .failure: throw Unreachable()
    }
  }
}

/// A wall clock the test moves by hand.
final class ManualClock: @unchecked Sendable {
  private let lock = NSLock()
  private var current = Date(timeIntervalSince1970: 1_700_000_000)

  var now: Date { lock.withLock { current } }

  func advance(by seconds: TimeInterval) {
    lock.withLock { current += seconds }
  }
}

/// Waits (polling the actor, never asserting on elapsed time) until
/// `condition` holds; fails after `timeout` so a bug cannot hang the suite.
func waitUntil(
  _ what: String, timeout: Duration = .seconds(10), file: StaticString = #filePath,
  line: UInt = #line, _ condition: () async -> Bool
) async {
  let deadline = ContinuousClock.now + timeout
  while await !condition() {
    guard ContinuousClock.now < deadline else {
      XCTFail("timed out waiting until \(what)", file: file, line: line)
      return
    }
    try? await Task.sleep(for: .milliseconds(1))
  }
}

extension AsyncStream<String>.Iterator {
  /// The next fetch to start, from `FakeCoverServer.started`.
  mutating func nextStart() async -> String {
    await next() ?? "(the stream ended)"
  }
}
