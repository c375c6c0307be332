import Foundation
import HarkCore
import XCTest

@testable import Persistence

/// The book offered again after a restart: the unfinished one this device
/// saved a place in last.
final class LastListenedTests: XCTestCase {
  private var folder: ScratchFolder!
  private var store: ListeningStore!

  override func setUpWithError() throws {
    folder = ScratchFolder()
    store = try ListeningStore(path: folder.databasePath)
  }

  override func tearDown() {
    store = nil
    folder = nil
  }

  func testTheNewestUnfinishedPlaceOfThisDeviceIsOffered() throws {
    let me = try store.deviceID()
    XCTAssertNil(try store.lastListened(), "nothing listened to yet")
    try store.recordLocal(Saves.record("A/Older", position: 40, at: 1, device: me))
    try store.recordLocal(Saves.record("A/Newer", position: 75, at: 2, device: me))
    XCTAssertEqual(try store.lastListened()?.key.path, "A/Newer")
    XCTAssertEqual(try store.lastListened()?.position, 75)

    // Finished: not offered; the one before it is.
    var done = Saves.record("A/Newer", position: 3600, at: 3, device: me)
    done.finished = true
    try store.recordLocal(done)
    XCTAssertEqual(try store.lastListened()?.key.path, "A/Older")

    // Another device's rows (seeded from the server) are not this device's last book.
    try store.mergeIntoMirror(Saves.record("A/Phone", position: 10, at: 9, device: "phone"))
    XCTAssertEqual(try store.lastListened()?.key.path, "A/Older")
  }

  func testItSurvivesReopeningTheDatabase() throws {
    let me = try store.deviceID()
    try store.recordLocal(Saves.record("A/Book", position: 12, at: 1, device: me))
    store = nil
    let reopened = try ListeningStore(path: folder.databasePath)
    XCTAssertEqual(try reopened.lastListened()?.key.path, "A/Book")
  }
}
