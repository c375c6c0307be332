import Foundation
import XCTest

@testable import HarkCore

/// REFERENCE-BEHAVIOR §6.10 scenarios 30–43: teardown, connection scoping,
/// offline play, Mark as finished and auto-download.
@MainActor
final class SessionLifecycleTests: XCTestCase {
  private let downloaded = LocalCopy(
    files: ["A/Book.m4b": URL(string: "file:///dl/0.m4b")!], cover: URL(string: "file:///dl/cover.jpg"))

  private func playing(_ request: PlayRequest = PlaybackFixture.request()) -> PlaybackHarness {
    let player = PlaybackHarness.started(request)
    player.engine(.playing, at: 40)
    player.clearRecord()
    return player
  }

  // 30
  func testClosingTheBooksServerStopsIt() async {
    let player = playing()
    player.send(.serverClosing(serverID: "c1", revokingToken: false))
    XCTAssertTrue(player.engineCommands.contains(.reset))
    XCTAssertNil(player.session.nowPlaying)
    XCTAssertEqual(player.saves.map(\.position), [40], "the place is saved before it stops")
    XCTAssertEqual(player.session.snapshot, EngineSnapshot(state: .idle, rate: 1))
  }

  // 31
  func testSigningOutStopsAndFlushesTheServersSaves() async {
    let player = playing()
    player.send(.serverClosing(serverID: "c1", revokingToken: true))
    XCTAssertTrue(player.engineCommands.contains(.reset))
    XCTAssertNil(player.session.nowPlaying)
    XCTAssertEqual(player.commands.last, .flushProgress(serverID: "c1"))
  }

  // 32
  func testClosingAnotherServerLeavesTheBookPlaying() async {
    let player = playing()
    player.send(.serverClosing(serverID: "c2", revokingToken: false))
    XCTAssertEqual(player.commands, [])
    XCTAssertEqual(player.session.nowPlaying?.key, PlaybackFixture.key)
  }

  // 33
  func testSavesGoToTheBooksOwnServer() async {
    let player = PlaybackHarness.started(PlaybackFixture.request(server: "c9"))
    player.engine(.playing, at: 40)
    player.engine(.paused, at: 40)
    XCTAssertEqual(player.saves.map(\.key.serverID), ["c9"])
    XCTAssertEqual(player.saves.map(\.position), [40])
  }

  // 34
  func testADownloadOfTheSameBookOnAnotherServerIsNotPlayedFrom() async {
    let player = playing()
    let elsewhere = LibraryPath(serverID: "c2", libraryID: 2, path: "A/Book.m4b")
    player.send(.downloadFinished(elsewhere, LocalCopy(files: ["A/Book.m4b": URL(string: "file:///c2/0.m4b")!])))
    XCTAssertEqual(player.commands, [])
    XCTAssertEqual(player.session.nowPlaying?.key.serverID, "c1")
    XCTAssertNil(player.session.nowPlaying?.queue.tracks[0].localFile)
  }

  func testTheBooksOwnDownloadIsSwappedIn() async {
    let player = playing()
    player.send(.downloadFinished(PlaybackFixture.key, downloaded))
    XCTAssertEqual(player.engineCommands.count, 1)
    guard case .swapSources(let tracks, let copy) = player.engineCommands.first else { return XCTFail("no swap") }
    XCTAssertEqual(tracks.map(\.localFile), [URL(string: "file:///dl/0.m4b")])
    XCTAssertEqual(copy, downloaded)
    XCTAssertNil(player.session.nowPlaying?.queue.tracks[0].localFile, "streaming until the engine has switched")
    player.send(.sourcesSwapped(PlaybackFixture.key, downloaded))
    XCTAssertEqual(player.session.nowPlaying?.queue.tracks[0].localFile, URL(string: "file:///dl/0.m4b"))
    XCTAssertEqual(player.session.nowPlaying?.localCover, URL(string: "file:///dl/cover.jpg"))
    XCTAssertEqual(player.session.bookPosition, 40, "the place is kept")
    player.send(.downloadFinished(PlaybackFixture.key, downloaded))
    XCTAssertEqual(player.engineCommands.count, 1, "already local")
  }

  /// §6.9: a refused swap keeps the streaming queue. Hark's engine answers
  /// after reading the copy off the main loop, so the queue waits for its
  /// yes, and a refusal leaves nothing that later reads the copy: Retry
  /// streams again. The download still exists, so Mark as Finished may
  /// delete it.
  func testARefusedSwapKeepsTheBookStreamingThroughARetry() async {
    let player = playing()
    player.send(.downloadFinished(PlaybackFixture.key, downloaded))
    player.engine(.error, at: 40)
    player.clearRecord()
    player.send(.retry)
    XCTAssertEqual(player.loads.map { $0.tracks.map(\.localFile) }, [[nil]])
    XCTAssertEqual(player.loads.map(\.position), [40])
    player.send(.markFinished(deleteDownload: true))
    XCTAssertEqual(player.commands.last, .removeDownload(PlaybackFixture.key))
  }

  func testASwapAnsweredForAnotherBookChangesNothing() async {
    let player = playing()
    let other = LibraryPath(serverID: "c1", libraryID: 2, path: "B/Other.m4b")
    player.send(.sourcesSwapped(other, LocalCopy(files: ["A/Book.m4b": URL(string: "file:///dl/other.m4b")!])))
    XCTAssertNil(player.session.nowPlaying?.queue.tracks[0].localFile)
  }

