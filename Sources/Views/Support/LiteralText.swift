import CAdw
import CGtk
import GObjectKit
import NoteMarkup

// Hark's one rule for text on screen: every string is shown as written.
// Names, titles, authors, chapters, bookmarks, error texts from a server and
// tags from a file are data, never Pango markup — a server called
// `<span size="40000">X</span>` must read as exactly that, and a bare "&"
// or an unclosed tag must not blank a title with a GTK warning.
//
// GtkLabel, GtkButton and tooltips take plain text already, but libadwaita
// 1.2 parses some of its labels as markup: a preferences group's title and
// description and a status page's description always, an action row's
// title and subtitle (and an entry row's title) while the row's
// `use-markup` is on, which is its default. Every text for those widgets goes
// through the setters below, which escape it or turn markup off.
// `Tests/integration/test_literal_text_rule.py` fails when code anywhere
// else calls those libadwaita setters directly, so a new page cannot forget.

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// An `AdwPreferencesGroup`'s title (always parsed as markup: escaped).
  func setGroupTitle(_ text: String) {
    adw_preferences_group_set_title(cast(AdwPreferencesGroup.self), escapedForMarkup(text))
  }

  /// An `AdwPreferencesGroup`'s description (always parsed as markup: escaped).
  func setGroupDescription(_ text: String) {
    adw_preferences_group_set_description(cast(AdwPreferencesGroup.self), escapedForMarkup(text))
  }

  /// An `AdwStatusPage`'s title: plain text in libadwaita 1.2, set here so
  /// that a status page's texts follow one rule.
  func setStatusTitle(_ text: String) {
    adw_status_page_set_title(opaque, text)
  }

  /// An `AdwStatusPage`'s description (always parsed as markup: escaped).
  func setStatusDescription(_ text: String) {
    adw_status_page_set_description(opaque, escapedForMarkup(text))
  }

  /// An `AdwPreferencesRow`'s title (`AdwActionRow`, `AdwEntryRow`), with
  /// the row's markup turned off, which also covers an action row's subtitle.
  func setRowTitle(_ text: String) {
    let row = cast(AdwPreferencesRow.self)
    if adw_preferences_row_get_use_markup(row) != 0 { adw_preferences_row_set_use_markup(row, 0) }
    adw_preferences_row_set_title(row, text)
  }

  /// An `AdwActionRow`'s subtitle, with the row's markup turned off.
  func setRowSubtitle(_ text: String) {
    let row = cast(AdwPreferencesRow.self)
    if adw_preferences_row_get_use_markup(row) != 0 { adw_preferences_row_set_use_markup(row, 0) }
    adw_action_row_set_subtitle(cast(AdwActionRow.self), text)
  }

  /// A listener's Markdown note, formatted: the label gets the markup
  /// `noteMarkup` writes from it, which escapes every character of the note;
  /// nothing else may reach a label as markup, so this takes the Markdown.
  func setNoteMarkdown(_ markdown: String) {
    gtk_label_set_markup(opaque, noteMarkup(markdown))
  }
}

/// An `AdwToast` whose title is `text` (libadwaita 1.2 parses a toast's
/// title as markup: escaped).
@MainActor
func literalToast(_ text: String) -> OpaquePointer {
  adw_toast_new(escapedForMarkup(text))
}

/// `text` with Pango's markup characters escaped, for a label that parses
/// markup: it then shows exactly `text`.
private func escapedForMarkup(_ text: String) -> String {
  guard let escaped = g_markup_escape_text(text, -1) else { return "" }
  defer { g_free(escaped) }
  return String(cString: escaped)
}
