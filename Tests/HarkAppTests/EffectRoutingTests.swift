import Foundation
import HarkCore
import HarkTestSupport
import XCTest

@testable import HarkApp

/// The harness routes effects through `AppServices`, as Hark does: an
/// owner the playback tests never needed (the Book page's extras) is run
/// too, over real HTTP, rather than dropped.
final class EffectRoutingTests: XCTestCase {
  nonisolated(unsafe) private static var server: TestServer!

  override class func setUp() {
    super.setUp()
    server = try! TestServer.start(library: try! SampleLibrary.load(), arguments: ["--rate", "1000", "--burst", "1000"])
  }

  override class func tearDown() {
    server.stop()
    super.tearDown()
  }

  @MainActor func testABookOpenedHasItsBookmarksAndNotesAnswered() async throws {
    let harness = AppHarness(server: Self.server)
    addTeardownBlock { @MainActor in harness.tearDown() }
    try await harness.signIn()
    let book = harness.book("Marguerite Holloway/The Lighthouse Keeper")
    harness.store.dispatch(.library(.bookOpened(book)))
    try await harness.waitUntil("its bookmarks and notes are answered") {
      guard let extras = $0.library.extras[book] else { return false }
      return extras.bookmarks != .loading && extras.notes != .loading
    }
    XCTAssertEqual(harness.state.library.extras[book]?.bookmarks, .loaded([]), "none kept on the test server")
    XCTAssertEqual(harness.state.library.extras[book]?.notes, .loaded([]))
  }
}
