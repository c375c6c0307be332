import Foundation
import XCTest

@testable import HarkCore

/// The core's texts go through the translator App installs (gettext in Hark,
/// English as written until then): plain texts, formats whose arguments a
/// language may reorder, and plural forms the language chooses.
final class TranslationTests: XCTestCase {
  override func tearDown() {
    Translation.install(.untranslated)
    super.tearDown()
  }

  func testWithNoTranslatorTheTextsAreEnglishAsWritten() {
    XCTAssertEqual(Page.library.title, "Library")
    XCTAssertEqual(selectEmptyState(AppState(), page: .player)?.title, "Nothing Playing")
    XCTAssertEqual(String(format: trPlural("%d book", "%d books", 1), 1), "1 book")
    XCTAssertEqual(String(format: trPlural("%d book", "%d books", 0), 0), "0 books")
  }

  func testSelectorsSayTheirTextsThroughTheInstalledTranslator() {
    Translation.install(
      Translator(
        text: { "⟦\($0)⟧" }, plural: { one, many, count in count == 1 ? "⟦\(one)⟧" : "⟦\(many)⟧" },
        inContext: { context, text in "⟦\(context): \(text)⟧" }))
    XCTAssertEqual(Page.library.title, "⟦page: Library⟧")  // "Library" the page, in context
    XCTAssertEqual(selectEmptyState(AppState(), page: .player)?.title, "⟦Nothing Playing⟧")
    XCTAssertEqual(trContext("verb", "Play"), "⟦verb: Play⟧")
  }

  func testAFormatsArgumentsCanBeReordered() {
    Translation.install(
      Translator(
        text: { $0 == "%1$@ of %2$@" ? "%2$@: %1$@" : $0 }, plural: Translator.untranslated.plural,
        inContext: Translator.untranslated.inContext))
    XCTAssertEqual(trFormat("%1$@ of %2$@", "3:12", "15:00"), "15:00: 3:12")
  }

  func testCountsTakeTheFormTheLanguageChooses() {
    // Czech-like: one form for 1, another for 2–4, a third for the rest.
    Translation.install(
      Translator(
        text: { $0 }, plural: { _, _, count in count == 1 ? "před %d dnem" : count < 5 ? "před %d dny" : "před %d dny!" },
        inContext: { $1 }))
    let now = Date(timeIntervalSince1970: 1_780_000_000)
    XCTAssertEqual(formatRelative(now.addingTimeInterval(-3 * 86400), now: now), "před 3 dny")
    XCTAssertEqual(formatRelative(now.addingTimeInterval(-86400), now: now), "před 1 dnem")
  }
}
