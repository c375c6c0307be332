import CAdw
import CGtk
import GObjectKit
import HarkCore

/// The Library page once a server is connected: each server with its
/// libraries, its state (offline, signed out) and a way to add another.
/// A library row opens that library's folders.
@MainActor
public final class LibraryOverview {
  public let widget: Widget
  private let store: Store
  private let page: Widget
  /// The page's groups in order: shelves first, then one per server.
  private var shown: [ShownGroup] = []
  private var sections: [ServerSection] = []
  private var shelves: [Shelf] = []
  /// Held so removing it from the page (to re-add it last) does not free it.
  private let footer: ObjectRef
  private let addButton: Widget
  private var subscription: Subscription?
  private var shelvesSubscription: Subscription?
  /// "Scanning… N of M files" beside This Computer, while shown.
  private var scanningLabel: Widget?
  /// This computer's library rows, by library id, while shown: a scan's
  /// count of books found is set on them in place.
  private var localRows: [Int: Widget] = [:]

  public init(store: Store) {
    self.store = store
    page = adw_preferences_page_new()
    addButton = gtk_button_new_with_label(tr("Connect Another Server"))!
    addButton.addClasses("pill")
    gtk_widget_set_halign(addButton, GTK_ALIGN_CENTER)
    footer = ObjectRef(retaining: adw_preferences_group_new()!)
    adw_preferences_group_add(footer.as(AdwPreferencesGroup.self), addButton)
    adw_preferences_page_add(page.cast(AdwPreferencesPage.self), footer.as(AdwPreferencesGroup.self))
    widget = page
    Signals.connect(addButton, "clicked") { [weak self] in self?.store.dispatch(.connections(.addServerRequested)) }
    subscription = store.subscribe(selectLibraryOverview) { [weak self] sections in
      guard let self else { return }
      // A scan's progress (ten times a second) and its batches of books
      // change one label and the folders' "N books" lines: set their text
      // rather than rebuild the page, whose new widgets (styles, layout)
      // held the main loop for 50–350 ms at a time while a big folder was
      // scanned.
      if let update = self.scanProgressOnly(from: self.sections, to: sections) {
        update()
        self.sections = sections
        return
      }
      self.sections = sections
      self.render()
    }
    shelvesSubscription = store.subscribe(memoized(libraryListsInput, homeShelves(from:))) { [weak self] in
      self?.shelves = $0
      self?.render()
    }
  }

  /// Sets, in place, what a running scan changed, when that is all that
  /// changed (a scan was and still is running: its "Scanning…" text and
  /// its folders' lines); nil when anything else did (then the page is
  /// built again).
  private func scanProgressOnly(from old: [ServerSection], to new: [ServerSection]) -> (() -> Void)? {
    guard old.count == new.count, let label = scanningLabel, let local = new.first(where: \.isLocal),
      let text = local.scanning, old.first(where: \.isLocal)?.scanning != nil,
      Set(local.libraryNotes.keys).isSubset(of: Set(localRows.keys))
    else { return nil }
    func withoutProgress(_ sections: [ServerSection]) -> [ServerSection] {
      sections.map { section in
        var section = section
        if section.isLocal {
          section.scanning = ""
          section.libraryNotes = section.libraryNotes.mapValues { _ in "" }
        }
        return section
      }
    }
    guard withoutProgress(old) == withoutProgress(new) else { return nil }
    let rows = localRows
    return {
      label.setLabelText(text)
      for (id, note) in local.libraryNotes { rows[id]?.setRowSubtitle(note) }
    }
  }

