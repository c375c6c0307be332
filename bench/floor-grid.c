/* The cover-grid floor: what GTK alone costs for Hark's All Books grid.
 *
 * scripts/bench-grid runs it side by side with Hark. It is an
 * AdwApplicationWindow of the same size with a GtkGridView over N books
 * (titles like the test server's synthetic ones), each tile a 128 px cover
 * over a title and a byline, like Hark's BookTileView. Covers are the same
 * JPEG files the server hands Hark, read from the local disk (no network)
 * and decoded on the main thread at the tile's size in device pixels (128 px
 * times the display's scale, as Hark decodes them), in the bind callback:
 * nothing asynchronous, nothing cached.
 *
 * It prints the lines Hark prints with HARK_BENCH_GRID=1 (see
 * Sources/App/BenchGridHooks.swift), stamped with g_get_monotonic_time():
 *   BOOKS_ARRIVED <us>      the first 100 books go into the model, right
 *                           after the empty window's first frame
 *   COVERS_PAINTED <us> visible=<n> realized=<m>
 *                           first after-paint with a cover on every tile
 *                           that intersects the viewport
 *   PAGES_LOADED <us> books=<n>
 *                           every book in the model (100 per main-loop turn)
 *   END_PAINTED <us>        after a jump to the end, covers set there
 *   ALL_LOADED <us> books=<n> realized=<m> visible=<v>
 *                           back at the top, covers set again
 *
 * Environment: HARK_BENCH_GRID_COVERS (the cover folder, required),
 * HARK_BENCH_GRID_BOOKS (default 10000), HARK_BENCH_GRID_WINDOW=WxH
 * (default 960x720, Hark's default size).
 *
 * Build: gcc -O2 floor-grid.c -o floor-grid $(pkg-config --cflags --libs libadwaita-1)
 */
#include <adwaita.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define COVER_SIZE 128
#define PAGE 100

typedef enum {
  WAITING_FOR_BOOKS,
  WAITING_FOR_COVERS,
  LOADING_ALL,
  SCROLLING_TO_END,
  AT_END,
  BACK_AT_TOP,
  DONE
} Phase;

static const char *adjectives[] = {
  "Silent", "Crimson", "Hollow", "Gilded", "Restless", "Distant", "Broken", "Hidden", "Burning",
  "Frozen", "Endless", "Quiet", "Wandering", "Final", "Shattered", "Lonely", "Golden", "Last",
  "Secret", "Winter" };
static const char *nouns[] = {
  "Harbour", "Crown", "Garden", "River", "Tower", "Orchard", "Lantern", "Archive", "Meadow",
  "Compass", "Voyage", "Citadel", "Bell", "Forest", "Bridge", "Signal", "Island", "Mirror",
  "Kingdom", "Road", "Engine", "Letter", "Shore", "Storm", "Key" };

static struct {
  GtkWidget *window;
  GtkWidget *grid;
  GtkWidget *scroller;
  GtkStringList *model;
  GPtrArray *covers; /* file paths, name order: the server's order */
  guint books;       /* how many the run lists in all */
  guint added;       /* how many are in the model */
  Phase phase;
  gint64 last_paint;
} bench;

/* One write(2) per line, as Hark does: nothing buffered, nothing lost. */
static void
emit (const char *format, ...)
{
  va_list args;
  va_start (args, format);
  char *line = g_strdup_vprintf (format, args);
  va_end (args);
  ssize_t written = write (STDOUT_FILENO, line, strlen (line));
  (void) written;
  g_free (line);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static GPtrArray *
list_covers (const char *folder)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  GDir *dir = g_dir_open (folder, 0, NULL);
  if (dir == NULL)
    return paths;
  const char *name;
  GPtrArray *names = g_ptr_array_new ();
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      char *lower = g_ascii_strdown (name, -1);
      if (g_str_has_suffix (lower, ".jpg") || g_str_has_suffix (lower, ".jpeg")
          || g_str_has_suffix (lower, ".png"))
        g_ptr_array_add (names, (gpointer) name);
      g_free (lower);
    }
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    g_ptr_array_add (paths, g_build_filename (folder, names->pdata[i], NULL));
  g_ptr_array_free (names, TRUE);
  g_dir_close (dir);
  return paths;
}

/* ------------------------------------------------------------- tiles */

