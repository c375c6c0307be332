import XCTest

@testable import HarkCore

final class ChapterMarkTextTests: XCTestCase {
  func testCueSheetTracksAndFrames() {
    let sheet = CueSheet(
      parsing: """
        REM GENRE Audiobook
        PERFORMER "Someone"
        TITLE "The Album"
        FILE "Part A.mp3" MP3
          TRACK 01 AUDIO
            TITLE "Opening"
            INDEX 01 00:00:00
          TRACK 02 AUDIO
            INDEX 01 125:30:74
        FILE Part_B.mp3 MP3
          TRACK 03 AUDIO
            TITLE "Broken"
            INDEX 01 00:61:00
          TRACK 04 AUDIO
            TITLE "Fine"
            INDEX 01 00:01:00
        """)
    XCTAssertEqual(sheet.title, "The Album")
    XCTAssertEqual(sheet.files.map(\.name), ["Part A.mp3", "Part_B.mp3"])
    XCTAssertEqual(sheet.files[0].chapters, [
      LocalChapterMark(title: "Opening", start: 0), LocalChapterMark(title: "Track 2", start: 125 * 60 + 30 + 74.0 / 75),
    ])
    // A malformed time costs only its own line.
    XCTAssertEqual(sheet.files[1].chapters, [LocalChapterMark(title: "Fine", start: 1)])
    XCTAssertEqual(CueSheet(parsing: "garbage\u{0}\n\n INDEX 01").files, [])
  }

  func testVorbisCommentChapters() {
    let marks = vorbisCommentChapters([
      "TITLE=Book", "CHAPTER010=01:00:00.500", "CHAPTER002=00:02:03.250", "CHAPTER002NAME=Two",
      "chapter001=00:00:00.000", "CHAPTER001NAME=One = first", "CHAPTER003=bogus", "CHAPTERXNAME=x",
    ])
    XCTAssertEqual(marks, [
      LocalChapterMark(title: "One = first", start: 0), LocalChapterMark(title: "Two", start: 123.25),
      LocalChapterMark(title: "Chapter 10", start: 3600.5),
    ])
  }

  func testClockSeconds() {
    XCTAssertEqual(clockSeconds("00:00:08.400"), 8.4)
    XCTAssertEqual(clockSeconds("1:02"), 62)
    XCTAssertNil(clockSeconds("1.5:00"))
    XCTAssertNil(clockSeconds("12"))
    XCTAssertNil(clockSeconds("-1:00"))
  }
}
