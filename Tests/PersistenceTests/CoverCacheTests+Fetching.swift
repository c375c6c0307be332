import Foundation
import HarkCore
import XCTest

@testable import Persistence

/// Sharing, limiting and cancelling fetches. The server holds every fetch
/// until the test releases it, so each step waits on an event (a fetch
/// starting, a caller joining), never on elapsed time.
extension CoverCacheTests {
  /// Starts `cover(for:)` for `path` and returns once the call is waiting
  /// on a fetch, so calls join in the order they are made.
  func ask(
    _ store: CoverStore, _ path: String, waitingBefore: Int
  ) async -> Task<CoverResult, Never> {
    let key = book(path)
    let task = Task { await store.cover(for: key) }
    await waitUntil("\(path) is waiting") { await store.waitingCallers == waitingBefore + 1 }
    return task
  }

  func testNoMoreThanMaxConcurrentFetchesRunAndTheRestGoInOrder() async throws {
    server = FakeCoverServer(gated: true)
    let store = store(maxConcurrent: 2)
    var starts = server.started.makeAsyncIterator()
    let paths = ["A", "B", "C", "D", "E", "F"]
    var tasks: [Task<CoverResult, Never>] = []
    for (index, path) in paths.enumerated() {
      tasks.append(await ask(store, path, waitingBefore: index))
    }
    var startOrder = [await starts.nextStart(), await starts.nextStart()]
    let running = await store.pendingFetches
    XCTAssertEqual(running, 6, "all six are pending")
    // Each finished fetch lets exactly the next one in.
    for path in paths {
      server.release(path)
      if startOrder.count < paths.count { startOrder.append(await starts.nextStart()) }
    }
    for (task, path) in zip(tasks, paths) {
      let answer = await task.value
      XCTAssertEqual(answer, .image(Data(path.utf8)))
    }
    // The first two start together, in either order; then one per release.
    XCTAssertEqual(Set(startOrder.prefix(2)), ["A", "B"])
    XCTAssertEqual(Array(startOrder.dropFirst(2)), ["C", "D", "E", "F"])
    XCTAssertEqual(server.mostAtOnce, 2)
    let pending = await store.pendingFetches
    XCTAssertEqual(pending, 0)
  }

  func testCallersAskingForTheSameCoverShareOneFetch() async throws {
    server = FakeCoverServer(gated: true)
    let store = store()
    var starts = server.started.makeAsyncIterator()
    var tasks: [Task<CoverResult, Never>] = []
    for index in 0..<5 { tasks.append(await ask(store, "A", waitingBefore: index)) }
    let started = await starts.nextStart()
    XCTAssertEqual(started, "A")
    server.release("A")
    for task in tasks {
      let answer = await task.value
      XCTAssertEqual(answer, .image(Data("A".utf8)))
    }
    XCTAssertEqual(server.fetchedPaths, ["A"])
  }

  func testACancelledCallerStopsWaitingAndItsQueuedFetchIsDropped() async throws {
    server = FakeCoverServer(gated: true)
    let store = store(maxConcurrent: 1)
    var starts = server.started.makeAsyncIterator()
    let a = await ask(store, "A", waitingBefore: 0)
    _ = await starts.nextStart()
    let b = await ask(store, "B", waitingBefore: 1)
    let c = await ask(store, "C", waitingBefore: 2)

    b.cancel()
    // B answers while A still holds the only slot: it is not waiting for it.
    let cancelled = await b.value
    XCTAssertEqual(cancelled, .failed)
    let pending = await store.pendingFetches
    XCTAssertEqual(pending, 2, "A runs, C waits, B is gone")

    server.release("A")
    let next = await starts.nextStart()
    XCTAssertEqual(next, "C", "the dropped fetch never starts")
    server.release("C")
    let answers = [await a.value, await c.value]
    XCTAssertEqual(answers, [.image(Data("A".utf8)), .image(Data("C".utf8))])
    XCTAssertEqual(server.fetchedPaths, ["A", "C"])

    // Asked again later, B is fetched normally.
    let again = await ask(store, "B", waitingBefore: 0)
    _ = await starts.nextStart()
    server.release("B")
    let answer = await again.value
    XCTAssertEqual(answer, .image(Data("B".utf8)))
  }

