import XCTest
@testable import HarkCore

final class SettingsTests: XCTestCase {
  func testDefaults() {
    let settings = Settings()
    XCTAssertEqual(settings.skipBackSeconds, 15)
    XCTAssertEqual(settings.skipForwardSeconds, 30)
    XCTAssertEqual(settings.autoRewindSeconds, 5)
    XCTAssertEqual(settings.virtualChapterMinutes, 30)
    XCTAssertEqual(settings.defaultSpeed, 1.0)
    XCTAssertEqual(settings.clamped(), settings, "defaults are already in range")
  }

  func testRanges() {
    XCTAssertEqual(Settings.skipBackSecondsRange, 5...120)
    XCTAssertEqual(Settings.skipForwardSecondsRange, 5...120)
    XCTAssertEqual(Settings.autoRewindSecondsRange, 0...30)
    XCTAssertEqual(Settings.virtualChapterMinutesRange, 5...120)
    XCTAssertEqual(Settings.defaultSpeedRange, 0.5...3.0)
    XCTAssertEqual(Settings.defaultSpeedStep, 0.05)
    XCTAssertEqual(SettingsKey.autoRewindSeconds.range, 0...30)
    XCTAssertEqual(SettingsKey.defaultSpeed.range, 0.5...3.0)
    XCTAssertEqual(SettingsKey.skipBackSeconds.step, 1)
    XCTAssertEqual(SettingsKey.defaultSpeed.step, 0.05)
  }

  func testGSettingsKeyNames() {
    XCTAssertEqual(
      SettingsKey.allCases.map(\.rawValue),
      [
        "skip-back-seconds", "skip-forward-seconds", "auto-rewind-seconds",
        "virtual-chapter-minutes", "default-speed", "play-next-book", "play-in-background",
        "simultaneous-downloads", "download-on-metered",
      ])
  }

  func testClampedPullsEveryFieldIntoRange() {
    var low = Settings()
    low.skipBackSeconds = 0
    low.skipForwardSeconds = -4
    low.autoRewindSeconds = -1
    low.virtualChapterMinutes = 1
    low.defaultSpeed = 0.1
    var expectedLow = Settings()
    expectedLow.skipBackSeconds = 5
    expectedLow.skipForwardSeconds = 5
    expectedLow.autoRewindSeconds = 0
    expectedLow.virtualChapterMinutes = 5
    expectedLow.defaultSpeed = 0.5
    XCTAssertEqual(low.clamped(), expectedLow)

    var high = Settings()
    high.skipBackSeconds = 500
    high.skipForwardSeconds = 121
    high.autoRewindSeconds = 31
    high.virtualChapterMinutes = 1000
    high.defaultSpeed = 9
    var expectedHigh = Settings()
    expectedHigh.skipBackSeconds = 120
    expectedHigh.skipForwardSeconds = 120
    expectedHigh.autoRewindSeconds = 30
    expectedHigh.virtualChapterMinutes = 120
    expectedHigh.defaultSpeed = 3.0
    XCTAssertEqual(high.clamped(), expectedHigh)
  }

  func testSpeedSnapsToTheNearestStepAndEqualsTheDecimalLiteral() {
    let cases: [(Double, Double)] = [
      (1.12, 1.1), (1.13, 1.15), (1.149, 1.15), (1.0, 1.0), (2.2749, 2.25),
      (0.52, 0.5), (2.99, 3.0), (1.35, 1.35), (.nan, 1.0),
    ]
    for (input, expected) in cases {
      var settings = Settings()
      settings.defaultSpeed = input
      XCTAssertEqual(settings.clamped().defaultSpeed, expected, "speed \(input)")
    }
  }

  func testValueForKeyReadsEachField() {
    var settings = Settings()
    settings.skipBackSeconds = 10
    settings.defaultSpeed = 1.25
    XCTAssertEqual(
      SettingsKey.allCases.map { settings.value(for: $0) }, [10, 30, 5, 30, 1.25, 0, 1, 1, 0])
  }

  func testPlayNextBookIsASwitch() {
    XCTAssertTrue(SettingsKey.playNextBook.isSwitch)
    XCTAssertFalse(SettingsKey.autoRewindSeconds.isSwitch)
    XCTAssertFalse(Settings().playNextBook, "off unless the listener turns it on")
    XCTAssertTrue(SettingsKey.playInBackground.isSwitch)
    XCTAssertTrue(Settings().playInBackground, "closing the window keeps a book playing unless turned off")
    XCTAssertFalse(Settings().setting(.playInBackground, to: 0).playInBackground)
    let on = Settings().setting(.playNextBook, to: 1)
    XCTAssertTrue(on.playNextBook)
    XCTAssertEqual(on.value(for: .playNextBook), 1)
    XCTAssertFalse(on.setting(.playNextBook, to: 0).playNextBook)
    XCTAssertTrue(Settings().setting(.playNextBook, to: 7).playNextBook, "clamped to on")
  }

  func testSettingRoundsWholeNumberKeysAndClamps() {
    let settings = Settings()
    XCTAssertEqual(settings.setting(.skipBackSeconds, to: 17.6).skipBackSeconds, 18)
    XCTAssertEqual(settings.setting(.skipForwardSeconds, to: 1e300).skipForwardSeconds, 120)
    XCTAssertEqual(settings.setting(.autoRewindSeconds, to: -.infinity).autoRewindSeconds, 0)
    XCTAssertEqual(settings.setting(.virtualChapterMinutes, to: 45).virtualChapterMinutes, 45)
    XCTAssertEqual(settings.setting(.defaultSpeed, to: 1.77).defaultSpeed, 1.75)
    XCTAssertEqual(settings.setting(.skipBackSeconds, to: .nan), settings)
  }
}
