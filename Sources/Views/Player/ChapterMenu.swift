import CAdw
import CGtk
import GObjectKit
import HarkCore

/// The popover under the Player page's chapter title: every chapter, the
/// current one marked; picking one goes to its start. Virtualized, so a
/// 5,000-chapter book builds a screenful of rows.
@MainActor
final class ChapterMenu {
  let popover: Widget
  private let store: Store
  private var list: VirtualList!
  private var titles: [String] = []
  private var starts: [Double] = []
  private var current: Int?

  init(store: Store) {
    self.store = store
    popover = gtk_popover_new()!
    list = VirtualList(
      accessibleLabel: tr("Chapters"),
      makeRow: {
        let label = Make.label("")
        gtk_label_set_xalign(label.opaque, 0)
        gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
        label.setMargins(6)
        return label
      },
      bind: { [weak self] label, position in self?.bind(label, position) },
      activate: { [weak self] position in self?.pick(position) })
    list.listView.addClasses("navigation-sidebar")
    gtk_widget_set_size_request(list.widget, 300, 360)
    gtk_popover_set_child(popover.cast(GtkPopover.self), list.widget)
  }

  func show(_ titles: [String], starts: [Double], current: Int?) {
    self.titles = titles
    self.starts = starts
    self.current = current
    list.update(titles.enumerated().map { "\($0.offset)\u{1F}\($0.element)\u{1F}\($0.offset == current)" })
  }

  private func bind(_ label: Widget, _ position: Int) {
    guard titles.indices.contains(position) else { return }
    let isCurrent = position == current
    label.setLabelText(chapterListLabel(number: position + 1, title: titles[position]))
    if isCurrent { label.addClasses("heading") } else { gtk_widget_remove_css_class(label, "heading") }
    let name = isCurrent ? trFormat("%@, playing now", titles[position]) : titles[position]
    (gtk_widget_get_parent(label) ?? label).setAccessibleLabel(name)
  }

  private func pick(_ position: Int) {
    guard starts.indices.contains(position) else { return }
    store.playback(.seekInBook(starts[position]))
    gtk_popover_popdown(popover.cast(GtkPopover.self))
  }
}
