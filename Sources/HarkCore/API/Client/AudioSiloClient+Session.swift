import Foundation

// Server identity, signing in and out, and the account's own keys.

extension AudioSiloClient {
  /// `GET /server`: public; call it first and gate features on its capabilities.
  public func serverInfo() async throws(APIError) -> ServerInfo {
    try await publicServerInfo()
  }

  /// `GET /server` without the token, which a public route does not need:
  /// it is also how the identity check asks who answers.
  func publicServerInfo() async throws(APIError) -> ServerInfo {
    let request = HTTPRequest(
      method: "GET", url: apiURL("/server"), headers: ["Accept": "application/json"], timeout: Self.requestTimeout)
    return try decode(ServerInfo.self, from: checked(await exchange(request), reportsAuthFailure: false))
  }

  /// `GET /healthz` (outside `/api/v1`): returns when the server is healthy,
  /// throws `.server(503, …)` when it is up but its database is not.
  public func healthz() async throws(APIError) {
    let request = HTTPRequest(
      method: "GET", url: APIAddress.url(base: baseURL, "/healthz", []),
      headers: ["Accept": "application/json"], timeout: Self.requestTimeout)
    _ = try checked(await exchange(request))
  }

  /// `POST /auth/redeem {code}`: an invite or recovery code to a pairing
  /// payload. Redeeming does not use up the invite; `exchange` does.
  public func redeem(code: String) async throws(APIError) -> PairingPayload {
    let body = try json(["code": code])
    return try decode(
      PairingPayload.self,
      from: await perform("POST", "/auth/redeem", body: body, signInRoute: true))
  }

  /// `POST /auth/exchange {pairing_token, device_name}`. Its 401 messages
  /// ("invite has expired", …) are meant for the listener as they are.
  public func exchange(pairingToken: String, deviceName: String) async throws(APIError)
    -> AuthSession
  {
    let body = try json(["pairing_token": pairingToken, "device_name": deviceName])
    return try decode(
      AuthSession.self, from: await perform("POST", "/auth/exchange", body: body, signInRoute: true)
    )
  }

  /// `POST /auth/login {username, password, device_name}`.
  public func login(username: String, password: String, deviceName: String) async throws(APIError)
    -> AuthSession
  {
    let body = try json(["username": username, "password": password, "device_name": deviceName])
    return try decode(
      AuthSession.self, from: await perform("POST", "/auth/login", body: body, signInRoute: true))
  }

  /// `POST /demo/session {device_name}`, only when `ServerInfo.demo?.enabled`.
  public func demoSession(deviceName: String) async throws(APIError) -> AuthSession {
    let body = try json(["device_name": deviceName])
    return try decode(
      AuthSession.self, from: await perform("POST", "/demo/session", body: body, signInRoute: true))
  }

  /// `POST /auth/logout`: revokes this client's token.
  public func logout() async throws(APIError) {
    _ = try await perform("POST", "/auth/logout")
  }

  /// `GET /me`.
  public func me() async throws(APIError) -> User {
    try decode(User.self, from: await perform("GET", "/me"))
  }

  /// `POST /auth/pair`: a fresh pairing payload for adding another device.
  public func pair() async throws(APIError) -> PairingPayload {
    try decode(PairingPayload.self, from: await perform("POST", "/auth/pair"))
  }

  /// `POST /auth/password {password, current_password?}`; the current
  /// password is left out entirely (not sent empty) when nil.
  public func setPassword(_ password: String, current: String? = nil) async throws(APIError) {
    var fields = ["password": password]
    if let current { fields["current_password"] = current }
    _ = try await perform("POST", "/auth/password", body: json(fields))
  }

  /// `POST /auth/tokens {label}`: the secret in the answer is shown once.
  public func createAPIKey(label: String) async throws(APIError) -> APIKeyCreated {
    try decode(
      APIKeyCreated.self, from: await perform("POST", "/auth/tokens", body: json(["label": label])))
  }

  /// `GET /auth/tokens`.
  public func listAPIKeys() async throws(APIError) -> [APIKey] {
    try list("api_keys", of: APIKey.self, from: await perform("GET", "/auth/tokens"))
  }

  /// `DELETE /auth/tokens/{id}`.
  public func revokeAPIKey(id: Int) async throws(APIError) {
    _ = try await perform("DELETE", "/auth/tokens/\(id)")
  }
}
