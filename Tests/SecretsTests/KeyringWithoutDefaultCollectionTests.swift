import CGLib
import Foundation
import HarkCore
import Secrets
import XCTest

/// A gnome-keyring that runs but has no default collection (a fresh account
/// that never unlocked a login keyring), on a private bus where no prompter
/// can start: libsecret asks the keyring to create the default collection,
/// the keyring cannot ask for its password, and nothing is created. Saving
/// must say exactly that (`.noDefaultKeyring`), promptly, and never claim
/// that no keyring runs: the probe finds it.
final class KeyringWithoutDefaultCollectionTests: XCTestCase {
  nonisolated(unsafe) private static var keyring: PrivateKeyring?
  nonisolated(unsafe) private static var startError: String?

  override class func setUp() {
    super.setUp()
    guard isChildProcess else { return }
    do {
      let keyring = try PrivateKeyring(withLoginKeyring: false)
      self.keyring = keyring
      setenv("DBUS_SESSION_BUS_ADDRESS", keyring.address, 1)
      setenv("XDG_DATA_HOME", keyring.dataHome.path, 1)
      setenv("XDG_CONFIG_HOME", keyring.configHome.path, 1)
    } catch {
      startError = "\(error)"
    }
  }

  override class func tearDown() {
    // GIO's shared connection would end the process when its bus goes away.
    if let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) {
      g_dbus_connection_set_exit_on_close(bus, 0)
      g_object_unref(UnsafeMutableRawPointer(bus))
    }
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

  func testSavingSaysTheKeyringHasNoDefaultCollection() async throws {
    if try ranInChild() { return }
    let keyring = try keyring
    let probed = await KeyringSecretStore.probe()
    XCTAssertTrue(probed, "a keyring runs: it must not be reported as missing")

    let store = KeyringSecretStore()
    let account = SecretAccount.session(serverID: uniqueServerID())
    let start = ContinuousClock.now
    do {
      try await store.save("never-kept", for: account, label: "Hark session for the no-default test")
      XCTFail("saving succeeded without a default collection")
    } catch {
      guard case .noDefaultKeyring(let detail) = error else {
        return XCTFail("saving threw \(error); expected .noDefaultKeyring")
      }
      XCTAssertTrue(detail.contains("no default collection"), detail)
    }
    XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
    // Nothing was created behind the listener's back, and nothing stored.
    XCTAssertTrue(
      try keyring.dbus("org.freedesktop.Secret.Service.ReadAlias", "string:default").contains("object path \"/\""))
    let loaded = try await store.load(account)
    XCTAssertNil(loaded)
  }
}
