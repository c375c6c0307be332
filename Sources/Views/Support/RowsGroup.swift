import CAdw
import CGtk
import GObjectKit
import HarkCore

/// An `AdwPreferencesGroup` of rows, one per item of a list, changed as
/// little as the group allows when the list changes.
@MainActor
final class RowsGroup {
  /// A row made for an item, and how it shows a changed version of that
  /// item (same identity, other content) in place: same widgets, so the
  /// keyboard focus and a screen reader's place stay on it. Nil when the row
  /// cannot: it is then made again (every list with an `id` gives one today).
  struct Made<Item> {
    let widget: Widget
    let update: ((Item) -> Void)?

    init(_ widget: Widget, update: ((Item) -> Void)? = nil) {
      self.widget = widget
      self.update = update
    }
  }

  /// A row shown: the item it shows (nil for rows given as widgets, which
  /// are never kept), that item's identity, and its in-place update.
  private struct Shown {
    var item: (any Equatable)?
    var id: AnyHashable?
    var row: Widget
    var update: ((Any) -> Void)?
  }

  let widget: Widget
  private var shown: [Shown] = []
  private var fixed: [Widget] = []

  init(title: String, description: String? = nil) {
    widget = adw_preferences_group_new()!
    widget.setGroupTitle(title)
    if let description { widget.setGroupDescription(description) }
  }

  /// Replaces every row except the ones added with `addFixed`, which stay last.
  func setRows(_ newRows: [Widget]) {
    replace(from: 0, with: newRows.map { Shown(item: nil, id: nil, row: $0, update: nil) })
  }

  /// One row per item, made by `make`. Items compare whole: a changed item
  /// is a new row (see the `id:` form to change rows in place).
  func setRows<Item: Equatable>(items: [Item], _ make: (Item) -> Widget) {
    setRows(items: items, id: { _ in nil as AnyHashable? }) { Made(make($0)) }
  }

  /// One row per item, made by `make`. A row whose item did not change is
  /// kept as it is: the Book page renders every second while its book plays,
  /// and a new row is realized, laid out and painted (with X round trips),
  /// while a kept one keeps the keyboard focus too. An item that changed but
  /// keeps its `id` (a note whose "2 minutes ago" ticked on) is shown by its
  /// row's `update`, in place. libadwaita 1.2's group can only append, so
  /// the rows after the first new or gone one are taken out and put back in
  /// order; a row whose item only moved is put back, not made again.
  func setRows<Item: Equatable>(items: [Item], id: (Item) -> AnyHashable?, _ make: (Item) -> Made<Item>) {
    if shown.count == items.count,
      zip(shown, items).allSatisfy({ entry, item in (entry.item as? Item) == item })
    {
      return
    }
    var spare = shown
    let rows: [Shown] = items.map { item in
      if let index = spare.firstIndex(where: { ($0.item as? Item) == item }) { return spare.remove(at: index) }
      let key = id(item)
      if let key, let index = spare.firstIndex(where: { $0.id == key && $0.item is Item }) {
        var entry = spare.remove(at: index)
        if let update = entry.update {
          update(item)
          entry.item = item
          return entry
        }
      }
      let made = make(item)
      return Shown(item: item, id: key, row: made.widget, update: Self.erased(made.update))
    }
    var unchanged = 0
    while unchanged < shown.count, unchanged < rows.count, shown[unchanged].row == rows[unchanged].row {
      unchanged += 1
    }
    if unchanged == shown.count, unchanged == rows.count {
      shown = rows  // every row kept, some updated in place
      return
    }
    replace(from: unchanged, with: Array(rows[unchanged...]))
  }

  /// A loaded list's rows, one per item, or one status row while it loads,
  /// when it failed (its message) or when it is empty (`empty`). A status
  /// that changes is one row changing its text.
  func setRows<Item: Equatable & Sendable & Identifiable>(
    for list: Loadable<[Item]>, loading: String, empty: String, _ makeRow: (Item) -> Made<Item>
  ) {
    let lines: [ListLine<Item>] =
      switch list {
      case .loading: [.status(loading)]
      case .failed(let message): [.status(message)]
      case .loaded(let items) where items.isEmpty: [.status(empty)]
      case .loaded(let items): items.map { .item($0) }
      }
    setRows(items: lines, id: { $0.id }) { line in
      switch line {
      case .status(let text):
        let row = Self.statusRow(text)
        return Made(row) { if case .status(let text) = $0 { row.setRowTitle(text) } }
      case .item(let item):
        let made = makeRow(item)
        return Made(made.widget, update: made.update.map { update in { if case .item(let item) = $0 { update(item) } } })
      }
    }
  }

  private static func erased<Item>(_ update: ((Item) -> Void)?) -> ((Any) -> Void)? {
    update.map { update in { if let item = $0 as? Item { update(item) } } }
  }

