import CGLib

/// GVariant values for D-Bus replies (g_variant_new is variadic, so each
/// type gets its own constructor). Every value returned is floating: the
/// call it is handed to takes it.
enum Variant {
  static func string(_ value: String) -> OpaquePointer { g_variant_new_string(value) }
  static func bool(_ value: Bool) -> OpaquePointer { g_variant_new_boolean(value ? 1 : 0) }
  static func double(_ value: Double) -> OpaquePointer { g_variant_new_double(value) }
  static func int64(_ value: Int64) -> OpaquePointer { g_variant_new_int64(gint64(value)) }
  static func objectPath(_ value: String) -> OpaquePointer { g_variant_new_object_path(value) }

  static func strings(_ values: [String]) -> OpaquePointer {
    array(of: "as", values.map(string))
  }

  /// `a{sv}`.
  static func dictionary(_ entries: [(String, OpaquePointer)]) -> OpaquePointer {
    array(of: "a{sv}", entries.map { g_variant_new_dict_entry(string($0.0), g_variant_new_variant($0.1)) })
  }

  static func tuple(_ children: [OpaquePointer]) -> OpaquePointer {
    var items: [OpaquePointer?] = children
    return g_variant_new_tuple(&items, gsize(items.count))
  }

  /// An array of `type` ("as", "aa{sv}"...) holding `children`.
  static func array(of type: String, _ children: [OpaquePointer]) -> OpaquePointer {
    let variantType = g_variant_type_new(type)
    defer { g_variant_type_free(variantType) }
    let builder = g_variant_builder_new(variantType)
    defer { g_variant_builder_unref(builder) }
    for child in children { g_variant_builder_add_value(builder, child) }
    return g_variant_builder_end(builder)
  }
}
