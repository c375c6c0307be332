import Foundation
import HarkCore
import XCTest

@testable import Persistence

/// The cover cache on a real folder: freshness, "no cover", offline, caps,
/// atomic private writes. Fetch sharing and limits are in
/// `CoverCacheTests+Fetching.swift`.
final class CoverCacheTests: XCTestCase {
  var folder: ScratchFolder!
  var clock: ManualClock!
  var server: FakeCoverServer!

  /// A sub-folder the store must create, like `$XDG_CACHE_HOME/hark/covers`.
  var directory: URL { folder.url.appendingPathComponent("cache/covers") }

  override func setUp() {
    folder = ScratchFolder()
    clock = ManualClock()
    server = FakeCoverServer()
  }

  override func tearDown() {
    folder = nil
  }

  func store(
    maxConcurrent: Int = 4, maxCacheBytes: Int = 200 << 20, maxImageBytes: Int = 10 << 20
  ) -> CoverStore {
    let clock = clock!
    let server = server!
    return CoverStore(
      directory: directory, maxConcurrent: maxConcurrent, maxCacheBytes: maxCacheBytes,
      maxImageBytes: maxImageBytes, now: { clock.now }, fetch: { try await server.fetch($0) })
  }

  func book(_ path: String) -> LibraryPath {
    LibraryPath(serverID: "s1", libraryID: 1, path: path)
  }

  func cacheFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  // MARK: Names

  func testSHA256MatchesTheStandardsVectors() {
    let vectors = [
      "": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
      "abc": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq":
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu":
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
    ]
    for (message, digest) in vectors {
      XCTAssertEqual(CoverFileName.sha256Hex(Array(message.utf8)), digest, message)
    }
  }

  /// Names already on disk must still be found: these are the SHA-256 of
  /// "2:c1:2:A/Book" and "1:s:1:Ä/Buch" (UTF-8), as `sha256sum` prints them.
  func testCoverNamesStayTheSame() {
    XCTAssertEqual(
      CoverFileName.name(for: LibraryPath(serverID: "c1", libraryID: 2, path: "A/Book")),
      "888da904430d6b88a74100dfcb2649e2c020328df737c3bbd4bd2a12a2a6112e")
    XCTAssertEqual(
      CoverFileName.name(for: LibraryPath(serverID: "s", libraryID: 1, path: "Ä/Buch")),
      "a6a19bfc8458ef857f5611103dfe07d3b906ae8eef38f32961b7514030c8a8f6")
  }

  func testKeysThatJoinToTheSameStringGetDifferentFiles() {
    let a = CoverFileName.name(for: LibraryPath(serverID: "a:1", libraryID: 2, path: "x"))
    let b = CoverFileName.name(for: LibraryPath(serverID: "a", libraryID: 1, path: "2:x"))
    XCTAssertNotEqual(a, b)
    XCTAssertEqual(a.count, 64)
    let long = LibraryPath(serverID: "s", libraryID: 1, path: String(repeating: "Ä/", count: 500))
    XCTAssertEqual(CoverFileName.name(for: long).count, 64, "a long path still gives a short name")
  }

  // MARK: Caching

  func testAFetchedCoverIsServedFromDiskAfterwards() async throws {
    let image = Data("jpeg".utf8)
    server.answer("A", .image(image))
    let first = store()
    let answer = await first.cover(for: book("A"))
    XCTAssertEqual(answer, .image(image))
    let again = await first.cover(for: book("A"))
    XCTAssertEqual(again, .image(image))
    XCTAssertEqual(first.cachedCover(for: book("A")), image)
    // Another store on the same folder (the next launch) has it too.
    let reopened = await store().cover(for: book("A"))
    XCTAssertEqual(reopened, .image(image))
    XCTAssertEqual(server.fetchedPaths, ["A"])
  }

  func testCachedCoverNeverFetches() {
    XCTAssertNil(store().cachedCover(for: book("A")))
    XCTAssertEqual(server.fetchedPaths, [])
  }

  func testNoCoverIsRememberedAsAnEmptyFile() async throws {
    server.answer("A", .noCover)
    let store = store()
    let first = await store.cover(for: book("A"))
    let second = await store.cover(for: book("A"))
    XCTAssertEqual([first, second], [.none, .none])
    XCTAssertEqual(server.fetchedPaths, ["A"], "a book without a cover is not asked again")
    XCTAssertNil(store.cachedCover(for: book("A")))
    let file = directory.appendingPathComponent(CoverFileName.name(for: book("A")))
    XCTAssertEqual(try Data(contentsOf: file), Data())
  }