  func testCancellingOneOfTwoCallersKeepsTheSharedFetch() async throws {
    server = FakeCoverServer(gated: true)
    let store = store(maxConcurrent: 1)
    var starts = server.started.makeAsyncIterator()
    let a = await ask(store, "A", waitingBefore: 0)
    _ = await starts.nextStart()
    let leaving = await ask(store, "B", waitingBefore: 1)
    let staying = await ask(store, "B", waitingBefore: 2)
    leaving.cancel()
    let gone = await leaving.value
    XCTAssertEqual(gone, .failed)

    server.release("A")
    let next = await starts.nextStart()
    XCTAssertEqual(next, "B")
    server.release("B")
    let answers = [await a.value, await staying.value]
    XCTAssertEqual(answers, [.image(Data("A".utf8)), .image(Data("B".utf8))])
    XCTAssertEqual(server.fetchedPaths, ["A", "B"])
  }

  func testARunningFetchWhoseCallerLeftStillFillsTheCache() async throws {
    server = FakeCoverServer(gated: true)
    let store = store()
    var starts = server.started.makeAsyncIterator()
    let a = await ask(store, "A", waitingBefore: 0)
    _ = await starts.nextStart()
    a.cancel()
    let cancelled = await a.value
    XCTAssertEqual(cancelled, .failed)

    server.release("A")
    await waitUntil("the fetch has finished") { await store.pendingFetches == 0 }
    XCTAssertEqual(store.cachedCover(for: book("A")), Data("A".utf8))
    let answer = await store.cover(for: book("A"))
    XCTAssertEqual(answer, .image(Data("A".utf8)))
    XCTAssertEqual(server.fetchedPaths, ["A"])
  }

  func testACancelledCallerGetsTheStaleCover() async throws {
    server.answer("A", .image(Data("old".utf8)))
    _ = await store().cover(for: book("A"))
    clock.advance(by: 2 * CoverStore.freshFor)

    server = FakeCoverServer(gated: true)
    let store = store()
    var starts = server.started.makeAsyncIterator()
    let a = await ask(store, "A", waitingBefore: 0)
    _ = await starts.nextStart()
    a.cancel()
    let answer = await a.value
    XCTAssertEqual(answer, .image(Data("old".utf8)))
    server.release("A")
    await waitUntil("the fetch has finished") { await store.pendingFetches == 0 }
  }

  func testATaskCancelledBeforeAskingFetchesNothing() async throws {
    let store = store()
    let key = book("A")
    let task = Task { () -> CoverResult in
      withUnsafeCurrentTask { $0?.cancel() }
      return await store.cover(for: key)
    }
    let answer = await task.value
    XCTAssertEqual(answer, .failed)
    let pending = await store.pendingFetches
    XCTAssertEqual(pending, 0)
    XCTAssertEqual(server.fetchedPaths, [])
  }

  func testManyCallersCancellingAtRandomNeitherLeakNorHang() async throws {
    let store = store(maxConcurrent: 3)
    let paths = (0..<40).map { "book \($0 % 10)" }
    let tasks = paths.map { path in
      let key = book(path)
      return Task { await store.cover(for: key) }
    }
    for (index, task) in tasks.enumerated() where index % 3 == 0 { task.cancel() }
    for (task, path) in zip(tasks, paths) {
      let answer = await task.value
      XCTAssert([.image(Data(path.utf8)), .failed].contains(answer), "\(path): \(answer)")
    }
    await waitUntil("every fetch has finished") { await store.pendingFetches == 0 }
    let waiting = await store.waitingCallers
    XCTAssertEqual(waiting, 0)
    XCTAssertLessThanOrEqual(server.mostAtOnce, 3)
  }
}
