import Foundation
import XCTest

@testable import HarkCore

/// Issue 18: once the engine has parsed a file, its own length lays the
/// timeline out (the server's figure for an ffmpeg MP3 counts the encoder's
/// delay and padding), while the listener's place stays where it is and is
/// still saved as the server lays the book out.
@MainActor
final class SessionEngineDurationTests: XCTestCase {
  /// The sweep fixture's ffmpeg MP3s: the server's lengths, and what the
  /// engine plays of each (926,247 / 941,094 / 955,059 samples at 44.1 kHz).
  private static let server = [21.055, 21.368, 21.708]
  private static let engine = [21.003, 21.340, 21.657]

  private static let book = Book(
    libraryID: 2, relPath: "A/Sweep", isFolder: true, title: "Sweep", duration: 64.131,
    files: zip(1..., server).map { BookFile(relPath: "A/Sweep/0\($0).mp3", seq: $0, duration: $1) },
    chapters: [
      Chapter(index: 0, title: "One", filePath: "A/Sweep/01.mp3", start: 0, end: 21.055, bookOffset: 0),
      Chapter(index: 1, title: "Three", filePath: "A/Sweep/03.mp3", start: 0, end: 21.708, bookOffset: 0),
    ])

  private func started() -> PlaybackHarness {
    PlaybackHarness.started(PlaybackFixture.request(Self.book, at: 0))
  }

  func testTheEnginesLengthOfAFileMovesTheLaterFilesOnTheTimeline() async throws {
    let player = started()
    player.engine(.playing, at: 1, track: 0, duration: Self.engine[0])
    let queue = try XCTUnwrap(player.session.nowPlaying?.queue)
    XCTAssertEqual(queue.tracks.map(\.duration), [Self.engine[0], Self.server[1], Self.server[2]])
    XCTAssertEqual(queue.offsets[1], 21.003, accuracy: 1e-9)
    XCTAssertEqual(queue.offsets[2], 42.371, accuracy: 1e-9)
    XCTAssertEqual(queue.total, 64.079, accuracy: 1e-9)
    XCTAssertEqual(queue.chapters.map(\.bookOffset)[1], 42.371, accuracy: 1e-9, "a later file's chapter moves too")
    XCTAssertEqual(queue.timeline.tracks.starts[1], 21.003, accuracy: 1e-9, "the laid-out timeline follows")

    player.engine(.playing, at: 2, track: 1, duration: Self.engine[1])
    XCTAssertEqual(player.session.bookPosition, 23.003, accuracy: 1e-9)
    XCTAssertEqual(player.session.nowPlaying?.queue.offsets[2] ?? 0, 42.343, accuracy: 1e-9)
  }

  func testThePlaceIsSavedAsTheServerLaysTheBookOut() async throws {
    let player = started()
    for track in 0..<3 { player.engine(.playing, at: 1, track: track, duration: Self.engine[track]) }
    player.clearRecord()
    player.engine(.paused, at: 5, track: 2, duration: Self.engine[2])
    // 21.055 + 21.368 + 5: resuming with the server's lengths finds the same
    // 5 s into the third file (with the engine's it would be 80 ms later).
    XCTAssertEqual(try XCTUnwrap(player.saves.last).position, 47.423, accuracy: 1e-9)
    XCTAssertEqual(player.session.snapshot.trackIndex, 2)
    XCTAssertEqual(player.session.snapshot.position, 5, "the engine's place is not moved")
    XCTAssertEqual(player.loads.count, 0, "nothing reloaded or sought")
  }

  func testALengthFarFromTheServersIsNotTaken() async throws {
    let player = started()
    // oggdemux's guess for a small streamed file: 2.04 s of 21.3.
    player.engine(.playing, at: 1, track: 0, duration: 2.04)
    player.engine(.playing, at: 1, track: 0, duration: 0)
    let queue = try XCTUnwrap(player.session.nowPlaying?.queue)
    XCTAssertEqual(queue.tracks.map(\.duration), Self.server)
    for (offset, expected) in zip(queue.offsets, [0, 21.055, 42.423]) { XCTAssertEqual(offset, expected, accuracy: 1e-9) }
  }

  func testAnUnknownLengthIsTakenFromTheEngine() async {
    var queue = buildBookQueue(
      book: Book(
        libraryID: 2, relPath: "A/B", isFolder: true, title: "B",
        files: [BookFile(relPath: "A/B/1.mp3", seq: 1, duration: 0), BookFile(relPath: "A/B/2.mp3", seq: 2, duration: 30)]))
    XCTAssertTrue(queue.adoptEngineDuration(12.5, track: 0))
    XCTAssertEqual(queue.offsets, [0, 12.5])
    XCTAssertEqual(queue.savedOffsets, [0, 0], "saved places keep the layout the server gave")
    XCTAssertFalse(queue.adoptEngineDuration(12.5, track: 0), "the same length again changes nothing")
  }
}
