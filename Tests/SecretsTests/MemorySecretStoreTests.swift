import HarkCore
import XCTest

final class MemorySecretStoreTests: XCTestCase {
  func testSaveLoadOverwriteDelete() async throws {
    let store = MemorySecretStore()
    let account = SecretAccount.session(serverID: "home")
    var loaded = try await store.load(account)
    XCTAssertNil(loaded)
    try await store.save("one", for: account, label: "Hark session for Home")
    try await store.save("two", for: account, label: "Hark session for Home")
    loaded = try await store.load(account)
    XCTAssertEqual(loaded, "two")
    try await store.delete(account)
    try await store.delete(account)
    loaded = try await store.load(account)
    XCTAssertNil(loaded)
  }

  func testServersAndKindsAreIsolated() async throws {
    let store = MemorySecretStore()
    try await store.save("a-session", for: .session(serverID: "a"), label: "")
    try await store.save("a-key-1", for: .apiKey(serverID: "a", id: 1), label: "")
    try await store.save("a-key-2", for: .apiKey(serverID: "a", id: 2), label: "")
    try await store.save("b-session", for: .session(serverID: "b"), label: "")
    try await store.delete(.apiKey(serverID: "a", id: 1))
    let aSession = try await store.load(.session(serverID: "a"))
    let aKey2 = try await store.load(.apiKey(serverID: "a", id: 2))
    XCTAssertEqual(aSession, "a-session")
    XCTAssertEqual(aKey2, "a-key-2")
    try await store.deleteAll(serverID: "a")
    let afterA = try await store.load(.session(serverID: "a"))
    let afterKey = try await store.load(.apiKey(serverID: "a", id: 2))
    let b = try await store.load(.session(serverID: "b"))
    XCTAssertNil(afterA)
    XCTAssertNil(afterKey)
    XCTAssertEqual(b, "b-session")
  }

  /// "This run only": a new store (the next run) starts empty.
  func testANewStoreStartsEmpty() async throws {
    try await MemorySecretStore().save("s", for: .session(serverID: "home"), label: "")
    let loaded = try await MemorySecretStore().load(.session(serverID: "home"))
    XCTAssertNil(loaded)
  }

  func testLabels() {
    XCTAssertEqual(
      SecretAccount.session(serverID: "x").label(serverName: "Hark Test Server"), "Hark session for Hark Test Server")
    XCTAssertEqual(SecretAccount.apiKey(serverID: "x", id: 3).label(serverName: "Home"), "Hark API key 3 for Home")
  }
}
