import Foundation
import HarkCore
import XCTest

/// Personal API keys: created with the secret shown once, listed without
/// it, refused on the credential-minting routes, revoked for good.
final class ClientAPIKeyTests: ClientTestCase {

  func testCreateListRevoke() async throws {
    let client = try await h.signedIn()
    let created = try await client.createAPIKey(label: "Hark test key")
    XCTAssertFalse(created.token.isEmpty)
    XCTAssertEqual(created.apiKey.label, "Hark test key")
    XCTAssertNotNil(created.apiKey.createdAt.date)
    XCTAssertNil(created.apiKey.lastSeen)
    XCTAssertFalse(created.description.contains(created.token))

    let keys = try await client.listAPIKeys()
    XCTAssertEqual(keys.map(\.id), [created.apiKey.id])
    XCTAssertEqual(keys.first?.label, "Hark test key")
    // The secret is shown once: the listing never carries it.
    let raw = try await h.transport.send(
      HTTPRequest(method: "GET", url: client.apiURL("/auth/tokens"), headers: client.authHeaders))
    XCTAssertEqual(raw.status, 200)
    XCTAssertFalse(String(decoding: raw.body, as: UTF8.self).contains(created.token))

    // The key works, and its use shows in the listing.
    let keyFailures = CallCounter()
    let byKey = h.client(token: created.token, onAuthFailure: keyFailures.callback)
    let keyUser = try await byKey.me()
    XCTAssertEqual(keyUser.username, "listener")
    let used = try await client.listAPIKeys()
    XCTAssertNotNil(used.first?.lastSeen)

    try await client.revokeAPIKey(id: created.apiKey.id)
    let remaining = try await client.listAPIKeys()
    XCTAssertEqual(remaining, [])
    let revoked = await apiError { try await byKey.libraries() }
    XCTAssertEqual(revoked, .server(status: 401, message: "invalid or revoked token"))
    XCTAssertEqual(keyFailures.count, 1)

    let again = await apiError { try await client.revokeAPIKey(id: created.apiKey.id) }
    XCTAssertEqual(again, .server(status: 404, message: "api key not found"))
  }

  func testAnAPIKeyCannotMintCredentials() async throws {
    let client = try await h.signedIn()
    let created = try await client.createAPIKey(label: "restricted")
    let failures = CallCounter()
    let byKey = h.client(token: created.token, onAuthFailure: failures.callback)
    let forbidden = APIError.server(status: 403, message: "not allowed with an API key")
    let mint = await apiError { try await byKey.createAPIKey(label: "another") }
    XCTAssertEqual(mint, forbidden)
    let pair = await apiError { try await byKey.pair() }
    XCTAssertEqual(pair, forbidden)
    let password = await apiError {
      try await byKey.setPassword("long enough password", current: "correct horse")
    }
    XCTAssertEqual(password, forbidden)
    // Reading is fine, and a 403 is not a lost session.
    _ = try await byKey.listAPIKeys()
    XCTAssertEqual(failures.count, 0)
    try await client.revokeAPIKey(id: created.apiKey.id)
  }

  func testLogoutWithAnAPIKeyRevokesThatKey() async throws {
    let client = try await h.signedIn()
    let created = try await client.createAPIKey(label: "logs out")
    let byKey = h.client(token: created.token)
    try await byKey.logout()
    let remaining = try await client.listAPIKeys()
    XCTAssertFalse(remaining.contains { $0.id == created.apiKey.id })
    let after = await apiError { try await byKey.me() }
    XCTAssertEqual(after?.isAuthFailure, true)
  }
}
