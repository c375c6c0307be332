import CGtk
import GObjectKit
import HarkCore

/// The keyboard shortcuts window (Ctrl+?), built from GtkBuilder XML because
/// GtkShortcutsWindow's sections and groups are only constructible that way.
/// Keep it in step with the accelerators `App` registers.
@MainActor
public enum ShortcutsWindow {
  public static func make(parent: Widget) -> Widget {
    let builder = gtk_builder_new_from_string(xml, -1)!
    defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
    let window = gtk_builder_get_object(builder, "shortcuts")!
    let widget = window.cast(GtkWidget.self)
    g_object_ref(UnsafeMutableRawPointer(window))  // outlive the builder
    gtk_window_set_title(widget.cast(GtkWindow.self), tr("Keyboard Shortcuts"))
    gtk_window_set_transient_for(widget.cast(GtkWindow.self), parent.cast(GtkWindow.self))
    gtk_window_set_modal(widget.cast(GtkWindow.self), 1)
    // GTK names the header's search button by its icon ("GtkImage"); it is
    // the header's first button (the window's own come last).
    if let search = gtk_window_get_titlebar(widget.cast(GtkWindow.self))?.firstDescendant(
      ofType: gtk_button_get_type())
    {
      search.setAccessibleLabel(tr("Search Shortcuts"))
      gtk_widget_set_tooltip_text(search, tr("Search Shortcuts"))
    }
    return widget
  }

  private static func shortcut(_ accelerator: String, _ title: String) -> String {
    """
    <child><object class="GtkShortcutsShortcut">
      <property name="accelerator">\(accelerator)</property>
      <property name="title">\(escaped(title))</property>
    </object></child>
    """
  }

  private static func group(_ title: String, _ shortcuts: String...) -> String {
    """
    <child><object class="GtkShortcutsGroup">
      <property name="title">\(escaped(title))</property>
      \(shortcuts.joined())
    </object></child>
    """
  }

  /// A translation is text: its `&` or `<` must not break the XML.
  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }

  // Built when the window opens, in the listener's language; the titles are
  // marked outside the XML literal, where xgettext can read them.
  private static var xml: String {
    let pages = group(
      tr("Pages"),
      shortcut("&lt;alt&gt;1", Page.library.title),
      shortcut("&lt;alt&gt;2", Page.book.title),
      shortcut("&lt;alt&gt;3", Page.player.title),
      shortcut("&lt;alt&gt;4", Page.downloads.title),
      shortcut("&lt;ctrl&gt;Page_Down", tr("Next Page")),
      shortcut("&lt;ctrl&gt;Page_Up", tr("Previous Page")))
    let player = group(
      Page.player.title,
      shortcut("space", tr("Play or Pause")),
      shortcut("Left", tr("Skip Back")),
      shortcut("Right", tr("Skip Forward")),
      shortcut("&lt;ctrl&gt;Left", tr("Previous Chapter")),
      shortcut("&lt;ctrl&gt;Right", tr("Next Chapter")),
      shortcut("plus", tr("Faster")),
      shortcut("minus", tr("Slower")),
      shortcut("&lt;ctrl&gt;b", tr("Add Bookmark")))
    let library = group(
      Page.library.title,
      shortcut("&lt;ctrl&gt;f slash", tr("Search All Servers")),
      shortcut("&lt;alt&gt;Left Escape", tr("Back")))
    let general = group(
      tr("General"),
      shortcut("F10", tr("Main Menu")),
      shortcut("&lt;ctrl&gt;comma", tr("Preferences")),
      shortcut("&lt;ctrl&gt;question", tr("Keyboard Shortcuts")),
      shortcut("&lt;ctrl&gt;w", tr("Close Window")),
      shortcut("&lt;ctrl&gt;q", tr("Quit")))
    return """
      <interface>
        <object class="GtkShortcutsWindow" id="shortcuts">
          <child><object class="GtkShortcutsSection">
            <property name="section-name">shortcuts</property>
            <!-- One page for every group: paged, GTK names its page
                 switcher "_1", "_2", which a screen reader reads as such. -->
            <property name="max-height">40</property>
            \(pages)
            \(player)
            \(library)
            \(general)
          </object></child>
        </object>
      </interface>
      """
  }
}
