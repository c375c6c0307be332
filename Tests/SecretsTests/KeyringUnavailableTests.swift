import Foundation
import HarkCore
import Secrets
import XCTest

/// With no usable Secret Service, every store call throws `.unavailable`
/// within 2 s and `probe()` answers false within 2 s.
///
/// Each scenario runs in a child process (see `runInChildProcess`) whose
/// `DBUS_SESSION_BUS_ADDRESS` points at it. The parent sets up and tears down
/// the dead socket, silent peer or empty bus; the child makes the calls.
final class KeyringUnavailableTests: XCTestCase {
  func testNoSocketAtTheAddress() async throws {
    try await scenario { directory in
      (["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(directory.path)/nobody-here"], {})
    }
  }

  func testSocketNobodyListensOn() async throws {
    try await scenario { directory in
      let path = directory.appendingPathComponent("refusing").path
      let fd = try unixSocket(at: path, listening: false)
      return (["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(path)"], { close(fd) })
    }
  }

  /// Accepts connections (the kernel's backlog does) but never answers, so
  /// only the deadline ends the bus handshake.
  func testSilentPeer() async throws {
    try await scenario { directory in
      let path = directory.appendingPathComponent("silent").path
      let fd = try unixSocket(at: path, listening: true)
      return (["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(path)"], { close(fd) })
    }
  }

  func testBusWithoutASecretService() async throws {
    try await scenario { directory in
      let bus = try PrivateBus(in: directory)
      return (["DBUS_SESSION_BUS_ADDRESS": bus.address], { bus.stop() })
    }
  }

  /// No address at all: GIO tries `$XDG_RUNTIME_DIR/bus`, then X11 autolaunch.
  func testNoSessionBusAddress() async throws {
    try await scenario { directory in
      (
        [
          "DBUS_SESSION_BUS_ADDRESS": nil, "DISPLAY": nil, "WAYLAND_DISPLAY": nil,
          "XDG_RUNTIME_DIR": directory.path,
        ], {}
      )
    }
  }

  /// In the child: the checks. In the parent: set up, run the child, tear down.
  private func scenario(
    _ function: String = #function,
    _ setUp: (URL) throws -> (environment: [String: String?], tearDown: () -> Void)
  ) async throws {
    if isChildProcess {
      await checkEverythingIsUnavailable()
      return
    }
    let directory = try makeTemporaryDirectory("hark-no-keyring")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (overrides, tearDown) = try setUp(directory)
    defer { tearDown() }
    try runInChildProcess(
      "KeyringUnavailableTests/\(function.replacingOccurrences(of: "()", with: ""))", overrides: overrides)
  }

  private func checkEverythingIsUnavailable() async {
    let start = ContinuousClock.now
    let found = await KeyringSecretStore.probe()
    XCTAssertFalse(found)
    XCTAssertLessThan(ContinuousClock.now - start, .seconds(2), "probe")

    let store = KeyringSecretStore()
    let account = SecretAccount.apiKey(serverID: "no-keyring", id: 1)
    var took = await expectUnavailable("save") { () throws(SecretStoreError) in
      try await store.save("never-stored", for: account, label: "Hark API key 1 for nowhere")
    }.took
    XCTAssertLessThan(took, .seconds(2), "save")
    took = await expectUnavailable("load") { () throws(SecretStoreError) in _ = try await store.load(account) }.took
    XCTAssertLessThan(took, .seconds(2), "load")
    took = await expectUnavailable("delete") { () throws(SecretStoreError) in try await store.delete(account) }.took
    XCTAssertLessThan(took, .seconds(2), "delete")
    took = await expectUnavailable("deleteAll") { () throws(SecretStoreError) in
      try await store.deleteAll(serverID: "no-keyring")
    }.took
    XCTAssertLessThan(took, .seconds(2), "deleteAll")
  }
}

/// A Unix socket bound at `path`, listening (connections queue unanswered)
/// or not (connections are refused). The caller closes it.
private func unixSocket(at path: String, listening: Bool) throws -> Int32 {
  let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
  guard fd >= 0 else { throw FixtureError("socket failed: errno \(errno)") }
  var address = sockaddr_un()
  address.sun_family = sa_family_t(AF_UNIX)
  let bytes = Array(path.utf8)
  guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw FixtureError("path too long") }
  withUnsafeMutableBytes(of: &address.sun_path) { buffer in
    buffer.copyBytes(from: bytes)
    buffer[bytes.count] = 0
  }
  let bound = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
  }
  guard bound == 0, !listening || listen(fd, 16) == 0 else {
    close(fd)
    throw FixtureError("bind/listen failed: errno \(errno)")
  }
  return fd
}