static void
setup_tile (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  (void) factory;
  (void) data;
  GtkWidget *picture = gtk_picture_new ();
  gtk_picture_set_content_fit (GTK_PICTURE (picture), GTK_CONTENT_FIT_COVER);
  gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
  gtk_widget_set_size_request (picture, COVER_SIZE, COVER_SIZE);
  gtk_widget_set_halign (picture, GTK_ALIGN_CENTER);
  gtk_widget_set_overflow (picture, GTK_OVERFLOW_HIDDEN);
  GtkWidget *title = gtk_label_new ("");
  GtkWidget *byline = gtk_label_new ("");
  gtk_widget_add_css_class (byline, "dim-label");
  gtk_widget_add_css_class (byline, "caption");
  GtkWidget *labels[] = { title, byline };
  for (int i = 0; i < 2; i++)
    {
      gtk_label_set_ellipsize (GTK_LABEL (labels[i]), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (labels[i]), 16);
      gtk_label_set_xalign (GTK_LABEL (labels[i]), 0);
    }
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_lines (GTK_LABEL (title), 2);
  GtkWidget *tile = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_box_append (GTK_BOX (tile), picture);
  gtk_box_append (GTK_BOX (tile), title);
  gtk_box_append (GTK_BOX (tile), byline);
  gtk_widget_set_size_request (tile, COVER_SIZE, -1);
  gtk_widget_set_margin_top (tile, 6);
  gtk_widget_set_margin_bottom (tile, 6);
  gtk_widget_set_margin_start (tile, 6);
  gtk_widget_set_margin_end (tile, 6);
  gtk_list_item_set_child (item, tile);
}

static void
bind_tile (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  (void) factory;
  (void) data;
  guint i = gtk_list_item_get_position (item);
  GtkWidget *tile = gtk_list_item_get_child (item);
  GtkWidget *picture = gtk_widget_get_first_child (tile);
  GtkWidget *title = gtk_widget_get_next_sibling (picture);
  GtkWidget *byline = gtk_widget_get_next_sibling (title);
  gtk_label_set_text (GTK_LABEL (title), gtk_string_list_get_string (bench.model, i));
  guint duration = 3600 + (i * 7919) % 72000;
  char *text = g_strdup_printf ("Author %04u · %u h %u min", i / 10, duration / 3600, duration % 3600 / 60);
  gtk_label_set_text (GTK_LABEL (byline), text);
  g_free (text);

  /* At the pixels the square covers on this display, as Hark decodes. */
  int side = COVER_SIZE * MAX (1, gtk_widget_get_scale_factor (picture));
  const char *path = bench.covers->pdata[i % bench.covers->len];
  GdkPixbuf *pixbuf = gdk_pixbuf_new_from_file_at_scale (path, side, side, TRUE, NULL);
  GdkTexture *texture = pixbuf ? gdk_texture_new_for_pixbuf (pixbuf) : NULL;
  gtk_picture_set_paintable (GTK_PICTURE (picture), GDK_PAINTABLE (texture));
  g_clear_object (&texture);
  g_clear_object (&pixbuf);
}

/* ---------------------------------------------------------- the screen */

typedef struct {
  int realized, visible, settled;
} Screen;

/* Tiles (grid children) in all, those intersecting the viewport, and
 * those of them with a cover: the same count Hark's BenchGridProbe makes. */
static Screen
read_screen (void)
{
  Screen s = { 0, 0, 0 };
  float width = gtk_widget_get_width (bench.scroller);
  float height = gtk_widget_get_height (bench.scroller);
  for (GtkWidget *child = gtk_widget_get_first_child (bench.grid); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      s.realized++;
      graphene_rect_t b;
      if (!gtk_widget_get_mapped (child) || !gtk_widget_compute_bounds (child, bench.scroller, &b)
          || b.origin.x >= width || b.origin.y >= height || b.origin.x + b.size.width <= 0
          || b.origin.y + b.size.height <= 0)
        continue;
      s.visible++;
      GtkWidget *tile = gtk_widget_get_first_child (child);
      GtkWidget *picture = tile ? gtk_widget_get_first_child (tile) : NULL;
      if (picture == NULL || gtk_picture_get_paintable (GTK_PICTURE (picture)) != NULL)
        s.settled++;
    }
  return s;
}

static gboolean
screen_complete (Screen s)
{
  return s.visible > 0 && s.settled == s.visible;
}

static void
add_books (guint count)
{
  guint end = MIN (bench.books, bench.added + count);
  GPtrArray *titles = g_ptr_array_new_with_free_func (g_free);
  for (guint i = bench.added; i < end; i++)
    g_ptr_array_add (titles, g_strdup_printf ("The %s %s", adjectives[(i * 7) % G_N_ELEMENTS (adjectives)],
                                              nouns[(i * 13) % G_N_ELEMENTS (nouns)]));
  g_ptr_array_add (titles, NULL);
  gtk_string_list_splice (bench.model, bench.added, 0, (const char *const *) titles->pdata);
  g_ptr_array_free (titles, TRUE);
  bench.added = end;
}

static void
scroll (gboolean to_end)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (bench.scroller));
  gtk_adjustment_set_value (adjustment, to_end ? gtk_adjustment_get_upper (adjustment)
                                                   - gtk_adjustment_get_page_size (adjustment)
                                               : 0);
}

/* One page per main-loop turn, as pages arriving from a server would. */
static gboolean
load_next_page (gpointer data)
{
  (void) data;
  add_books (PAGE);
  if (bench.added < bench.books)
    return G_SOURCE_CONTINUE;
  emit ("PAGES_LOADED %" G_GINT64_FORMAT " books=%u\n", g_get_monotonic_time (), bench.added);
  bench.phase = SCROLLING_TO_END;
  gtk_widget_queue_draw (bench.grid);
  return G_SOURCE_REMOVE;
}

