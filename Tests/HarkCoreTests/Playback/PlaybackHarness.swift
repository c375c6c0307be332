import Foundation
import XCTest

@testable import HarkCore

/// The reference's common Given (§6.10): book `A/Book.m4b`, one file of
/// 100 s, library 2, connection c1.
enum PlaybackFixture {
  static let book = Book(libraryID: 2, relPath: "A/Book.m4b", title: "Book", author: "Author", duration: 100)
  static let key = LibraryPath(serverID: "c1", libraryID: 2, path: "A/Book.m4b")
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  /// "start": play with a start position, which skips the resume lookup.
  static func request(
    _ book: Book = book, server: String = "c1", at position: Double? = 0, track: Int? = nil
  ) -> PlayRequest {
    PlayRequest(
      key: LibraryPath(serverID: server, libraryID: book.libraryID, path: book.relPath), book: book,
      startBookPosition: position, startTrack: track)
  }

  static func progress(_ position: Double, finished: Bool = false, speed: Double = 1, duration: Double = 100)
    -> ResumeLookup
  {
    .progress(
      ProgressRecord(
        key: key, position: position, duration: duration, finished: finished, playbackSpeed: speed,
        deviceID: "dev-1", updatedAt: start))
  }
}

/// Runs a `PlaybackSession` the way the app will: commands are recorded,
/// timers run on a `ManualClock` and fire back as events, and resume
/// lookups are answered from a script. Nothing sleeps: time moves only in
/// `advance`.
@MainActor
final class PlaybackHarness {
  var session: PlaybackSession
  let clock = ManualClock(start: PlaybackFixture.start)
  private(set) var commands: [PlaybackCommand] = []
  private var timers: [PlaybackTimer: any ScheduledTimer] = [:]
  /// Answers to resume lookups, in order; `.empty` once used up.
  var lookupAnswers: [ResumeLookup] = []
  /// Lookups leave unanswered when false (the test answers them).
  var answersLookups = true
  private(set) var lookups: [LibraryPath] = []

  init(_ session: PlaybackSession = PlaybackSession()) {
    self.session = session
  }

  /// A harness whose book was started at 0 (no lookup) with nothing recorded yet.
  static func started(_ request: PlayRequest = PlaybackFixture.request()) -> PlaybackHarness {
    let harness = PlaybackHarness()
    harness.send(.play(request))
    harness.clearRecord()
    return harness
  }

  func send(_ event: PlaybackEvent) {
    for command in session.reduce(event, now: clock.now) { handle(command) }
  }

  /// The engine reports `state` at `position` seconds into `track`, having
  /// finished `seek` (by default the last load or seek the session sent).
  func engine(
    _ state: EngineState, at position: Double, track: Int = 0, duration: Double = 100, seek: SeekID? = nil
  ) {
    send(
      .engineReported(
        EngineSnapshot(
          state: state, trackIndex: track, position: position, duration: duration,
          seekID: seek ?? session.lastSeekID)))
  }

  func advance(_ seconds: Double) {
    clock.advance(by: .milliseconds(Int((seconds * 1000).rounded())))
  }

  func clearRecord() {
    commands = []
    lookups = []
  }

  var saves: [ProgressRecord] {
    commands.compactMap { if case .saveProgress(let save) = $0 { save } else { nil } }
  }

  var engineCommands: [EngineCommand] {
    commands.compactMap { if case .engine(let command) = $0 { command } else { nil } }
  }

  /// The `(startIndex, position)` of every load.
  var loads: [(index: Int, position: Double, tracks: [BookTrack])] {
    engineCommands.compactMap {
      if case .load(let tracks, let index, let position, _, _) = $0 { (index, position, tracks) } else { nil }
    }
  }

  var state: EngineState { session.snapshot.state }

  func isRunning(_ timer: PlaybackTimer) -> Bool { timers[timer] != nil }

  private func schedule(_ timer: PlaybackTimer, after delay: Duration) {
    timers[timer]?.cancel()
    timers[timer] = clock.schedule(after: delay, repeating: timer.repeats) { [unowned self] in
      if !timer.repeats { timers[timer] = nil }
      send(.timerFired(timer))
    }
  }

  private func handle(_ command: PlaybackCommand) {
    commands.append(command)
    switch command {
    case .startTimer(let timer):
      schedule(timer, after: session.rules.interval(of: timer))
    case .startDeadline(let timer, let delay):
      schedule(timer, after: delay)
    case .cancelTimer(let timer):
      timers[timer]?.cancel()
      timers[timer] = nil
    case .lookUpResume(let key):
      lookups.append(key)
      guard answersLookups else { return }
      let answer = lookupAnswers.isEmpty ? .empty : lookupAnswers.removeFirst()
      send(.resumeLookedUp(key, answer))
    default:
      break
    }
  }
}
