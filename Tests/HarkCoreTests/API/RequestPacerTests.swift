import XCTest

@testable import HarkCore

/// The token bucket in virtual time: `now` is set by the test and `sleep`
/// only records, so a request "goes" at arrival + the wait it was given.
final class RequestPacerTests: XCTestCase {
  private final class VirtualTime: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Duration = .zero
    var now: Duration {
      get { lock.withLock { current } }
      set { lock.withLock { current = newValue } }
    }
  }

  private func makePacer(rate: Double = 15, burst: Int = 30) -> (
    RequestPacer, VirtualTime, SleepRecorder
  ) {
    let time = VirtualTime()
    let sleep = SleepRecorder()
    let pacer = RequestPacer(rate: rate, burst: burst, now: { time.now }, sleep: sleep.sleep)
    return (pacer, time, sleep)
  }

  /// No window of length t may hold more than burst + rate × t departures.
  private func assertWithinLimit(
    _ departures: [Double], rate: Double, burst: Int, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let sorted = departures.sorted()
    for i in sorted.indices {
      for j in i..<sorted.count {
        let allowed = Double(burst) + rate * (sorted[j] - sorted[i]) + 1e-9
        if Double(j - i + 1) > allowed {
          return XCTFail(
            "\(j - i + 1) requests within \(sorted[j] - sorted[i]) s", file: file, line: line)
        }
      }
    }
  }

  func testAFanOutGoesBurstFirstThenAtTheRate() async throws {
    let (pacer, _, sleep) = makePacer()
    for _ in 0..<100 { try await pacer.acquire() }
    let waits = sleep.durations.map(\.seconds)
    XCTAssertEqual(waits.count, 70, "the first 30 go at once")
    for (k, wait) in waits.enumerated() {
      XCTAssertEqual(wait, Double(k + 1) / 15, accuracy: 1e-9)
    }
    assertWithinLimit(Array(repeating: 0, count: 30) + waits, rate: 15, burst: 30)
  }

  func testConcurrentCallersAreSpacedOut() async throws {
    let (pacer, _, sleep) = makePacer(rate: 15, burst: 30)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<90 { group.addTask { try await pacer.acquire() } }
      try await group.waitForAll()
    }
    let waits = sleep.durations.map(\.seconds).sorted()
    XCTAssertEqual(waits.count, 60)
    XCTAssertEqual(waits.last ?? 0, 4, accuracy: 1e-9, "60 over the burst take 4 s at 15/s")
    assertWithinLimit(Array(repeating: 0, count: 30) + waits, rate: 15, burst: 30)
  }

  func testIrregularArrivalsNeverExceedTheLimit() async throws {
    let (pacer, time, sleep) = makePacer(rate: 15, burst: 30)
    var departures: [Double] = []
    var clock = 0.0
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<400 {
      // A deterministic mix of bursts and pauses.
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let gap = (seed >> 60) < 12 ? 0 : Double(seed >> 40 & 0xFFFF) / 65_536 * 1.5
      clock += gap
      time.now = .milliseconds(Int64(clock * 1000))
      let before = sleep.durations.count
      try await pacer.acquire()
      let wait = sleep.durations.count > before ? sleep.durations.last!.seconds : 0
      departures.append(time.now.seconds + wait)
    }
    assertWithinLimit(departures, rate: 15, burst: 30)
  }

  func testAQuietSpellRefillsOnlyUpToTheBurst() async throws {
    let (pacer, time, sleep) = makePacer(rate: 15, burst: 30)
    for _ in 0..<30 { try await pacer.acquire() }
    time.now = .seconds(100)
    for _ in 0..<31 { try await pacer.acquire() }
    XCTAssertEqual(sleep.durations.count, 1, "30 from the refilled bucket, then one waits")
    XCTAssertEqual(sleep.durations.first?.seconds ?? 0, 1.0 / 15, accuracy: 1e-9)
  }

  func testACancelledWaiterHandsItsSlotBack() async throws {
    let time = VirtualTime()
    let sleep = SleepRecorder()
    let cancelNext = CallCounter()
    let pacer = RequestPacer(
      rate: 10, burst: 1, now: { time.now },
      sleep: { duration in
        if cancelNext.count == 0 {
          cancelNext.increment()
          throw CancellationError()
        }
        try await sleep.sleep(duration)
      })
    try await pacer.acquire()  // takes the only token
    do {
      try await pacer.acquire()
      XCTFail("expected a cancellation")
    } catch is CancellationError {}
    try await pacer.acquire()
    XCTAssertEqual(sleep.durations.map(\.seconds), [0.1], "the cancelled slot was returned")
  }

  func testTheDefaultsStayUnderTheServersLimit() {
    XCTAssertLessThan(RequestPacer.defaultRate, 20)
    XCTAssertLessThan(RequestPacer.defaultBurst, 40)
  }

  func testTheClientWaitsOnThePacerBeforeEveryRequest() async throws {
    let (pacer, _, sleep) = makePacer(rate: 15, burst: 30)
    let (client, transport) = makeClient(pacer: pacer)
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<40 {
        group.addTask { _ = try? await client.cover(libraryID: 1, path: "book \(index)") }
      }
    }
    XCTAssertEqual(transport.requests.count, 40)
    XCTAssertEqual(sleep.durations.count, 10, "the ten past the burst waited")
  }
}