static void
on_after_paint (GdkFrameClock *clock, gpointer data)
{
  (void) data;
  bench.last_paint = g_get_monotonic_time ();
  if (bench.phase == WAITING_FOR_BOOKS)
    {
      /* The empty window is on screen: now the "data arrives". */
      add_books (PAGE);
      emit ("BOOKS_ARRIVED %" G_GINT64_FORMAT "\n", g_get_monotonic_time ());
      bench.phase = WAITING_FOR_COVERS;
      return;
    }
  if (!gtk_widget_get_mapped (bench.grid))
    return;
  Screen s = read_screen ();
  switch (bench.phase)
    {
    case WAITING_FOR_COVERS:
      if (!screen_complete (s))
        break;
      emit ("COVERS_PAINTED %" G_GINT64_FORMAT " visible=%d realized=%d\n", bench.last_paint, s.visible,
            s.realized);
      bench.phase = LOADING_ALL;
      g_idle_add (load_next_page, NULL);
      break;
    case SCROLLING_TO_END:
      scroll (TRUE);
      bench.phase = AT_END;
      break;
    case AT_END:
      if (!screen_complete (s))
        break;
      emit ("END_PAINTED %" G_GINT64_FORMAT "\n", bench.last_paint);
      scroll (FALSE);
      bench.phase = BACK_AT_TOP;
      break;
    case BACK_AT_TOP:
      if (!screen_complete (s))
        break;
      emit ("ALL_LOADED %" G_GINT64_FORMAT " books=%u realized=%d visible=%d\n", bench.last_paint, bench.added,
            s.realized, s.visible);
      bench.phase = DONE;
      g_signal_handlers_disconnect_by_func (clock, on_after_paint, NULL);
      break;
    default:
      break;
    }
}

/* Same safety net as Hark's: a frame now and then while waiting, in case
 * nothing else asks for one. */
static gboolean
nudge (gpointer data)
{
  (void) data;
  if (bench.phase == DONE)
    return G_SOURCE_REMOVE;
  if (g_get_monotonic_time () - bench.last_paint > 250000)
    gtk_widget_queue_draw (bench.grid);
  return G_SOURCE_CONTINUE;
}

static void
on_map (GtkWidget *window, gpointer data)
{
  (void) data;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  g_signal_handlers_disconnect_by_func (window, on_map, NULL);
  bench.last_paint = g_get_monotonic_time ();
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), NULL);
  g_timeout_add (100, nudge, NULL);
}

static void
on_activate (GApplication *app, gpointer data)
{
  (void) data;
  int width = 960, height = 720;
  const char *size = g_getenv ("HARK_BENCH_GRID_WINDOW");
  if (size != NULL && sscanf (size, "%dx%d", &width, &height) != 2)
    width = 960, height = 720;
  bench.window = adw_application_window_new (GTK_APPLICATION (app));
  gtk_window_set_title (GTK_WINDOW (bench.window), "Floor Grid");
  gtk_window_set_default_size (GTK_WINDOW (bench.window), width, height);

  bench.model = gtk_string_list_new (NULL);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_tile), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_tile), NULL);
  /* Hark's VirtualList: at most 12 columns, clamped to 1400 px. */
  bench.grid = gtk_grid_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (bench.model))),
                                  factory);
  gtk_grid_view_set_max_columns (GTK_GRID_VIEW (bench.grid), 12);
  gtk_grid_view_set_single_click_activate (GTK_GRID_VIEW (bench.grid), TRUE);
  GtkWidget *clamp = adw_clamp_scrollable_new ();
  adw_clamp_scrollable_set_maximum_size (ADW_CLAMP_SCROLLABLE (clamp), 1400);
  adw_clamp_scrollable_set_child (ADW_CLAMP_SCROLLABLE (clamp), bench.grid);
  bench.scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (bench.scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (bench.scroller), clamp);
  gtk_widget_set_vexpand (bench.scroller, TRUE);

  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (box), bench.scroller);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (bench.window), box);

  g_signal_connect (bench.window, "map", G_CALLBACK (on_map), NULL);
  gtk_window_present (GTK_WINDOW (bench.window));
}

int
main (int argc, char **argv)
{
  const char *folder = g_getenv ("HARK_BENCH_GRID_COVERS");
  bench.covers = list_covers (folder ? folder : "");
  if (bench.covers->len == 0)
    {
      fprintf (stderr, "floor-grid: HARK_BENCH_GRID_COVERS must name a folder of .jpg/.png covers\n");
      return 2;
    }
  const char *books = g_getenv ("HARK_BENCH_GRID_BOOKS");
  bench.books = books ? (guint) strtoul (books, NULL, 10) : 10000;
  if (bench.books == 0)
    bench.books = 10000;
  /* NON_UNIQUE: never hand activation over to an earlier run. */
  AdwApplication *app = adw_application_new ("dev.hark.FloorGrid", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (on_activate), NULL);
  int status = g_application_run (G_APPLICATION (app), argc, argv);
  g_object_unref (app);
  return status;
}
