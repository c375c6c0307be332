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
    for problem in [KeyringProblem.notRunning, .noDefaultKeyring, .saveFailed] {
      XCTAssertNil(SecretStoreChoice.keyring.notice(problem))
      XCTAssertNotNil(SecretStoreChoice.memory.notice(problem))
      XCTAssertNotNil(SecretStoreChoice.privateFile.notice(problem))
    }
    XCTAssertTrue(SecretStoreChoice.keyring.remembersAcrossRuns)
    XCTAssertFalse(SecretStoreChoice.memory.remembersAcrossRuns)
    XCTAssertTrue(SecretStoreChoice.privateFile.remembersAcrossRuns)
  }

  func testUserMessagesAreDistinctAndJargonFree() {
    let messages = [
      SecretStoreError.unavailable("x").userMessage, SecretStoreError.failed("x").userMessage,
      SecretStoreError.noDefaultKeyring("x").userMessage,
    ]
    XCTAssertEqual(Set(messages).count, messages.count)
    let problems = [KeyringProblem.notRunning, .noDefaultKeyring, .saveFailed]
    let notices = problems.flatMap { [$0.banner, $0.notice(keepsInFile: false), $0.notice(keepsInFile: true)] }
    XCTAssertEqual(Set(notices).count, notices.count, "each problem says its own cause")
    for message in messages + notices {
      for jargon in ["D-Bus", "libsecret", "Secret Service", "GError"] {
        XCTAssertFalse(message.contains(jargon), message)
      }
    }
  }
}
