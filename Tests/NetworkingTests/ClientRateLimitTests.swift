import Foundation
import HarkCore
import XCTest

/// 429s: `Retry-After` is honoured, retries are bounded at three per call,
/// and a shared `RequestPacer` keeps a fan-out under the server's limit so
/// it never sees a 429 at all.
final class ClientRateLimitTests: ClientTestCase {
  override func tearDown() async throws {
    try await h.rateLimit(rate: 1000, burst: 1000)
    try await super.tearDown()
  }

  /// Scripted 429s, with a sleep that only records: the waits the client
  /// chose, and how many times it asked.
  func testRetryAfterIsHonouredAndRetriesAreBounded() async throws {
    let token = try await h.token()
    func attempts(since: Int) async throws -> Int {
      try await h.requests(since: since).filter { $0.path == "/api/v1/libraries" }.count
    }

    var waits = SleepRecorder(reallySleep: false)
    var client = h.client(token: token, sleep: waits.sleep)
    var since = try await h.lastSeq()
    try await h.fault(
      #"{"path_prefix": "/api/v1/libraries", "status": 429, "headers": {"Retry-After": "0"}, "count": 2}"#
    )
    _ = try await client.libraries()
    XCTAssertEqual(waits.delays, [.zero, .zero])
    var tries = try await attempts(since: since)
    XCTAssertEqual(tries, 3)

    waits = SleepRecorder(reallySleep: false)
    client = h.client(token: token, sleep: waits.sleep)
    try await h.fault(
      #"{"path_prefix": "/api/v1/libraries", "status": 429, "headers": {"Retry-After": "7"}, "count": 1}"#
    )
    _ = try await client.libraries()
    XCTAssertEqual(waits.delays, [.seconds(7)])

    // Without Retry-After: 1 s, 2 s, 4 s, then the 429 is thrown.
    waits = SleepRecorder(reallySleep: false)
    client = h.client(token: token, sleep: waits.sleep)
    since = try await h.lastSeq()
    try await h.fault(
      #"{"path_prefix": "/api/v1/libraries", "status": 429, "body": {"error": "slow down"}, "count": 10}"#
    )
    let error = await apiError { try await client.libraries() }
    XCTAssertEqual(error, .server(status: 429, message: "slow down"))
    XCTAssertEqual(waits.delays, [.seconds(1), .seconds(2), .seconds(4)])
    tries = try await attempts(since: since)
    XCTAssertEqual(tries, 1 + AudioSiloClient.maxRateLimitRetries)
  }

  /// A real limit of 4/s with a burst of 4, twelve calls at once and no
  /// pacer: the server turns most away, the client waits out each
  /// Retry-After (1 s) and every call gets through within three retries.
  func testUnpacedFanOutBacksOffAndSucceeds() async throws {
    let token = try await h.token()
    try await h.rateLimit(rate: 4, burst: 4)
    let waits = SleepRecorder(reallySleep: true)
    let client = h.client(token: token, sleep: waits.sleep)
    let since = try await h.lastSeq()
    let started = ContinuousClock.now
    let failed = await withTaskGroup(of: APIError?.self) { group in
      for i in 0..<12 {
        group.addTask {
          await apiError { try await client.progress(libraryID: 1, path: "fan/\(i)") }
        }
      }
      return await group.reduce(into: [APIError]()) { if let error = $1 { $0.append(error) } }
    }
    let elapsed = ContinuousClock.now - started
    XCTAssertEqual(failed, [])

    let log = try await h.requests(since: since).filter {
      $0.path == "/api/v1/libraries/1/progress"
    }
    let rejected = log.filter { $0.status == 429 }.count
    XCTAssertGreaterThan(rejected, 0, "the limit never bit: the test proves nothing")
    XCTAssertEqual(waits.delays.count, rejected, "one wait per 429")
    XCTAssertTrue(
      waits.delays.allSatisfy { $0 == .seconds(1) }, "Retry-After is 1: \(waits.delays)")
    XCTAssertGreaterThanOrEqual(elapsed, .seconds(1))
    for (path, requests) in Dictionary(grouping: log, by: { $0.params["path"] ?? "" }) {
      XCTAssertLessThanOrEqual(requests.count, 1 + AudioSiloClient.maxRateLimitRetries, path)
      XCTAssertEqual(requests.last?.status, 200, path)
    }
    XCTAssertEqual(Set(log.compactMap { $0.params["path"] }).count, 12)
  }

  /// The same tiny limit, with one pacer shared by two clients: the server
  /// never answers 429 and nobody has to back off.
  func testSharedPacerKeepsTheServerFromSaying429() async throws {
    let token = try await h.token()
    try await h.rateLimit(rate: 4, burst: 4)
    let waits = SleepRecorder(reallySleep: true)
    let pacer = RequestPacer(rate: 3, burst: 2)
    let clients = [
      h.client(token: token, pacer: pacer, sleep: waits.sleep),
      h.client(token: token, pacer: pacer, sleep: waits.sleep),
    ]
    let since = try await h.lastSeq()
    let started = ContinuousClock.now
    let failed = await withTaskGroup(of: APIError?.self) { group in
      for i in 0..<8 {
        let client = clients[i % 2]
        group.addTask {
          await apiError { try await client.progress(libraryID: 1, path: "paced/\(i)") }
        }
      }
      return await group.reduce(into: [APIError]()) { if let error = $1 { $0.append(error) } }
    }
    let elapsed = ContinuousClock.now - started
    XCTAssertEqual(failed, [])
    let log = try await h.requests(since: since)
    XCTAssertEqual(log.count, 8)
    XCTAssertEqual(log.filter { $0.status == 429 }.count, 0)
    XCTAssertEqual(waits.delays, [])
    // Two at once, then one every third of a second.
    XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(1900))
  }
}
