/// A listener's note (Markdown written on an AudioSilo server or in Hark)
/// rendered as Pango markup for a `GtkLabel` with `use-markup`, so a note
/// shows as plain formatted text and can never inject markup or break the
/// label.
///
/// A line-based subset of CommonMark (plus GFM strikethrough); everything
/// else is text:
/// - Paragraphs are separated by blank lines. A single newline stays a
///   newline: notes are short and people break lines on purpose. Blocks keep
///   the spacing they were written with: one blank line between blocks that
///   had one or more, a plain newline between blocks that had none. Leading
///   and trailing spaces of paragraph lines go.
/// - `#`…`######` headings are bold, h1 `x-large` and h2 `large`, always set
///   apart by a blank line. An empty heading renders nothing.
/// - `**b**`/`__b__` → `<b>`, `*i*`/`_i_` → `<i>`, `~~s~~` → `<s>` (exactly
///   two tildes; "~5 min" stays text), by the CommonMark delimiter rules:
///   flanking, the rule of 3, no emphasis on an underscore inside a word
///   (snake_case). Unmatched markers are literal.
/// - `` `code` `` → `<tt>`, nothing formatted inside; an unclosed backtick is
///   literal.
/// - `[text](url "title")` → `<a href="url">text</a>` only for `http://`,
///   `https://` and `mailto:` targets (any case); any other target
///   (`javascript:`, relative paths, empty) renders the text alone. The title
///   is accepted and dropped. `![alt](url)` (an image, which a label cannot
///   show) renders like a link to it. Links never nest. Reference links,
///   `<autolinks>`, bare URLs and HTML are text.
/// - `-`, `*`, `+` items → "• ", `1.`/`1)` items keep the number written.
///   Nesting follows indentation (four spaces per level in the output, at
///   most 8 levels). An item continues onto following lines only when they
///   are indented; an unindented line after an item is a new paragraph (no
///   lazy continuation). Item content is inline only.
/// - `>` quotes → `<i>` with "▎ " before every line; quotes hold any blocks,
///   nest up to 8 deep (deeper `>` are text), and end at the first line
///   without `>` (no lazy continuation).
/// - Fenced code blocks (``` or ~~~, CommonMark closing rules) → one `<tt>`
///   block, content verbatim. A fence that is never closed is literal text,
///   like every other unclosed marker. Indented code blocks and thematic
///   breaks (`---`, `* * *`) are not supported and stay text.
/// - Backslash escapes ASCII punctuation; a backslash at the end of a line is
///   dropped (the line break is kept anyway). HTML entities are not decoded:
///   "&amp;" shows as typed.
/// - All text is escaped (`&`, `<`, `>`, `"`, `'`), in link text and in the
///   quoted `href` too. The output only uses `b`, `i`, `s`, `tt`, `a href`
///   and `span size`, always closed and properly nested.
/// - C0 controls other than tab and newline, DEL, C1 controls and Unicode
///   noncharacters are dropped; CR and CRLF become LF.
///
/// Work is linear in the input (a hand-written scanner, no regular
/// expressions): code spans find their closer by a precomputed index,
/// emphasis uses the CommonMark delimiter stack with its "openers bottom"
/// bound, and a link's destination and title are scanned with bounded
/// lookahead.
public func noteMarkup(_ markdown: String) -> String {
  renderNote(markdown).markup
}

/// The text of `noteMarkup(markdown)` without the markup, for accessible
/// names and one-line previews: no tags, nothing escaped, no quote bars, link
/// targets dropped, bullets and item numbers kept, and every whitespace run
/// (newlines included) collapsed to one space with the ends trimmed.
public func notePlainText(_ markdown: String) -> String {
  collapsingNoteWhitespace(renderNote(markdown).plain)
}

// MARK: - Output

/// The markup tags a note can produce.
enum NoteTag: Equatable {
  case bold, italic, strike, code
  /// `<a href>`; the target is raw (unescaped) here.
  case link(String)
  /// `<span size>` with a Pango size name.
  case size(String)

  var opening: String {
    switch self {
    case .bold: "<b>"
    case .italic: "<i>"
    case .strike: "<s>"
    case .code: "<tt>"
    case .link(let href): "<a href=\"\(escapingNoteMarkup(href))\">"
    case .size(let size): "<span size=\"\(size)\">"
    }
  }

