import CGLib
import Foundation
import HarkCore

/// GNOME Shell's search (org.gnome.Shell.SearchProvider2): type a book's
/// title in the Activities overview, pick it, and it resumes where you left
/// off. Results come from every signed-in server's search, like Hark's own;
/// a result names its book by server, library and path.
@MainActor
final class SearchProviderService {
  static let objectPath = "/dev/hark/Hark/SearchProvider"
  /// At most this many results per server: the shell shows a handful.
  static let limit = 10

  private let connections: ConnectionServices
  /// This computer's books, found in its scans (first: no network wait).
  private let local: LocalLibraryServices
  private let store: Store
  private let present: @MainActor () -> Void
  private var registration: guint = 0
  /// What the last searches found, for `GetResultMetas`.
  private var found: [String: Book] = [:]

  init?(
    connection: OpaquePointer?, connections: ConnectionServices, local: LocalLibraryServices, store: Store,
    present: @escaping @MainActor () -> Void
  ) {
    guard let connection else { return nil }
    self.connections = connections
    self.local = local
    self.store = store
    self.present = present
    var error: UnsafeMutablePointer<GError>?
    guard let node = g_dbus_node_info_new_for_xml(Self.xml, &error),
      let interface = g_dbus_node_info_lookup_interface(node, "org.gnome.Shell.SearchProvider2")
    else {
      if let error { g_error_free(error) }
      return nil
    }
    defer { g_dbus_node_info_unref(node) }
    var vtable = Self.vtable
    registration = g_dbus_connection_register_object(
      connection, Self.objectPath, interface, &vtable, Unmanaged.passUnretained(self).toOpaque(), nil, &error)
    if let error { g_error_free(error) }
    guard registration != 0 else { return nil }
  }

  private static let vtable = GDBusInterfaceVTable(
    method_call: { _, _, _, _, method, parameters, invocation, data in
      let service = Unmanaged<SearchProviderService>.fromOpaque(data!).takeUnretainedValue()
      let method = String(cString: method!)
      nonisolated(unsafe) let parameters = parameters
      nonisolated(unsafe) let invocation = invocation
      MainActor.assumeIsolated { service.call(method, parameters, invocation) }
    },
    get_property: nil, set_property: nil, padding: (nil, nil, nil, nil, nil, nil, nil, nil))

  private func call(_ method: String, _ parameters: OpaquePointer?, _ invocation: OpaquePointer?) {
    switch method {
    case "GetInitialResultSet":
      search(Variant.strings(in: parameters, at: 0), invocation)
    case "GetSubsearchResultSet":
      search(Variant.strings(in: parameters, at: 1), invocation)
    case "GetResultMetas":
      let metas = Variant.strings(in: parameters, at: 0).compactMap { id in found[id].map { meta(id, $0) } }
      g_dbus_method_invocation_return_value(invocation, Variant.tuple([Variant.array(of: "aa{sv}", metas)]))
    case "ActivateResult":
      if let id = Variant.string(in: parameters, at: 0), let key = ResultID.key(id) {
        present()
        store.dispatch(.library(.bookOpened(key)))
        store.dispatch(.player(.playRequested(key, .resume, at: Date())))
      }
      g_dbus_method_invocation_return_value(invocation, nil)
    case "LaunchSearch":
      present()
      store.dispatch(.library(.searchRequested))
      g_dbus_method_invocation_return_value(invocation, nil)
    default:
      g_dbus_method_invocation_return_value(invocation, nil)
    }
  }

  /// Asks every signed-in server, then answers with what was found.
  private func search(_ terms: [String], _ invocation: OpaquePointer?) {
    nonisolated(unsafe) let invocation = invocation
    let query = terms.joined(separator: " ")
    let servers = store.state.connections.servers.map(\.serverID)
    let clients = servers.compactMap { id in connections.signedInClient(id).map { (id, $0) } }
    Task { @MainActor in
      var ids: [String] = []
      for book in local.catalog.search(query, limit: Self.limit) {
        let id = ResultID.make(LibraryPath(serverID: LocalSource.serverID, libraryID: book.libraryID, path: book.relPath))
        found[id] = book
        ids.append(id)
      }
      for (serverID, client) in clients {
        guard let books = try? await client.search(query, limit: Self.limit) else { continue }
        for book in books {
          let id = ResultID.make(LibraryPath(serverID: serverID, libraryID: book.libraryID, path: book.relPath))
          found[id] = book
          ids.append(id)
        }
      }
      g_dbus_method_invocation_return_value(invocation, Variant.tuple([Variant.strings(ids)]))
    }
  }

  private func meta(_ id: String, _ book: Book) -> OpaquePointer {
    let description = [book.author, book.duration > 0 ? formatDuration(book.duration) : ""]
      .filter { !$0.isEmpty }.joined(separator: " · ")
    return Variant.dictionary([
      ("id", Variant.string(id)), ("name", Variant.string(book.title.isEmpty ? pathLeaf(book.relPath) : book.title)),
      ("description", Variant.string(description)), ("gicon", Variant.string(HarkApplication.id)),
    ])
  }

  private static let xml = """
    <node>
      <interface name="org.gnome.Shell.SearchProvider2">
        <method name="GetInitialResultSet">
          <arg type="as" name="terms" direction="in"/><arg type="as" name="results" direction="out"/>
        </method>
        <method name="GetSubsearchResultSet">
          <arg type="as" name="previous_results" direction="in"/><arg type="as" name="terms" direction="in"/>
          <arg type="as" name="results" direction="out"/>
        </method>
        <method name="GetResultMetas">
          <arg type="as" name="identifiers" direction="in"/><arg type="aa{sv}" name="metas" direction="out"/>
        </method>
        <method name="ActivateResult">
          <arg type="s" name="identifier" direction="in"/><arg type="as" name="terms" direction="in"/>
          <arg type="u" name="timestamp" direction="in"/>
        </method>
        <method name="LaunchSearch">
          <arg type="as" name="terms" direction="in"/><arg type="u" name="timestamp" direction="in"/>
        </method>
      </interface>
    </node>
    """
}

/// A search result's identifier: the book's server, library and path,
/// joined with a separator no server id or number holds.
enum ResultID {
  static func make(_ key: LibraryPath) -> String { "\(key.serverID)\u{1F}\(key.libraryID)\u{1F}\(key.path)" }

  static func key(_ id: String) -> LibraryPath? {
    let parts = id.split(separator: "\u{1F}", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, let library = Int(parts[1]) else { return nil }
    return LibraryPath(serverID: String(parts[0]), libraryID: library, path: String(parts[2]))
  }
}
