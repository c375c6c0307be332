import Foundation
import HarkCore
import XCTest

/// The Book page of the book that is playing follows the player: its place
/// as it plays, and "Finished" once it ends, without being opened again.
final class LiveBookPageTests: XCTestCase {
  private let target = LibraryPath(serverID: "a", libraryID: 1, path: "Quill/Orchard")
  private let t0 = Date(timeIntervalSince1970: 1_800_000_000)

  /// Two chapters, 60 s and 40 s, in one file.
  private var book: Book {
    oneFileBook(
      target, title: "A Clockwork Orchard", file: "book.m4b", chapters: [("The Brass Seed", 60), ("Rising Sweep", 40)])
  }

  /// The page open on a book never started, then Play pressed on it.
  private func playingFromItsPage() -> AppState {
    HarkCoreTests.playingFromItsPage(target, book, at: t0)
  }

  private func report(_ state: inout AppState, _ engine: EngineState, at position: Double, after seconds: Double) {
    reportEngine(&state, engine, at: position, duration: 100, after: seconds, since: t0)
  }

  func testThePagesPlaceFollowsThePlayingBook() throws {
    var state = playingFromItsPage()
    XCTAssertEqual(selectBookPage(state, now: t0)?.extras?.resume, "Not started")
    report(&state, .playing, at: 65, after: 65)
    let page = try XCTUnwrap(selectBookPage(state, now: t0))
    XCTAssertEqual(page.extras?.resume, "Now at Rising Sweep · 0:05 · 35s left", "not \"Resume at\" while it plays")
    XCTAssertEqual(page.extras?.playLabel, "Resume")
    XCTAssertEqual(page.chapters.map(\.status), [.listened, .current])
    report(&state, .paused, at: 66, after: 66)
    XCTAssertEqual(selectBookPage(state, now: t0)?.extras?.resume, "Resume at Rising Sweep · 0:06 · 34s left")
  }

  func testAnEndedBookIsFinishedOnItsPageAndStaysSoAfterTheNextBookLoads() throws {
    var state = playingFromItsPage()
    report(&state, .playing, at: 99, after: 99)
    report(&state, .ended, at: 100, after: 100)
    let page = try XCTUnwrap(selectBookPage(state, now: t0))
    XCTAssertEqual(page.extras?.resume, "Finished")
    XCTAssertEqual(page.extras?.isFinished, true)
    XCTAssertEqual(page.extras?.playLabel, "Play")
    // Stopped (as when another book loads): the page keeps what the last save said.
    _ = reduce(&state, .player(.playback(.stop, at: t0.addingTimeInterval(101))))
    XCTAssertEqual(selectBookPage(state, now: t0)?.extras?.resume, "Finished")
  }
}
