import Foundation
import XCTest

@testable import HarkCore

/// Which queued saves a flush sends, in what order, and what each failure
/// means.
final class SyncReplayRulesTests: XCTestCase {
  private func key(_ path: String, server: String = "c1") -> LibraryPath {
    LibraryPath(serverID: server, libraryID: 1, path: path)
  }

  private func at(_ seconds: Double) -> Date {
    SyncFixture.jan.addingTimeInterval(seconds)
  }

  func testOneBookSendsOnlyItsNewestSave() {
    let saves = [
      SyncFixture.queued(1, SyncFixture.record(key("A"), position: 10, at: at(0))),
      SyncFixture.queued(2, SyncFixture.record(key("A"), position: 20, at: at(15))),
      SyncFixture.queued(3, SyncFixture.record(key("A"), position: 30, at: at(30))),
    ]
    XCTAssertEqual(ReplayPlan.sends(saves).map(\.id), [3])
  }

  func testBooksGoInTheOrderOfTheirLatestSave() {
    let saves = [
      SyncFixture.queued(1, SyncFixture.record(key("A"), position: 1, at: at(0))),
      SyncFixture.queued(2, SyncFixture.record(key("B"), position: 2, at: at(1))),
      SyncFixture.queued(3, SyncFixture.record(key("A"), position: 3, at: at(2))),
      SyncFixture.queued(4, SyncFixture.record(key("C"), position: 4, at: at(3))),
    ]
    XCTAssertEqual(ReplayPlan.sends(saves).map(\.id), [2, 3, 4])
  }

  func testTheOrderComesFromTheQueueNotTheInputOrder() {
    let saves = [
      SyncFixture.queued(9, SyncFixture.record(key("B"), at: at(9))),
      SyncFixture.queued(4, SyncFixture.record(key("A"), at: at(4))),
    ]
    XCTAssertEqual(ReplayPlan.sends(saves).map(\.id), [4, 9])
  }

  func testAfterAClockStepBackTheNewestCaptureIsSentNotTheLastQueued() {
    // The clock was set back between two saves: the server would keep the
    // first anyway, so that is the one worth sending.
    let saves = [
      SyncFixture.queued(1, SyncFixture.record(key("A"), position: 50, at: at(3600))),
      SyncFixture.queued(2, SyncFixture.record(key("A"), position: 51, at: at(0))),
    ]
    XCTAssertEqual(ReplayPlan.sends(saves).map(\.id), [1])
  }

  func testEqualCaptureTimesSendTheLaterQueued() {
    let saves = [
      SyncFixture.queued(1, SyncFixture.record(key("A"), position: 1)),
      SyncFixture.queued(2, SyncFixture.record(key("A"), position: 2)),
    ]
    XCTAssertEqual(ReplayPlan.sends(saves).map(\.id), [2])
  }

  func testTheSameBookOnTwoServersIsTwoSends() {
    let saves = [
      SyncFixture.queued(1, SyncFixture.record(key("X", server: "c1"), position: 11)),
      SyncFixture.queued(2, SyncFixture.record(key("X", server: "c2"), position: 22)),
    ]
    XCTAssertEqual(ReplayPlan.sends(saves).map(\.id), [1, 2])
  }

  func testNothingQueuedSendsNothing() {
    XCTAssertEqual(ReplayPlan.sends([]), [])
  }

  func testAWinnerSupersedesTheSavesOfItsBookUpToItsTime() {
    let winner = SyncFixture.record(key("A"), position: 30, version: 4, at: at(30))
    XCTAssertTrue(
      SyncFixture.queued(1, SyncFixture.record(key("A"), at: at(0))).isSuperseded(by: winner))
    XCTAssertTrue(
      SyncFixture.queued(2, SyncFixture.record(key("A"), at: at(30))).isSuperseded(by: winner))
    XCTAssertFalse(
      SyncFixture.queued(3, SyncFixture.record(key("A"), at: at(31))).isSuperseded(by: winner))
    XCTAssertFalse(
      SyncFixture.queued(4, SyncFixture.record(key("B"), at: at(0))).isSuperseded(by: winner))
  }

  func testNoAnswerKeepsTheSaveAndStops() {
    XCTAssertEqual(ReplayStep(after: .unreachable("refused")), .keepAndStop)
    XCTAssertEqual(ReplayStep(after: .timedOut), .keepAndStop)
    XCTAssertEqual(ReplayStep(after: .cancelled), .keepAndStop)
    XCTAssertEqual(ReplayStep(after: .certificateRejected("self-signed")), .keepAndStop)
  }

  func testRateLimitKeepsTheSaveAndStops() {
    XCTAssertEqual(ReplayStep(after: .server(status: 429, message: "slow down")), .keepAndStop)
  }

  func testAuthFailureStops() {
    XCTAssertEqual(ReplayStep(after: .server(status: 401, message: "unauthorized")), .stopForAuth)
  }

  func testOtherClientErrorsDropTheSave() {
    for status in [400, 403, 404, 409, 413, 422, 499] {
      XCTAssertEqual(ReplayStep(after: .server(status: status, message: "no")), .drop, "\(status)")
    }
  }

  func testServerErrorsKeepTheSaveAndGoOn() {
    for status in [500, 502, 503, 504] {
      XCTAssertEqual(ReplayStep(after: .server(status: status, message: "oops")), .keepAndContinue)
    }
    XCTAssertEqual(ReplayStep(after: .invalidResponse("truncated")), .keepAndContinue)
  }
}
