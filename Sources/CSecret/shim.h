// libsecret for Swift: the desktop keyring through the Secret Service API.
#pragma once
#include <libsecret/secret.h>

/// Hark's schema for session tokens and API keys. Items also carry
/// libsecret's `xdg:schema` attribute, so searches by `server_id` never match
/// another application's items.
static inline const SecretSchema *hark_token_schema(void) {
  static const SecretSchema schema = {
    "dev.hark.Hark.Token",
    SECRET_SCHEMA_NONE,
    {
      { "server_id", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { "kind", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { "key_id", SECRET_SCHEMA_ATTRIBUTE_INTEGER },
      { NULL, 0 },
    },
  };
  return &schema;
}

/// Attributes for a lookup or a store: `kind` may be NULL (every secret of a
/// server); `key_id` is added only when `has_key_id`.
static inline GHashTable *hark_token_attributes(const char *server_id, const char *kind,
                                                gboolean has_key_id, gint64 key_id) {
  GHashTable *attributes = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
  g_hash_table_insert(attributes, g_strdup("server_id"), g_strdup(server_id));
  if (kind != NULL)
    g_hash_table_insert(attributes, g_strdup("kind"), g_strdup(kind));
  if (has_key_id)
    g_hash_table_insert(attributes, g_strdup("key_id"), g_strdup_printf("%" G_GINT64_FORMAT, key_id));
  return attributes;
}

/// A SecretService proxy on a connection the caller owns, with a transfer
/// session open. `secret_service_get_sync` would use the process-wide session
/// bus singleton instead, which exits the process when the bus goes away.
static inline SecretService *hark_secret_service_new(GDBusConnection *connection,
                                                     GCancellable *cancellable, GError **error) {
  return (SecretService *)g_initable_new(SECRET_TYPE_SERVICE, cancellable, error,
                                         "flags", SECRET_SERVICE_OPEN_SESSION,
                                         "g-flags", G_DBUS_PROXY_FLAGS_NONE,
                                         "g-connection", connection,
                                         "g-name", "org.freedesktop.secrets",
                                         "g-object-path", "/org/freedesktop/secrets",
                                         "g-interface-name", "org.freedesktop.Secret.Service",
                                         NULL);
}

/// `("org.freedesktop.Secret.Service", property)`: the arguments of
/// org.freedesktop.DBus.Properties.Get on the service object.
static inline GVariant *hark_secret_service_property_args(const char *property) {
  return g_variant_new("(ss)", "org.freedesktop.Secret.Service", property);
}
