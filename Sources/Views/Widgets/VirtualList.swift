import CAdw
import CGtk
import HarkCore
import GObjectKit

/// A `GtkListView` that only builds rows for what is on screen, so a folder
/// of 10,000 entries or a book of 5,000 chapters costs a screenful of
/// widgets.
///
/// The model is a `GtkStringList` of row ids; the rows' data stays in Swift
/// and `bind` fills a recycled row widget for a position. Ids are expected
/// to change when a row's content does (callers fold the content into the
/// id), so `update` can splice only the changed middle of the list: GTK
/// keeps the rows before and after it, their scroll position and focus.
@MainActor
final class VirtualList {
  /// The scrolled window to put on screen.
  let widget: Widget
  let listView: Widget
  private let model: ObjectRef
  private var ids: [String] = []
  private let bound = BoundRows()

  /// - Parameters:
  ///   - makeRow: builds an empty row; called once per visible slot.
  ///   - bind: fills `row` for the item at `position`.
  ///   - activate: a row was clicked or activated with the keyboard.
  ///   - activatable: whether the row at a position can be activated (a
  ///     header row cannot); all can by default.
  ///   - grid: a `GtkGridView` of tiles instead of a list of rows.
  ///   - nearEnd: scrolled within two screens of the end (to load more).
  init(
    accessibleLabel: String,
    grid: Bool = false,
    nearEnd: (@MainActor () -> Void)? = nil,
    makeRow: @escaping @MainActor () -> Widget,
    bind: @escaping @MainActor (Widget, Int) -> Void,
    activate: @escaping @MainActor (Int) -> Void,
    activatable: @escaping @MainActor (Int) -> Bool = { _ in true }
  ) {
    model = ObjectRef(taking: gtk_string_list_new(nil)!)
    let bound = self.bound
    let factory = gtk_signal_list_item_factory_new()!
    Signals.connect(factory, "setup") { (item: UnsafeMutableRawPointer?) in
      guard let item else { return }
      gtk_list_item_set_child(OpaquePointer(item), makeRow())
    }
    Signals.connect(factory, "bind") { (item: UnsafeMutableRawPointer?) in
      guard let item, let row = gtk_list_item_get_child(OpaquePointer(item)) else { return }
      let position = Int(gtk_list_item_get_position(OpaquePointer(item)))
      gtk_list_item_set_activatable(OpaquePointer(item), activatable(position) ? 1 : 0)
      bound.bind(row, at: position)
      bind(row, position)
    }
    // The selection model only hands the model over; nothing is selected.
    g_object_ref(model.object)
    let selection = gtk_no_selection_new(OpaquePointer(model.object))
    if grid {
      listView = gtk_grid_view_new(selection, factory)!
      gtk_grid_view_set_single_click_activate(OpaquePointer(listView), 1)
      gtk_grid_view_set_max_columns(OpaquePointer(listView), 12)
    } else {
      listView = gtk_list_view_new(selection, factory)!
      gtk_list_view_set_single_click_activate(OpaquePointer(listView), 1)
    }
    listView.setAccessibleLabel(accessibleLabel)
    Signals.connect(listView, "activate") { (position: UInt32) in activate(Int(position)) }
    widget = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(OpaquePointer(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    // Clamped to a readable width on wide windows, like a preferences page.
    let clamp = adw_clamp_scrollable_new()!
    adw_clamp_scrollable_set_maximum_size(OpaquePointer(clamp), grid ? 1400 : 800)
    adw_clamp_scrollable_set_child(OpaquePointer(clamp), listView)
    gtk_scrolled_window_set_child(OpaquePointer(widget), clamp)
    gtk_widget_set_vexpand(widget, 1)
    if grid {
      GridColumns.fit(
        OpaquePointer(listView), in: gtk_scrolled_window_get_hadjustment(OpaquePointer(widget)), maximumWidth: 1400)
    }
    if let nearEnd {
      let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(widget))!
      let check: @MainActor () -> Void = {
        let value = gtk_adjustment_get_value(adjustment)
        let page = gtk_adjustment_get_page_size(adjustment)
        if value + page >= gtk_adjustment_get_upper(adjustment) - 2 * page { nearEnd() }
      }
      Signals.connect(adjustment, "value-changed") { check() }
      // A first page shorter than two screens asks for more at once.
      Signals.connect(adjustment, "changed") { check() }
    }
  }

  /// Keyboard focus into the list (its first row on a fresh list), only
  /// while the list shows.
  func focusRows() {
    if gtk_widget_get_mapped(listView) != 0 { gtk_widget_grab_focus(listView) }
  }

  /// Keyboard focus on the item at `position` (the row "back" returned
  /// to). GTK 4.8 has no call for it (`gtk_list_view_scroll_to` came in
  /// 4.12), so the item is scrolled into view and its row, once built,
  /// takes the focus; a few main-loop turns are allowed for the building.
  func focusItem(_ position: Int, attempts: Int = 10, scrolled: Bool = false) {
    guard position >= 0, position < ids.count else { return }
    let mapped = gtk_widget_get_mapped(listView) != 0
    if mapped, let row = bound.row(at: position), let item = gtk_widget_get_parent(row) {
      gtk_widget_grab_focus(item)
      return
    }
    if mapped, !scrolled { scrollToItem(position) }
    guard attempts > 0 else { return }
    MainContext.invoke { [weak self] in
      self?.focusItem(position, attempts: attempts - 1, scrolled: scrolled || mapped)
    }
  }

  func scrollToTop() {
    let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(widget))
    gtk_adjustment_set_value(adjustment, 0)
  }

  /// Scrolls so the item at `position` is the first one shown. GTK 4.8's
  /// only way to scroll to an item (`list.scroll-to-item`) brings it just
  /// into view, at the bottom edge when it lies below; starting from the
  /// end makes it come in from above, so it lands at the top.
  func scrollToItem(_ position: Int) {
    guard position >= 0, position < ids.count else { return }
    let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(widget))
    gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
    gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(UInt32(position)))
  }

  /// Shows `newIDs`, replacing only the stretch between the unchanged
  /// prefix and suffix.
  func update(_ newIDs: [String]) {
    let change = ListSplice(from: ids, to: newIDs)
    ids = newIDs
    guard change.removed > 0 || !change.inserted.isEmpty else { return }
    let strings = change.inserted.map { strdup($0) } + [nil]
    defer { strings.forEach { free($0) } }
    strings.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { buffer in
      gtk_string_list_splice(
        OpaquePointer(model.object), UInt32(change.position), UInt32(change.removed), buffer.baseAddress)
    }
  }
}

/// Which row widget shows which position now (GTK recycles them).
@MainActor
private final class BoundRows {
  private var rowAt: [Int: Widget] = [:]
  private var positionOf: [Widget: Int] = [:]

  func bind(_ row: Widget, at position: Int) {
    if let old = positionOf[row], rowAt[old] == row { rowAt[old] = nil }
    positionOf[row] = position
    rowAt[position] = row
  }

  func row(at position: Int) -> Widget? { rowAt[position] }
}
