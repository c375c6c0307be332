import XCTest

@testable import HarkCore

final class ChapterTitleTests: XCTestCase {
  private func check(
    _ cases: [(String, String)], file: StaticString = #filePath, line: UInt = #line
  ) {
    for (raw, expected) in cases {
      XCTAssertEqual(
        prettifyChapterTitle(raw), expected, "\(raw.debugDescription)", file: file, line: line)
    }
  }

  // REFERENCE-BEHAVIOR.md 5.

  func testEmptyAndBlankLabelsAreReturnedAsGiven() {
    check([("", ""), ("   ", "   "), ("\t\n", "\t\n")])
  }

  func testRealTitlesAreUntouched() {
    check([
      ("Chapter 1", "Chapter 1"), ("Mother-in-law", "Mother-in-law"),
      ("3.5 The Interlude", "3.5 The Interlude"), ("Chapter 64", "Chapter 64"),
      // Not even trimmed or collapsed: a real title is the author's.
      ("  Chapter  1 ", "  Chapter  1 "),
      // A bitrate-like tail on a real title is part of the title.
      ("Track 64kb", "Track 64kb"),
      // An extension that is not audio does not make a file name.
      ("notes.txt", "notes.txt"), ("Dr. Who", "Dr. Who"),
    ])
  }

  func testAudioExtensionsAreRemoved() {
    check([
      ("Chapter 01.mp3", "Chapter 01"), ("Part One.m4b", "Part One"),
      ("Prologue.opus", "Prologue"), ("LOUD.MP3", "LOUD"), ("Intro.Flac", "Intro"),
      ("a.m4a", "a"), ("a.mp4", "a"), ("a.aac", "a"), ("a.ogg", "a"), ("a.oga", "a"),
      ("a.wav", "a"), ("a.wma", "a"), ("a.alac", "a"), ("a.aif", "a"), ("a.aiff", "a"),
      ("  Padded.mp3  ", "Padded"),
    ])
  }

  func testUnderscoresBecomeSingleSpaces() {
    check([
      ("a__b___c.opus", "a b c"), ("Alice_in_Wonderland_01", "Alice in Wonderland 01"),
      ("_leading_and_trailing_", "leading and trailing"),
    ])
  }

  func testBitrateTailsAreRemoved() {
    check([
      ("alice_in_wonderland_01_carroll_64kb.mp3", "alice in wonderland 01 carroll"),
      ("chapter_01_128 kbps.mp3", "chapter 01"), ("chapter_01_32k.mp3", "chapter 01"),
      ("chapter_01_64KB.mp3", "chapter 01"), ("chapter_01_64Kbps", "chapter 01"),
    ])
  }

  func testOnlyAStandaloneBitrateTokenIsRemoved() {
    check([
      // A leading token stays: it is not the tail.
      ("64kb_wonderland_01.mp3", "64kb wonderland 01"),
      // Glued to a word, or the wrong number of digits: not a bitrate tag.
      ("part_book64kb.mp3", "part book64kb"), ("part_1234kb.mp3", "part 1234kb"),
      ("part_8kb.mp3", "part 8kb"), ("part_64kbit.mp3", "part 64kbit"),
    ])
  }

  func testABitrateTagAloneIsKept() {
    check([("_64kb.mp3", "64kb"), ("128_kbps.mp3", "128 kbps")])
  }

  func testALabelThatCleansToNothingIsReturnedAsGiven() {
    check([("_.mp3", "_.mp3"), (".mp3", ".mp3"), ("___", "___")])
  }

  func testRightToLeftAndEmojiFileNames() {
    check([
      ("الفصل_الأول.mp3", "الفصل الأول"), ("الفصل الأول", "الفصل الأول"),
      ("🎧_Chapter_1.m4b", "🎧 Chapter 1"), ("🎧 Chapter 1", "🎧 Chapter 1"),
    ])
  }
}