  /// Shelves first (what to listen to next), then each server's libraries.
  /// A shelf keeps its group and changes its rows as little as it can; a
  /// server's group is kept while the server's section is unchanged. The
  /// groups before the first new one stay on the page untouched (with the
  /// keyboard focus); libadwaita 1.2's page can only append, so the ones
  /// after are taken out and put back in order.
  private func render() {
    var spare = shown
    var next: [ShownGroup] = []
    for shelf in shelves {
      let group =
        spare.firstIndex { $0.part == .shelf(shelf.title) }.map { spare.remove(at: $0) } ?? makeShelf(shelf.title)
      fillShelf(group.shelf, with: shelf.items)
      next.append(group)
    }
    for section in sections {
      next.append(spare.firstIndex { $0.part == .server(section) }.map { spare.remove(at: $0) } ?? makeServer(section))
    }
    var kept = 0
    while kept < shown.count, kept < next.count, shown[kept].widget.object == next[kept].widget.object { kept += 1 }
    let preferencesPage = page.cast(AdwPreferencesPage.self)
    for group in shown[kept...] { adw_preferences_page_remove(preferencesPage, group.widget.as(AdwPreferencesGroup.self)) }
    adw_preferences_page_remove(preferencesPage, footer.as(AdwPreferencesGroup.self))
    for group in next[kept...] { adw_preferences_page_add(preferencesPage, group.widget.as(AdwPreferencesGroup.self)) }
    shown = next
    scanningLabel = shown.lazy.compactMap(\.scanningLabel).first
    localRows = shown.reduce(into: [:]) { rows, group in rows.merge(group.localRows) { first, _ in first } }
    // With only this computer's books, there is no "another" server yet.
    let label = sections.contains { !$0.isLocal } ? tr("Connect Another Server") : tr("Connect to a Server")
    if String(cString: gtk_button_get_label(addButton.cast(GtkButton.self))) != label {
      gtk_button_set_label(addButton.cast(GtkButton.self), label)
    }
    // "Connect Another Server" stays last.
    adw_preferences_page_add(preferencesPage, footer.as(AdwPreferencesGroup.self))
  }

  private func makeShelf(_ title: String) -> ShownGroup {
    let group = RowsGroup(title: title)
    return ShownGroup(part: .shelf(title), widget: ObjectRef(retaining: group.widget), shelf: group)
  }

  private func fillShelf(_ group: RowsGroup?, with items: [ShelfItem]) {
    group?.setRows(items: items) { item in
      let subtitle = [item.subtitle, item.location].filter { !$0.isEmpty }.joined(separator: " · ")
      let row = RowsGroup.row(item.title, subtitle: subtitle, suffixes: [Make.icon("go-next-symbolic")])
      adw_action_row_set_icon_name(row.cast(AdwActionRow.self), "accessories-dictionary-symbolic")
      row.showNeedsServer(item.needsServer)
      gtk_list_box_row_set_activatable(row.cast(GtkListBoxRow.self), 1)
      let target = item.target
      Signals.connect(row, "activated") { [weak self] in self?.store.dispatch(.library(.bookOpened(target))) }
      return row
    }
  }

  /// A server's group, with what a scan updates in place.
  private func makeServer(_ section: ServerSection) -> ShownGroup {
    scanningLabel = nil
    localRows = [:]
    let group = makeGroup(section)
    return ShownGroup(
      part: .server(section), widget: ObjectRef(retaining: group), scanningLabel: scanningLabel, localRows: localRows)
  }

