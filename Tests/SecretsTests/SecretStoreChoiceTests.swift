import HarkCore
import XCTest

final class SecretStoreChoiceTests: XCTestCase {
  func testPolicyTable() {
    let table: [(keyring: Bool, optIn: Bool, choice: SecretStoreChoice)] = [
      (true, false, .keyring),
      (true, true, .keyring),  // the opt-in never overrides a working keyring
      (false, false, .memory),
      (false, true, .privateFile),
    ]
    for row in table {
      XCTAssertEqual(
        SecretStoreChoice.choose(keyringAvailable: row.keyring, privateFileOptIn: row.optIn), row.choice, "\(row)")
    }
  }

  func testOnlyTheKeyringNeedsNoNotice() {
    XCTAssertNil(SecretStoreChoice.keyring.notice)
    XCTAssertNotNil(SecretStoreChoice.memory.notice)
    XCTAssertNotNil(SecretStoreChoice.privateFile.notice)
    XCTAssertTrue(SecretStoreChoice.keyring.remembersAcrossRuns)
    XCTAssertFalse(SecretStoreChoice.memory.remembersAcrossRuns)
    XCTAssertTrue(SecretStoreChoice.privateFile.remembersAcrossRuns)
  }

  func testUserMessagesAreDistinctAndJargonFree() {
    let messages = [SecretStoreError.unavailable("x").userMessage, SecretStoreError.failed("x").userMessage]
    XCTAssertNotEqual(messages[0], messages[1])
    for message in messages + [SecretStoreChoice.memory.notice!, SecretStoreChoice.privateFile.notice!] {
      for jargon in ["D-Bus", "libsecret", "Secret Service", "GError"] {
        XCTAssertFalse(message.contains(jargon), message)
      }
    }
  }
}
