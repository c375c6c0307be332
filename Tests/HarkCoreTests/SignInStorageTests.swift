import Foundation
import HarkCore
import XCTest

/// The private-file opt-in: what the reducer asks for, what Preferences and
/// the banner say in each of the three storage choices.
final class SignInStorageTests: XCTestCase {
  private let home = ServerConnection(
    serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")

  func testLoadingTheOptInPersistsNothing() {
    var state = AppState()
    XCTAssertEqual(reduce(&state, .connections(.keepSignInInFileLoaded(true))), [])
    XCTAssertTrue(state.connections.keepsSignInInFile)
  }

  func testTogglingAsksToMoveOnlyOnAChange() {
    var state = AppState()
    XCTAssertEqual(reduce(&state, .connections(.keepSignInInFileToggled(false))), [], "the switch echoing its value")
    XCTAssertEqual(reduce(&state, .connections(.keepSignInInFileToggled(true))), [.keepSignInInFile(true)])
    XCTAssertTrue(state.connections.keepsSignInInFile)
    XCTAssertEqual(reduce(&state, .connections(.keepSignInInFileToggled(true))), [])
    XCTAssertEqual(reduce(&state, .connections(.keepSignInInFileToggled(false))), [.keepSignInInFile(false)])
    XCTAssertFalse(state.connections.keepsSignInInFile)
  }

  func testAWorkingKeyringHidesTheOptInEvenWhenItIsOn() {
    var state = AppState()
    state.connections.keepsSignInInFile = true
    let storage = selectSignInStorage(state)
    XCTAssertEqual(storage.choice, .keyring)
    XCTAssertFalse(storage.offersFileOptIn)
    XCTAssertEqual(storage.description, "Sign-ins are kept in your keyring, never in a file.")
  }

  func testWithoutAKeyringTheDescriptionSaysWhereSignInsLive() {
    var state = AppState()
    state.connections.keyringProblem = .notRunning
    XCTAssertEqual(selectSignInStorage(state).choice, .memory)
    XCTAssertTrue(selectSignInStorage(state).offersFileOptIn)
    XCTAssertEqual(selectSignInStorage(state).optInTitle, "Without a Keyring")
    XCTAssertEqual(
      selectSignInStorage(state).description,
      "No keyring is available, so Hark will forget your sign-in when it closes.")
    state.connections.keepsSignInInFile = true
    XCTAssertEqual(selectSignInStorage(state).choice, .privateFile)
    XCTAssertTrue(selectSignInStorage(state).offersFileOptIn, "so it can be switched off again")
    XCTAssertEqual(
      selectSignInStorage(state).description,
      "No keyring is available, so Hark keeps your sign-in in a file only you can read.")
  }

  func testTheBannerWarnsOnlyWhileSignInsWouldBeForgotten() {
    var state = AppState()
    state.connections.keyringProblem = .notRunning
    state.connections.servers = [home]
    XCTAssertEqual(selectBanner(state)?.message.contains("Preferences can keep you signed in."), true)
    state.connections.keepsSignInInFile = true
    XCTAssertNil(selectBanner(state))
    state.connections.keyringProblem = nil
    state.connections.keepsSignInInFile = false
    XCTAssertNil(selectBanner(state))
  }
}

/// A keyring that runs but has no default collection: the banner and
/// Preferences say that, not "no keyring is running", and say how to fix it.
final class KeyringProblemTests: XCTestCase {
  private let home = ServerConnection(
    serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")

  func testAFailedSaveWithoutADefaultCollectionIsSaidAsSuch() {
    var state = AppState()
    _ = reduce(&state, .connections(.keyringAvailabilityChecked(available: true)))
    state.connections.servers = [home]
    XCTAssertNil(selectBanner(state))
    XCTAssertEqual(reduce(&state, .connections(.keyringCouldNotKeepSignIn(.noDefaultKeyring))), [])
    XCTAssertEqual(selectSignInStorage(state).choice, .memory)
    XCTAssertTrue(selectSignInStorage(state).offersFileOptIn)
    XCTAssertEqual(
      selectBanner(state)?.message,
      "Your keyring has no default collection, so you will have to sign in again next time you open Hark. "
        + "Create one in Passwords and Keys, or let Preferences keep you signed in.")
    XCTAssertEqual(
      selectSignInStorage(state).description,
      "Your keyring has no default collection, so Hark will forget your sign-in when it closes.")
    XCTAssertEqual(selectSignInStorage(state).optInTitle, "While Your Keyring Cannot Keep Sign-Ins", "a keyring runs")
    state.connections.keepsSignInInFile = true
    XCTAssertEqual(
      selectSignInStorage(state).description,
      "Your keyring has no default collection, so Hark keeps your sign-in in a file only you can read.")
  }

  func testEachStoreErrorNamesItsProblem() {
    XCTAssertEqual(KeyringProblem(.noDefaultKeyring("x")), .noDefaultKeyring)
    XCTAssertEqual(KeyringProblem(.unavailable("x")), .notRunning)
    XCTAssertEqual(KeyringProblem(.failed("x")), .saveFailed)
  }
}
