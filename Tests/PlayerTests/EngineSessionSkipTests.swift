import Foundation
import HarkCore
import HarkTestSupport
import Player
import XCTest

/// The session and the real engine together, as the app runs them (its
/// commands carried out at once, every report fed back), while the skip
/// key is held, from disk and streamed: the place shown only moves forward,
/// from one skip's target to the next, and playing is never taken for a
/// pause (issue 14).
final class EngineSessionSkipTests: XCTestCase {
  func testHoldingTheSkipKeyNeverShowsAnEarlierPlaceOrAPause() throws {
    let library = try SampleLibrary.load()
    let long = try XCTUnwrap(library.book("long"))
    let file = long.files[0]
    let server = try TestServer.start(library: library)
    defer { server.stop() }
    let token = try Curl.login(server)
    let sources = [
      "from disk": EngineSource(uri: URL(fileURLWithPath: library.path(file.path)), duration: file.duration),
      "streamed": EngineSource(
        uri: Curl.streamURL(server, path: file.path), headers: ["Authorization": "Bearer \(token)"],
        duration: file.duration),
    ]
    let book = Book(
      libraryID: 1, relPath: long.path, isFolder: true, title: long.title, duration: file.duration,
      files: [BookFile(relPath: file.path, seq: 1, duration: file.duration)])
    for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
      try MainActor.assumeIsolated { try Self.holdSkip(book, source, name) }
    }
  }

  @MainActor private static func holdSkip(_ book: Book, _ source: EngineSource, _ name: String) throws {
    let capture = OutputCapture(rate: 22050, sync: true)  // real time, like a sound card
    let player = SessionOnEngine(engine: try GStreamerEngine(audioSink: capture.sink), source: source)
    let key = LibraryPath(serverID: "s", libraryID: 1, path: book.relPath)
    player.send(.play(PlayRequest(key: key, book: book, startBookPosition: 60)))
    XCTAssertTrue(
      spin { capture.drain(); return player.session.snapshot.state == .playing }, "\(name): \(player.shown)")
    XCTAssertTrue(spin(timeout: 3) { capture.drain(); return player.session.bookPosition > 61 }, "\(name): from 60 s")

    player.shown = []
    for _ in 0..<20 {
      player.send(.skip(seconds: 30))
      _ = spin(timeout: 0.033) { capture.drain(); return false }  // a key's autorepeat
    }
    let target = 60 + 20 * 30.0
    XCTAssertTrue(
      spin(timeout: 5) { capture.drain(); return player.session.bookPosition > target + 0.5 },
      "\(name): on from the last skip")

    var highest = 0.0
    for (position, _) in player.shown {
      XCTAssertGreaterThan(position, highest - 0.5, "\(name): back from \(highest) s to \(position) s: \(player.shown)")
      highest = max(highest, position)
    }
    // A stream refills its buffer after each seek: loading, a moment of
    // the stall watchdog's, never a pause.
    let states = Set(player.shown.map(\.state))
    XCTAssertTrue(states.isSubset(of: source.uri.isFileURL ? [.playing] : [.playing, .loading]), "\(name): \(states)")
    XCTAssertGreaterThan(player.shown.count, 40, "\(name): the engine reported during the skips")
  }
}

/// A session whose engine commands go straight to a real engine and whose
/// reports come straight back, recording the place and state shown after
/// each step. Timers are not run: the test is over well within the stall
/// grace.
@MainActor
private final class SessionOnEngine {
  var session = PlaybackSession()
  var shown: [(position: Double, state: EngineState)] = []
  private let engine: GStreamerEngine
  private let source: EngineSource

  init(engine: GStreamerEngine, source: EngineSource) {
    self.engine = engine
    self.source = source
    engine.onSnapshot = { [weak self] snapshot in self?.send(.engineReported(snapshot)) }
  }

  func send(_ event: PlaybackEvent) {
    for command in session.reduce(event, now: Date()) {
      guard case .engine(let command) = command else { continue }
      switch command {
      case .load(_, let index, let position, _, let seekID):
        engine.load([source], startIndex: index, position: position, seekID: seekID)
      case .seek(let index, let position, let seekID):
        engine.seek(trackIndex: index, position: position, seekID: seekID)
      case .play: engine.play()
      case .pause: engine.pause()
      case .setRate(let rate): engine.setRate(rate)
      case .setVolume(let volume): engine.setVolume(volume)
      case .swapSources, .reset: break
      }
    }
    shown.append((session.bookPosition, session.snapshot.state))
  }
}
