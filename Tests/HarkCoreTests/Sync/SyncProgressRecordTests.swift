import Foundation
import XCTest

@testable import HarkCore

final class SyncProgressRecordTests: XCTestCase {
  func testTheSaveBodyHasVersionZeroAndTheCapturedTime() throws {
    let record = SyncFixture.record(version: 7, at: SyncFixture.date("2026-07-12T09:30:00.250Z"))
    let save = record.save
    XCTAssertEqual(save.version, 0)
    XCTAssertEqual(save.updatedAt.rawValue, "2026-07-12T09:30:00.250Z")
    XCTAssertEqual(save.position, 10)
    XCTAssertEqual(save.duration, 100)
    XCTAssertEqual(save.deviceID, "dev")
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(with: JSONEncoder().encode(save)) as? [String: Any])
    XCTAssertEqual(
      Set(json.keys),
      ["position", "duration", "finished", "playback_speed", "version", "device_id", "updated_at"])
  }

  func testCaptureTimeIsKeptToTheMillisecond() {
    let time = Date(timeIntervalSince1970: 1_783_848_600.123_456)
    let record = SyncFixture.record(at: time)
    XCTAssertEqual(WireTime.milliseconds(record.updatedAt), 1_783_848_600_123)
    XCTAssertEqual(record.save.updatedAt.rawValue, "2026-07-12T09:30:00.123Z")
    // The round trip through storage (milliseconds) changes nothing.
    XCTAssertEqual(
      WireTime.date(milliseconds: WireTime.milliseconds(record.updatedAt)), record.updatedAt)
    var moved = record
    moved.updatedAt = time
    XCTAssertEqual(moved, record)
  }

  func testEveryMillisecondFormatsAsItself() {
    // Binary floating point puts some whole milliseconds a hair below
    // themselves; none of them may be written one millisecond early.
    let base: Int64 = 1_783_848_600_000
    for offset in Int64(0)..<2000 {
      let millis = base + offset
      let record = SyncFixture.record(at: WireTime.date(milliseconds: millis))
      XCTAssertEqual(WireTime.milliseconds(record.updatedAt), millis)
      XCTAssertEqual(record.save.updatedAt.date.map(WireTime.milliseconds), millis)
    }
  }

  func testServerRowBecomesARecordOfItsServer() {
    let row = ProgressRow(
      libraryID: 3, path: "B/Book", position: 61.5, duration: 300, finished: true,
      playbackSpeed: 1.25, version: 4, deviceID: "phone", updatedAt: "2026-02-01T00:00:00.5+01:00")
    let record = ProgressRecord(row: row, serverID: "s1")
    XCTAssertEqual(record.key, LibraryPath(serverID: "s1", libraryID: 3, path: "B/Book"))
    XCTAssertEqual(record.position, 61.5)
    XCTAssertEqual(record.finished, true)
    XCTAssertEqual(record.playbackSpeed, 1.25)
    XCTAssertEqual(record.version, 4)
    XCTAssertEqual(record.deviceID, "phone")
    XCTAssertEqual(record.updatedAt, SyncFixture.date("2026-01-31T23:00:00.500Z"))
  }

  func testServerTimeFinerThanAMillisecondIsRoundedDownNeverUp() {
    let row = ProgressRow(
      libraryID: 1, path: "p", position: 1, updatedAt: "2026-01-01T00:00:00.123990Z")
    XCTAssertEqual(
      ProgressRecord(row: row, serverID: "s").updatedAt,
      SyncFixture.date("2026-01-01T00:00:00.123Z"))
  }

  func testUnparseableServerTimeCountsAsTheOldest() {
    let row = ProgressRow(libraryID: 1, path: "p", position: 1, updatedAt: "yesterday")
    let record = ProgressRecord(row: row, serverID: "s")
    XCTAssertEqual(record.updatedAt, WireTime.unknown)
    XCTAssertTrue(
      LastWriteWins.beats(
        SyncFixture.record(LibraryPath(serverID: "s", libraryID: 1, path: "p")), record))
  }
}