  // 35
  func testADownloadedBookPlaysWithoutItsServer() async {
    let player = PlaybackHarness()
    var request = PlaybackFixture.request(server: "gone", at: nil)
    request.signedIn = false
    request.local = downloaded
    request.download = .downloaded
    player.send(.play(request))
    XCTAssertEqual(player.loads.count, 1)
    XCTAssertEqual(player.loads[0].tracks[0].localFile, URL(string: "file:///dl/0.m4b"))
    XCTAssertEqual(player.session.nowPlaying?.key.serverID, "gone")
    XCTAssertEqual(player.session.nowPlaying?.localCover, URL(string: "file:///dl/cover.jpg"))
  }

  func testADownloadedBookPlayedWithoutItsServerStillSavesItsPlace() async {
    // The reference saves nothing without a client. Hark's durable mirror
    // keeps the place on this device, so the next offline play resumes.
    let player = PlaybackHarness()
    var request = PlaybackFixture.request(server: "gone", at: 0)
    request.signedIn = false
    request.local = downloaded
    player.send(.play(request))
    player.engine(.playing, at: 25)
    player.advance(30)
    player.engine(.paused, at: 55)
    XCTAssertEqual(player.saves.last?.position, 55)
    let spans = player.commands.filter { if case .recordListening = $0 { true } else { false } }
    XCTAssertEqual(spans, [], "history needs a server to send it to")
  }

  // 36
  func testNoServerAndNothingOnDiskPlaysNothing() async {
    let player = PlaybackHarness()
    var request = PlaybackFixture.request(server: "gone")
    request.signedIn = false
    player.send(.play(request))
    XCTAssertEqual(player.commands, [])
    XCTAssertNil(player.session.nowPlaying)
  }

  // 37
  func testMarkFinishedSavesFinishedAtTheEndAndUnloads() async {
    let player = playing()
    player.send(.markFinished(deleteDownload: false))
    XCTAssertTrue(player.commands.contains(.bookFinished(PlaybackFixture.key)))
    XCTAssertEqual(player.saves.count, 1)
    XCTAssertEqual(player.saves.first?.finished, true)
    XCTAssertEqual(player.saves.first?.position, 100)
    XCTAssertNil(player.session.nowPlaying)
    XCTAssertTrue(player.engineCommands.contains(.reset))
    player.advance(60)
    XCTAssertEqual(player.saves.count, 1, "it is the book's last save")
  }

  // 38
  func testMarkFinishedWithNothingLoadedDoesNothing() async {
    let player = PlaybackHarness()
    player.send(.markFinished(deleteDownload: true))
    XCTAssertEqual(player.commands, [])
  }

  // 39
  func testMarkFinishedDeletesTheDownloadWhenAsked() async {
    var request = PlaybackFixture.request()
    request.local = downloaded
    request.download = .downloaded
    let player = playing(request)
    player.send(.markFinished(deleteDownload: true))
    XCTAssertEqual(player.commands.last, .removeDownload(PlaybackFixture.key))
  }

  // 40
  func testMarkFinishedKeepsTheDownloadWhenNotAsked() async {
    var request = PlaybackFixture.request()
    request.local = downloaded
    let player = playing(request)
    player.send(.markFinished(deleteDownload: false))
    XCTAssertFalse(player.commands.contains(.removeDownload(PlaybackFixture.key)))
  }

  // 41
  func testAutoDownloadIsAskedForWithItsMode() async {
    var request = PlaybackFixture.request()
    request.autoDownload = .wifi
    let player = PlaybackHarness()
    player.send(.play(request))
    XCTAssertEqual(player.commands.last, .autoDownload(PlaybackFixture.key, PlaybackFixture.book, nil, mode: .wifi))
  }

  // 42
  func testAutoDownloadNeverAsksForNothing() async {
    let player = PlaybackHarness()
    player.send(.play(PlaybackFixture.request()))
    XCTAssertFalse(player.commands.contains { if case .autoDownload = $0 { true } else { false } })
  }

  // 43
  func testAnAlreadyDownloadedBookIsNotDownloadedAgain() async {
    var request = PlaybackFixture.request()
    request.autoDownload = .always
    request.local = downloaded
    request.download = .downloaded
    let player = PlaybackHarness()
    player.send(.play(request))
    XCTAssertFalse(player.commands.contains { if case .autoDownload = $0 { true } else { false } })
    request.download = .error
    request.local = nil
    player.send(.play(request))
    XCTAssertTrue(player.commands.contains { if case .autoDownload = $0 { true } else { false } }, "a failed one is retried")
  }

  func testStopSavesUnloadsAndCancelsTheSleepTimer() async {
    let player = playing()
    player.send(.startSleepTimer(.minutes(10)))
    player.send(.stop)
    XCTAssertEqual(player.saves.map(\.position), [40])
    XCTAssertNil(player.session.nowPlaying)
    XCTAssertFalse(player.session.sleepTimer.isActive)
    XCTAssertFalse(player.isRunning(.sleepTick))
    XCTAssertFalse(player.isRunning(.autosave))
  }
}
