import Foundation
import XCTest

@testable import HarkCore

final class SpoilerGateTests: XCTestCase {
  private func character(_ name: String, _ chapter: Int) -> MetaCharacter {
    MetaCharacter(id: name, name: name, reveal: MetaPosition(chapter: chapter))
  }

  private func recap(_ chapter: Int) -> MetaRecap {
    MetaRecap(through: MetaPosition(chapter: chapter), text: "through \(chapter)")
  }

  /// Characters revealed at chapters 0, 1, 2, 5 and never (a missing gate);
  /// recaps through 0, 1, 4 and never.
  private let meta = BookMeta(
    matched: true,
    work: MetaWork(
      id: "w2", title: "Book Two",
      characters: [
        MetaCharacter(id: "prior", name: "Prior", reveal: MetaPosition(chapter: 0)),
        MetaCharacter(id: "hero", name: "Hero", reveal: MetaPosition(chapter: 1)),
        MetaCharacter(id: "mentor", name: "Mentor", reveal: MetaPosition(chapter: 2)),
        MetaCharacter(id: "traitor", name: "Traitor", reveal: MetaPosition(chapter: 5)),
        MetaCharacter(id: "ghost", name: "Ghost", reveal: MetaPosition(chapter: Int.max)),
      ],
      recaps: [
        MetaRecap(through: MetaPosition(chapter: 0), text: "Book one"),
        MetaRecap(through: MetaPosition(chapter: 1), text: "Chapter one"),
        MetaRecap(through: MetaPosition(chapter: 4), text: "Part one"),
        MetaRecap(through: MetaPosition(chapter: Int.max), text: "Everything"),
      ]))

  private func shown(_ gate: SpoilerGate) -> (characters: [String], recaps: [String]) {
    let gated = gate.apply(to: meta)
    return (gated.characters.map(\.name), gated.recaps.map(\.text))
  }

  func testNoProgressIsTheStartOfChapterOne() {
    let gate = SpoilerGate(currentChapter: nil)
    XCTAssertEqual(gate.currentChapter, 1)
    XCTAssertEqual(shown(gate).characters, ["Prior", "Hero"])
    XCTAssertEqual(shown(gate).recaps, ["Book one"])
  }

  func testFrontMatterIsChapterZero() {
    let gate = SpoilerGate(currentChapter: 0)
    XCTAssertEqual(shown(gate).characters, ["Prior"])
    XCTAssertEqual(shown(gate).recaps, [], "not even chapter 0 is finished")
  }

  func testNegativeChaptersAreFrontMatter() {
    XCTAssertEqual(SpoilerGate(currentChapter: -3).currentChapter, 0)
    XCTAssertEqual(shown(SpoilerGate(currentChapter: -3)).characters, ["Prior"])
  }

  func testACharacterShowsOnReachingTheirChapter() {
    XCTAssertEqual(shown(SpoilerGate(currentChapter: 2)).characters, ["Prior", "Hero", "Mentor"])
    XCTAssertEqual(shown(SpoilerGate(currentChapter: 4)).characters, ["Prior", "Hero", "Mentor"])
    XCTAssertEqual(
      shown(SpoilerGate(currentChapter: 5)).characters, ["Prior", "Hero", "Mentor", "Traitor"])
  }

  func testARecapShowsOnlyOnceItsChapterIsFinished() {
    XCTAssertEqual(shown(SpoilerGate(currentChapter: 1)).recaps, ["Book one"])
    XCTAssertEqual(shown(SpoilerGate(currentChapter: 2)).recaps, ["Book one", "Chapter one"])
    XCTAssertEqual(shown(SpoilerGate(currentChapter: 4)).recaps, ["Book one", "Chapter one"])
    XCTAssertEqual(
      shown(SpoilerGate(currentChapter: 5)).recaps, ["Book one", "Chapter one", "Part one"])
  }

  func testAMissingGateStaysHiddenUntilTheEnd() {
    let late = SpoilerGate(currentChapter: 10_000)
    XCTAssertFalse(shown(late).characters.contains("Ghost"))
    XCTAssertFalse(shown(late).recaps.contains("Everything"))
    XCTAssertFalse(late.isVisible(character("x", Int.max)))
  }

  func testAFinishedBookShowsEverything() {
    let gate = SpoilerGate(currentChapter: 3, isFinished: true)
    XCTAssertEqual(shown(gate).characters, ["Prior", "Hero", "Mentor", "Traitor", "Ghost"])
    XCTAssertEqual(shown(gate).recaps, ["Book one", "Chapter one", "Part one", "Everything"])
  }

