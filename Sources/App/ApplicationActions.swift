import CGtk
import GObjectKit

/// Adds `GSimpleAction`s with Swift handlers to an action map and binds their
/// keyboard accelerators.
@MainActor
struct ApplicationActions {
  let application: UnsafeMutablePointer<GtkApplication>

  /// A parameterless action, e.g. `app.preferences`.
  func add(_ name: String, accelerators: [String] = [], _ handler: @escaping @MainActor () -> Void) {
    let action = g_simple_action_new(name, nil)!
    Signals.connect(action, "activate") { (_: UnsafeMutableRawPointer?) in handler() }
    insert(action)
    if !accelerators.isEmpty { setAccelerators("app.\(name)", accelerators) }
  }

  /// An action with a string parameter, e.g. `app.page::library`; each
  /// target can have its own accelerators.
  func add(
    _ name: String, targets: [String: [String]], _ handler: @escaping @MainActor (String) -> Void
  ) {
    let type = g_variant_type_new("s")
    defer { g_variant_type_free(type) }
    let action = g_simple_action_new(name, type)!
    Signals.connect(action, "activate") { (parameter: UnsafeMutableRawPointer?) in
      guard let parameter else { return }
      let variant = OpaquePointer(parameter)
      handler(String(cString: g_variant_get_string(variant, nil)))
    }
    insert(action)
    for (target, accelerators) in targets { setAccelerators("app.\(name)::\(target)", accelerators) }
  }

  private func insert(_ action: OpaquePointer) {
    g_action_map_add_action(OpaquePointer(application), action)
    g_object_unref(UnsafeMutableRawPointer(action))  // the map holds it now
  }

  private func setAccelerators(_ detailedName: String, _ accelerators: [String]) {
    Self.setAccelerators(application, detailedName, accelerators)
  }

  /// Binds accelerators to any detailed action name, e.g. `window.close`.
  static func setAccelerators(
    _ application: UnsafeMutablePointer<GtkApplication>, _ detailedName: String, _ accelerators: [String]
  ) {
    // GTK wants a NULL-terminated C string array.
    var strings = accelerators.map { strdup($0) }
    strings.append(nil)
    defer { strings.forEach { free($0) } }
    strings.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
        gtk_application_set_accels_for_action(application, detailedName, $0)
      }
    }
  }
}
