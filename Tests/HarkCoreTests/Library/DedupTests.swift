import XCTest

@testable import HarkCore

final class DedupTests: XCTestCase {
  private func copy(
    _ connection: String, format: String = "m4b", multiFile: Bool? = nil, size: Int64 = 100,
    duration: Double = 10, title: String = "The Hobbit", path: String = "Tolkien/The Hobbit"
  ) -> LocatedBook {
    let book = Book(
      libraryID: 1, relPath: path, title: title, author: "Tolkien", duration: duration,
      format: format, size: size, multiFile: multiFile)
    return LocatedBook(book: book, connectionID: connection, connectionName: "Server \(connection)")
  }

  private func ref(_ connection: String) -> ConnectionRef {
    ConnectionRef(connectionID: connection, connectionName: "Server \(connection)")
  }

  /// A ranked first, then B, then C.
  private func rank(_ connection: String) -> Int {
    ["A": 0, "B": 1, "C": 2][connection] ?? 99
  }

  // MARK: bookDedupKey (REFERENCE-BEHAVIOR.md 9)

  func testTheServersKeyWins() {
    let book = Book(libraryID: 1, relPath: "x", title: "T", asin: "B01", dedupKey: "server-key")
    XCTAssertEqual(bookDedupKey(book), "server-key")
  }

  func testAnEmptyServerKeyIsIgnored() {
    XCTAssertEqual(
      bookDedupKey(Book(libraryID: 1, relPath: "x", asin: "B01", dedupKey: "")), "a:b01")
  }

  func testASINThenISBN() {
    XCTAssertEqual(
      bookDedupKey(Book(libraryID: 1, relPath: "x", asin: "B01", isbn: "9-78")), "a:b01")
    XCTAssertEqual(bookDedupKey(Book(libraryID: 1, relPath: "x", isbn: "9-78")), "i:9 78")
    // An identifier that normalises to nothing does not count.
    XCTAssertEqual(
      bookDedupKey(Book(libraryID: 1, relPath: "x", asin: "--", isbn: "9-78")), "i:9 78")
  }

  func testAuthorTitleNarrator() {
    let hobbit = Book(libraryID: 1, relPath: "x", title: "The Hobbit", author: "Tolkien")
    XCTAssertEqual(bookDedupKey(hobbit), "m:tolkien|the hobbit|")
    let narrated = Book(
      libraryID: 1, relPath: "x", title: "The  Hobbit!", author: "J.R.R. Tolkien",
      narrator: "Andy Serkis")
    XCTAssertEqual(bookDedupKey(narrated), "m:j r r tolkien|the hobbit|andy serkis")
  }

  func testABookWithoutAuthorOrTitleStaysUnique() {
    XCTAssertEqual(
      bookDedupKey(Book(libraryID: 3, relPath: "Loose/file.mp3")), "u:3:Loose/file.mp3")
    XCTAssertEqual(
      bookDedupKey(Book(libraryID: 3, relPath: "a", title: "!!!", narrator: "N")), "u:3:a")
    // Only one of the two is enough for a metadata key.
    XCTAssertEqual(bookDedupKey(Book(libraryID: 3, relPath: "a", title: "Dune")), "m:|dune|")
  }

  func testNormalisationUsesUnicodeLettersAndDigits() {
    XCTAssertEqual(dedupNormalize(nil), "")
    XCTAssertEqual(dedupNormalize(""), "")
    XCTAssertEqual(dedupNormalize("  The -- Hobbit  "), "the hobbit")
    XCTAssertEqual(dedupNormalize("Émile Zola"), "émile zola")
    XCTAssertEqual(dedupNormalize("كتاب ٢: الجزء"), "كتاب ٢ الجزء")
    XCTAssertEqual(dedupNormalize("ספר, 10"), "ספר 10")
    XCTAssertEqual(dedupNormalize("三体 2"), "三体 2")
    XCTAssertEqual(dedupNormalize("snake_case"), "snake case")
    // Emoji are not letters: they separate words and vanish at the ends.
    XCTAssertEqual(dedupNormalize("🐉Dragon🔥Book📚"), "dragon book")
    XCTAssertEqual(dedupNormalize("📚"), "")
  }

  func testCombiningMarksSplitWordsAsTheReferenceDoes() {
    // Decomposed é: the mark is not a letter, so the word breaks there. The
    // server normalises the same way, so keys still agree with it.
    XCTAssertEqual(dedupNormalize("Cafe\u{301} noir"), "cafe noir")
  }

