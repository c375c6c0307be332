import CAdw
import CGtk
import GObjectKit
import HarkCore

/// One of the four top-level pages (Library, Book, Player, Downloads).
///
/// Until a page has content of its own it shows its empty state: an
/// `AdwStatusPage` saying what will appear here and, where there is somewhere
/// useful to go, a button that goes there. Once the page has something to
/// show, its content takes over the same stack. The content is built then,
/// not before: a page that stays empty costs nothing at start-up.
@MainActor
public final class PageView {
  /// The widget the window puts in its view stack.
  public let widget: Widget
  private let page: Page
  private let store: Store
  private var subscription: Subscription?
  private var makeContent: (@MainActor () -> (widget: Widget, owner: AnyObject))?
  /// Keeps the built content's Swift side (its subscriptions) alive.
  private var contentOwner: AnyObject?
  /// The empty state, built the first time the window shows this page
  /// while it is empty: the window's view stack builds and measures every
  /// page's child, so at start-up three status pages nobody saw were made
  /// from their templates, had their icons looked up and their text laid
  /// out before the first frame.
  private var emptyView: EmptyStateView?
  /// What `render` was last given (nil: the page has content).
  private var empty: PageEmptyState?
  /// Whether the window has shown this page yet (`shown()`).
  private var everShown = false

  /// - Parameter content: builds the page's content the first time there is
  ///   something to show; returns the widget and the object that owns it.
  public init(store: Store, page: Page, content: (@MainActor () -> (widget: Widget, owner: AnyObject))? = nil) {
    self.store = store
    self.page = page
    widget = gtk_stack_new()
    makeContent = content
    gtk_widget_set_vexpand(widget, 1)
    subscription = store.subscribe({ selectEmptyState($0, page: page) }) { [weak self] in
      self?.render($0)
    }
  }

  /// The window shows this page (now or from now on): from here on its
  /// empty state is built and laid out whenever it has one.
  public func shown() {
    guard !everShown else { return }
    everShown = true
    showChosenChild()
  }

  private func render(_ empty: PageEmptyState?) {
    if empty == nil, let make = makeContent {
      makeContent = nil
      let built = make()
      contentOwner = built.owner
      gtk_stack_add_named(widget.opaque, built.widget, "content")
    }
    self.empty = empty
    showChosenChild()
  }

  /// Shows the content, or the empty state (built first if need be).
  private func showChosenChild() {
    guard let empty else {
      if gtk_stack_get_child_by_name(widget.opaque, "content") != nil {
        gtk_stack_set_visible_child_name(widget.opaque, "content")
      }
      return
    }
    guard everShown else { return }
    if emptyView == nil {
      let view = EmptyStateView(store: store)
      emptyView = view
      gtk_stack_add_named(widget.opaque, view.widget, "empty")
    }
    emptyView?.render(empty)
    gtk_stack_set_visible_child_name(widget.opaque, "empty")
  }
}

/// A page's empty state: an `AdwStatusPage` saying what will appear there
/// and up to two buttons that go somewhere useful.
@MainActor
private final class EmptyStateView {
  let widget: Widget
  private let store: Store
  private let actionButton: Widget
  private let secondaryButton: Widget
  private var shownAction: Action?
  private var shownSecondary: Action?

  init(store: Store) {
    self.store = store
    widget = adw_status_page_new()
    actionButton = gtk_button_new()
    actionButton.addClasses("pill", "suggested-action")
    gtk_widget_set_halign(actionButton, GTK_ALIGN_CENTER)
    secondaryButton = gtk_button_new()
    secondaryButton.addClasses("pill")
    gtk_widget_set_halign(secondaryButton, GTK_ALIGN_CENTER)
    gtk_widget_set_visible(secondaryButton, 0)
    let buttons = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
    gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
    gtk_box_append(buttons.cast(GtkBox.self), actionButton)
    gtk_box_append(buttons.cast(GtkBox.self), secondaryButton)
    adw_status_page_set_child(widget.opaque, buttons)
    Signals.connect(actionButton, "clicked") { [weak self] in
      guard let self, let action = self.shownAction else { return }
      self.store.dispatch(action)
    }
    Signals.connect(secondaryButton, "clicked") { [weak self] in
      guard let self, let action = self.shownSecondary else { return }
      self.store.dispatch(action)
    }
  }

  func render(_ empty: PageEmptyState) {
    adw_status_page_set_icon_name(widget.opaque, empty.iconName)
    widget.setStatusTitle(empty.title)
    widget.setStatusDescription(empty.description)
    shownAction = empty.action
    if let label = empty.actionLabel {
      gtk_button_set_label(actionButton.cast(GtkButton.self), label)
    }
    actionButton.setVisible(empty.actionLabel != nil)
    shownSecondary = empty.secondaryAction
    if let label = empty.secondaryLabel {
      gtk_button_set_label(secondaryButton.cast(GtkButton.self), label)
    }
    secondaryButton.setVisible(empty.secondaryLabel != nil)
  }
}
