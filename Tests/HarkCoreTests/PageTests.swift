import Foundation
import XCTest
@testable import HarkCore

final class PageTests: XCTestCase {
  func testOrderMatchesTheViewSwitcher() {
    XCTAssertEqual(Page.allCases, [.library, .book, .player, .downloads])
  }

  func testTitles() {
    XCTAssertEqual(Page.allCases.map(\.title), ["Library", "Book", "Player", "Downloads"])
  }

  func testIconNames() {
    XCTAssertEqual(
      Page.allCases.map(\.iconName),
      [
        "view-grid-symbolic", "accessories-dictionary-symbolic",
        "media-playback-start-symbolic", "folder-download-symbolic",
      ])
  }

  /// The icons must exist in the installed Adwaita theme, or GTK shows "missing image".
  /// Skipped where the theme is not installed (a bare build container).
  func testIconsShipWithAdwaita() throws {
    let theme = "/usr/share/icons/Adwaita/scalable"
    guard FileManager.default.fileExists(atPath: theme) else {
      throw XCTSkip("Adwaita icon theme not installed")
    }
    let contexts = try FileManager.default.contentsOfDirectory(atPath: theme)
    for page in Page.allCases {
      let found = contexts.contains { context in
        FileManager.default.fileExists(atPath: "\(theme)/\(context)/\(page.iconName).svg")
      }
      XCTAssertTrue(found, "\(page.iconName) is not in \(theme)")
    }
  }

  func testNextAndPreviousWrapAround() {
    XCTAssertEqual(Page.allCases.map(\.next), [.book, .player, .downloads, .library])
    XCTAssertEqual(Page.allCases.map(\.previous), [.downloads, .library, .book, .player])
  }
}
