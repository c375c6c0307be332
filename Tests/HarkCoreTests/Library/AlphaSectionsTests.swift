import XCTest

@testable import HarkCore

final class AlphaSectionsTests: XCTestCase {
  private func entry(_ name: String) -> FsEntry {
    FsEntry(name: name, path: name, isDir: true)
  }

  private let authors = ["Bradbury", "Asimov", "Le Guin", "3 Body", "Zelazny", "Adams", "éclair"]

  // MARK: sectionLetter (REFERENCE-BEHAVIOR.md 11)

  func testSectionLetterReferenceTable() {
    let cases = [
      ("asimov", "A"), ("Zelazny", "Z"), ("3 Body Problem", "#"), ("éclair", "#"), ("", "#"),
      ("  Banks", "B"),
    ]
    for (name, expected) in cases {
      XCTAssertEqual(sectionLetter(name), expected, name)
    }
  }

  func testSectionLetterEdges() {
    let cases = [
      ("   ", "#"), ("\tbanks", "B"), ("كتاب", "#"), ("ספר", "#"), ("📚 Books", "#"),
      ("\"Quoted\"", "#"), ("Ωmega", "#"),
      // On purpose unlike the reference, which files these under "SS"/"FI".
      ("ßeta", "#"), ("ﬁsh", "#"),
    ]
    for (name, expected) in cases {
      XCTAssertEqual(sectionLetter(name), expected, name)
    }
  }

  func testRailLetters() {
    XCTAssertEqual(railLetters.count, 26)
    XCTAssertEqual(railLetters.first, "A")
    XCTAssertEqual(railLetters.last, "Z")
    XCTAssertFalse(railLetters.contains("#"))
  }

  // MARK: filterEntries

  func testFilterReferenceExamples() {
    let entries = ["Asimov", "Bradbury", "Le Guin"].map(entry)
    XCTAssertEqual(filterEntries(entries, query: "gui").map(\.name), ["Le Guin"])
    XCTAssertEqual(filterEntries(entries, query: "A").map(\.name), ["Asimov", "Bradbury"])
  }

  func testABlankQueryKeepsEverythingUnchanged() {
    let entries = ["Zelazny", "Asimov"].map(entry)
    XCTAssertEqual(filterEntries(entries, query: ""), entries)
    XCTAssertEqual(filterEntries(entries, query: "   "), entries)
  }

  func testTheQueryIsTrimmed() {
    let entries = ["Asimov", "Le Guin"].map(entry)
    XCTAssertEqual(filterEntries(entries, query: "  GUI ").map(\.name), ["Le Guin"])
    XCTAssertEqual(filterEntries(entries, query: "le g").map(\.name), ["Le Guin"])
    XCTAssertEqual(filterEntries(entries, query: "xyz"), [])
  }

  func testFilterNonLatinNames() {
    let entries = ["نجيب محفوظ", "עמוס עוז", "📚 Anthology"].map(entry)
    XCTAssertEqual(filterEntries(entries, query: "محفوظ").map(\.name), ["نجيب محفوظ"])
    XCTAssertEqual(filterEntries(entries, query: "📚").map(\.name), ["📚 Anthology"])
  }

  func testFilterAnyType() {
    XCTAssertEqual(filterEntries(authors, query: "az") { $0 }, ["Zelazny"])
  }

  // MARK: groupByLetter

  func testGroupsAreAToZThenHash() {
    let sections = groupByLetter(authors.map(entry))
    XCTAssertEqual(sections.map(\.letter), ["A", "B", "L", "Z", "#"])
    XCTAssertEqual(sections[0].entries.map(\.name), ["Asimov", "Adams"], "input order inside")
    XCTAssertEqual(sections[4].entries.map(\.name), ["3 Body", "éclair"])
  }

  func testGroupNothing() {
    XCTAssertEqual(groupByLetter([FsEntry]()), [])
  }

  func testPresentLetters() {
    XCTAssertEqual(presentLetters(groupByLetter(authors) { $0 }), ["A", "B", "L", "Z", "#"])
    XCTAssertEqual(presentLetters([AlphaSection<String>]()), [])
  }

  // MARK: sectionIndex(for:in:)

  func testSectionIndexReferenceTable() {
    let sections = groupByLetter(["Asimov", "Banks", "42"]) { $0 }
    XCTAssertEqual(sections.map(\.letter), ["A", "B", "#"])
    let cases: [(String, Int)] = [("A", 0), ("B", 1), ("#", 2), ("C", 2), ("Z", 2)]
    for (letter, expected) in cases {
      XCTAssertEqual(sectionIndex(for: letter, in: sections), expected, letter)
    }
    XCTAssertNil(sectionIndex(for: "A", in: [AlphaSection<String>]()))
  }

  func testSectionIndexJumpsForwardToTheNextPresentLetter() {
    let sections = groupByLetter(["Card", "Morgan", "Wells"]) { $0 }
    XCTAssertEqual(sectionIndex(for: "A", in: sections), 0)
    XCTAssertEqual(sectionIndex(for: "D", in: sections), 1)
    XCTAssertEqual(sectionIndex(for: "n", in: sections), 2, "lower case is accepted")
    XCTAssertEqual(sectionIndex(for: "#", in: sections), 2, "no # section: the last one")
    XCTAssertEqual(sectionIndex(for: "?", in: sections), 2, "unknown counts as #")
  }
}
