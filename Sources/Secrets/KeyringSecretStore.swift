import CGLib
import CSecret
import Dispatch
import HarkCore

/// Session tokens and API keys in the desktop keyring, through the Secret
/// Service (gnome-keyring, KeePassXC, KWallet...) with libsecret.
///
/// Items use the schema `dev.hark.Hark.Token` with the attributes `server_id`,
/// `kind` ("session" or "api-key") and, for API keys, `key_id`, and go to the
/// default collection (the login keyring). A keyring without one is asked to
/// create it (it prompts for the new keyring's password); if that does not
/// happen, saving throws `.noDefaultKeyring`. Every libsecret call is a blocking
/// `_sync` call made on the store's private serial queue, never on the
/// caller's thread; cancelling the calling task cancels the call, an unlock
/// prompt included. A locked keyring prompts for unlocking; if that is
/// cancelled the call throws `.unavailable`.
///
/// libsecret talks over GIO's shared session bus connection, which GIO makes
/// from `DBUS_SESSION_BUS_ADDRESS` when first needed and which ends the
/// process if the bus goes away (as for any GApplication). Use `probe()`
/// first to choose a store (see `SecretStoreChoice`).
public final class KeyringSecretStore: SecretStore {
  private let connection = KeyringConnection()
  private let queue = BlockingQueue(label: "dev.hark.Hark.keyring")

  public init() {}

  public func save(_ secret: String, for account: SecretAccount, label: String) async throws(SecretStoreError) {
    try await queue.run { [connection] (cancellable) throws(SecretStoreError) in
      try connection.withService(cancellable) { (service) throws(SecretStoreError) in
        let attributes = account.attributes()
        defer { g_hash_table_unref(attributes) }
        let value = secret.withCString { secret_value_new($0, gssize(secret.utf8.count), "text/plain") }
        defer { secret_value_unref(UnsafeMutableRawPointer(value)) }
        var error: UnsafeMutablePointer<GError>?
        func store() -> Bool {
          secret_service_store_sync(
            service, hark_token_schema(), attributes, "default", label, value, cancellable.pointer, &error) != 0
        }
        if store() { return }
        // libsecret does not unlock the collection it stores into: prompt, then try again.
        if let locked = error, locked.pointee.domain == secret_error_get_quark(),
          locked.pointee.code == Int32(SECRET_ERROR_IS_LOCKED.rawValue)
        {
          g_error_free(locked)
          error = nil
          try Self.unlockDefaultCollection(service, cancellable)
          if store() { return }
        }
        // With no default collection libsecret asks the keyring to create one,
        // which prompts for its password; no prompter, or a dismissed prompt,
        // leaves none. Say that, not "no keyring".
        if Self.lacksDefaultCollection(service, cancellable) {
          if let error { g_error_free(error) }
          throw .noDefaultKeyring("Saving to the keyring: it has no default collection, and none was created")
        }
        throw KeyringError.take(error, while: "Saving to the keyring")
      }
    }
  }

