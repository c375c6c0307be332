import Foundation
import Synchronization
import HarkCore
import HarkTestSupport
import XCTest

@testable import HarkApp

/// The App's playback services between the store and the engine, with real
/// HTTP to the test server (`--not-direct flac`: its FLAC book is one the
/// server says to transcode) and a fake engine: what the engine is told to
/// open, and what its reports become.
final class PlaybackServicesTests: XCTestCase {
  nonisolated(unsafe) private static var server: TestServer!
  nonisolated(unsafe) private static var library: SampleLibrary!
  /// Four MP3 files, played as they are.
  private static let mp3Book = "Marguerite Holloway/The Lighthouse Keeper"
  /// One hour-long MP3 file, played by no other test here (its saved place is its own).
  private static let singleFileBook = "Ingrid Marsh/The Long Night Watch"
  /// Two FLAC files, which this server transcodes.
  private static let flacBook = "Beatrix Fenwick/Notes from a Small Harbour"

  override class func setUp() {
    super.setUp()
    library = try! SampleLibrary.load()
    server = try! TestServer.start(
      library: library, arguments: ["--rate", "1000", "--burst", "1000", "--not-direct", "flac"])
  }

  override class func tearDown() {
    server.stop()
    super.tearDown()
  }

  @MainActor private func signedIn() async throws -> AppHarness {
    let harness = AppHarness(server: Self.server)
    addTeardownBlock { @MainActor in harness.tearDown() }
    try await harness.signIn()
    return harness
  }

  /// Each file streams from the server that issued the token, with the
  /// token in `Authorization` and nowhere in the address: the request the
  /// engine makes is answered, and the same address without the header is
  /// refused.
  @MainActor func testAStreamCarriesTheTokenInItsHeaderAndNeverInItsAddress() async throws {
    let harness = try await signedIn()
    let token = try await harness.token()
    let sources = try await harness.play(harness.book(Self.mp3Book))

    let files = try XCTUnwrap(Self.library.books.first { $0.path == Self.mp3Book }).files
    XCTAssertEqual(sources.count, files.count, "one source per file")
    for source in sources {
      XCTAssertEqual(source.uri.host, Self.server.baseURL.host)
      XCTAssertEqual(source.uri.port, Self.server.baseURL.port)
      XCTAssertFalse(source.uri.absoluteString.contains(token), "the token is not in \(source.uri)")
      XCTAssertEqual(source.headers, ["Authorization": "Bearer \(token)"])
      XCTAssertFalse(source.isTranscoded)
    }
    XCTAssertEqual(
      harness.engine.calls,
      [.load(sources, startIndex: 0, position: 0, seekID: harness.engine.lastSeekID), .setRate(1), .play],
      "loaded at the start, at the book's speed, then played")

    let answered = try await harness.fetch(sources[0].uri, headers: sources[0].headers)
    XCTAssertEqual(answered.status, 200)
    XCTAssertFalse(answered.body.isEmpty, "audio came back")
    let bare = try await harness.fetch(sources[0].uri, headers: [:])
    XCTAssertEqual(bare.status, 401, "the address alone signs nobody in")
  }

  /// The server says the FLAC book's files are not playable as they are
  /// and that it transcodes: the engine opens each through the transcoder
  /// from second 0, still with the token in the header only.
  @MainActor func testABookTheServerTranscodesIsOpenedThroughItsTranscoder() async throws {
    let harness = try await signedIn()
    XCTAssertEqual(harness.state.connections.capabilities[AppHarness.serverID]?.transcode, true)
    let token = try await harness.token()
    let sources = try await harness.play(harness.book(Self.flacBook))

    XCTAssertEqual(sources.count, 2)
    for source in sources {
      XCTAssertTrue(source.isTranscoded)
      let query = URLComponents(url: source.uri, resolvingAgainstBaseURL: false)?.queryItems ?? []
      XCTAssertEqual(query.first { $0.name == "transcode" }?.value, "1", "\(source.uri)")
      XCTAssertNil(query.first { $0.name == "t" }, "from the start, where no t is sent: \(source.uri)")
      XCTAssertEqual(source.headers, ["Authorization": "Bearer \(token)"])
      XCTAssertFalse(source.uri.absoluteString.contains(token))
    }
    let answered = try await harness.fetch(sources[0].uri, headers: sources[0].headers)
    XCTAssertEqual(answered.status, 200)
    XCTAssertEqual(answered.headers.first { $0.key.lowercased() == "content-type" }?.value, "audio/mpeg")
  }

