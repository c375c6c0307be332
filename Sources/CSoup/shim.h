// libsoup 3 for Swift: HTTP with GNOME's proxy settings (GProxyResolver) and
// the system trust store (GTlsDatabase via glib-networking).
#pragma once
#include <libsoup/soup.h>

static inline SoupMessage *hark_soup_message(gpointer p) { return SOUP_MESSAGE(p); }
