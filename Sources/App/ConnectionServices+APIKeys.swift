import Foundation
import HarkCore

/// The API keys of Preferences' server pages: listed, created (the secret
/// kept in the keyring and shown once) and revoked on the server the
/// store's `ServerAccess` names.
extension ConnectionServices {
  /// Why a server without a token in memory (signed out meanwhile, or its
  /// token gone from the keyring) is not asked: an answer, not silence.
  private var noToken: FailureMessage { FailureMessage(tr("Hark is not signed in to this server.")) }

  func loadAPIKeys(_ access: ServerAccess) async {
    let serverID = access.serverID
    guard let client = await client(access) else {
      return dispatch(.connections(.apiKeysLoaded(serverID: serverID, .failure(noToken))))
    }
    do throws(APIError) {
      let keys = try await client.listAPIKeys().map {
        APIKeySummary(id: $0.id, label: $0.label, created: String($0.createdAt.rawValue.prefix(10)))
      }
      dispatch(.connections(.apiKeysLoaded(serverID: serverID, .success(keys))))
    } catch {
      note(error, serverID)
      dispatch(.connections(.apiKeysLoaded(serverID: serverID, .failure(FailureMessage(error.userMessage)))))
    }
  }

  func createAPIKey(_ access: ServerAccess, _ label: String) async {
    let serverID = access.serverID
    guard let client = await client(access) else {
      return dispatch(.connections(.apiKeyCreated(serverID: serverID, .failure(noToken))))
    }
    do throws(APIError) {
      let created = try await client.createAPIKey(label: label)
      // Like the session, the key lives in the keyring; the dialog shows it once.
      try? await secretStore.value.save(
        created.token, for: .apiKey(serverID: serverID, id: created.apiKey.id), label: trFormat("Hark API key “%@”", label))
      let revealed = RevealedAPIKey(serverID: serverID, label: label, secret: created.token)
      dispatch(.connections(.apiKeyCreated(serverID: serverID, .success(revealed))))
    } catch {
      note(error, serverID)
      dispatch(.connections(.apiKeyCreated(serverID: serverID, .failure(FailureMessage(error.userMessage)))))
    }
  }

  func revokeAPIKey(_ access: ServerAccess, _ id: Int) async {
    let serverID = access.serverID
    guard let client = await client(access) else { return await loadAPIKeys(access) }
    do throws(APIError) {
      try await client.revokeAPIKey(id: id)
      try? await secretStore.value.delete(.apiKey(serverID: serverID, id: id))
    } catch {
      note(error, serverID)
    }
    await loadAPIKeys(access)
  }
}