  /// What the engine says comes back as the player's actions: each report
  /// as `engineReported`, an error's words before its report.
  @MainActor func testEngineReportsBecomeThePlayersActions() async throws {
    let harness = try await signedIn()
    _ = try await harness.play(harness.book(Self.mp3Book))
    let before = harness.actions.count

    harness.engine.report(EngineSnapshot(state: .playing, trackIndex: 1, position: 12, duration: 60))
    harness.engine.fail("The connection to the server was lost.", trackIndex: 1, position: 13)

    let reported = harness.actions[before...].map(PlayerReport.init).filter { $0 != .other }
    let loaded = harness.engine.lastSeekID
    XCTAssertEqual(
      reported,
      [
        .reported(EngineSnapshot(state: .playing, trackIndex: 1, position: 12, duration: 60, seekID: loaded)),
        .failed("The connection to the server was lost."),
        .reported(EngineSnapshot(state: .error, trackIndex: 1, position: 13, seekID: loaded)),
      ])
    XCTAssertEqual(harness.state.player.session.failure, .engine)
    XCTAssertEqual(harness.state.player.engineMessage, "The connection to the server was lost.")
  }

  /// Where the engine says it stopped is what reaches the server: the
  /// pause report's place goes through the store's save, the services and
  /// the durable mirror to the server's progress for the book.
  @MainActor func testWhereTheEngineStoppedIsSavedOnTheServer() async throws {
    let harness = try await signedIn()
    let book = harness.book(Self.singleFileBook)
    _ = try await harness.play(book)
    harness.engine.report(EngineSnapshot(state: .playing, trackIndex: 0, position: 12, duration: 3700))
    harness.store.dispatch(.player(.playback(.pause, at: Date())))
    XCTAssertEqual(harness.engine.calls.last, .pause)
    harness.engine.report(EngineSnapshot(state: .paused, trackIndex: 0, position: 13.5, duration: 3700))

    let client = try XCTUnwrap(harness.connections.signedInClient(AppHarness.serverID))
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(20)
    var saved: ProgressRow?
    while saved?.position != 13.5, clock.now < deadline {
      saved = try await client.progress(libraryID: 1, path: book.path)
      if saved?.position != 13.5 { try await Task.sleep(for: .milliseconds(20)) }
    }
    XCTAssertEqual(saved?.position, 13.5, "the server has the paused place")
    XCTAssertEqual(saved?.finished, false)
    XCTAssertEqual(saved?.playbackSpeed, 1)
  }

  /// A save's answer is evidence of whether its server answers: a save the
  /// server took, while the store counted the server away, says it is back.
  @MainActor func testASaveTheServerTookSaysItIsBack() async throws {
    let harness = try await signedIn()
    _ = try await harness.play(harness.book(Self.singleFileBook))
    harness.engine.report(EngineSnapshot(state: .playing, trackIndex: 0, position: 20, duration: 3700))
    harness.store.dispatch(.connections(.reachabilityChanged(serverID: AppHarness.serverID, reachable: false)))
    XCTAssertTrue(harness.state.connections.unreachable.contains(AppHarness.serverID))
    harness.store.dispatch(.player(.playback(.pause, at: Date())))
    harness.engine.report(EngineSnapshot(state: .paused, trackIndex: 0, position: 21, duration: 3700))
    try await harness.waitUntil("the save's answer said the server answers") {
      !$0.connections.unreachable.contains(AppHarness.serverID)
    }
  }

  /// GStreamer costs start-up time: nothing but a play makes the engine
  /// (a stop with nothing loaded does not), and one engine serves every book.
  @MainActor func testTheEngineIsMadeOnTheFirstPlayAndKept() async throws {
    let harness = try await signedIn()
    harness.store.dispatch(.library(.libraryOpened(serverID: AppHarness.serverID, libraryID: 1)))
    harness.store.dispatch(.player(.playback(.stop, at: Date())))
    XCTAssertEqual(harness.engineMaker.made, 0, "browsing and a stop make no engine")
    _ = try await harness.play(harness.book(Self.mp3Book))
    XCTAssertEqual(harness.engineMaker.made, 1)
    harness.store.dispatch(.player(.playRequested(harness.book(Self.flacBook), .position(0), at: Date())))
    try await harness.waitUntil("the second book is loaded") { _ in
      harness.engine.loadedSources?.first?.isTranscoded == true
    }
    XCTAssertEqual(harness.engineMaker.made, 1, "the same engine plays the next book")
  }

  /// An engine that cannot start (GStreamer missing a piece) is an error
  /// the player shows, not a player that waits for ever.
  @MainActor func testAnEngineThatCannotStartIsAnError() async throws {
    let harness = try await signedIn()
    harness.engineMaker.starts = false
    harness.store.dispatch(.player(.playRequested(harness.book(Self.mp3Book), .position(0), at: Date())))
    try await harness.waitUntil("the player says so") { $0.player.session.snapshot.state == .error }
    XCTAssertEqual(harness.state.player.session.failure, .engine)
    XCTAssertEqual(harness.engine.calls, [], "no engine was handed anything")
  }

