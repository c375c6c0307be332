// HarkWrapBox: children left to right, a new line when the next one does
// not fit. libadwaita has this as AdwWrapBox from 1.7; Debian 12 has 1.2.
#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

#define HARK_TYPE_WRAP_BOX (hark_wrap_box_get_type())
G_DECLARE_FINAL_TYPE(HarkWrapBox, hark_wrap_box, HARK, WRAP_BOX, GtkWidget)

/// `spacing` between children on a line, `line_spacing` between lines.
GtkWidget *hark_wrap_box_new(int spacing, int line_spacing);
/// Adds `child` after the others (and in the keyboard's order after them).
void hark_wrap_box_append(GtkWidget *box, GtkWidget *child);

G_END_DECLS