  /// Takes out the rows from `index` on (and the fixed ones), then appends
  /// `rows` and the fixed rows again. The group holds the only reference to
  /// a row while it is in, so each row is held here while it is out.
  private func replace(from index: Int, with rows: [Shown]) {
    let group = widget.cast(AdwPreferencesGroup.self)
    let out = shown[index...].map(\.row) + fixed
    let held = (out + rows.map(\.row)).map { ObjectRef(retaining: $0) }
    // Taking a row out takes the keyboard focus from it (GTK moves it up
    // the tree): note who had it, inside the rows about to go out.
    let focus = gtk_widget_get_root(widget).flatMap { gtk_root_get_focus($0) }
    let focusedRow = focus.flatMap { focus in out.first { $0 == focus || gtk_widget_is_ancestor(focus, $0) != 0 } }
    for row in out { adw_preferences_group_remove(group, row) }
    shown = Array(shown[..<index]) + rows
    let back = rows.map(\.row) + fixed
    for row in back { adw_preferences_group_add(group, row) }
    if let focus, let focusedRow, back.contains(focusedRow) {
      // The same row is back (its item only moved or changed in place, or
      // a fixed row): the listener's focus goes back where it was, as if it
      // never left; to the row when its update hid that control.
      let target = gtk_widget_is_visible(focus) != 0 ? focus : focusedRow
      if gtk_widget_grab_focus(target) != 0 { relinkFocusChain(from: target) }
    }
    withExtendedLifetime(held) {}
  }

  /// GTK keeps the window's focus on a widget taken out and put back, so
  /// grabbing it again changes nothing; but taking its row out made the
  /// list box forget which row holds the focus, and Tab and shift+Tab went
  /// on from the list's first or last row (shift+Tab from a moved row's
  /// button reached the row below it). Each container from the focus up to
  /// the group is told again which of its children holds it.
  private func relinkFocusChain(from focus: Widget) {
    var child = focus
    while child != widget, let parent = gtk_widget_get_parent(child) {
      gtk_widget_set_focus_child(parent, child)
      child = parent
    }
  }

  /// The item whose row holds the keyboard focus, if any.
  func focusedItem<Item>(_ type: Item.Type) -> Item? {
    guard let focus = gtk_widget_get_root(widget).flatMap({ gtk_root_get_focus($0) }) else { return nil }
    return shown.first { $0.row == focus || gtk_widget_is_ancestor(focus, $0.row) != 0 }?.item as? Item
  }

  /// Gives the keyboard focus to the row of the first item `matching`;
  /// false when no row shows one.
  func focusRow<Item>(_ type: Item.Type, where matching: (Item) -> Bool) -> Bool {
    guard let entry = shown.first(where: { ($0.item as? Item).map(matching) ?? false }) else { return false }
    return gtk_widget_grab_focus(entry.row) != 0
  }

  /// A row that stays through `setRows` (e.g. the "add" form), shown last.
  /// It must be an `AdwPreferencesRow` to sit inside the group's card.
  func addFixed(_ row: Widget) {
    fixed.append(row)
    adw_preferences_group_add(widget.cast(AdwPreferencesGroup.self), row)
  }

  /// A card row holding any widget (a form, formatted text), named for
  /// assistive technologies (the row itself takes the focus first).
  static func customRow(_ child: Widget, name: String) -> Widget {
    let row = adw_preferences_row_new()!
    gtk_list_box_row_set_child(row.cast(GtkListBoxRow.self), child)
    gtk_list_box_row_set_activatable(row.cast(GtkListBoxRow.self), 0)
    row.setAccessibleLabel(name)
    return row
  }

  /// A plain row: title, optional subtitle, optional suffix widgets.
  static func row(_ title: String, subtitle: String = "", suffixes: [Widget] = []) -> Widget {
    let row = adw_action_row_new()!
    row.setRowTitle(title)
    if !subtitle.isEmpty { row.setRowSubtitle(subtitle) }
    adw_action_row_set_title_lines(row.cast(AdwActionRow.self), 0)
    adw_action_row_set_subtitle_lines(row.cast(AdwActionRow.self), 0)
    for suffix in suffixes { adw_action_row_add_suffix(row.cast(AdwActionRow.self), suffix) }
    return row
  }

  /// A row saying the list is loading, empty or failed.
  static func statusRow(_ text: String) -> Widget {
    let row = adw_action_row_new()!
    row.setRowTitle(text)
    row.addClasses("dim-label")
    return row
  }

  /// A flat icon button for a row's end, named for assistive technologies.
  static func iconButton(_ icon: String, label: String) -> Widget {
    let button = Make.iconButton(icon, tooltip: label)
    button.addClasses("flat")
    gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
    return button
  }
}

/// A line of a loaded list: an item's row or a status.
private enum ListLine<Item: Equatable & Identifiable>: Equatable {
  case status(String)
  case item(Item)

  /// One status row at most: a status is identified by being one.
  var id: AnyHashable {
    switch self {
    case .status: AnyHashable(StatusLine())
    case .item(let item): AnyHashable(item.id)
    }
  }
}

private struct StatusLine: Hashable {}