  func testEmojiOnlyTitlesStayApart() {
    let first = Book(libraryID: 1, relPath: "a", title: "📚")
    let second = Book(libraryID: 1, relPath: "b", title: "🎧")
    XCTAssertNotEqual(bookDedupKey(first), bookDedupKey(second))
  }

  // MARK: dedupBooks

  func testABetterFormatWinsOverRank() {
    // An mp3 multipart on A against an m4b on B, with A ranked first.
    let result = dedupBooks(
      [copy("A", format: "mp3", multiFile: true), copy("B", format: "m4b")], rank: rank)
    XCTAssertEqual(result.count, 1)
    XCTAssertEqual(result[0].winner.connectionID, "B")
    XCTAssertEqual(result[0].also, [ref("A")])
    XCTAssertEqual(result[0].key, "m:tolkien|the hobbit|")
  }

  func testFormatTiers() {
    func winner(_ first: String, _ second: String) -> String {
      dedupBooks([copy("A", format: first), copy("B", format: second)], rank: rank)[0]
        .winner.connectionID
    }
    XCTAssertEqual(winner("flac", "mp3"), "B")
    XCTAssertEqual(winner("MP3", ".M4A"), "B")
    XCTAssertEqual(winner("aac", "opus"), "A")
    XCTAssertEqual(winner("", "wav"), "A", "same tier: the better-ranked server keeps it")
    for format in ["m4b", "m4a", "mp4", "aac", "m4p"] {
      XCTAssertEqual(winner("mp3", format), "B", format)
    }
  }

  func testOneFileBeatsMany() {
    let result = dedupBooks(
      [copy("A", multiFile: false), copy("B", multiFile: true, size: 10_000)], rank: rank)
    XCTAssertEqual(result[0].winner.connectionID, "A")
    let unknown = dedupBooks([copy("B", multiFile: true), copy("C", multiFile: nil)], rank: rank)
    XCTAssertEqual(unknown[0].winner.connectionID, "C")
  }

  func testHigherBitrateWins() {
    let result = dedupBooks(
      [copy("A", size: 1000, duration: 100), copy("C", size: 1500, duration: 100)], rank: rank)
    XCTAssertEqual(result[0].winner.connectionID, "C")
    // With no duration the size is the bitrate.
    let sizes = dedupBooks(
      [copy("C", size: 2000, duration: 0), copy("A", size: 1000, duration: 0)], rank: rank)
    XCTAssertEqual(sizes[0].winner.connectionID, "C")
  }

  func testEqualQualityRankDecides() {
    XCTAssertEqual(dedupBooks([copy("B"), copy("A")], rank: rank)[0].winner.connectionID, "A")
    XCTAssertEqual(dedupBooks([copy("A"), copy("B")], rank: rank)[0].winner.connectionID, "A")
  }

  func testAFullTieGoesToTheLaterCopy() {
    let result = dedupBooks(
      [copy("A", path: "first"), copy("A", path: "second")], rank: { _ in 0 })
    XCTAssertEqual(result[0].winner.book.relPath, "second")
    XCTAssertEqual(result[0].also, [])
  }

  func testEachOtherConnectionIsListedOnceInOrder() {
    let items = [copy("C"), copy("B", path: "one"), copy("A"), copy("B", path: "two"), copy("C")]
    let result = dedupBooks(items, rank: rank)
    XCTAssertEqual(result[0].winner.connectionID, "A")
    XCTAssertEqual(result[0].also, [ref("C"), ref("B")])
  }

  func testTwoCopiesOnTheSameOtherServerAreListedOnce() {
    let result = dedupBooks([copy("A"), copy("B"), copy("B")], rank: rank)
    XCTAssertEqual(result[0].winner.connectionID, "A")
    XCTAssertEqual(result[0].also, [ref("B")])
  }

  func testGroupsKeepTheOrderOfTheirFirstAppearance() {
    let items = [
      copy("A", title: "Dune"), copy("A", title: "The Hobbit"), copy("B", title: "Dune"),
      copy("A", title: "Emma"),
    ]
    let result = dedupBooks(items, rank: rank)
    XCTAssertEqual(result.map(\.winner.book.title), ["Dune", "The Hobbit", "Emma"])
    XCTAssertEqual(result[0].also, [ref("B")])
  }

  func testNoItemsNoBooks() {
    XCTAssertEqual(dedupBooks([LocatedBook](), rank: rank), [])
  }

  func testNaNDurationsDoNotBreakTheComparison() {
    let result = dedupBooks(
      [copy("A", size: 100, duration: .nan), copy("B", size: 100, duration: .nan)], rank: rank)
    XCTAssertEqual(result.count, 1)
    XCTAssertEqual(result[0].winner.connectionID, "A")
  }
}
