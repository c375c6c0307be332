import CAdw
import CGtk
import GObjectKit
import HarkCore

/// An `AdwPreferencesGroup` of rows, one per item of a list, changed as
/// little as the group allows when the list changes.
@MainActor
final class RowsGroup {
  let widget: Widget
  /// The rows shown, each with the item it was made from (nil for rows
  /// given as widgets, which are never kept).
  private var shown: [(item: (any Equatable)?, row: Widget)] = []
  private var fixed: [Widget] = []

  init(title: String, description: String? = nil) {
    widget = adw_preferences_group_new()!
    widget.setGroupTitle(title)
    if let description { widget.setGroupDescription(description) }
  }

  /// Replaces every row except the ones added with `addFixed`, which stay last.
  func setRows(_ newRows: [Widget]) {
    replace(from: 0, with: newRows.map { (nil, $0) })
  }

  /// One row per item, made by `make`. The rows of the first items that did
  /// not change stay as they were: the Book page renders every second while
  /// its book plays, and a new row is realized, laid out and painted (with X
  /// round trips), while a kept one keeps the keyboard focus too. libadwaita
  /// 1.2's group can only append, so the rows after the first change are
  /// taken out and put back in order; a row whose item only moved is put
  /// back, not made again.
  func setRows<Item: Equatable>(items: [Item], _ make: (Item) -> Widget) {
    var unchanged = 0
    while unchanged < shown.count, unchanged < items.count,
      let item = shown[unchanged].item as? Item, item == items[unchanged]
    {
      unchanged += 1
    }
    if unchanged == shown.count, unchanged == items.count { return }
    var spare = shown[unchanged...].compactMap { entry in (entry.item as? Item).map { ($0, entry.row) } }
    let rows: [(item: (any Equatable)?, row: Widget)] = items[unchanged...].map { item in
      if let index = spare.firstIndex(where: { $0.0 == item }) { return (item, spare.remove(at: index).1) }
      return (item, make(item))
    }
    replace(from: unchanged, with: rows)
  }

  /// A loaded list's rows, one per item, or one status row while it loads,
  /// when it failed (its message) or when it is empty (`empty`).
  func setRows<Item: Equatable & Sendable>(
    for list: Loadable<[Item]>, loading: String, empty: String, _ makeRow: (Item) -> Widget
  ) {
    let lines: [ListLine<Item>] =
      switch list {
      case .loading: [.status(loading)]
      case .failed(let message): [.status(message)]
      case .loaded(let items) where items.isEmpty: [.status(empty)]
      case .loaded(let items): items.map { .item($0) }
      }
    setRows(items: lines) { line in
      switch line {
      case .status(let text): Self.statusRow(text)
      case .item(let item): makeRow(item)
      }
    }
  }

  /// Takes out the rows from `index` on (and the fixed ones), then appends
  /// `rows` and the fixed rows again. The group holds the only reference to
  /// a row while it is in, so each row is held here while it is out.
  private func replace(from index: Int, with rows: [(item: (any Equatable)?, row: Widget)]) {
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
    // The same row is back (its item only moved, or a fixed row): the
    // listener's focus goes back where it was, as if it never left.
    if let focus, let focusedRow, back.contains(focusedRow) { gtk_widget_grab_focus(focus) }
    withExtendedLifetime(held) {}
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
private enum ListLine<Item: Equatable>: Equatable {
  case status(String)
  case item(Item)
}
