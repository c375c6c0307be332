// A GtkWidget subclass in C, not Swift: GObject type registration and
// vfunc overrides are plain C, and a box of buttons needs nothing else.
#include "wrap_box.h"

struct _HarkWrapBox {
  GtkWidget parent_instance;
  int spacing;
  int line_spacing;
};

G_DEFINE_FINAL_TYPE(HarkWrapBox, hark_wrap_box, GTK_TYPE_WIDGET)

/// The width a child takes on a line `width` wide: its natural width, but
/// never more than the line nor less than its minimum.
static int child_width(GtkWidget *child, int width) {
  int minimum = 0, natural = 0;
  gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  return MAX(minimum, MIN(natural, width));
}

/// Places the shown children on lines `width` wide and returns the height
/// they take. Each child gets its own natural height, at the top of its
/// line, so a child that grows (a progress bar appearing under a button)
/// does not stretch the others. With `allocate`, also gives them their place.
static int lay_out(HarkWrapBox *self, int width, gboolean allocate) {
  gboolean rtl = gtk_widget_get_direction(GTK_WIDGET(self)) == GTK_TEXT_DIR_RTL;
  int x = 0, y = 0, line_height = 0, on_line = 0;
  for (GtkWidget *child = gtk_widget_get_first_child(GTK_WIDGET(self)); child != NULL;
       child = gtk_widget_get_next_sibling(child)) {
    if (!gtk_widget_should_layout(child)) continue;
    int w = child_width(child, width);
    if (on_line > 0 && x + w > width) {
      y += line_height + self->line_spacing;
      x = 0;
      line_height = 0;
      on_line = 0;
    }
    int minimum = 0, natural = 0;
    gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, w, &minimum, &natural, NULL, NULL);
    if (allocate) {
      GtkAllocation place = {rtl ? width - x - w : x, y, w, natural};
      gtk_widget_size_allocate(child, &place, -1);
    }
    x += w + self->spacing;
    line_height = MAX(line_height, natural);
    on_line++;
  }
  return y + line_height;
}

/// Narrowest: the widest child alone on a line. Natural: all on one line.
static void measure_width(HarkWrapBox *self, int *minimum, int *natural) {
  int shown = 0;
  *minimum = *natural = 0;
  for (GtkWidget *child = gtk_widget_get_first_child(GTK_WIDGET(self)); child != NULL;
       child = gtk_widget_get_next_sibling(child)) {
    if (!gtk_widget_should_layout(child)) continue;
    int child_minimum = 0, child_natural = 0;
    gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &child_minimum, &child_natural, NULL, NULL);
    *minimum = MAX(*minimum, child_minimum);
    *natural += child_natural + (shown > 0 ? self->spacing : 0);
    shown++;
  }
}

static void hark_wrap_box_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                  int *natural, int *minimum_baseline, int *natural_baseline) {
  HarkWrapBox *self = HARK_WRAP_BOX(widget);
  *minimum_baseline = *natural_baseline = -1;
  if (orientation == GTK_ORIENTATION_HORIZONTAL) {
    measure_width(self, minimum, natural);
    return;
  }
  int width = for_size;
  if (width < 0) {
    int narrowest = 0;
    measure_width(self, &narrowest, &width);
  }
  *minimum = *natural = lay_out(self, width, FALSE);
}

static void hark_wrap_box_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
  (void)height;
  (void)baseline;
  lay_out(HARK_WRAP_BOX(widget), width, TRUE);
}

static GtkSizeRequestMode hark_wrap_box_get_request_mode(GtkWidget *widget) {
  (void)widget;
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void hark_wrap_box_dispose(GObject *object) {
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL) gtk_widget_unparent(child);
  G_OBJECT_CLASS(hark_wrap_box_parent_class)->dispose(object);
}

static void hark_wrap_box_class_init(HarkWrapBoxClass *klass) {
  GTK_WIDGET_CLASS(klass)->measure = hark_wrap_box_measure;
  GTK_WIDGET_CLASS(klass)->size_allocate = hark_wrap_box_size_allocate;
  GTK_WIDGET_CLASS(klass)->get_request_mode = hark_wrap_box_get_request_mode;
  G_OBJECT_CLASS(klass)->dispose = hark_wrap_box_dispose;
  gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "wrapbox");
  // As a GtkBox: a plain grouping, not something a screen reader names.
  gtk_widget_class_set_accessible_role(GTK_WIDGET_CLASS(klass), GTK_ACCESSIBLE_ROLE_GENERIC);
}

static void hark_wrap_box_init(HarkWrapBox *self) { (void)self; }

GtkWidget *hark_wrap_box_new(int spacing, int line_spacing) {
  HarkWrapBox *self = g_object_new(HARK_TYPE_WRAP_BOX, NULL);
  self->spacing = spacing;
  self->line_spacing = line_spacing;
  return GTK_WIDGET(self);
}

void hark_wrap_box_append(GtkWidget *box, GtkWidget *child) {
  g_return_if_fail(HARK_IS_WRAP_BOX(box));
  gtk_widget_insert_before(child, box, NULL);
}
