import CGLib
import Foundation
import HarkCore
import Secrets
import XCTest

/// The keyring store against a real gnome-keyring on a private D-Bus session.
///
/// Each test runs in a child process (see `runInChildProcess`). There the
/// class starts the bus and the daemon, points `DBUS_SESSION_BUS_ADDRESS` at
/// them before anything connects (and the XDG data, config and cache dirs into
/// the fixture's temp dir), and checks that GIO's shared connection reached
/// the private bus (by its GUID), never the developer's real keyring. So the
/// stores take the app's own path: `KeyringSecretStore()`.
final class KeyringSecretStoreTests: XCTestCase {
  nonisolated(unsafe) private static var keyring: PrivateKeyring?
  nonisolated(unsafe) private static var sessionBus: OpaquePointer?
  nonisolated(unsafe) private static var startError: String?

  override class func setUp() {
    super.setUp()
    guard isChildProcess else { return }
    do {
      let keyring = try PrivateKeyring()
      self.keyring = keyring
      setenv("DBUS_SESSION_BUS_ADDRESS", keyring.address, 1)
      // This process writes (if anything) where the daemon does, and the
      // plaintext check searches there.
      setenv("XDG_DATA_HOME", keyring.dataHome.path, 1)
      setenv("XDG_CONFIG_HOME", keyring.configHome.path, 1)
      setenv("XDG_CACHE_HOME", keyring.root.appendingPathComponent("cache").path, 1)
      sessionBus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil)
      if !connects(sessionBus, to: keyring.address) {
        startError = "GIO's session bus connection did not reach the private bus"
      }
    } catch {
      startError = "\(error)"
    }
  }

  /// Whether `connection` reached the bus at `address`: same server GUID as
  /// a fresh connection there.
  private class func connects(_ connection: OpaquePointer?, to address: String) -> Bool {
    guard let connection,
      let probe = g_dbus_connection_new_for_address_sync(
        address,
        GDBusConnectionFlags(
          G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
            | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue), nil, nil, nil)
    else { return false }
    defer {
      g_dbus_connection_close_sync(probe, nil, nil)
      g_object_unref(UnsafeMutableRawPointer(probe))
    }
    return String(cString: g_dbus_connection_get_guid(connection)) == String(cString: g_dbus_connection_get_guid(probe))
  }

  override class func tearDown() {
    // The shared connection would end the process when its bus goes away.
    if let sessionBus {
      g_dbus_connection_set_exit_on_close(sessionBus, 0)
      g_object_unref(UnsafeMutableRawPointer(sessionBus))
    }
    sessionBus = nil
    keyring?.stop()
    keyring = nil
    super.tearDown()
  }

  /// In the parent: runs the calling test in a child and answers true (the
  /// test is done). In the child: answers false, and the test goes on.
  private func ranInChild(_ function: String = #function, file: StaticString = #filePath, line: UInt = #line) throws
    -> Bool
  {
    try ranInChildProcess(self, function, file: file, line: line)
  }

  private var keyring: PrivateKeyring {
    get throws {
      guard let keyring = Self.keyring, Self.startError == nil else {
        throw FixtureError("no private keyring: \(Self.startError ?? "not started")")
      }
      return keyring
    }
  }

  func testSaveLoadOverwriteDelete() async throws {
    if try ranInChild() { return }
    _ = try keyring
    let store = KeyringSecretStore()
    let account = SecretAccount.session(serverID: uniqueServerID())
    try await store.save("first-token", for: account, label: account.label(serverName: "Hark Test Server"))
    let first = try await store.load(account)
    XCTAssertEqual(first, "first-token")
    try await store.save("second-token", for: account, label: account.label(serverName: "Hark Test Server"))
    let second = try await store.load(account)
    XCTAssertEqual(second, "second-token")
    // A new store (its own Secret Service proxy and session) reads what the first one wrote.
    let fresh = try await KeyringSecretStore().load(account)
    XCTAssertEqual(fresh, "second-token")
    try await store.delete(account)
    let gone = try await store.load(account)
    XCTAssertNil(gone)
  }

  func testServersAndKindsAreIsolated() async throws {
    if try ranInChild() { return }
    _ = try keyring
    let store = KeyringSecretStore()
    let (a, b) = (uniqueServerID("a"), uniqueServerID("b"))
    let secrets: [SecretAccount: String] = [
      .session(serverID: a): "a-session", .apiKey(serverID: a, id: 1): "a-key-1",
      .apiKey(serverID: a, id: 2): "a-key-2", .session(serverID: b): "b-session",
      .apiKey(serverID: b, id: 1): "b-key-1",
    ]
    for (account, secret) in secrets {
      try await store.save(secret, for: account, label: account.label(serverName: account.serverID))
    }
    for (account, secret) in secrets {
      let loaded = try await store.load(account)
      XCTAssertEqual(loaded, secret, "\(account)")
    }
    // Deleting an API key leaves the session of the same server, and vice versa.
    try await store.delete(.apiKey(serverID: a, id: 1))
    var aSession = try await store.load(.session(serverID: a))
    XCTAssertEqual(aSession, "a-session")
    var aKey1 = try await store.load(.apiKey(serverID: a, id: 1))
    XCTAssertNil(aKey1)
    try await store.delete(.session(serverID: b))
    let bKey = try await store.load(.apiKey(serverID: b, id: 1))
    XCTAssertEqual(bKey, "b-key-1")
    // deleteAll takes every secret of one server and nothing of the other.
    try await store.deleteAll(serverID: a)
    aSession = try await store.load(.session(serverID: a))
    aKey1 = try await store.load(.apiKey(serverID: a, id: 1))
    let aKey2 = try await store.load(.apiKey(serverID: a, id: 2))
    XCTAssertNil(aSession)
    XCTAssertNil(aKey1)
    XCTAssertNil(aKey2)
    let bKeyAfter = try await store.load(.apiKey(serverID: b, id: 1))
    XCTAssertEqual(bKeyAfter, "b-key-1")
    try await store.deleteAll(serverID: b)
    XCTAssertEqual(try keyring.items(matching: ["server_id": b]).count, 0)
  }

  func testUnicodeFourKilobyteSecretRoundTrips() async throws {
    if try ranInChild() { return }
    _ = try keyring
    let store = KeyringSecretStore()
    let account = SecretAccount.apiKey(serverID: uniqueServerID(), id: 7)
    let unit = "Zoë 🎧 書籍 ключ ✓ "
    var secret = String(repeating: unit, count: 4096 / unit.utf8.count + 1)
    while secret.utf8.count > 4096 { secret.removeLast() }
    XCTAssertGreaterThan(secret.utf8.count, 4080)
    try await store.save(secret, for: account, label: "Hark API key 7 for Zoë")
    let loaded = try await store.load(account)
    XCTAssertEqual(loaded, secret)
    try await store.delete(account)
  }

  func testMissingAccountLoadsNilAndDeletesQuietly() async throws {
    if try ranInChild() { return }
    _ = try keyring
    let store = KeyringSecretStore()
    let serverID = uniqueServerID()
    let loaded = try await store.load(.session(serverID: serverID))
    XCTAssertNil(loaded)
    try await store.delete(.apiKey(serverID: serverID, id: 3))
    try await store.deleteAll(serverID: serverID)
  }

  func testItemsCarryHarkSchemaAttributesAndLabel() async throws {
    if try ranInChild() { return }
    let keyring = try keyring
    let store = KeyringSecretStore()
    let serverID = uniqueServerID()
    let session = SecretAccount.session(serverID: serverID)
    try await store.save("s", for: session, label: session.label(serverName: "Hark Test Server"))
    let key = SecretAccount.apiKey(serverID: serverID, id: 42)
    try await store.save("k", for: key, label: key.label(serverName: "Hark Test Server"))

    let sessions = try keyring.items(matching: [
      "xdg:schema": "dev.hark.Hark.Token", "server_id": serverID, "kind": "session",
    ])
    XCTAssertEqual(sessions.count, 1)
    XCTAssertTrue(sessions.first?.contains("\"Hark session for Hark Test Server\"") ?? false, "\(sessions)")
    let keys = try keyring.items(matching: [
      "xdg:schema": "dev.hark.Hark.Token", "server_id": serverID, "kind": "api-key", "key_id": "42",
    ])
    XCTAssertEqual(keys.count, 1)
    XCTAssertTrue(keys.first?.contains("\"Hark API key 42 for Hark Test Server\"") ?? false, "\(keys)")
    try await store.deleteAll(serverID: serverID)
  }

  func testProbeFindsTheService() async throws {
    if try ranInChild() { return }
    _ = try keyring
    let start = ContinuousClock.now
    let found = await KeyringSecretStore.probe()
    XCTAssertTrue(found)
    XCTAssertLessThan(ContinuousClock.now - start, .seconds(2))
  }

  func testStoreReconnectsAfterTheKeyringDaemonRestarts() async throws {
    if try ranInChild() { return }
    let keyring = try keyring
    let store = KeyringSecretStore()
    let account = SecretAccount.session(serverID: uniqueServerID())
    try await store.save("before-restart", for: account, label: "Hark session for restart")
    keyring.stopDaemon()
    try keyring.startDaemon()
    // The same store instance: its old transfer session died with the daemon.
    let loaded = try await store.load(account)
    XCTAssertEqual(loaded, "before-restart")
    try await store.delete(account)
  }

  /// Locking the login keyring makes libsecret prompt to unlock it. No
  /// prompter runs on the private bus, so the prompt ends dismissed, as when
  /// the listener cancels it: the calls throw `.unavailable`, promptly.
  func testLockedKeyringWhoseUnlockIsCancelledIsUnavailable() async throws {
    if try ranInChild() { return }
    let keyring = try keyring
    let store = KeyringSecretStore()
    let account = SecretAccount.session(serverID: uniqueServerID())
    try await store.save("kept-while-locked", for: account, label: "Hark session for the lock test")
    try keyring.dbus(
      "org.freedesktop.Secret.Service.Lock", "array:objpath:/org/freedesktop/secrets/collection/login")

    let loading = await expectUnavailable("load") { () throws(SecretStoreError) in _ = try await store.load(account) }
    let saving = await expectUnavailable("save") { () throws(SecretStoreError) in
      try await store.save("replacement", for: account, label: "Hark session for the lock test")
    }
    let deleting = await expectUnavailable("delete") { () throws(SecretStoreError) in try await store.delete(account) }
    for outcome in [loading, saving, deleting] {
      XCTAssertLessThan(outcome.took, .seconds(5))
      XCTAssertTrue(outcome.detail.contains("stayed locked"), outcome.detail)
    }

    // A restarted daemon unlocks the login keyring again: nothing was lost or replaced.
    keyring.stopDaemon()
    try keyring.startDaemon()
    let loaded = try await store.load(account)
    XCTAssertEqual(loaded, "kept-while-locked")
    try await store.delete(account)
  }

  /// gnome-keyring encrypts what it writes: none of the secrets saved here
  /// appears in any file under the fixture's temp dir, which holds the XDG
  /// data, config, cache and runtime dirs and the home of both this process
  /// and the daemon.
  func testSecretsNeverReachTheDiskInPlaintext() async throws {
    if try ranInChild() { return }
    let keyring = try keyring
    let store = KeyringSecretStore()
    let serverID = uniqueServerID()
    let secrets = ["plaintext-canary-\(UUID().uuidString)", "canary-ünïcødé-🎧-\(UUID().uuidString)"]
    let keyringFile = keyring.dataHome.appendingPathComponent("keyrings/login.keyring")
    let before = try Data(contentsOf: keyringFile)
    for (index, secret) in secrets.enumerated() {
      try await store.save(secret, for: .apiKey(serverID: serverID, id: index), label: "canary \(index)")
    }
    // The secrets did reach the disk, in the login keyring.
    let after = try Data(contentsOf: keyringFile)
    XCTAssertGreaterThan(after.count, before.count, "the keyring file did not grow")
    // The search itself can find a plaintext secret.
    let control = keyring.root.appendingPathComponent("control.txt")
    try Data("x\(secrets[1])x".utf8).write(to: control)
    XCTAssertEqual(files(under: keyring.root, containing: secrets[1]), ["control.txt"])
    try FileManager.default.removeItem(at: control)

    for secret in secrets {
      XCTAssertEqual(files(under: keyring.root, containing: secret), [], "plaintext secret on disk")
    }
    try await store.deleteAll(serverID: serverID)
  }
}
