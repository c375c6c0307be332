import XCTest

@testable import HarkCore

final class LocalBookAssemblyTests: XCTestCase {
  private let names = LocalBookNames(title: "Folder Title", author: "Folder Author", series: "Folder Series", seriesIndex: 3)

  private func plan(_ files: [String], cues: [String] = []) -> LocalBookPlan {
    LocalBookPlan(
      relPath: "A/B", isFolder: true,
      files: files.enumerated().map { LocalFileKey(relPath: $1, size: Int64(100 * ($0 + 1)), modified: Double(1_700_000_000 + $0)) },
      cueSheets: cues, names: names)
  }

  func testMultiFileBookHasOneChapterPerFileAndRecomputedOffsets() throws {
    let tracks = [
      "A/B/01.mp3": LocalTrack(duration: 10, format: "mp3", codec: "mp3", title: "First"),
      "A/B/02.mp3": LocalTrack(duration: 20, format: "mp3", codec: "mp3"),
    ]
    let book = try XCTUnwrap(plan(["A/B/01.mp3", "A/B/02.mp3"]).book(libraryID: LocalLibraryID.thisComputer, tracks: tracks))
    XCTAssertEqual(book.libraryID, -1)
    XCTAssertEqual(book.relPath, "A/B")
    XCTAssertTrue(book.isFolder)
    XCTAssertEqual(book.files.map(\.relPath), ["A/B/01.mp3", "A/B/02.mp3"])
    XCTAssertEqual(book.files.map(\.seq), [0, 1])
    XCTAssertEqual(book.duration, 30)
    XCTAssertEqual(book.size, 300)
    XCTAssertEqual(book.format, "mp3")
    XCTAssertEqual(book.multiFile, true)
    XCTAssertEqual(book.directPlayable, true)
    XCTAssertEqual(book.chapters.map(\.title), ["First", "02"])
    XCTAssertEqual(book.chapters.map(\.bookOffset), [0, 10])
    XCTAssertEqual(book.chapters.map(\.end), [10, 20])
    XCTAssertEqual(book.addedAt?.date, Date(timeIntervalSince1970: 1_700_000_001))
    // Untagged: the folder names stand in.
    XCTAssertEqual([book.title, book.author, book.series], ["Folder Title", "Folder Author", "Folder Series"])
    XCTAssertEqual(book.seriesIndex, 3)
  }

  func testTagsWinOverFolderNames() throws {
    let track = LocalTrack(
      duration: 5, format: "m4b", title: "Track", album: "Album", artist: "Artist", albumArtist: "Album Artist",
      composer: "Composer", series: "Tag Series", seriesPart: 7)
    let book = try XCTUnwrap(plan(["A/B/x.m4b"]).book(libraryID: -1, tracks: ["A/B/x.m4b": track]))
    XCTAssertEqual([book.title, book.author, book.narrator, book.series], ["Album", "Album Artist", "Composer", "Tag Series"])
    XCTAssertEqual(book.seriesIndex, 7)
    var narrated = track
    narrated.narrator = "Narrator"
    narrated.albumArtist = nil
    narrated.album = nil
    let other = try XCTUnwrap(plan(["A/B/x.m4b"]).book(libraryID: -1, tracks: ["A/B/x.m4b": narrated]))
    XCTAssertEqual([other.title, other.author, other.narrator], ["Track", "Artist", "Narrator"])
  }

  func testContainerChaptersAreKeptInsideTheirFile() throws {
    let marks = [LocalChapterMark(title: "One", start: 0), LocalChapterMark(title: "Two", start: 40, end: 200)]
    let tracks = ["A/B/x.m4b": LocalTrack(duration: 100, format: "m4b", chapters: marks)]
    let book = try XCTUnwrap(plan(["A/B/x.m4b"]).book(libraryID: -1, tracks: tracks))
    XCTAssertEqual(book.chapters.map(\.title), ["One", "Two"])
    XCTAssertEqual(book.chapters.map(\.start), [0, 40])
    XCTAssertEqual(book.chapters.map(\.end), [40, 100])
    XCTAssertEqual(book.chapters.map(\.index), [0, 1])
  }

  func testACueSheetNamingAnotherExtensionMarksTheFile() throws {
    let cue = """
      TITLE "Album"
      FILE "book.wav" WAVE
        TRACK 01 AUDIO
          TITLE "Start"
          INDEX 01 00:00:00
        TRACK 02 AUDIO
          TITLE "Later"
          INDEX 00 00:59:00
          INDEX 01 01:00:15
      """
    let tracks = ["A/B/book.mp3": LocalTrack(duration: 90, format: "mp3", chapters: [LocalChapterMark(title: "Own", start: 0)])]
    let book = try XCTUnwrap(
      plan(["A/B/book.mp3"], cues: ["A/B/book.cue"]).book(libraryID: -1, tracks: tracks, cueSheets: ["A/B/book.cue": cue]))
    XCTAssertEqual(book.chapters.map(\.title), ["Start", "Later"])
    XCTAssertEqual(book.chapters.map(\.start), [0, 60.2])
  }

  func testFilesTheScanSkippedAreLeftOut() throws {
    let tracks = ["A/B/02.mp3": LocalTrack(duration: 20, format: "mp3")]
    let book = try XCTUnwrap(plan(["A/B/01.mp3", "A/B/02.mp3"]).book(libraryID: -1, tracks: tracks))
    XCTAssertEqual(book.files.map(\.relPath), ["A/B/02.mp3"])
    XCTAssertNil(plan(["A/B/01.mp3"]).book(libraryID: -1, tracks: [:]))
  }

  func testLibraryIDs() {
    XCTAssertEqual(LocalLibraryID.folder(0), LocalLibraryID.thisComputer)
    XCTAssertEqual(LocalLibraryID.folder(2), -3)
    XCTAssertTrue(LocalLibraryID.isLocal(-2))
    XCTAssertFalse(LocalLibraryID.isLocal(1))
  }
}
