// NoteMarkup: a listener's note (Markdown from an AudioSilo server or typed
// in Hark) as Pango markup for a `GtkLabel`. cmark-gfm parses it (CommonMark
// plus GFM strikethrough) and `NoteTreeWriter` walks cmark's tree. Its own
// target, so HarkCore stays pure Swift.
//
// A note is listener text and can never inject markup or break the label:
// all text is escaped, the output only uses `b`, `i`, `s`, `tt`, `a href` and
// `span size` (always closed and nested), links are clickable only for
// http, https and mailto targets (others show their text), HTML shows as
// typed, and controls and noncharacters are dropped, before parsing and
// after entities are decoded.
import CCmarkGFM

/// The note as Pango markup: headings bold (h1 `x-large`, h2 `large`),
/// lists with "• " or the item's number, quotes italic with "▎ " on every
/// line, code in `tt`. A single newline stays a newline; blocks keep a blank
/// line between them where the note had one, and always around headings.
public func noteMarkup(_ markdown: String) -> String {
  renderNote(markdown).markup
}

/// The text of `noteMarkup(markdown)` for accessible names and previews:
/// no tags, nothing escaped, no quote bars, no link targets, and every
/// whitespace run collapsed to one space with the ends trimmed.
public func notePlainText(_ markdown: String) -> String {
  var result = ""
  for scalar in renderNote(markdown).plain.unicodeScalars {
    let space = scalar.properties.isWhitespace
    if space, result.isEmpty || result.unicodeScalars.last == " " { continue }
    result.unicodeScalars.append(space ? " " : scalar)
  }
  if result.unicodeScalars.last == " " { result.unicodeScalars.removeLast() }
  return result
}

/// cmark-gfm's extension registry is process-wide and must be filled once;
/// a global `let` runs exactly once, thread-safely.
private let extensionsRegistered: Bool = {
  cmark_gfm_core_extensions_ensure_registered()
  return true
}()

private func renderNote(_ markdown: String) -> NoteTreeWriter {
  var writer = NoteTreeWriter()
  guard extensionsRegistered, let parser = cmark_parser_new(hark_cmark_note_options()) else { return writer }
  defer { cmark_parser_free(parser) }
  _ = cmark_parser_attach_syntax_extension(parser, cmark_find_syntax_extension("strikethrough"))
  var text = ""  // CR stays: cmark reads CR and CRLF as line ends.
  text.unicodeScalars.append(contentsOf: markdown.unicodeScalars.filter { $0 == "\r" || isShown($0) })
  text.withCString { cmark_parser_feed(parser, $0, text.utf8.count) }
  guard let document = cmark_parser_finish(parser) else { return writer }
  defer { cmark_node_free(document) }
  writer.write(document)
  return writer
}

/// Whether a label may get this character: no controls but tab and
/// newline, no noncharacters.
func isShown(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x09, 0x0A: true
  case 0x00...0x1F, 0x7F...0x9F, 0xFDD0...0xFDEF: false
  default: scalar.value & 0xFFFE != 0xFFFE
  }
}

/// The `href` for a link to `url`, or nil unless it is `http://…`,
/// `https://…` or `mailto:…` (any case, something after the scheme).
/// Spaces (from `<…>` destinations) are percent-encoded; other whitespace
/// or a control makes it no link.
func clickableTarget(_ url: String) -> String? {
  let target = url.replacing(" ", with: "%20")
  guard !target.unicodeScalars.contains(where: { $0.properties.isWhitespace || !isShown($0) }) else { return nil }
  let lowered = target.prefix(8).lowercased()
  let scheme = ["http://", "https://", "mailto:"].first { lowered.hasPrefix($0) }
  return scheme.map { target.count > $0.count } == true ? target : nil
}

/// The five markup-significant characters as entities.
private let entities: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;"]

func escaped(_ scalar: Unicode.Scalar) -> String { entities[scalar] ?? String(scalar) }
