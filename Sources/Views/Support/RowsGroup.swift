import CAdw
import CGtk
import GObjectKit
import HarkCore

/// An `AdwPreferencesGroup` whose rows are replaced wholesale on each
/// render: right for the Book page's short lists (bookmarks, notes, a few
/// characters), which change one at a time and rarely.
@MainActor
final class RowsGroup {
  let widget: Widget
  private var rows: [Widget] = []
  private var fixed: [Widget] = []
  /// What the rows were built from, when built by `setRows(for:_:)`.
  private var builtFrom: (any Equatable)?

  init(title: String, description: String? = nil) {
    widget = adw_preferences_group_new()!
    widget.setGroupTitle(title)
    if let description { widget.setGroupDescription(description) }
  }

  /// Replaces every row except the ones added with `addFixed`, which stay last.
  func setRows(_ newRows: [Widget]) {
    builtFrom = nil
    let group = widget.cast(AdwPreferencesGroup.self)
    // The group holds the only reference to a fixed row while it is in.
    for row in fixed { g_object_ref(row.gobject) }
    for row in rows + fixed { adw_preferences_group_remove(group, row) }
    rows = newRows
    for row in rows + fixed { adw_preferences_group_add(group, row) }
    for row in fixed { g_object_unref(row.gobject) }
  }

  /// Replaces the rows with `make()` only when `content` differs from what
  /// they were last built from. The Book page renders every second while
  /// its book plays (the place moves); new rows would be realized, laid out
  /// and painted each time, with X round trips, for lists that did not change.
  func setRows<Content: Equatable>(for content: Content, _ make: () -> [Widget]) {
    if let built = builtFrom as? Content, built == content { return }
    setRows(make())
    builtFrom = content
  }

  /// A loaded list's rows, one per item, or one status row while it loads,
  /// when it failed (its message) or when it is empty (`empty`); rebuilt
  /// only when `list` changed.
  func setRows<Item: Equatable & Sendable>(
    for list: Loadable<[Item]>, loading: String, empty: String, _ makeRow: (Item) -> Widget
  ) {
    setRows(for: list) { () -> [Widget] in
      switch list {
      case .loading: [Self.statusRow(loading)]
      case .failed(let message): [Self.statusRow(message)]
      case .loaded(let items) where items.isEmpty: [Self.statusRow(empty)]
      case .loaded(let items): items.map(makeRow)
      }
    }
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