  func testAnAnswerIsFreshForADayThenFetchedAgain() async throws {
    server.answer("A", .image(Data("old".utf8)))
    server.answer("B", .noCover)
    let store = store()
    _ = await store.cover(for: book("A"))
    _ = await store.cover(for: book("B"))
    server.answer("A", .image(Data("new".utf8)))
    server.answer("B", .image(Data("B".utf8)))

    clock.advance(by: CoverStore.freshFor - 60)
    let stillOld = await store.cover(for: book("A"))
    let stillNone = await store.cover(for: book("B"))
    XCTAssertEqual(stillOld, .image(Data("old".utf8)))
    XCTAssertEqual(stillNone, CoverResult.none)
    XCTAssertEqual(server.fetchedPaths, ["A", "B"])

    clock.advance(by: 120)
    let renewed = await store.cover(for: book("A"))
    let found = await store.cover(for: book("B"))
    XCTAssertEqual(renewed, .image(Data("new".utf8)))
    XCTAssertEqual(found, .image(Data("B".utf8)))
    XCTAssertEqual(server.fetchedPaths, ["A", "B", "A", "B"])
    // The refetch restarted the day.
    clock.advance(by: CoverStore.freshFor - 60)
    _ = await store.cover(for: book("A"))
    XCTAssertEqual(server.fetchedPaths.count, 4)
  }

  func testAStaleCoverIsServedWhenTheServerCannotBeReached() async throws {
    server.answer("A", .image(Data("old".utf8)))
    server.answer("B", .noCover)
    let store = store()
    _ = await store.cover(for: book("A"))
    _ = await store.cover(for: book("B"))
    server.answer("A", .failure)
    server.answer("B", .failure)
    clock.advance(by: 2 * CoverStore.freshFor)

    let offline = await store.cover(for: book("A"))
    let offlineNone = await store.cover(for: book("B"))
    XCTAssertEqual(offline, .image(Data("old".utf8)))
    XCTAssertEqual(offlineNone, CoverResult.none)
    // It stays stale, so the next ask tries the server again.
    _ = await store.cover(for: book("A"))
    XCTAssertEqual(server.fetchedPaths, ["A", "B", "A", "B", "A"])
  }

  func testAFailedFetchWithNothingCachedIsFailedAndWritesNothing() async throws {
    server.answer("A", .failure)
    let store = store()
    let answer = await store.cover(for: book("A"))
    XCTAssertEqual(answer, .failed)
    XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path))
  }

  // MARK: Caps and files

  func testAnImageOverTheCapIsNoCoverAndNeverWritten() async throws {
    server.answer("big", .image(Data(count: 11)))
    server.answer("fits", .image(Data(count: 10)))
    let store = store(maxImageBytes: 10)
    let big = await store.cover(for: book("big"))
    let fits = await store.cover(for: book("fits"))
    XCTAssertEqual(big, CoverResult.none)
    XCTAssertEqual(fits, .image(Data(count: 10)))
    let file = directory.appendingPathComponent(CoverFileName.name(for: book("big")))
    XCTAssertEqual(try Data(contentsOf: file).count, 0, "only the no-cover marker is kept")
    _ = await store.cover(for: book("big"))
    XCTAssertEqual(server.fetchedPaths, ["big", "fits"])
  }

  func testTheLeastRecentlyWrittenCoversGoWhenTheFolderIsOverItsCap() async throws {
    for path in ["A", "B", "C", "D"] { server.answer(path, .image(Data(count: 100))) }
    let store = store(maxCacheBytes: 250)
    for path in ["A", "B"] {
      _ = await store.cover(for: book(path))
      clock.advance(by: 1)
    }
    XCTAssertEqual(try cacheFiles().count, 2)

    // 300 bytes: evicted down to 90% of the cap, oldest first.
    _ = await store.cover(for: book("C"))
    XCTAssertNil(store.cachedCover(for: book("A")))
    XCTAssertNotNil(store.cachedCover(for: book("B")))
    XCTAssertNotNil(store.cachedCover(for: book("C")))

    // A new store counts what the folder already holds.
    clock.advance(by: 1)
    let reopened = self.store(maxCacheBytes: 250)
    _ = await reopened.cover(for: book("D"))
    XCTAssertNil(reopened.cachedCover(for: book("B")))
    XCTAssertNotNil(reopened.cachedCover(for: book("C")))
    XCTAssertNotNil(reopened.cachedCover(for: book("D")))
    XCTAssertEqual(try cacheFiles().count, 2)
  }

  func testWritesLeaveNoTemporaryFilesAndTheFolderIsPrivate() async throws {
    let store = store()
    for path in ["A", "B", "A"] {
      clock.advance(by: 2 * CoverStore.freshFor)
      _ = await store.cover(for: book(path))
    }
    let names = try cacheFiles()
    XCTAssertEqual(names, [book("A"), book("B")].map(CoverFileName.name(for:)).sorted())
    let attributes = try FileManager.default.attributesOfItem(atPath: directory.path)
    XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o700)
  }

  func testAnEntryIsStampedWithTheStoresClock() async throws {
    let store = store()
    _ = await store.cover(for: book("A"))
    let file = directory.appendingPathComponent(CoverFileName.name(for: book("A")))
    let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate]
    let stamp = try XCTUnwrap(modified as? Date)
    XCTAssertEqual(stamp.timeIntervalSince1970, clock.now.timeIntervalSince1970, accuracy: 0.001)
  }
}
