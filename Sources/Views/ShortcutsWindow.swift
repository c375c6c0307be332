import CGtk
import GObjectKit

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
    gtk_window_set_title(widget.cast(GtkWindow.self), "Keyboard Shortcuts")
    gtk_window_set_transient_for(widget.cast(GtkWindow.self), parent.cast(GtkWindow.self))
    gtk_window_set_modal(widget.cast(GtkWindow.self), 1)
    // GTK names the header's search button by its icon ("GtkImage"); it is
    // the header's first button (the window's own come last).
    if let search = gtk_window_get_titlebar(widget.cast(GtkWindow.self))?.firstDescendant(
      ofType: gtk_button_get_type())
    {
      search.setAccessibleLabel("Search Shortcuts")
      gtk_widget_set_tooltip_text(search, "Search Shortcuts")
    }
    return widget
  }

  private static func shortcut(_ accelerator: String, _ title: String) -> String {
    """
    <child><object class="GtkShortcutsShortcut">
      <property name="accelerator">\(accelerator)</property>
      <property name="title">\(title)</property>
    </object></child>
    """
  }

  private static func group(_ title: String, _ shortcuts: String...) -> String {
    """
    <child><object class="GtkShortcutsGroup">
      <property name="title">\(title)</property>
      \(shortcuts.joined())
    </object></child>
    """
  }

  private static let xml = """
    <interface>
      <object class="GtkShortcutsWindow" id="shortcuts">
        <child><object class="GtkShortcutsSection">
          <property name="section-name">shortcuts</property>
          <!-- One page for every group: paged, GTK names its page
               switcher "_1", "_2", which a screen reader reads as such. -->
          <property name="max-height">40</property>
          \(group("Pages",
            shortcut("&lt;alt&gt;1", "Library"),
            shortcut("&lt;alt&gt;2", "Book"),
            shortcut("&lt;alt&gt;3", "Player"),
            shortcut("&lt;alt&gt;4", "Downloads"),
            shortcut("&lt;ctrl&gt;Page_Down", "Next Page"),
            shortcut("&lt;ctrl&gt;Page_Up", "Previous Page")))
          \(group("Player",
            shortcut("space", "Play or Pause"),
            shortcut("Left", "Skip Back"),
            shortcut("Right", "Skip Forward"),
            shortcut("&lt;ctrl&gt;Left", "Previous Chapter"),
            shortcut("&lt;ctrl&gt;Right", "Next Chapter"),
            shortcut("plus", "Faster"),
            shortcut("minus", "Slower"),
            shortcut("&lt;ctrl&gt;b", "Add Bookmark")))
          \(group("Library",
            shortcut("&lt;ctrl&gt;f slash", "Search All Servers"),
            shortcut("&lt;alt&gt;Left Escape", "Back")))
          \(group("General",
            shortcut("F10", "Main Menu"),
            shortcut("&lt;ctrl&gt;comma", "Preferences"),
            shortcut("&lt;ctrl&gt;question", "Keyboard Shortcuts"),
            shortcut("&lt;ctrl&gt;w", "Close Window"),
            shortcut("&lt;ctrl&gt;q", "Quit")))
        </object></child>
      </object>
    </interface>
    """
}
