import Foundation
import XCTest

@testable import HarkCore

/// §7 `loadInitialProgress` (scenarios 23–29) and the rule that a lookup
/// nobody can answer is `.failed`, never `.empty`.
final class SyncResumeLookupTests: XCTestCase {
  private let offline = ServerProgress.failed(.server(.unreachable("connection refused")))

  private func resolve(
    _ server: ServerProgress, mirror: ProgressRecord? = nil, queued: [ProgressRecord] = []
  )
    -> ResumeLookup
  {
    ResumeLookup.resolve(server: server, local: .records(mirror: mirror, queued: queued))
  }

  func testServerRowIsTheAnswer() {  // 23
    let row = SyncFixture.record(position: 60, version: 2)
    XCTAssertEqual(resolve(.found(row)), .progress(row))
  }

  func testServerWithNoRowAndNothingLocalIsEmpty() {  // 24
    XCTAssertEqual(resolve(.noRecord), .empty)
  }

  func testServerDownAnswersFromTheMirror() {  // 25
    let mirror = SyncFixture.record(position: 75)
    XCTAssertEqual(resolve(offline, mirror: mirror), .progress(mirror))
  }

  func testServerDownAndNothingLocalFailsInsteadOfStartingAtZero() {  // 26
    XCTAssertEqual(resolve(offline), .failed(.server(.unreachable("connection refused"))))
    XCTAssertEqual(resolve(.failed(.notSignedIn)), .failed(.notSignedIn))
  }

  func testServerWithNoRowStillResumesFromTheMirror() {  // 27 (c1's own mirror)
    let mirror = SyncFixture.record(position: 75)
    XCTAssertEqual(resolve(.noRecord, mirror: mirror), .progress(mirror))
  }

  func testNewerMirrorBeatsAnOlderServerRow() {  // 28
    let mirror = SyncFixture.record(position: 90, at: SyncFixture.feb)
    let server = SyncFixture.record(position: 10, version: 1, at: SyncFixture.jan)
    XCTAssertEqual(resolve(.found(server), mirror: mirror), .progress(mirror))
  }

  func testNewerServerRowBeatsAnOlderMirror() {  // 29
    let mirror = SyncFixture.record(position: 5, at: SyncFixture.jan)
    let server = SyncFixture.record(position: 95, version: 1, at: SyncFixture.mar)
    XCTAssertEqual(resolve(.found(server), mirror: mirror), .progress(server))
  }

  func testAQueuedSaveNewerThanTheServerRowWins() {
    let server = SyncFixture.record(position: 10, version: 3, at: SyncFixture.jan)
    let queued = SyncFixture.record(position: 40, at: SyncFixture.feb)
    XCTAssertEqual(resolve(.found(server), queued: [queued]), .progress(queued))
  }

  func testTheNewestOfSeveralQueuedSavesIsTheCandidate() {
    let a = SyncFixture.record(position: 40, at: SyncFixture.mar)
    let b = SyncFixture.record(position: 30, at: SyncFixture.feb)
    XCTAssertEqual(resolve(offline, queued: [b, a]), .progress(a))
  }

  func testOnEqualTimesTheServerRowIsKept() {
    let server = SyncFixture.record(position: 10, version: 0)
    let mirror = SyncFixture.record(position: 11)
    let queued = SyncFixture.record(position: 12)
    XCTAssertEqual(resolve(.found(server), mirror: mirror, queued: [queued]), .progress(server))
  }

  func testUnreadableLocalStoreWithAServerRowAnswersTheRow() {
    let row = SyncFixture.record(position: 60, version: 2)
    XCTAssertEqual(
      ResumeLookup.resolve(server: .found(row), local: .unreadable("disk I/O error")),
      .progress(row))
  }

  func testUnreadableLocalStoreNeverAnswersEmpty() {
    XCTAssertEqual(
      ResumeLookup.resolve(server: .noRecord, local: .unreadable("disk I/O error")),
      .failed(.localStore("disk I/O error")))
    XCTAssertEqual(
      ResumeLookup.resolve(server: offline, local: .unreadable("disk I/O error")),
      .failed(.server(.unreachable("connection refused"))))
  }
}
