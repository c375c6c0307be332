import Foundation
import HarkCore
import XCTest

/// Server identity and every way to a session and out of it, through
/// `AudioSiloClient` over libsoup against the test server.
final class ClientSessionTests: ClientTestCase {

  override func setUp() async throws {
    // Forget failed logins, so the 10-per-15-minutes cap never bites here.
    try await h.rateLimit(rate: 1000, burst: 1000)
    try await h.setInvite(ClientHarness.invite, uses: 3)
  }

  func testServerInfoAndHealth() async throws {
    let client = h.client()
    let info = try await client.serverInfo()
    XCTAssertEqual(info.name, "Hark Test Server")
    XCTAssertEqual(info.serverID, "test-server-1")
    XCTAssertEqual(info.api, "v1")
    XCTAssertTrue(info.capabilities.apiKeys)
    XCTAssertTrue(info.capabilities.metadata)
    XCTAssertFalse(info.capabilities.upload)
    XCTAssertEqual(Set(info.auth.methods), ["code", "password", "demo"])
    XCTAssertEqual(info.demo?.enabled, true)
    try await client.healthz()

    try await h.fault(
      #"{"path_prefix": "/healthz", "status": 503, "body": {"error": "database unavailable"}}"#)
    let down = await apiError { try await client.healthz() }
    XCTAssertEqual(down, .server(status: 503, message: "database unavailable"))
  }

  func testRedeemThenExchangeSignsIn() async throws {
    let client = h.client()
    // Typed by a person, in lower case with spaces: the server normalises.
    let pairing = try await client.redeem(code: "9m4k p2tq wx7v 3rhd")
    XCTAssertEqual(pairing.serverName, "Hark Test Server")
    XCTAssertEqual(pairing.baseURL, h.baseURL.absoluteString)
    XCTAssertFalse(pairing.pairingToken.isEmpty)
    XCTAssertTrue(pairing.uri.hasPrefix("audiosilo://connect?"))
    XCTAssertTrue(pairing.webURL.hasSuffix("/web/connect?token=" + pairing.pairingToken))
    XCTAssertTrue(pairing.qrPNGDataURI.hasPrefix("data:image/png;base64,"))
    XCTAssertEqual(pairing.usesRemaining, 3)
    XCTAssertNil(pairing.codeExpiresAt)
    // Parses as the pairing link the app accepts.
    guard case .pairing(let server, let token)? = PairingLink.parse(pairing.uri) else {
      return XCTFail("unparsable pairing uri \(pairing.uri)")
    }
    XCTAssertEqual(server.absoluteString, pairing.baseURL)
    XCTAssertEqual(token, pairing.pairingToken)
    XCTAssertEqual(PairingLink.parse(pairing.webURL), .pairing(base: server, token: token))

    let session = try await client.exchange(
      pairingToken: pairing.pairingToken, deviceName: "Hark tests")
    XCTAssertEqual(session.serverID, "test-server-1")
    XCTAssertEqual(session.user.username, "listener")
    XCTAssertFalse(session.description.contains(session.token))
    let me = try await client.withToken(session.token).me()
    XCTAssertEqual(me.username, "listener")

    // Redeeming did not use the invite up; the exchange did.
    let again = try await client.redeem(code: ClientHarness.invite)
    XCTAssertEqual(again.usesRemaining, 2)
  }

  func testRedeemRefusals() async throws {
    let client = h.client()
    let unknown = await apiError { try await client.redeem(code: "AAAA-BBBB-CCCC-DDDD") }
    XCTAssertEqual(unknown, .server(status: 401, message: "invalid or expired code"))
    let expired = await apiError { try await client.redeem(code: "XPRD-2020-0101-0000") }
    XCTAssertEqual(expired, .server(status: 401, message: "invite has expired"))
  }

  /// The three exchange 401s are distinct and reach the caller verbatim,
  /// without being mistaken for a dead session.
  func testExchangeRefusalsKeepTheServersWords() async throws {
    let failures = CallCounter()
    let client = h.client(onAuthFailure: failures.callback)

    let bogus = await apiError {
      try await client.exchange(pairingToken: "not-a-token", deviceName: "x")
    }
    XCTAssertEqual(bogus, .server(status: 401, message: "invalid or expired pairing token"))

    // Used up: one use left, two pairings handed out.
    try await h.setInvite("USED-UPUP-TEST-0001", uses: 1)
    let first = try await client.redeem(code: "USED-UPUP-TEST-0001")
    let second = try await client.redeem(code: "USED-UPUP-TEST-0001")
    _ = try await client.exchange(pairingToken: first.pairingToken, deviceName: "one")
    let usedUp = await apiError {
      try await client.exchange(pairingToken: second.pairingToken, deviceName: "two")
    }
    XCTAssertEqual(usedUp, .server(status: 401, message: "invite already used on all its devices"))
    XCTAssertEqual(usedUp?.userMessage, "invite already used on all its devices")

    // Expired after the pairing was handed out.
    try await h.setInvite("EXPR-IRED-TEST-0001", uses: 3)
    let pending = try await client.redeem(code: "EXPR-IRED-TEST-0001")
    try await h.setInvite("EXPR-IRED-TEST-0001", uses: 3, expiresAt: "2020-01-01T00:00:00Z")
    let expired = await apiError {
      try await client.exchange(pairingToken: pending.pairingToken, deviceName: "late")
    }
    XCTAssertEqual(expired, .server(status: 401, message: "invite has expired"))

    // A pairing token works once.
    let reused = await apiError {
      try await client.exchange(pairingToken: first.pairingToken, deviceName: "again")
    }
    XCTAssertEqual(reused, .server(status: 401, message: "invalid or expired pairing token"))
    XCTAssertEqual(failures.count, 0, "a refused sign-in is not a lost session")
  }

  func testLoginAndItsRefusals() async throws {
    let failures = CallCounter()
    let client = h.client(onAuthFailure: failures.callback)
    let session = try await client.login(
      username: "listener", password: "correct horse", deviceName: "Hark")
    XCTAssertEqual(session.user.username, "listener")
    XCTAssertEqual(session.user.id, 2)
    XCTAssertNil(session.serverID, "login answers {token, user} only")
    XCTAssertFalse(session.token.isEmpty)

    for (username, password) in [
      ("listener", "wrong"), ("nopass", ""), ("disabled", "correct horse"),
    ] {
      let refused = await apiError {
        try await client.login(username: username, password: password, deviceName: "Hark")
      }
      XCTAssertEqual(refused, .server(status: 401, message: "invalid credentials"), username)
    }
    XCTAssertEqual(failures.count, 0)
  }

  func testDemoSession() async throws {
    let client = h.client()
    let demo = try await client.demoSession(deviceName: "Hark tests")
    XCTAssertTrue(demo.user.isDemo)
    XCTAssertEqual(demo.user.username, "demo")
    XCTAssertNotNil(demo.pairing?.pairingToken)
    let signedIn = client.withToken(demo.token)
    let me = try await signedIn.me()
    XCTAssertTrue(me.isDemo)
    let password = await apiError { try await signedIn.setPassword("long enough password") }
    XCTAssertEqual(password, .server(status: 403, message: "not available for the demo account"))
    let key = await apiError { try await signedIn.createAPIKey(label: "demo key") }
    XCTAssertEqual(key, .server(status: 403, message: "not available for the demo account"))
  }

  func testDemoOffIsNotFound() async throws {
    try await h.control("POST", "capabilities", json: #"{"demo": false}"#)
    defer { Task { [h] in try await h.control("POST", "capabilities", json: #"{"demo": true}"#) } }
    let client = h.client()
    let info = try await client.serverInfo()
    XCTAssertEqual(info.demo?.enabled, false)
    let refused = await apiError { try await client.demoSession(deviceName: "x") }
    XCTAssertEqual(refused, .server(status: 404, message: "demo is not enabled"))
    try await h.control("POST", "capabilities", json: #"{"demo": true}"#)
  }

  func testMeDescribesTheAccount() async throws {
    let me = try await h.signedIn().me()
    XCTAssertEqual(me.id, 2)
    XCTAssertEqual(me.username, "listener")
    XCTAssertEqual(me.role, "user")
    XCTAssertFalse(me.disabled)
    XCTAssertTrue(me.hasPassword)
    XCTAssertTrue(me.hasRecovery)
    XCTAssertFalse(me.isDemo)
    XCTAssertNotNil(me.lastSeenAt?.date, "last_seen_at is set by this very request")
  }

  func testLogoutRevokesTheToken() async throws {
    let failures = CallCounter()
    let client = try await h.signedIn(onAuthFailure: failures.callback)
    try await client.logout()
    let after = await apiError { try await client.me() }
    XCTAssertEqual(after, .server(status: 401, message: "invalid or revoked token"))
    XCTAssertEqual(failures.count, 1)
  }

  func testPairAddsAnotherDevice() async throws {
    let client = try await h.signedIn()
    let pairing = try await client.pair()
    XCTAssertNil(pairing.usesRemaining, "not from an invite")
    XCTAssertTrue(pairing.uri.contains("token="))
    let second = try await h.client().exchange(
      pairingToken: pairing.pairingToken, deviceName: "laptop")
    XCTAssertEqual(second.user.username, "listener")
    XCTAssertNotEqual(second.token, client.token)
    _ = try await h.client(token: second.token).libraries()
  }

  /// Changes the admin's password (the listener's is shared by every test)
  /// and puts it back.
  func testPasswordChange() async throws {
    let failures = CallCounter()
    let admin = h.client(
      token: try await h.token("admin", password: "admin password"),
      onAuthFailure: failures.callback)
    let since = try await h.lastSeq()

    let wrongCurrent = await apiError {
      try await admin.setPassword("a new password", current: "nope")
    }
    XCTAssertEqual(wrongCurrent, .server(status: 403, message: "current password is incorrect"))
    let missingCurrent = await apiError { try await admin.setPassword("a new password") }
    XCTAssertEqual(missingCurrent, .server(status: 403, message: "current password is incorrect"))
    let short = await apiError { try await admin.setPassword("short", current: "admin password") }
    XCTAssertEqual(short, .server(status: 400, message: "password must be at least 8 characters"))

    try await admin.setPassword("a new password", current: "admin password")
    _ = try await h.token("admin", password: "a new password")
    let old = await apiError {
      try await h.client().login(username: "admin", password: "admin password", deviceName: "x")
    }
    XCTAssertEqual(old, .server(status: 401, message: "invalid credentials"))
    let stillAdmin = try await admin.me()
    XCTAssertEqual(stillAdmin.username, "admin", "the session survives the change")

    try await admin.setPassword("admin password", current: "a new password")
    let sent = try await h.requests(since: since).filter { $0.path == "/api/v1/auth/password" }
    XCTAssertEqual(sent.map(\.status), [403, 403, 400, 204, 204])
    XCTAssertTrue(sent.allSatisfy { $0.authorization == "present" })
    XCTAssertEqual(failures.count, 0, "a refused password change does not end the session")
  }
}
