import CGLib

// Swift cannot call GLib's variadic emitters, so tests emit through
// `g_signal_emitv` with explicit GValues.

/// Emits `notify` for a made-up property name, as `g_object_notify` would.
func emitNotify(_ object: UnsafeMutablePointer<GObject>, property: String) {
  let spec = g_param_spec_boolean(property, nil, nil, 0, G_PARAM_READWRITE)!
  g_param_spec_ref_sink(spec)
  defer { g_param_spec_unref(spec) }
  var values = [GValue](repeating: GValue(), count: 2)
  g_value_init(&values[0], hark_type_object())
  g_value_set_object(&values[0], object)
  g_value_init(&values[1], spec.pointee.g_type_instance.g_class.pointee.g_type)
  g_value_set_param(&values[1], spec)
  g_signal_emitv(values, g_signal_lookup("notify", hark_type_object()), 0, nil)
  g_value_unset(&values[0])
  g_value_unset(&values[1])
}

/// Emits a no-argument signal that returns gboolean and hands back the result.
func emitReturningBool(_ object: UnsafeMutablePointer<GObject>, signal: String) -> Bool {
  var instance = GValue()
  g_value_init(&instance, hark_type_object())
  g_value_set_object(&instance, object)
  var result = GValue()
  g_value_init(&result, hark_type_boolean())
  let type = object.pointee.g_type_instance.g_class.pointee.g_type
  g_signal_emitv(&instance, g_signal_lookup(signal, type), 0, &result)
  defer { g_value_unset(&instance); g_value_unset(&result) }
  return g_value_get_boolean(&result) != 0
}
