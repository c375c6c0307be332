// libadwaita for Swift. Debian 12 ships libadwaita 1.2; newer widgets only
// behind ADW_CHECK_VERSION checks in Swift via hark_adw_at_least.
#pragma once
#include <adwaita.h>

static inline AdwApplication *hark_adw_application(gpointer p) { return ADW_APPLICATION(p); }
static inline AdwApplicationWindow *hark_adw_window(gpointer p) { return ADW_APPLICATION_WINDOW(p); }
static inline gboolean hark_adw_at_least(guint major, guint minor) {
  return adw_get_major_version() > major ||
         (adw_get_major_version() == major && adw_get_minor_version() >= minor);
}
