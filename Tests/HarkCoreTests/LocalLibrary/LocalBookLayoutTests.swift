import XCTest

@testable import HarkCore

final class LocalBookLayoutTests: XCTestCase {
  private func listing(_ paths: [String]) -> [LocalFileKey] {
    paths.map { LocalFileKey(relPath: $0, size: 100, modified: 1_700_000_000) }
  }

  private func plans(_ paths: [String]) -> [LocalBookPlan] { LocalBookLayout.plans(for: listing(paths)) }

  func testAFolderOfAudioFilesIsOneBookInNaturalOrder() {
    let found = plans(["A/B/Part 10.mp3", "A/B/Part 2.mp3", "A/B/part 1.MP3", "A/B/notes.txt"])
    XCTAssertEqual(found.map(\.relPath), ["A/B"])
    XCTAssertEqual(found[0].isFolder, true)
    XCTAssertEqual(found[0].files.map(\.relPath), ["A/B/part 1.MP3", "A/B/Part 2.mp3", "A/B/Part 10.mp3"])
  }

  func testEveryRecognisedExtensionCountsAndNothingElse() {
    let names = ["a.m4b", "b.M4A", "c.mp4", "d.mp3", "e.FLAC", "f.ogg", "g.Opus", "h.wav", "i.wma", "j.mp3.part"]
    let found = plans(names.map { "Book/\($0)" })
    XCTAssertEqual(found.first?.files.map(\.relPath.pathName), ["a.m4b", "b.M4A", "c.mp4", "d.mp3", "e.FLAC", "f.ogg", "g.Opus"])
  }

  func testDiscFoldersBelongToTheBookThatHoldsThem() {
    let found = plans([
      "Author/Big Book/CD10/01.mp3", "Author/Big Book/CD2/01.mp3", "Author/Big Book/CD1/02.mp3",
      "Author/Big Book/CD1/01.mp3", "Author/Other/Disc 2/a.mp3", "Author/Other/Disk 03/a.mp3",
      "Author/Other/Part 1/a.mp3",
    ])
    XCTAssertEqual(found.map(\.relPath), ["Author/Big Book", "Author/Other"])
    XCTAssertEqual(
      found[0].files.map(\.relPath),
      ["Author/Big Book/CD1/01.mp3", "Author/Big Book/CD1/02.mp3", "Author/Big Book/CD2/01.mp3", "Author/Big Book/CD10/01.mp3"])
    XCTAssertEqual(found[1].files.map { $0.relPath.pathParent.pathName }, ["Disc 2", "Disk 03", "Part 1"])  // natural order of the folder names
  }

  func testDiscFolderNames() {
    for name in ["CD1", "cd 2", "Disc 2", "disc_03", "Disk 03", "Part 1", "CD1 - The Beginning", "DISC-4"] {
      XCTAssertTrue(LocalBookLayout.isDiscFolder(name), name)
    }
    for name in ["Discworld", "Partisan", "CD", "Book 1", "Cdx 2", "Particles 3"] {
      XCTAssertFalse(LocalBookLayout.isDiscFolder(name), name)
    }
  }

  func testALoneFileBesideBooksIsABookOfItsOwn() {
    let found = plans([
      "Author/Short Story.mp3", "Author/Short Story.jpg", "Author/Novel/01.mp3", "Author/Novel/02.mp3",
      "Top.m4b",
    ])
    XCTAssertEqual(found.map(\.relPath), ["Author/Novel", "Author/Short Story.mp3", "Top.m4b"])
    XCTAssertEqual(found[1].isFolder, false)
    XCTAssertEqual(found[1].files.map(\.relPath), ["Author/Short Story.mp3"])
    XCTAssertEqual(found[1].cover, "Author/Short Story.jpg")
    XCTAssertEqual(found[1].names, LocalBookNames(title: "Short Story", author: "Author"))
    XCTAssertEqual(found[2].names, LocalBookNames(title: "Top"))
  }

  func testFilesAtTheLibraryRootAreEachABook() {
    XCTAssertEqual(plans(["b.mp3", "a.mp3"]).map(\.relPath), ["a.mp3", "b.mp3"])
  }

  func testCoverPrefersCoverThenFolderThenAnyImage() {
    XCTAssertEqual(plans(["B/1.mp3", "B/back.jpg", "B/folder.jpg", "B/Cover.PNG"]).first?.cover, "B/Cover.PNG")
    XCTAssertEqual(plans(["B/1.mp3", "B/back.jpg", "B/folder.jpg"]).first?.cover, "B/folder.jpg")
    XCTAssertEqual(plans(["B/1.mp3", "B/scan 2.png", "B/scan 10.png"]).first?.cover, "B/scan 2.png")
    XCTAssertEqual(plans(["B/CD1/1.mp3", "B/CD1/art.jpg"]).first?.cover, "B/CD1/art.jpg")
    XCTAssertNil(plans(["B/1.mp3"]).first?.cover)
  }

  func testCueSheetsGoWithTheirBook() {
    let found = plans(["B/book.mp3", "B/book.cue", "Loose.mp3", "Loose.cue", "Other.cue"])
    XCTAssertEqual(found.first { $0.relPath == "B" }?.cueSheets, ["B/book.cue"])
    XCTAssertEqual(found.first { $0.relPath == "Loose.mp3" }?.cueSheets, ["Loose.cue"])
  }

  func testFoldersWithoutAudioAreNoBooks() {
    XCTAssertEqual(plans(["Empty/cover.jpg", "Empty/Sub/readme.txt"]), [])
  }

  func testNamesFromFolders() {
    XCTAssertEqual(
      LocalBookNames(folderPath: "Author/Series/01 - Title"),
      LocalBookNames(title: "Title", author: "Author", series: "Series", seriesIndex: 1))
    XCTAssertEqual(
      LocalBookNames(folderPath: "Fantasy/Author/Series/Book 2"),
      LocalBookNames(title: "Book 2", author: "Author", series: "Series", seriesIndex: 2))
    XCTAssertEqual(
      LocalBookNames(folderPath: "Author/Series/Vol. 2.5 - Interlude"),
      LocalBookNames(title: "Interlude", author: "Author", series: "Series", seriesIndex: 2.5))
    XCTAssertEqual(LocalBookNames(folderPath: "Author/Title"), LocalBookNames(title: "Title", author: "Author"))
    // An unnumbered book two folders down: the middle folder is its author, not a series.
    XCTAssertEqual(LocalBookNames(folderPath: "Fantasy/Author/Title"), LocalBookNames(title: "Title", author: "Author"))
    XCTAssertEqual(LocalBookNames(folderPath: "Orwell/1984"), LocalBookNames(title: "1984", author: "Orwell"))
    XCTAssertEqual(LocalBookNames(folderPath: "Solo"), LocalBookNames(title: "Solo"))
  }
}
