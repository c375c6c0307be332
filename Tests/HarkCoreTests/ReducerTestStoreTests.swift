import Foundation
import XCTest

@testable import HarkCore

/// The test store itself: it must fail a test that leaves an effect or a
/// change unstated, and say where.
final class ReducerTestStoreTests: XCTestCase {
  private var reported: [String] = []

  private func store(_ initial: AppState = AppState()) -> ReducerTestStore {
    ReducerTestStore(initial) { [weak self] message, _, _ in self?.reported.append(message) }
  }

  func testAnEffectNotStatedFails() {
    var store = store()
    store.send(.connections(.addressSubmitted("books.example.com"))) {
      $0.connections.signIn = SignInState(address: "books.example.com")
      $0.connections.signIn?.step = .checking
    }
    XCTAssertEqual(reported.count, 1)
    XCTAssertTrue(
      reported.first?.contains("+ produced, not stated: checkServer(https://books.example.com)") == true,
      reported.joined())
  }

  func testAnEffectStatedButNotProducedFails() {
    var store = store()
    store.send(.ui(.pageSelected(.player)), effects: [.loadHome(.server(FlowFixtures.server.access))]) { $0.navigation.page = .player }
    XCTAssertEqual(reported.count, 1)
    XCTAssertTrue(reported.first?.contains("− stated, not produced: loadHome") == true, reported.joined())
  }

  func testAChangeNotStatedFailsAndNamesItsPath() {
    var store = store()
    store.send(.ui(.pageSelected(.player)))
    XCTAssertEqual(reported.count, 1)
    XCTAssertTrue(reported.first?.contains("state.navigation.page:") == true, reported.joined())
  }

  func testADictionaryEntryNotStatedIsNamedByItsKey() {
    var store = store(FlowFixtures.signedIn())
    store.send(.library(.libraryOpened(serverID: "srv-1", libraryID: 1)), effects: [.browseFolder(FlowFixtures.root, .server(FlowFixtures.server.access))]) {
      $0.library.folder = FlowFixtures.root
    }
    XCTAssertEqual(reported.count, 1)
    XCTAssertTrue(reported.first?.contains("state.library.folders[") == true, reported.joined())
    XCTAssertTrue(reported.first?.contains("(absent)") == true, reported.joined())
  }

  func testEverythingStatedPasses() {
    var store = store()
    store.send(.ui(.pageSelected(.player))) { $0.navigation.page = .player }
    XCTAssertEqual(reported, [])
  }
}
