import Foundation
import XCTest

@testable import HarkCore

/// Newest `updated_at` wins, then the higher `version`, as the server does.
final class SyncLastWriteWinsTests: XCTestCase {
  let old = SyncFixture.record(position: 10, at: SyncFixture.jan)
  let new = SyncFixture.record(position: 20, at: SyncFixture.feb)

  func testTheNewerTimeWinsWhateverTheVersion() {
    let oldButManyWrites = SyncFixture.record(position: 10, version: 99, at: SyncFixture.jan)
    XCTAssertTrue(LastWriteWins.beats(new, oldButManyWrites))
    XCTAssertFalse(LastWriteWins.beats(oldButManyWrites, new))
  }

  func testOnEqualTimesTheHigherVersionWins() {
    let stored = SyncFixture.record(position: 10, version: 3)
    let replay = SyncFixture.record(position: 99, version: 0)
    XCTAssertTrue(LastWriteWins.beats(stored, replay))
    XCTAssertFalse(LastWriteWins.beats(replay, stored))
  }

  func testNewestKeepsTheFirstOnATie() {
    let first = SyncFixture.record(position: 1)
    let second = SyncFixture.record(position: 2)
    XCTAssertEqual(LastWriteWins.newest(first, second), first)
    XCTAssertEqual(LastWriteWins.newest(second, first), second)
    XCTAssertEqual(LastWriteWins.newest(of: [first, second]), first)
  }

  func testNewestOfNothingIsNothingAndOfOneIsThatOne() {
    XCTAssertNil(LastWriteWins.newest(nil, nil))
    XCTAssertEqual(LastWriteWins.newest(nil, old), old)
    XCTAssertEqual(LastWriteWins.newest(old, nil), old)
    XCTAssertNil(LastWriteWins.newest(of: []))
    XCTAssertEqual(LastWriteWins.newest(of: [old, new, old]), new)
  }

  func testMirrorKeepsTheNewestAndAnEqualTimeOverwrites() {
    XCTAssertTrue(LastWriteWins.mirrorAccepts(old, over: nil))
    XCTAssertTrue(LastWriteWins.mirrorAccepts(new, over: old))
    XCTAssertFalse(LastWriteWins.mirrorAccepts(old, over: new))
    XCTAssertTrue(LastWriteWins.mirrorAccepts(SyncFixture.record(position: 11), over: old))
  }

  func testMirrorTakesTheServersEchoOfItsOwnSave() {
    // The server answers a save with the same time and its own version.
    let echo = SyncFixture.record(position: 10, version: 5)
    XCTAssertTrue(LastWriteWins.mirrorAccepts(echo, over: old))
    XCTAssertFalse(LastWriteWins.mirrorAccepts(old, over: echo))
  }
}
