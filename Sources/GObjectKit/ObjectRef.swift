import CGLib

/// Owns exactly one reference to a GObject and drops it on deinit.
///
/// GObject APIs hand out references in two ways: "transfer full" (the caller
/// already owns one, e.g. `g_object_new`) and "transfer none" (the caller must
/// add its own). `ObjectRef(taking:)` and `ObjectRef(retaining:)` name which,
/// so a wrapper never leaks a reference nor drops one it did not own.
/// Floating references (GtkWidget, GInitiallyUnowned) are sunk in both cases,
/// so the Swift side really owns what it holds.
public final class ObjectRef {
  /// The wrapped instance as a plain `GObject`.
  public let object: UnsafeMutablePointer<GObject>

  /// Adopts a reference the caller already owns ("transfer full").
  public init(taking instance: UnsafeMutableRawPointer) {
    object = instance.assumingMemoryBound(to: GObject.self)
    if g_object_is_floating(object) != 0 {
      // Sinking a floating reference converts it into the full one we adopt.
      g_object_ref_sink(object)
    }
  }

  /// Adds a reference of our own ("transfer none").
  public init(retaining instance: UnsafeMutableRawPointer) {
    object = instance.assumingMemoryBound(to: GObject.self)
    g_object_ref_sink(object)
  }

  /// Convenience for typed C pointers (`UnsafeMutablePointer<GtkWidget>`, …).
  public convenience init<T>(taking instance: UnsafeMutablePointer<T>) {
    self.init(taking: UnsafeMutableRawPointer(instance))
  }

  public convenience init<T>(retaining instance: UnsafeMutablePointer<T>) {
    self.init(retaining: UnsafeMutableRawPointer(instance))
  }

  public convenience init(taking instance: OpaquePointer) {
    self.init(taking: UnsafeMutableRawPointer(instance))
  }

  public convenience init(retaining instance: OpaquePointer) {
    self.init(retaining: UnsafeMutableRawPointer(instance))
  }

  deinit { g_object_unref(object) }

  /// The instance as a raw pointer, for `Signals.connect` and casts.
  public var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(object) }

  /// The instance as an opaque pointer, for final GTK/Adw types.
  public var opaque: OpaquePointer { OpaquePointer(object) }

  /// The instance as a typed C pointer, e.g. `ref.as(GtkWidget.self)`.
  public func `as`<T>(_ type: T.Type) -> UnsafeMutablePointer<T> {
    raw.assumingMemoryBound(to: type)
  }
}