  /// A download that finishes while its book streams: the engine is handed
  /// the files on disk (no header: nothing to sign in to), and only once it
  /// says it plays from them does the book count as playing its copy.
  @MainActor func testTheEngineSwapsToTheDownloadOnlyWhenItSaysItPlaysIt() async throws {
    let harness = try await signedIn()
    let book = harness.book(Self.mp3Book)
    let streamed = try await harness.play(book)
    let files = try XCTUnwrap(Self.library.books.first { $0.path == Self.mp3Book }).files
    let copy = LocalCopy(
      files: Dictionary(uniqueKeysWithValues: files.map { ($0.path, URL(fileURLWithPath: Self.library.path($0.path))) }))

    harness.store.dispatch(.player(.playback(.downloadFinished(book, copy), at: Date())))
    guard case .swapSources(let local)? = harness.engine.calls.last else {
      return XCTFail("no swap: \(harness.engine.calls)")
    }
    XCTAssertEqual(local.map(\.uri), files.map { URL(fileURLWithPath: Self.library.path($0.path)) })
    XCTAssertTrue(local.allSatisfy { $0.headers.isEmpty && !$0.isTranscoded })
    XCTAssertFalse(harness.state.player.session.nowPlaying?.queue.isFullyLocal ?? true, "not before the engine says so")

    // Refused (a damaged file): the book streams on, nothing is reported.
    let before = harness.actions.count
    harness.engine.answerSwap(false)
    XCTAssertEqual(harness.actions.count, before)
    XCTAssertFalse(harness.state.player.session.nowPlaying?.queue.isFullyLocal ?? true)

    // Offered again and taken: reported, and the book now plays its copy.
    harness.store.dispatch(.player(.playback(.downloadFinished(book, copy), at: Date())))
    harness.engine.answerSwap(true)
    guard case .player(.playback(.sourcesSwapped(let key, let swapped), _))? = harness.actions.last else {
      return XCTFail("no sourcesSwapped: \(String(describing: harness.actions.last))")
    }
    XCTAssertEqual(key, book)
    XCTAssertEqual(swapped, copy)
    XCTAssertEqual(harness.state.player.session.nowPlaying?.queue.isFullyLocal, true)
    XCTAssertEqual(streamed.count, local.count)
  }
}

/// The player actions a test compares: engine reports (their time left
/// out) and engine failures; anything else is `.other`.
private enum PlayerReport: Equatable {
  case reported(EngineSnapshot)
  case failed(String)
  case other

  init(_ action: Action) {
    switch action {
    case .player(.playback(.engineReported(let snapshot), _)): self = .reported(snapshot)
    case .player(.engineFailed(let message)): self = .failed(message)
    default: self = .other
    }
  }
}

/// Quit ends the listening span as it saves the place, and waits for both:
/// the span reaches the server's history before Hark ends. Before, it was
/// sent from a task on the main thread, which a quitting Hark never runs.
final class QuitSpanTests: XCTestCase {
  nonisolated(unsafe) private static var server: TestServer!
  /// A book no other test here plays, so the history holds only this span.
  private static let book = "Ingrid Marsh/The Long Night Watch"

  override class func setUp() {
    super.setUp()
    server = try! TestServer.start(library: try! SampleLibrary.load(), arguments: [])
  }

  override class func tearDown() {
    server.stop()
    super.tearDown()
  }

  @MainActor func testTheSpanEndedAtQuitIsSentBeforeQuitStopsWaiting() async throws {
    let harness = AppHarness(server: Self.server)
    addTeardownBlock { @MainActor in harness.tearDown() }
    try await harness.signIn()
    let book = harness.book(Self.book)
    let started = Date()
    _ = try await harness.play(book)
    harness.engine.report(EngineSnapshot(state: .playing, trackIndex: 0, position: 31, duration: 3700))
    // Quit half a minute later (a span shorter than 20 s is not recorded),
    // then wait as `shutdown` does, without the main loop running again.
    harness.store.dispatch(.player(.playback(.quitting, at: started.addingTimeInterval(30))))
    harness.playback.waitForSaves(within: .seconds(10))
    let client = try XCTUnwrap(harness.connections.signedInClient(AppHarness.serverID))
    // Read with the main thread blocked, as it is at quit: whatever still
    // waited for it cannot be sent meanwhile.
    let spans = Blocking.run { try? await client.bookHistory(libraryID: 1, path: book.path) }
    XCTAssertEqual(spans?.map(\.toPosition), [31], "the span that ended at quit is in the server's history")
  }
}

/// Runs `work` on a worker while the calling thread waits.
private enum Blocking {
  static func run<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let box = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      let value = await work()
      box.withLock { $0 = value }
      done.signal()
    }
    done.wait()
    return box.withLock { $0! }
  }
}
