import CAdw
import CGtk
import GObjectKit
import HarkCore

/// Hark's window: a header bar with the page switcher, the four pages in an
/// `AdwViewStack`, the mini-player, and a bottom switcher bar for narrow
/// windows.
///
/// libadwaita 1.2 (Debian 12) has no breakpoints or navigation split view, so
/// the layout adapts the 1.2 way: `AdwViewSwitcherTitle` shows the page
/// buttons in the header while they fit, and when the window is too narrow
/// (a phone's 360 px) the title collapses and `AdwViewSwitcherBar` reveals
/// the same buttons at the bottom.
@MainActor
public final class MainWindow {
  public let window: Widget
  private let store: Store
  private let stack: Widget
  private let pages: [PageView]
  private let miniPlayer: MiniPlayerBar
  private let banner: BannerBar
  private let switcherTitle: Widget
  /// The window's column: header, banner, pages, mini-player.
  private let column: Widget
  /// The bottom page switcher, built the first time the window is narrow.
  private var switcherBar: Widget?
  private var addServer: AddServerDialog?
  private var subscription: Subscription?
  private var undoToast: DownloadUndoToast?
  private var bookmarkToast: BookmarkToast?
  private var folderOffer: LibraryFolderOffer?
  private var folderChooser: LibraryFolderChooser?

  /// - Parameter menu: the primary menu's model (Preferences, shortcuts, About).
  public init(
    application: UnsafeMutablePointer<GtkApplication>, store: Store, menu: UnsafeMutablePointer<GMenuModel>,
    covers: CoverSource = .none
  ) {
    self.store = store
    window = adw_application_window_new(application)
    gtk_window_set_title(window.cast(GtkWindow.self), "Hark")
    // HIG: usable down to 360×294 (a phone in portrait, keyboard up).
    gtk_widget_set_size_request(window, 360, 294)

    stack = adw_view_stack_new()
    gtk_widget_set_vexpand(stack, 1)
    let coverLoader = CoverLoader(source: covers)
    // Built when first needed: a window with no server (or no book chosen)
    // never pays for them.
    let contents: [Page: @MainActor () -> (widget: Widget, owner: AnyObject)] = [
      .library: {
        let page = LibraryPage(store: store, covers: coverLoader)
        return (page.widget, page)
      },
      .book: {
        let page = BookPage(store: store, covers: coverLoader)
        return (page.widget, page)
      },
      .player: {
        let page = PlayerPage(store: store, covers: coverLoader)
        return (page.widget, page)
      },
      .downloads: {
        let page = DownloadsPage(store: store)
        return (page.widget, page)
      },
    ]
    pages = Page.allCases.map { PageView(store: store, page: $0, content: contents[$0]) }
    for (page, view) in zip(Page.allCases, pages) {
      let stackPage = adw_view_stack_add_titled(stack.opaque, view.widget, page.rawValue, page.title)
      adw_view_stack_page_set_icon_name(stackPage, page.iconName)
    }

    switcherTitle = adw_view_switcher_title_new()!
    adw_view_switcher_title_set_stack(switcherTitle.opaque, stack.opaque)
    adw_view_switcher_title_set_title(switcherTitle.opaque, "Hark")
    let header = adw_header_bar_new()!
    adw_header_bar_set_title_widget(header.opaque, switcherTitle)
    let menuButton = gtk_menu_button_new()!
    gtk_menu_button_set_icon_name(OpaquePointer(menuButton), "open-menu-symbolic")
    gtk_menu_button_set_menu_model(OpaquePointer(menuButton), menu)
    gtk_menu_button_set_primary(OpaquePointer(menuButton), 1)  // F10 opens it
    gtk_widget_set_tooltip_text(menuButton, tr("Main Menu"))
    menuButton.setAccessibleLabel(tr("Main Menu"))
    adw_header_bar_pack_end(header.opaque, menuButton)
    let search = Make.iconButton("system-search-symbolic", tooltip: tr("Search"))
    gtk_actionable_set_action_name(OpaquePointer(search), "app.search")
    adw_header_bar_pack_start(header.opaque, search)
    // "/" starts a search too, unless a text field takes the key first (the
    // controller runs in the bubble phase, after the focused widget).
    let slash = gtk_shortcut_controller_new()!
    gtk_shortcut_controller_add_shortcut(
      slash,
      gtk_shortcut_new(gtk_shortcut_trigger_parse_string("slash"), gtk_named_action_new("app.search")))
    gtk_event_controller_set_propagation_phase(slash, GTK_PHASE_BUBBLE)
    gtk_widget_add_controller(window, slash)
    // Escape goes back where nothing focused takes it (a search entry
    // closes search itself; a popover closes), as in Files.
    let escape = gtk_shortcut_controller_new()!
    gtk_shortcut_controller_add_shortcut(
      escape, gtk_shortcut_new(gtk_shortcut_trigger_parse_string("Escape"), gtk_named_action_new("app.back")))
    gtk_event_controller_set_propagation_phase(escape, GTK_PHASE_BUBBLE)
    gtk_widget_add_controller(window, escape)
    // The mouse's back button (button 8).
    let mouseBack = gtk_gesture_click_new()!
    gtk_gesture_single_set_button(mouseBack, 8)
    Signals.connect(mouseBack, "pressed") { [weak store] (_: Int32, _: Double, _: Double) in
      store?.dispatch(.ui(.backRequested))
    }
    gtk_widget_add_controller(window, mouseBack)
    gtk_widget_add_controller(window, PlaybackShortcuts.controller())
    gtk_widget_add_controller(
      window, PlaybackShortcuts.spaceController { [weak store] in store?.state.player.session.nowPlaying != nil })

    miniPlayer = MiniPlayerBar(store: store, covers: coverLoader)
    banner = BannerBar(store: store)
    let separator = gtk_separator_new(GTK_ORIENTATION_HORIZONTAL)!
    // The line above the mini-player goes with it (hidden on the Player page).
    g_object_bind_property(
      miniPlayer.widget.gobject, "visible", separator.gobject, "visible", G_BINDING_SYNC_CREATE)
    let toasts = adw_toast_overlay_new()!
    adw_toast_overlay_set_child(toasts.opaque, stack)
    column = Make.box(GTK_ORIENTATION_VERTICAL, header, banner.widget, toasts, separator, miniPlayer.widget)
    adw_application_window_set_content(window.cast(AdwApplicationWindow.self), column)

    connectWidgets()
    addSwitcherBarWhenNarrow()
    subscription = store.subscribe(selectPage) { [weak self] in self?.render($0) }
    addServer = AddServerDialog(store: store, parent: window)
    undoToast = DownloadUndoToast(overlay: toasts, store: store)
    bookmarkToast = BookmarkToast(overlay: toasts, store: store)
    folderChooser = LibraryFolderChooser(store: store, parent: window)
    FolderDrop.attach(to: window, store: store)
    folderOffer = LibraryFolderOffer(window: window, toasts: toasts, store: store)
  }