  private func makeGroup(_ section: ServerSection) -> Widget {
    let group = adw_preferences_group_new()!
    let adwGroup = group.cast(AdwPreferencesGroup.self)
    group.setGroupTitle(section.title)
    group.setGroupDescription(section.subtitle)
    switch section.status {
    case .online:
      guard section.isLocal else { break }
      let box = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
      gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
      if let scanning = section.scanning {
        gtk_box_append(box.cast(GtkBox.self), Make.spinner(size: 16))
        let label = Make.label(scanning, classes: "dim-label")
        gtk_box_append(box.cast(GtkBox.self), label)
        scanningLabel = label
      }
      let add = Make.iconButton("folder-new-symbolic", tooltip: tr("Add a Library Folder"))
      add.addClasses("flat")
      Signals.connect(add, "clicked") { [weak self] in self?.store.dispatch(.localLibrary(.folderChooserRequested)) }
      gtk_box_append(box.cast(GtkBox.self), add)
      adw_preferences_group_set_header_suffix(adwGroup, box)
    case .offline:
      adw_preferences_group_set_header_suffix(adwGroup, Make.label(tr("Offline"), classes: "dim-label"))
    case .signedOut:
      let reconnect = gtk_button_new_with_label(tr("Reconnect"))!
      reconnect.addClasses("suggested-action")
      gtk_widget_set_valign(reconnect, GTK_ALIGN_CENTER)
      let id = section.id
      Signals.connect(reconnect, "clicked") { [weak self] in
        self?.store.dispatch(.connections(.reconnectRequested(serverID: id)))
      }
      adw_preferences_group_set_header_suffix(adwGroup, reconnect)
    }
    let rows =
      section.status == .signedOut
      ? [row(tr("Sign in again to see this server's libraries"), icon: "system-lock-screen-symbolic")]
      : rows(section.libraries, serverID: section.id, notes: section.libraryNotes)
    for row in rows { adw_preferences_group_add(adwGroup, row) }
    if !section.skipped.isEmpty { adw_preferences_group_add(adwGroup, skippedRow(section.skipped)) }
    return group
  }

  private func rows(
    _ libraries: Loadable<[LibrarySummary]>, serverID: String, notes: [Int: String] = [:]
  ) -> [Widget] {
    switch libraries {
    case .loading:
      let spinner = Make.spinner(size: 16)
      return [row(tr("Loading libraries…"), suffix: spinner)]
    case .failed(let message):
      return [row(tr("Could not load the libraries"), subtitle: message, icon: "dialog-warning-symbolic")]
    case .loaded(let list) where list.isEmpty:
      return [row(tr("This server has no libraries yet"))]
    case .loaded(let list):
      return list.map { library in
        let note = notes[library.id].flatMap { $0.isEmpty ? nil : $0 }
        let row = row(library.name, subtitle: note, icon: "folder-symbolic", suffix: Make.icon("go-next-symbolic"))
        if LocalSource.isLocal(serverID) { localRows[library.id] = row }
        gtk_list_box_row_set_activatable(row.cast(GtkListBoxRow.self), 1)
        Signals.connect(row, "activated") { [weak self] in
          self?.store.dispatch(.library(.libraryOpened(serverID: serverID, libraryID: library.id)))
        }
        return row
      }
    }
  }

  /// "N files skipped": opens the list of what the scans left out, and why.
  private func skippedRow(_ skipped: [LocalScanSkip]) -> Widget {
    let title = String(format: trPlural("%d file skipped", "%d files skipped", skipped.count), skipped.count)
    let row = row(title, subtitle: tr("Not added to the library; see why"), icon: "dialog-warning-symbolic",
      suffix: Make.icon("go-next-symbolic"))
    gtk_list_box_row_set_activatable(row.cast(GtkListBoxRow.self), 1)
    Signals.connect(row, "activated") { [weak self] in
      guard let self, let root = gtk_widget_get_root(self.widget) else { return }
      SkippedFilesWindow.present(skipped, parent: UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self))
    }
    return row
  }

  private func row(_ title: String, subtitle: String? = nil, icon: String? = nil, suffix: Widget? = nil) -> Widget {
    let row = adw_action_row_new()!
    row.setRowTitle(title)
    let actionRow = row.cast(AdwActionRow.self)
    if let subtitle { row.setRowSubtitle(subtitle) }
    if let icon { adw_action_row_set_icon_name(actionRow, icon) }
    if let suffix { adw_action_row_add_suffix(actionRow, suffix) }
    return row
  }
}

/// One group of the overview, held while it is off the page between
/// renders, with what it was made from.
@MainActor
private struct ShownGroup {
  enum Part: Equatable {
    case shelf(String)
    case server(ServerSection)
  }

  let part: Part
  let widget: ObjectRef
  /// A shelf's rows.
  var shelf: RowsGroup?
  /// This computer's "Scanning…" label and library rows, set in place.
  var scanningLabel: Widget?
  var localRows: [Int: Widget] = [:]
}
