// GLib, GObject and GIO for Swift: the headers plus static inline stand-ins
// for the function-like macros Swift cannot import.
#pragma once
#include <glib.h>
#include <glib-object.h>
#include <glib-unix.h>
#include <gio/gio.h>
// gettext and setlocale: glibc provides them; Swift's Glibc module does not
// export libintl.
#include <libintl.h>
#include <locale.h>

static inline gboolean hark_source_continue(void) { return G_SOURCE_CONTINUE; }
static inline gboolean hark_source_remove(void) { return G_SOURCE_REMOVE; }
static inline GType hark_type_string(void) { return G_TYPE_STRING; }
static inline GType hark_type_int(void) { return G_TYPE_INT; }
static inline GType hark_type_uint(void) { return G_TYPE_UINT; }
static inline GType hark_type_double(void) { return G_TYPE_DOUBLE; }
static inline GType hark_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType hark_type_object(void) { return G_TYPE_OBJECT; }
static inline GType hark_value_type(const GValue *value) { return G_VALUE_TYPE(value); }
static inline GObject *hark_object(gpointer instance) { return G_OBJECT(instance); }
static inline gboolean hark_is_object(gpointer instance) { return G_IS_OBJECT(instance); }
/// A plain GObject instance, used by tests as a signal source and by code
/// that needs a lifetime anchor.
static inline GObject *hark_object_new_plain(void) { return (GObject *)g_object_new(G_TYPE_OBJECT, NULL); }
