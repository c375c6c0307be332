import CAdw
import CGtk
import GObjectKit
import HarkCore

/// Above a long folder: a box that filters its rows as you type and an
/// A–Z menu that jumps to where a letter starts. Short folders do without
/// (`FolderBrowser` hides the bar), as there is nothing to find.
@MainActor
final class FolderFilterBar {
  let widget: Widget
  private let entry: Widget
  private let jumpButton: Widget
  private var letterButtons: [String: Widget] = [:]
  private var jumps: [LetterJump] = []
  /// Set while the entry is updated from the store, so the change is not
  /// sent back as if typed.
  private var rendering = false

  /// - Parameters:
  ///   - filterChanged: the text in the box, as typed.
  ///   - jump: the row where the picked letter starts.
  init(filterChanged: @escaping @MainActor (String) -> Void, jump: @escaping @MainActor (Int) -> Void) {
    entry = gtk_search_entry_new()!
    entry.setStringProperty("placeholder-text", tr("Filter this folder"))
    entry.setAccessibleLabel(tr("Filter This Folder"))
    gtk_widget_set_hexpand(entry, 1)
    jumpButton = gtk_menu_button_new()!
    gtk_menu_button_set_label(jumpButton.opaque, "A–Z")
    gtk_widget_set_tooltip_text(jumpButton, tr("Jump to a Letter"))
    jumpButton.setAccessibleLabel(tr("Jump to a Letter"))
    let letters = gtk_grid_new()!
    gtk_grid_set_row_spacing(letters.cast(GtkGrid.self), 2)
    gtk_grid_set_column_spacing(letters.cast(GtkGrid.self), 2)
    gtk_grid_set_column_homogeneous(letters.cast(GtkGrid.self), 1)
    let popover = gtk_popover_new()!
    gtk_popover_set_child(popover.cast(GtkPopover.self), letters)
    gtk_menu_button_set_popover(jumpButton.opaque, popover)
    var buttons: [(String, Widget)] = []
    for (index, letter) in (railLetters + ["#"]).enumerated() {
      let button = gtk_button_new_with_label(letter)!
      button.addClasses("flat")
      button.setAccessibleLabel(letter == "#" ? tr("Other") : letter)
      gtk_grid_attach(letters.cast(GtkGrid.self), button, Int32(index % 7), Int32(index / 7), 1, 1)
      buttons.append((letter, button))
    }
    let row = Make.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, entry, jumpButton)
    // As wide as the rows below it (their list is clamped the same way).
    widget = adw_clamp_new()!
    adw_clamp_set_maximum_size(widget.opaque, 800)
    adw_clamp_set_child(widget.opaque, row)
    widget.setMargins(6)
    for (letter, button) in buttons {
      letterButtons[letter] = button
      Signals.connect(button, "clicked") { [weak self] in
        guard let self, let row = self.jumps.first(where: { $0.letter == letter })?.row else { return }
        gtk_popover_popdown(popover.cast(GtkPopover.self))
        jump(row)
      }
    }
    Signals.connect(entry, "search-changed") { [weak self] in
      guard let self, !self.rendering else { return }
      filterChanged(String(cString: gtk_editable_get_text(self.entry.opaque)))
    }
  }

  /// Shows the store's filter text (cleared when another folder opens) and
  /// which letters have rows to jump to.
  func render(filter: String, jumps: [LetterJump]) {
    self.jumps = jumps
    if String(cString: gtk_editable_get_text(entry.opaque)) != filter {
      rendering = true
      gtk_editable_set_text(entry.opaque, filter)
      rendering = false
    }
    for jump in jumps { letterButtons[jump.letter]?.setSensitive(jump.row != nil) }
    // Nothing to jump between in a handful of filtered rows.
    jumpButton.setSensitive(jumps.contains { $0.row != nil })
  }
}
