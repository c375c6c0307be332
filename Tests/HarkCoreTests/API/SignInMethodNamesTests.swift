import HarkCore
import XCTest

/// Reading `auth.methods`: the API names no strings, so the names servers
/// really use for the invite code all count, and an empty list means the
/// basic two.
final class SignInMethodNamesTests: XCTestCase {
  func testEveryNameForTheInviteCodeCounts() {
    for name in ["code", "auth_code", "invite", "invite_code", "Auth_Code"] {
      let methods = AuthMethods(methods: [name, "password"])
      XCTAssertTrue(methods.acceptsInviteCode, name)
      XCTAssertTrue(methods.acceptsPassword, name)
    }
  }

  func testOnlyWhatIsListedIsOffered() {
    XCTAssertFalse(AuthMethods(methods: ["password", "demo"]).acceptsInviteCode)
    XCTAssertFalse(AuthMethods(methods: ["auth_code"]).acceptsPassword)
  }

  func testAServerThatListsNothingAcceptsTheBasicTwo() {
    XCTAssertTrue(AuthMethods(methods: []).acceptsInviteCode)
    XCTAssertTrue(AuthMethods(methods: []).acceptsPassword)
  }
}