  var closing: String {
    switch self {
    case .bold: "</b>"
    case .italic: "</i>"
    case .strike: "</s>"
    case .code: "</tt>"
    case .link: "</a>"
    case .size: "</span>"
    }
  }
}

/// Both renderings of (part of) a note, built side by side: Pango markup, and
/// the same text without tags or escaping.
struct NoteRendering {
  var markup = ""
  var plain = ""

  var isEmpty: Bool { markup.isEmpty && plain.isEmpty }

  /// Literal text: escaped in the markup, as is in the plain text.
  mutating func text(_ raw: String) {
    plain += raw
    appendEscaped(raw, to: &markup)
  }

  mutating func open(_ tag: NoteTag) { markup += tag.opening }
  mutating func close(_ tag: NoteTag) { markup += tag.closing }

  /// Decoration that only the markup shows (quote bars). `decoration` must
  /// need no escaping.
  mutating func markupOnly(_ decoration: String) { markup += decoration }

  /// Appends `other`, putting `linePrefix` (which must need no escaping)
  /// after every newline of its markup: the indentation of an item's
  /// continuation lines, the bar of every quoted line. Newlines never occur
  /// inside a tag, so this cannot break one.
  mutating func append(_ other: NoteRendering, linePrefix: String = "") {
    plain += other.plain
    if linePrefix.isEmpty {
      markup += other.markup
      return
    }
    for scalar in other.markup.unicodeScalars {
      markup.unicodeScalars.append(scalar)
      if scalar == "\n" { markup += linePrefix }
    }
  }
}

/// `raw` with the five markup-significant characters as entities.
private func escapingNoteMarkup(_ raw: String) -> String {
  var escaped = ""
  appendEscaped(raw, to: &escaped)
  return escaped
}

private func appendEscaped(_ raw: String, to output: inout String) {
  for scalar in raw.unicodeScalars {
    switch scalar {
    case "&": output += "&amp;"
    case "<": output += "&lt;"
    case ">": output += "&gt;"
    case "\"": output += "&quot;"
    case "'": output += "&apos;"
    default: output.unicodeScalars.append(scalar)
    }
  }
}

private func collapsingNoteWhitespace(_ text: String) -> String {
  var result = ""
  var pendingSpace = false
  for scalar in text.unicodeScalars {
    if scalar.properties.isWhitespace {
      pendingSpace = !result.isEmpty
      continue
    }
    if pendingSpace {
      result += " "
      pendingSpace = false
    }
    result.unicodeScalars.append(scalar)
  }
  return result
}

// MARK: - Input

typealias NoteLine = ArraySlice<Unicode.Scalar>

private func renderNote(_ markdown: String) -> NoteRendering {
  let scalars = cleanedNoteScalars(markdown)
  let lines = scalars.split(separator: "\n", omittingEmptySubsequences: false)
  return renderNoteBlocks(lines, quoteDepth: 0)
}

/// The note's scalars with line endings normalized to LF and the characters
/// that have no business in a label (or in GMarkup) dropped.
private func cleanedNoteScalars(_ text: String) -> [Unicode.Scalar] {
  var scalars: [Unicode.Scalar] = []
  scalars.reserveCapacity(text.utf8.count)
  var afterCarriageReturn = false
  for scalar in text.unicodeScalars {
    let value = scalar.value
    switch value {
    case 0x0D:
      scalars.append("\n")
      afterCarriageReturn = true
      continue
    case 0x0A:
      if !afterCarriageReturn { scalars.append(scalar) }
    case 0x09:
      scalars.append(scalar)
    case 0x00...0x1F, 0x7F...0x9F, 0xFDD0...0xFDEF:
      continue
    default:
      if value & 0xFFFE == 0xFFFE { continue }
      scalars.append(scalar)
    }
    afterCarriageReturn = false
  }
  return scalars
}

// MARK: - Blocks

let maximumQuoteDepth = 8
let maximumListLevel = 8
private let listLevelIndent = "    "
private let quoteBar = "▎ "

/// Writes blocks with the separation the source had.
private struct BlockWriter {
  var output = NoteRendering()
  private var hasBlock = false
  private var previousWasHeading = false
  /// A blank line (or something that rendered nothing) since the last block.
  var blankPending = false

