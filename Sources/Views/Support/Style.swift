import CGtk

/// Hark's few style rules, on top of libadwaita's stylesheet.
@MainActor
public enum Style {
  private static let css = """
    .mini-player { background-color: @headerbar_bg_color; }
    /* Like libadwaita 1.3's AdwBanner: full width, centred text. */
    .hark-banner { background-color: alpha(@accent_bg_color, 0.15); padding: 6px 12px; min-height: 34px; }
    /* A hairline of progress, not a second seek bar. */
    .mini-player-progress { color: @accent_bg_color; }
    .hark-cover { border-radius: 12px; background-color: alpha(currentColor, 0.08); }
    .hark-cover.small { border-radius: 6px; }
    .hark-chapters, .hark-book-grid { background: none; }
    .hark-inline-error { color: @error_color; }
    .hark-chapters > row.activatable:hover { background-color: alpha(currentColor, 0.04); border-radius: 6px; }
    .hark-skeleton { background-color: alpha(currentColor, 0.08); border-radius: 12px; }
    .hark-skeleton.small { border-radius: 6px; }
    .hark-play-button { min-width: 64px; min-height: 64px; }
    """

  /// Installs the rules for the default display. Call once after startup.
  public static func install() {
    guard let display = gdk_display_get_default() else { return }
    let provider = gtk_css_provider_new()!
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(
      display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
  }
}
