import GObjectKit
import XCTest

/// gettext with no catalog for the domain: every lookup is the text as
/// written. gettext then answers with the pointer it was given, Swift's
/// temporary C copy of the argument; reading it after the call returned read
/// freed memory that the next string reused (Hark crashed at start-up in the
/// C locale).
final class GettextTests: XCTestCase {
  private let domain = "hark-tests-no-catalog"

  func testUntranslatedTextsComeBackAsWritten() {
    for number in 0..<2_000 {
      let text = "Untranslated text number \(number), long enough to leave the small-string form"
      XCTAssertEqual(Gettext.text(text, domain: domain), text)
    }
  }

  func testUntranslatedPluralsFollowTheEnglishRule() {
    for count in 0..<1_000 {
      let found = Gettext.plural("%d book left on the shelf today", "%d books left on the shelf today", count: count, domain: domain)
      XCTAssertEqual(found, count == 1 ? "%d book left on the shelf today" : "%d books left on the shelf today")
    }
    XCTAssertEqual(Gettext.plural("one", "many", count: -3, domain: domain), "many")
  }

  func testUntranslatedTextsInAContextAreTheTextAlone() {
    for number in 0..<1_000 {
      let text = "Play number \(number) of the books on this shelf"
      XCTAssertEqual(Gettext.inContext("verb", text, domain: domain), text)
    }
  }
}
