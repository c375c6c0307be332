import CGLib

/// Anything that points at a GObject instance: typed C pointers, opaque
/// pointers (final GTK types import as `OpaquePointer`) and `ObjectRef`.
public protocol GObjectPointer {
  var gobjectRaw: UnsafeMutableRawPointer { get }
}

extension UnsafeMutableRawPointer: GObjectPointer {
  public var gobjectRaw: UnsafeMutableRawPointer { self }
}

extension UnsafeMutablePointer: GObjectPointer {
  public var gobjectRaw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension OpaquePointer: GObjectPointer {
  public var gobjectRaw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension ObjectRef: GObjectPointer {
  public var gobjectRaw: UnsafeMutableRawPointer { raw }
}

extension GObjectPointer {
  /// The instance as a `GObject`, for GLib calls.
  public var gobject: UnsafeMutablePointer<GObject> {
    gobjectRaw.assumingMemoryBound(to: GObject.self)
  }

  /// Reinterprets the instance as another C type (an upcast or a checked-by-you
  /// downcast), e.g. `button.cast(GtkWidget.self)`.
  public func cast<T>(_ type: T.Type) -> UnsafeMutablePointer<T> {
    gobjectRaw.assumingMemoryBound(to: type)
  }
}