  func testRevealAllShowsEverything() {
    let gate = SpoilerGate(currentChapter: nil, revealAll: true)
    XCTAssertEqual(gate.apply(to: meta).characters.count, 5)
    XCTAssertEqual(gate.apply(to: meta).recaps.count, 4)
    XCTAssertEqual(gate.apply(to: meta).hiddenCharacters, 0)
    XCTAssertEqual(gate.apply(to: meta).hiddenRecaps, 0)
  }

  func testHiddenCounts() {
    let gated = SpoilerGate(currentChapter: 2).apply(to: meta)
    XCTAssertEqual(gated.hiddenCharacters, 2)
    XCTAssertEqual(gated.hiddenRecaps, 2)
  }

  func testSingleEntryChecks() {
    let gate = SpoilerGate(currentChapter: 3)
    XCTAssertTrue(gate.isVisible(character("a", 3)))
    XCTAssertFalse(gate.isVisible(character("b", 4)))
    XCTAssertTrue(gate.isVisible(recap(2)))
    XCTAssertFalse(gate.isVisible(recap(3)), "the chapter being listened to is not finished")
  }

  func testUnmatchedOrEmptyMetadataShowsNothing() {
    XCTAssertEqual(
      SpoilerGate(currentChapter: 3, revealAll: true).apply(to: .unmatched), GatedMeta())
    var unmatched = meta
    unmatched.matched = false
    XCTAssertEqual(
      SpoilerGate(currentChapter: 3, revealAll: true).apply(to: unmatched), GatedMeta())
    XCTAssertEqual(SpoilerGate(currentChapter: 3).apply(to: BookMeta(matched: true)), GatedMeta())
  }

  func testDecodedMissingGatesAreHidden() throws {
    let json = Data(
      #"{"id":"c","name":"No Gate","description":""}"#.utf8)
    let decoded = try JSONDecoder().decode(MetaCharacter.self, from: json)
    XCTAssertFalse(SpoilerGate(currentChapter: 500).isVisible(decoded))
    XCTAssertTrue(SpoilerGate(currentChapter: 500, isFinished: true).isVisible(decoded))
  }

  // MARK: moreInSeries

  private func work(_ id: String) -> MetaSeriesWork {
    MetaSeriesWork(id: id, title: "Title \(id)", position: id)
  }

  func testTheCurrentWorkIsLeftOffEachRail() {
    var withSeries = meta
    withSeries.series = [
      MetaSeries(
        id: "s1", name: "Saga", position: "2", works: [work("w1"), work("w2"), work("w3")]),
      MetaSeries(id: "s2", name: "Universe", position: "7", works: [work("w9"), work("w2")]),
    ]
    let rails = moreInSeries(withSeries)
    XCTAssertEqual(rails.map(\.name), ["Saga", "Universe"])
    XCTAssertEqual(rails[0].works.map(\.id), ["w1", "w3"])
    XCTAssertEqual(rails[1].works.map(\.id), ["w9"])
  }

  func testARailWithOnlyTheCurrentWorkIsDropped() {
    var withSeries = meta
    withSeries.series = [MetaSeries(id: "s1", name: "Solo", works: [work("w2")])]
    XCTAssertEqual(moreInSeries(withSeries), [])
    withSeries.series = [MetaSeries(id: "s1", name: "Empty")]
    XCTAssertEqual(moreInSeries(withSeries), [])
  }

  func testWithoutACurrentIDNothingIsExcluded() {
    let anonymous = BookMeta(
      matched: true, work: MetaWork(id: "", title: "?"),
      series: [MetaSeries(id: "s", name: "S", works: [work(""), work("w1")])])
    XCTAssertEqual(moreInSeries(anonymous)[0].works.count, 2)
    let noWork = BookMeta(
      matched: true, series: [MetaSeries(id: "s", name: "S", works: [work("w1")])])
    XCTAssertEqual(moreInSeries(noWork)[0].works.map(\.id), ["w1"])
  }

  func testUnmatchedMetadataHasNoSeries() {
    let unmatched = BookMeta(
      matched: false, series: [MetaSeries(id: "s", name: "S", works: [work("w1")])])
    XCTAssertEqual(moreInSeries(unmatched), [])
    XCTAssertEqual(moreInSeries(.unmatched), [])
  }
}