  /// Starts a block: a blank line before it when the source had one or a
  /// heading is involved, a newline otherwise.
  mutating func begin(heading: Bool = false) {
    if hasBlock {
      output.text(blankPending || heading || previousWasHeading ? "\n\n" : "\n")
    }
    hasBlock = true
    blankPending = false
    previousWasHeading = heading
  }
}

private func renderNoteBlocks(_ lines: [NoteLine], quoteDepth: Int) -> NoteRendering {
  let fences = FenceCloserIndex(lines)
  let quotesAllowed = quoteDepth < maximumQuoteDepth
  var writer = BlockWriter()
  /// The marker columns of the open list items, outermost first.
  var listColumns: [Int] = []
  var index = 0

  func startsBlock(_ index: Int) -> Bool {
    let line = lines[index]
    if atxHeading(line) != nil || listItem(line) != nil { return true }
    if quotesAllowed && quoteContent(line) != nil { return true }
    if let fence = fenceOpening(line), fences.hasCloser(after: index, for: fence) { return true }
    return false
  }

  while index < lines.count {
    let line = lines[index]
    if isBlankLine(line) {
      writer.blankPending = true
      index += 1
      continue
    }

    if let fence = fenceOpening(line), fences.hasCloser(after: index, for: fence) {
      var end = index + 1
      while !fence.isClosed(by: lines[end]) { end += 1 }
      listColumns = []
      if end > index + 1 {
        writer.begin()
        let code = lines[(index + 1)..<end].map { noteString(removingSpaces(upTo: fence.indent, from: $0)) }
        writer.output.open(.code)
        writer.output.text(code.joined(separator: "\n"))
        writer.output.close(.code)
      }
      index = end + 1
      continue
    }

    if let heading = atxHeading(line) {
      listColumns = []
      index += 1
      if heading.content.isEmpty {
        writer.blankPending = true
        continue
      }
      writer.begin(heading: true)
      let size: NoteTag? =
        switch heading.level {
        case 1: .size("x-large")
        case 2: .size("large")
        default: nil
        }
      if let size { writer.output.open(size) }
      writer.output.open(.bold)
      writer.output.append(renderNoteInline(Array(heading.content)))
      writer.output.close(.bold)
      if let size { writer.output.close(size) }
      continue
    }

    if quotesAllowed, quoteContent(line) != nil {
      var inner: [NoteLine] = []
      while index < lines.count, let content = quoteContent(lines[index]) {
        inner.append(content)
        index += 1
      }
      listColumns = []
      let quoted = renderNoteBlocks(inner, quoteDepth: quoteDepth + 1)
      if quoted.isEmpty {
        writer.blankPending = true
        continue
      }
      writer.begin()
      writer.output.open(.italic)
      writer.output.markupOnly(quoteBar)
      writer.output.append(quoted, linePrefix: quoteBar)
      writer.output.close(.italic)
      continue
    }

    if let item = listItem(line) {
      while let last = listColumns.last, last > item.column { listColumns.removeLast() }
      if listColumns.last != item.column { listColumns.append(item.column) }
      let level = min(listColumns.count - 1, maximumListLevel)
      var content = [Unicode.Scalar](trimmingLineSpace(item.content))
      index += 1
      while index < lines.count, let first = lines[index].first, first == " " || first == "\t",
        !isBlankLine(lines[index]), !startsBlock(index)
      {
        content.append("\n")
        content.append(contentsOf: trimmingLineSpace(lines[index]))
        index += 1
      }
      let indent = String(repeating: listLevelIndent, count: level)
      writer.begin()
      writer.output.text(indent + item.marker + " ")
      writer.output.append(renderNoteInline(content), linePrefix: indent + "  ")
      continue
    }

    // A paragraph: this line and the following ones up to a blank line or
    // the start of another block.
    listColumns = []
    var content = [Unicode.Scalar](trimmingLineSpace(line))
    index += 1
    while index < lines.count, !isBlankLine(lines[index]), !startsBlock(index) {
      content.append("\n")
      content.append(contentsOf: trimmingLineSpace(lines[index]))
      index += 1
    }
    writer.begin()
    writer.output.append(renderNoteInline(content))
  }
  return writer.output
}
