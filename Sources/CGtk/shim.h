// GTK 4 for Swift: the header plus static inline casts for the
// GTK_WIDGET()-style macros Swift cannot import.
#pragma once
#include <gtk/gtk.h>

static inline GtkWidget *hark_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GtkWindow *hark_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkBox *hark_box(gpointer p) { return GTK_BOX(p); }
static inline GtkButton *hark_button(gpointer p) { return GTK_BUTTON(p); }
static inline GtkLabel *hark_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkImage *hark_image(gpointer p) { return GTK_IMAGE(p); }
static inline GtkApplication *hark_gtk_application(gpointer p) { return GTK_APPLICATION(p); }
static inline GtkOrientable *hark_orientable(gpointer p) { return GTK_ORIENTABLE(p); }
static inline GtkAccessible *hark_accessible(gpointer p) { return GTK_ACCESSIBLE(p); }
static inline GtkSpinButton *hark_spin_button(gpointer p) { return GTK_SPIN_BUTTON(p); }
static inline GtkProgressBar *hark_progress_bar(gpointer p) { return GTK_PROGRESS_BAR(p); }
static inline GtkStack *hark_stack(gpointer p) { return GTK_STACK(p); }

/// gtk_accessible_update_property is variadic; these set one property each.
static inline void hark_accessible_set_label(GtkWidget *w, const char *label) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
/// Hidden from assistive technologies (decoration such as loading skeletons).
static inline void hark_accessible_set_hidden(GtkWidget *w) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
}
static inline void hark_accessible_set_description(GtkWidget *w, const char *text) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}
