import CGLib

/// GVariant values for D-Bus replies (g_variant_new is variadic, so each
/// type gets its own constructor; every value returned is floating: the
/// call it is handed to takes it), and the parameters of D-Bus calls read.
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

  // MARK: Reading a method call's parameters (a tuple)

  static func string(in parameters: OpaquePointer?, at index: Int) -> String? {
    child(of: parameters, at: index) { g_variant_get_string($0, nil).map { String(cString: $0) } }
  }

  static func int64(in parameters: OpaquePointer?, at index: Int) -> Int64? {
    child(of: parameters, at: index) { Int64(g_variant_get_int64($0)) }
  }

  /// An `as` parameter.
  static func strings(in parameters: OpaquePointer?, at index: Int) -> [String] {
    child(of: parameters, at: index) { array in
      (0..<Int(g_variant_n_children(array))).compactMap { string(in: array, at: $0) }
    } ?? []
  }

  private static func child<T>(of parameters: OpaquePointer?, at index: Int, _ read: (OpaquePointer) -> T?) -> T? {
    guard let parameters, index >= 0, Int(g_variant_n_children(parameters)) > index,
      let child = g_variant_get_child_value(parameters, gsize(index))
    else { return nil }
    defer { g_variant_unref(child) }
    return read(child)
  }
}
