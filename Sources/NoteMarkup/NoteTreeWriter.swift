import CCmarkGFM

/// Writes cmark's tree of a note as Pango markup and, alongside, plain text.
/// It follows cmark's iterator instead of recursing, so ten thousand nested
/// quotes cannot exhaust the stack; quote bars and list indents stop at 8.
struct NoteTreeWriter {
  private(set) var markup = "", plain = ""
  /// Written after every newline: the bars of the open quotes and the
  /// indentation of the open list items.
  private var linePrefix = ""
  /// The open nodes' closing tags and the line prefix outside them.
  private var frames: [(closing: String, prefixLength: Int)] = []
  private var lists: [(number: Int, delimiter: String?)] = []
  private var quoteDepth = 0, inLink = false
  /// Whether the next block needs a break before it, and what makes that
  /// break a blank line.
  private var separation = (pending: false, lastLine: Int32(0), afterHeading: false)

  mutating func write(_ root: OpaquePointer) {
    guard let iterator = cmark_iter_new(root) else { return }
    defer { cmark_iter_free(iterator) }
    while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
      guard let node = cmark_iter_get_node(iterator) else { continue }
      if event == CMARK_EVENT_ENTER { enter(node) } else { exit(node) }
    }
  }

  private mutating func enter(_ node: OpaquePointer) {
    let type = cmark_node_get_type(node)
    let prefixLength = linePrefix.utf8.count
    // An empty heading or quote shows nothing, not even a break.
    let isEmpty = cmark_node_first_child(node) == nil
    var closing = ""
    switch type {
    case CMARK_NODE_DOCUMENT: return
    // Leaves: cmark sends no exit for them.
    case CMARK_NODE_TEXT, CMARK_NODE_HTML_INLINE: return text(literal(node))
    case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: return text("\n")
    case CMARK_NODE_CODE: return tagged("tt", literal(node))
    case CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK, CMARK_NODE_THEMATIC_BREAK:
      var block = type == CMARK_NODE_THEMATIC_BREAK ? "───" : literal(node)
      if block.hasSuffix("\n") { block.removeLast() }
      guard !block.isEmpty else { return }
      beginBlock(node)
      if type == CMARK_NODE_CODE_BLOCK { tagged("tt", block) } else { text(block) }
      return endBlock(node)
    case CMARK_NODE_LIST:
      let delimiter = cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM ? ")" : "."
      let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
      lists.append((Int(cmark_node_get_list_start(node)), ordered ? delimiter : nil))
    case CMARK_NODE_ITEM:
      beginBlock(node)
      separation.lastLine = cmark_node_get_start_line(node)
      let list = lists.count - 1
      let indent = (2...9).contains(lists.count) ? "  " : ""
      text(indent + (lists[list].delimiter.map { "\(lists[list].number)\($0)" } ?? "•") + (isEmpty ? "" : " "))
      lists[list].number += 1
      if lists.count <= 9 { linePrefix += indent + "  " }
    case CMARK_NODE_PARAGRAPH: beginBlock(node)
    case CMARK_NODE_HEADING where !isEmpty:
      beginBlock(node, heading: true)
      let size = [1: "x-large", 2: "large"][cmark_node_get_heading_level(node)]
      markup += (size.map { "<span size=\"\($0)\">" } ?? "") + "<b>"
      closing = "</b>" + (size == nil ? "" : "</span>")
    case CMARK_NODE_BLOCK_QUOTE where !isEmpty:
      beginBlock(node)
      quoteDepth += 1
      if quoteDepth <= 8 {
        closing = open("i")
        markup += "▎ "
        linePrefix += "▎ "
      }
    case CMARK_NODE_EMPH: closing = open("i")
    case CMARK_NODE_STRONG: closing = open("b")
    case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
      // Links never nest: a link inside a link (an image in one) is its text.
      if !inLink, let url = cmark_node_get_url(node), let target = clickableTarget(String(cString: url)) {
        markup += "<a href=\"" + target.unicodeScalars.map(escaped).joined() + "\">"
        (closing, inLink) = ("</a>", true)
      }
    default:
      if let name = cmark_node_get_type_string(node), String(cString: name) == "strikethrough" { closing = open("s") }
    }
    frames.append((closing, prefixLength))
  }

  private mutating func exit(_ node: OpaquePointer) {
    let type = cmark_node_get_type(node)
    guard type != CMARK_NODE_DOCUMENT, let frame = frames.popLast() else { return }
    markup += frame.closing
    linePrefix = String(linePrefix.utf8.prefix(frame.prefixLength))!
    if frame.closing == "</a>" { inLink = false }
    let isEmpty = cmark_node_first_child(node) == nil
    switch type {
    case CMARK_NODE_LIST: lists.removeLast()
    case CMARK_NODE_PARAGRAPH: endBlock(node)
    case CMARK_NODE_HEADING where !isEmpty: endBlock(node, heading: true)
    case CMARK_NODE_BLOCK_QUOTE where !isEmpty:
      quoteDepth -= 1
      (separation.pending, separation.afterHeading) = (true, false)
    case CMARK_NODE_ITEM: (separation.pending, separation.afterHeading) = (true, false)
    default: break
    }
  }

  /// A newline before a block that follows another; two where the note had
  /// a blank line between them, or a heading is involved.
  private mutating func beginBlock(_ node: OpaquePointer, heading: Bool = false) {
    if separation.pending {
      let blank = heading || separation.afterHeading || cmark_node_get_start_line(node) > separation.lastLine + 1
      text(blank ? "\n\n" : "\n")
    }
    separation.pending = false
  }

  private mutating func endBlock(_ node: OpaquePointer, heading: Bool = false) {
    // cmark stretches some blocks over the blank line after them, to column 0.
    let line = cmark_node_get_end_line(node) - (cmark_node_get_end_column(node) == 0 ? 1 : 0)
    separation = (pending: true, lastLine: line, afterHeading: heading)
  }

  /// Opens an inline tag and gives its closing tag.
  private mutating func open(_ tag: String) -> String {
    markup += "<\(tag)>"
    return "</\(tag)>"
  }

  private mutating func tagged(_ tag: String, _ raw: String) {
    let closing = open(tag)
    text(raw)
    markup += closing
  }

  /// Listener text: escaped in the markup, where each newline is followed by
  /// the line prefix; as is in the plain text. What no label should get goes.
  private mutating func text(_ raw: String) {
    for scalar in raw.unicodeScalars where isShown(scalar) {
      plain.unicodeScalars.append(scalar)
      markup += scalar == "\n" ? "\n" + linePrefix : escaped(scalar)
    }
  }

  private func literal(_ node: OpaquePointer) -> String {
    cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
  }
}
