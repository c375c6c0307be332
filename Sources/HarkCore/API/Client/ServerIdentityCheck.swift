/// Whether the server answering at a signed-in address is still the one
/// that issued the token (`server_id`), checked with the public
/// `GET /server` before the token is sent: once per connection, again after
/// every offline → online edge and before a 401 is believed.
///
/// Another server can take over an address (a reinstall, a port reused on a
/// home server, a DNS change). It must not get the listener's token, and its
/// 401 must not sign the listener out of the server that is away.
public actor ServerIdentityCheck {
  public nonisolated let serverID: String
  private var confirmed = false
  /// The check in flight, shared by every request that waits for it.
  private var checking: Task<Result<Void, APIError>, Never>?

  public init(serverID: String) {
    self.serverID = serverID
  }

  /// Returns once this connection's server has answered with `serverID`;
  /// throws `.differentServer` when another one answers, or why it could not
  /// be asked.
  func confirm(_ ask: @escaping @Sendable () async throws(APIError) -> ServerInfo) async throws(APIError) {
    if confirmed { return }
    let task = checking ?? Task { [serverID] () -> Result<Void, APIError> in
      do throws(APIError) {
        let info = try await ask()
        return info.serverID == serverID ? .success(()) : .failure(.differentServer(name: info.name))
      } catch {
        return .failure(error)
      }
    }
    checking = task
    let result = await task.value
    if checking == task { checking = nil }
    if case .success = result { confirmed = true }
    try result.get()
  }

  /// The next authenticated request checks again.
  public func forget() {
    confirmed = false
  }
}
