/* The benchmark floor: the smallest libadwaita app that looks like a real one.
 *
 * scripts/bench runs it side by side with Hark to get a baseline on the same
 * machine in the same moment: whatever GTK, libadwaita, the X server and the
 * shared machine cost, the floor pays it too, so Hark's numbers are read as
 * ratios against it.
 *
 * With HARK_BENCH_FIRST_FRAME=1 it prints "FIRST_FRAME <µs>" (CLOCK_MONOTONIC,
 * the clock g_get_monotonic_time() and Python's time.monotonic_ns() both use)
 * once, when the first frame has actually been painted. Hark prints the same
 * line under the same variable.
 *
 * With --tick it also shows a clock under the status page and sets its
 * text once a second from a 1 s GLib timeout: the cost of one visible text
 * update a second (a wake-up, a repaint, the X traffic of a frame) on this
 * display, which scripts/bench counts like the idle wake-ups and allows
 * Hark on top of a bare playbin while it plays. The clock is a
 * GtkInscription of a fixed width, the cheapest way GTK 4.8 has (and
 * Hark's, Sources/Views/Support/SteadyText.swift): a GtkLabel's new text
 * lays the window out again, which on X11 costs a dozen round trips to
 * the X server (measured: 15-18 wake-ups a second instead of a few).
 *
 * Build: gcc -O2 floor.c -o floor $(pkg-config --cflags --libs libadwaita-1)
 */
#include <adwaita.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static gulong after_paint_id;
static gboolean ticking;
static guint elapsed_seconds;

/* The text changes every time, as an elapsed-time label's does, so GTK
 * really repaints it (setting the same text is a no-op). */
static gboolean
on_tick (gpointer clock)
{
  elapsed_seconds++;
  char text[32];
  g_snprintf (text, sizeof text, "%u:%02u", elapsed_seconds / 60, elapsed_seconds % 60);
  gtk_inscription_set_text (GTK_INSCRIPTION (clock), text);
  return G_SOURCE_CONTINUE;
}

/* "after-paint" fires once per frame; only the first one is the moment the
 * user would first see the window, so print it and disconnect. */
static void
on_after_paint (GdkFrameClock *clock, gpointer user_data)
{
  (void) user_data;
  printf ("FIRST_FRAME %" G_GINT64_FORMAT "\n", g_get_monotonic_time ());
  fflush (stdout); /* stdout is a pipe: without the flush it sits in a buffer */
  g_signal_handler_disconnect (clock, after_paint_id);
  after_paint_id = 0;
}

/* The frame clock exists only once the window is realized, and "map" comes
 * before the first paint, so this is the earliest safe place to hook it. */
static void
on_map (GtkWidget *window, gpointer user_data)
{
  (void) user_data;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  if (clock == NULL || after_paint_id != 0)
    return;
  after_paint_id = g_signal_connect (clock, "after-paint",
                                     G_CALLBACK (on_after_paint), NULL);
  /* Only the first map matters. */
  g_signal_handlers_disconnect_by_func (window, on_map, NULL);
}

static void
on_activate (GApplication *app, gpointer user_data)
{
  (void) user_data;
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));
  gtk_window_set_title (GTK_WINDOW (window), "Floor");
  gtk_window_set_default_size (GTK_WINDOW (window), 960, 720);

  /* libadwaita 1.2 has no AdwToolbarView: a vertical box with the header bar
   * on top is the period-correct layout, the same one Hark uses. */
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());

  GtkWidget *status = adw_status_page_new ();
  adw_status_page_set_icon_name (ADW_STATUS_PAGE (status),
                                 "audio-x-generic-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (status), "No Audiobooks");
  adw_status_page_set_description (ADW_STATUS_PAGE (status),
                                   "Add a folder to start listening");
  gtk_widget_set_vexpand (status, TRUE);
  gtk_box_append (GTK_BOX (box), status);

  if (ticking)
    {
      GtkWidget *clock = gtk_inscription_new ("0:00");
      gtk_widget_add_css_class (clock, "numeric");
      /* Its width from a count of characters, not from its text. */
      gtk_inscription_set_min_chars (GTK_INSCRIPTION (clock), 8);
      gtk_inscription_set_nat_chars (GTK_INSCRIPTION (clock), 8);
      gtk_inscription_set_xalign (GTK_INSCRIPTION (clock), 0.5);
      gtk_widget_set_margin_bottom (clock, 12);
      gtk_box_append (GTK_BOX (box), clock);
      g_timeout_add (1000, on_tick, clock);
    }

  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);

  const char *flag = g_getenv ("HARK_BENCH_FIRST_FRAME");
  if (flag != NULL && strcmp (flag, "1") == 0)
    g_signal_connect (window, "map", G_CALLBACK (on_map), NULL);

  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  /* --tick is the floor's own; GApplication would refuse it as unknown. */
  if (argc > 1 && strcmp (argv[argc - 1], "--tick") == 0)
    {
      ticking = TRUE;
      argv[--argc] = NULL;
    }
  /* NON_UNIQUE: no D-Bus name to own, so a run never hands its activation
   * over to a still-running earlier instance. */
  AdwApplication *app = adw_application_new ("dev.hark.Floor",
                                             G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (on_activate), NULL);
  int status = g_application_run (G_APPLICATION (app), argc, argv);
  g_object_unref (app);
  return status;
}