  /// The page buttons move from the header to a bar at the bottom when the
  /// window is too narrow for them (the title then shows instead). The bar
  /// is built the first time that happens, not up front: hidden in its
  /// revealer it was still built and laid out before the first frame, four
  /// more buttons with icons and labels, in a window that is seldom narrow.
  private func addSwitcherBarWhenNarrow() {
    Signals.connect(switcherTitle, "notify::title-visible") { [weak self] (_: UnsafeMutableRawPointer?) in
      guard let self, self.switcherBar == nil,
        adw_view_switcher_title_get_title_visible(self.switcherTitle.opaque) != 0
      else { return }
      // Not inside the layout pass that found the window narrow.
      MainContext.invoke { [weak self] in self?.addSwitcherBar() }
    }
  }

  private func addSwitcherBar() {
    guard switcherBar == nil else { return }
    let bar = adw_view_switcher_bar_new()!
    switcherBar = bar
    adw_view_switcher_bar_set_stack(bar.opaque, stack.opaque)
    // Page names stay whole: with large text (a text scale of 2.0) the bar
    // ellipsized "Downloads" to "Downlo…". A whole name makes the window's
    // narrowest width grow with the text instead.
    for label in bar.descendants(ofType: gtk_label_get_type()) {
      gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_NONE)
    }
    // Revealed once on screen, so it slides in as it always did (a
    // revealer not yet mapped would jump straight to shown). Connected
    // first: a widget added to a shown window is mapped as it is added.
    var revealed = false
    Signals.connect(bar, "map") { [weak self] in
      guard let self, !revealed else { return }
      revealed = true
      g_object_bind_property(
        self.switcherTitle.gobject, "title-visible", bar.gobject, "reveal", G_BINDING_SYNC_CREATE)
    }
    gtk_box_append(column.cast(GtkBox.self), bar)
  }

  private func connectWidgets() {
    // A click on a switcher button changes the stack first; report it.
    Signals.connect(stack, "notify::visible-child-name") { [weak self] (_: UnsafeMutableRawPointer?) in
      guard let self, let name = adw_view_stack_get_visible_child_name(self.stack.opaque),
        let page = Page(rawValue: String(cString: name))
      else { return }
      self.store.dispatch(.ui(.pageSelected(page)))
    }
  }

  private func render(_ page: Page) {
    // Before it is made visible, so it is laid out with its content.
    if let index = Page.allCases.firstIndex(of: page) { pages[index].shown() }
    let shown = adw_view_stack_get_visible_child_name(stack.opaque).map { String(cString: $0) }
    if shown != page.rawValue { adw_view_stack_set_visible_child_name(stack.opaque, page.rawValue) }
  }
}
