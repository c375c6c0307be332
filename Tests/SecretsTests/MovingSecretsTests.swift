import Foundation
import HarkCore
import Secrets
import XCTest

/// Turning the private-file opt-in on moves every sign-in from memory into
/// the file; turning it off moves them back and leaves no file behind.
final class MovingSecretsTests: XCTestCase {
  private var root: URL!
  private var path: String { root.appendingPathComponent("hark/secrets.json").path }

  override func setUpWithError() throws {
    root = try makeTemporaryDirectory("hark-moving-secrets")
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: root)
  }

  func testMemoryToFileAndBackKeepsEverySecretAndLabel() async throws {
    let memory = MemorySecretStore()
    try await memory.save("s-a", for: .session(serverID: "a"), label: "Hark session for Home")
    try await memory.save("k-a-7", for: .apiKey(serverID: "a", id: 7), label: "Hark API key “car”")
    try await memory.save("s-b", for: .session(serverID: "b"), label: "Hark session for Cabin")
    let expected = try await memory.entries()
    XCTAssertEqual(expected.count, 3)

    let file = PrivateFileSecretStore(path: path)
    try await memory.moveAll(to: file)
    let leftInMemory = try await memory.entries()
    XCTAssertEqual(leftInMemory, [])
    // The next run of Hark reads them from the file.
    let inFile = try await PrivateFileSecretStore(path: path).entries()
    XCTAssertEqual(Set(inFile.map(\.account)), Set(expected.map(\.account)))
    XCTAssertEqual(
      inFile.first { $0.account == .apiKey(serverID: "a", id: 7) },
      SecretEntry(account: .apiKey(serverID: "a", id: 7), label: "Hark API key “car”", secret: "k-a-7"))
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    XCTAssertEqual(mode, 0o600)

    try await file.moveAll(to: memory)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path), "no file once the last secret left it")
    let back = try await memory.load(.session(serverID: "b"))
    XCTAssertEqual(back, "s-b")
  }

  func testAFailedCopyLeavesTheSecretsWhereTheyWere() async throws {
    let memory = MemorySecretStore()
    try await memory.save("s-a", for: .session(serverID: "a"), label: "Hark session for Home")
    // A file where the directory should be: the file store refuses to write.
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    XCTAssertTrue(FileManager.default.createFile(atPath: root.appendingPathComponent("hark").path, contents: Data()))
    do {
      try await memory.moveAll(to: PrivateFileSecretStore(path: path))
      XCTFail("moving into an unusable file should fail")
    } catch {}
    let kept = try await memory.load(.session(serverID: "a"))
    XCTAssertEqual(kept, "s-a")
  }
}
