import Foundation
import HarkCore
import Secrets
import XCTest

final class PrivateFileSecretStoreTests: XCTestCase {
  private var root: URL!
  /// `<root>/hark/secrets.json`, as the app's `$XDG_DATA_HOME/hark/secrets.json`.
  private var path: String { root.appendingPathComponent("hark/secrets.json").path }
  private var directory: String { root.appendingPathComponent("hark").path }

  override func setUpWithError() throws {
    root = try makeTemporaryDirectory("hark-secrets-file")
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: root)
  }

  func testRoundTripsOverwritesAndDeletes() async throws {
    let store = PrivateFileSecretStore(path: path)
    let account = SecretAccount.session(serverID: "home")
    var loaded = try await store.load(account)
    XCTAssertNil(loaded)
    try await store.save("one", for: account, label: "Hark session for Home")
    try await store.save("two", for: account, label: "Hark session for Home")
    loaded = try await store.load(account)
    XCTAssertEqual(loaded, "two")
    // Another instance (the next run of Hark) reads the same file.
    loaded = try await PrivateFileSecretStore(path: path).load(account)
    XCTAssertEqual(loaded, "two")
    try await store.delete(account)
    loaded = try await store.load(account)
    XCTAssertNil(loaded)
  }

  func testServersAndKindsAreIsolated() async throws {
    let store = PrivateFileSecretStore(path: path)
    try await store.save("a-session", for: .session(serverID: "a"), label: "a")
    try await store.save("a-key-1", for: .apiKey(serverID: "a", id: 1), label: "a1")
    try await store.save("b-session", for: .session(serverID: "b"), label: "b")
    try await store.delete(.apiKey(serverID: "a", id: 1))
    var aSession = try await store.load(.session(serverID: "a"))
    XCTAssertEqual(aSession, "a-session")
    try await store.save("a-key-2", for: .apiKey(serverID: "a", id: 2), label: "a2")
    try await store.deleteAll(serverID: "a")
    aSession = try await store.load(.session(serverID: "a"))
    let aKey = try await store.load(.apiKey(serverID: "a", id: 2))
    let bSession = try await store.load(.session(serverID: "b"))
    XCTAssertNil(aSession)
    XCTAssertNil(aKey)
    XCTAssertEqual(bSession, "b-session")
  }

  func testUnicodeFourKilobyteSecretRoundTrips() async throws {
    let store = PrivateFileSecretStore(path: path)
    let secret = String(repeating: "Zoë 🎧 書籍 \"quoted\" \\ ", count: 160)
    XCTAssertGreaterThan(secret.utf8.count, 4096)
    try await store.save(secret, for: .apiKey(serverID: "z", id: 9), label: "Zoë")
    let loaded = try await PrivateFileSecretStore(path: path).load(.apiKey(serverID: "z", id: 9))
    XCTAssertEqual(loaded, secret)
  }

  func testFileIs0600InA0700Directory() async throws {
    let store = PrivateFileSecretStore(path: path)
    try await store.save("secret", for: .session(serverID: "home"), label: "Hark session for Home")
    XCTAssertEqual(try mode(of: path), 0o600)
    XCTAssertEqual(try mode(of: directory), 0o700)
    let contents = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
    XCTAssertNotNil(contents as? [String: Any])
  }

  func testAWiderExistingDirectoryIsMadePrivate() async throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    chmod(directory, 0o755)
    try await PrivateFileSecretStore(path: path).save("s", for: .session(serverID: "h"), label: "h")
    XCTAssertEqual(try mode(of: directory), 0o700)
  }

  func testAFileReadableByOthersIsRefusedAndLeftAlone() async throws {
    let store = PrivateFileSecretStore(path: path)
    try await store.save("original", for: .session(serverID: "home"), label: "Hark session for Home")
    chmod(path, 0o644)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    await expectFailed("load") { () throws(SecretStoreError) in _ = try await store.load(.session(serverID: "home")) }
    await expectFailed("save") { () throws(SecretStoreError) in
      try await store.save("new", for: .session(serverID: "home"), label: "Hark session for Home")
    }
    await expectFailed("delete") { () throws(SecretStoreError) in try await store.delete(.session(serverID: "home")) }
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    XCTAssertEqual(try mode(of: path), 0o644, "Hark does not chmod a file it finds")
  }

  func testASymbolicLinkIsRefused() async throws {
    let target = root.appendingPathComponent("elsewhere.json").path
    try Data(#"{"version":1,"secrets":[]}"#.utf8).write(to: URL(fileURLWithPath: target))
    chmod(target, 0o600)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    await expectFailed("load") { () throws(SecretStoreError) in
      _ = try await PrivateFileSecretStore(path: path).load(.session(serverID: "home"))
    }
  }

  func testADamagedFileIsAnErrorNotAnEmptyStore() async throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data("{\"version\":1,\"secrets\":[".utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o600)
    await expectFailed("load") { () throws(SecretStoreError) in
      _ = try await PrivateFileSecretStore(path: path).load(.session(serverID: "home"))
    }
  }

  /// Every write goes to a temporary file that is renamed over the old one,
  /// so a reader (or a crash) only ever sees a whole file.
  func testManyWritesLeaveOnlyWholeFilesAndNoTemporaries() async throws {
    let store = PrivateFileSecretStore(path: path)
    try await store.save("seed", for: .session(serverID: "seed"), label: "seed")
    let reader = Task.detached { [path] in
      var reads = 0
      while !Task.isCancelled {
        // A second store, as another reader of the file would be.
        guard (try? await PrivateFileSecretStore(path: path).load(.session(serverID: "seed"))) == "seed" else {
          return -1
        }
        reads += 1
      }
      return reads
    }
    for round in 0..<200 {
      try await store.save(
        String(repeating: "x", count: round * 7), for: .apiKey(serverID: "s", id: round % 5), label: "k")
      if round % 3 == 0 { try await store.delete(.apiKey(serverID: "s", id: (round + 1) % 5)) }
    }
    reader.cancel()
    let reads = await reader.value
    XCTAssertGreaterThan(reads, 0, "a read saw a partial or missing file")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["secrets.json"])
    let contents = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
    XCTAssertNotNil(contents as? [String: Any])
    let last = try await store.load(.apiKey(serverID: "s", id: 199 % 5))
    XCTAssertEqual(last, String(repeating: "x", count: 199 * 7))
  }

  /// A crash between creating the temporary file and the rename leaves the
  /// old file intact; the stray temporary is removed by a later write once
  /// it is old enough not to be someone's write in progress.
  func testAStrayTemporaryFromACrashIsHarmlessAndCleanedUp() async throws {
    let store = PrivateFileSecretStore(path: path)
    try await store.save("intact", for: .session(serverID: "home"), label: "h")
    let stale = "\(directory)/.secrets.json.Ab12Cd"
    let fresh = "\(directory)/.secrets.json.Ef34Gh"
    try Data("{\"version\":1,\"secr".utf8).write(to: URL(fileURLWithPath: stale))
    try Data("{\"version\":1,\"secr".utf8).write(to: URL(fileURLWithPath: fresh))
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: stale)
    let loaded = try await store.load(.session(serverID: "home"))
    XCTAssertEqual(loaded, "intact")
    try await store.save("next", for: .session(serverID: "other"), label: "o")
    XCTAssertFalse(FileManager.default.fileExists(atPath: stale))
    XCTAssertTrue(FileManager.default.fileExists(atPath: fresh))
  }

  func testRemovingTheLastSecretRemovesTheFile() async throws {
    let store = PrivateFileSecretStore(path: path)
    try await store.save("s", for: .session(serverID: "home"), label: "h")
    try await store.deleteAll(serverID: "home")
    XCTAssertFalse(FileManager.default.fileExists(atPath: path))
  }

  func testReadingOrDeletingWithoutAFileCreatesNothing() async throws {
    let store = PrivateFileSecretStore(path: path)
    let loaded = try await store.load(.session(serverID: "home"))
    XCTAssertNil(loaded)
    try await store.delete(.session(serverID: "home"))
    try await store.deleteAll(serverID: "home")
    XCTAssertFalse(FileManager.default.fileExists(atPath: directory))
  }

  func testTheDefaultPathIsUnderXDGDataHome() {
    XCTAssertTrue(PrivateFileSecretStore.defaultPath.hasSuffix("/hark/secrets.json"))
    XCTAssertTrue(PrivateFileSecretStore.defaultPath.hasPrefix("/"))
  }

  private func mode(of path: String) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  private func expectFailed(
    _ what: String, file: StaticString = #filePath, line: UInt = #line,
    _ body: () async throws(SecretStoreError) -> Void
  ) async {
    do {
      try await body()
      XCTFail("\(what) succeeded; expected .failed", file: file, line: line)
    } catch {
      guard case .failed(let detail) = error else {
        return XCTFail("\(what) threw \(error); expected .failed", file: file, line: line)
      }
      XCTAssertTrue(detail.contains(path), "the detail names the file: \(detail)", file: file, line: line)
    }
  }
}