  public func load(_ account: SecretAccount) async throws(SecretStoreError) -> String? {
    try await queue.run { [connection] (cancellable) throws(SecretStoreError) -> String? in
      try connection.withService(cancellable) { (service) throws(SecretStoreError) -> String? in
        let items = try Self.search(
          service, account.attributes(), [SECRET_SEARCH_UNLOCK, SECRET_SEARCH_LOAD_SECRETS], cancellable)
        defer { g_list_free_full(items, g_object_unref) }
        guard let item = items?.pointee.data?.assumingMemoryBound(to: SecretItem.self) else { return nil }
        if secret_item_get_locked(item) != 0 { throw .unavailable("Reading from the keyring: it stayed locked") }
        guard let value = secret_item_get_secret(item) else {
          throw .failed("Reading from the keyring: the item has no secret")
        }
        defer { secret_value_unref(UnsafeMutableRawPointer(value)) }
        var length: gsize = 0
        let bytes = secret_value_get(value, &length)
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(length)), as: UTF8.self)
      }
    }
  }

  public func delete(_ account: SecretAccount) async throws(SecretStoreError) {
    try await deleteItems(serverID: account.serverID, account: account)
  }

  public func deleteAll(serverID: String) async throws(SecretStoreError) {
    try await deleteItems(serverID: serverID, account: nil)
  }

  /// Whether a Secret Service answers on the session bus within `timeout`.
  /// Never takes longer, whatever the bus does, and never blocks the
  /// caller's thread. A service that D-Bus starts on demand counts when it
  /// starts in time.
  public static func probe(timeout: Duration = .milliseconds(1500)) async -> Bool {
    await KeyringProbe.run(timeout: timeout)
  }

  /// Deletes the account's item, or every item of the server when `account` is nil.
  private func deleteItems(serverID: String, account: SecretAccount?) async throws(SecretStoreError) {
    try await queue.run { [connection] (cancellable) throws(SecretStoreError) in
      try connection.withService(cancellable) { (service) throws(SecretStoreError) in
        let attributes: OpaquePointer = account?.attributes() ?? hark_token_attributes(serverID, nil, 0, 0)
        let items = try Self.search(service, attributes, [SECRET_SEARCH_ALL, SECRET_SEARCH_UNLOCK], cancellable)
        defer { g_list_free_full(items, g_object_unref) }
        var node = items
        while let current = node {
          node = current.pointee.next
          let item = current.pointee.data.assumingMemoryBound(to: SecretItem.self)
          if secret_item_get_locked(item) != 0 { throw .unavailable("Deleting from the keyring: it stayed locked") }
          var error: UnsafeMutablePointer<GError>?
          if secret_item_delete_sync(item, cancellable.pointer, &error) == 0 {
            // Deleted meanwhile by someone else: what we wanted.
            if let error, error.pointee.domain == secret_error_get_quark(),
              error.pointee.code == Int32(SECRET_ERROR_NO_SUCH_OBJECT.rawValue)
            {
              g_error_free(error)
              continue
            }
            throw KeyringError.take(error, while: "Deleting from the keyring")
          }
        }
      }
    }
  }

  /// Asks the Secret Service to unlock the default collection, which may
  /// show the listener a prompt; throws `.unavailable` if it stays locked.
  private static func unlockDefaultCollection(
    _ service: UnsafeMutablePointer<SecretService>, _ cancellable: Cancellable
  ) throws(SecretStoreError) {
    var error: UnsafeMutablePointer<GError>?
    guard
      let collection = secret_collection_for_alias_sync(
        service, "default", SECRET_COLLECTION_NONE, cancellable.pointer, &error)
    else {
      if let error { throw KeyringError.take(error, while: "Finding the default keyring") }
      throw .noDefaultKeyring("Saving to the keyring: it has no default collection")
    }
    defer { g_object_unref(collection) }
    let collections = g_list_append(nil, collection)
    defer { g_list_free(collections) }
    var unlocked: UnsafeMutablePointer<GList>?
    let count = secret_service_unlock_sync(service, collections, cancellable.pointer, &unlocked, &error)
    g_list_free_full(unlocked, g_object_unref)
    if count < 0 || error != nil { throw KeyringError.take(error, while: "Unlocking the keyring") }
    if count == 0 { throw .unavailable("Saving to the keyring: it stayed locked") }
  }

  /// True only when the keyring answered that no collection has the alias
  /// "default"; false when it has one or did not answer.
  private static func lacksDefaultCollection(
    _ service: UnsafeMutablePointer<SecretService>, _ cancellable: Cancellable
  ) -> Bool {
    var error: UnsafeMutablePointer<GError>?
    let collection = secret_collection_for_alias_sync(
      service, "default", SECRET_COLLECTION_NONE, cancellable.pointer, &error)
    let missing = collection == nil && error == nil
    if let collection { g_object_unref(collection) }
    if let error { g_error_free(error) }
    return missing
  }

  /// Items of Hark's schema matching `attributes` (which it takes and frees).
  private static func search(
    _ service: UnsafeMutablePointer<SecretService>, _ attributes: OpaquePointer,
    _ flags: [SecretSearchFlags], _ cancellable: Cancellable
  ) throws(SecretStoreError) -> UnsafeMutablePointer<GList>? {
    defer { g_hash_table_unref(attributes) }
    var error: UnsafeMutablePointer<GError>?
    let combined = SecretSearchFlags(flags.reduce(0) { $0 | $1.rawValue })
    let items = secret_service_search_sync(
      service, hark_token_schema(), attributes, combined, cancellable.pointer, &error)
    if let error { throw KeyringError.take(error, while: "Searching the keyring") }
    return items
  }
}

extension SecretAccount {
  /// The item attributes of this account (a new table the caller frees).
  func attributes() -> OpaquePointer {
    switch kind {
    case .session: hark_token_attributes(serverID, "session", 0, 0)
    case .apiKey(let id): hark_token_attributes(serverID, "api-key", 1, gint64(id))
    }
  }
}
