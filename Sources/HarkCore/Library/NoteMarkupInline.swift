/// The inline part of `noteMarkup`: code spans, emphasis, strikethrough,
/// links and backslash escapes in one block's text (newlines included).
func renderNoteInline(_ text: [Unicode.Scalar]) -> NoteRendering {
  var parser = NoteInlineParser(text)
  parser.parse()
  return parser.render()
}

/// The longest link destination and title looked at, so a `](` that never
/// closes costs a bounded scan.
let maximumLinkDestinationLength = 4096
let maximumLinkTitleLength = 1024
/// Nested parentheses allowed in a link destination (CommonMark asks for at
/// least 3). Each `](` inside a destination nests one deeper, so this also
/// bounds how many failing destination scans can overlap.
let maximumLinkParenthesisDepth = 8

struct InlineNode {
  enum Kind {
    case text(String)
    case code(String)
    /// A run of `*`, `_` or `~`; its remaining count is in the delimiter.
    case delimiter(Int)
    /// `[` or `![`: literal unless it became a link.
    case bracket(String)
    case linkEnd
  }

  var kind: Kind
  var isResolvedLink = false
  /// Tags opened after the node's text, innermost last (emitted in reverse).
  var opens: [NoteTag] = []
  /// Tags closed before the node's text, innermost first.
  var closes: [NoteTag] = []
}

/// An entry of the CommonMark delimiter stack, a doubly linked list through
/// indices (-1 is none). Indices grow with the position in the text.
struct Delimiter {
  let node: Int
  let marker: Unicode.Scalar
  let originalCount: Int
  var count: Int
  let canOpen: Bool
  let canClose: Bool
  var previous: Int
  var next = -1
}

struct Bracket {
  let node: Int
  /// The last delimiter before the bracket: the ones after it are inside.
  let delimiterBottom: Int
}

struct NoteInlineParser {
  let text: [Unicode.Scalar]
  var nodes: [InlineNode] = []
  var delimiters: [Delimiter] = []
  var top = -1
  var brackets: [Bracket] = []
  /// Brackets before the opener of the last link are inactive: no links in
  /// links.
  var linkBoundary = -1
  var pending = ""
  /// The starts of the backtick runs in the text, by run length.
  let backtickRuns: [Int: [Int]]

  init(_ text: [Unicode.Scalar]) {
    self.text = text
    var runs: [Int: [Int]] = [:]
    var position = 0
    while position < text.count {
      guard text[position] == "`" else {
        position += 1
        continue
      }
      let start = position
      while position < text.count, text[position] == "`" { position += 1 }
      runs[position - start, default: []].append(start)
    }
    backtickRuns = runs
  }

  mutating func parse() {
    var position = 0
    while position < text.count {
      let scalar = text[position]
      switch scalar {
      case "\\":
        let next = position + 1 < text.count ? text[position + 1] : nil
        if let next, isASCIIPunctuation(next) || next == "\n" {
          pending.unicodeScalars.append(next)
          position += 2
        } else {
          pending += "\\"
          position += 1
        }
      case "`":
        position = codeSpan(at: position)
      case "*", "_", "~":
        position = delimiterRun(at: position)
      case "!" where position + 1 < text.count && text[position + 1] == "[":
        pushBracket("![")
        position += 2
      case "[":
        pushBracket("[")
        position += 1
      case "]":
        position = closeBracket(at: position)
      default:
        pending.unicodeScalars.append(scalar)
        position += 1
      }
    }
    flush()
    processEmphasis(bottom: -1)
  }

  func render() -> NoteRendering {
    var output = NoteRendering()
    for node in nodes {
      for tag in node.closes { output.close(tag) }
      switch node.kind {
      case .text(let literal):
        output.text(literal)
      case .code(let code):
        output.open(.code)
        output.text(code)
        output.close(.code)
      case .delimiter(let index):
        let delimiter = delimiters[index]
        output.text(String(repeating: String(delimiter.marker), count: delimiter.count))
      case .bracket(let literal):
        if !node.isResolvedLink { output.text(literal) }
      case .linkEnd:
        break
      }
      for tag in node.opens.reversed() { output.open(tag) }
    }
    return output
  }

  // MARK: Nodes

  mutating func flush() {
    guard !pending.isEmpty else { return }
    nodes.append(InlineNode(kind: .text(pending)))
    pending = ""
  }

  mutating func append(_ kind: InlineNode.Kind) {
    flush()
    nodes.append(InlineNode(kind: kind))
  }

  func runEnd(from start: Int) -> Int {
    var end = start
    while end < text.count, text[end] == text[start] { end += 1 }
    return end
  }

  // MARK: Code spans

  /// A code span opening at `start`, or the backtick run as text when no run
  /// of the same length follows.
  mutating func codeSpan(at start: Int) -> Int {
    let end = runEnd(from: start)
    let length = end - start
    guard let closer = backtickRun(length: length, atOrAfter: end) else {
      pending += String(repeating: "`", count: length)
      return end
    }
    var code = text[end..<closer].map { $0 == "\n" ? " " : $0 }
    if code.count >= 2, code.first == " ", code.last == " ", code.contains(where: { $0 != " " }) {
      code = Array(code.dropFirst().dropLast())
    }
    append(.code(noteString(code)))
    return closer + length
  }

  func backtickRun(length: Int, atOrAfter position: Int) -> Int? {
    guard let starts = backtickRuns[length] else { return nil }
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if starts[middle] < position { low = middle + 1 } else { high = middle }
    }
    return low < starts.count ? starts[low] : nil
  }

  // MARK: Emphasis

  /// A run of `*`, `_` or `~` at `start`: a delimiter when its flanking lets
  /// it open or close, text otherwise. Only runs of exactly two `~` count.
  mutating func delimiterRun(at start: Int) -> Int {
    let end = runEnd(from: start)
    let marker = text[start]
    let count = end - start
    let before: Unicode.Scalar = start > 0 ? text[start - 1] : "\n"
    let after: Unicode.Scalar = end < text.count ? text[end] : "\n"
    let leftFlanking =
      !isUnicodeWhitespace(after)
      && (!isUnicodePunctuation(after) || isUnicodeWhitespace(before) || isUnicodePunctuation(before))
    let rightFlanking =
      !isUnicodeWhitespace(before)
      && (!isUnicodePunctuation(before) || isUnicodeWhitespace(after) || isUnicodePunctuation(after))
    let canOpen: Bool
    let canClose: Bool
    if marker == "_" {
      canOpen = leftFlanking && (!rightFlanking || isUnicodePunctuation(before))
      canClose = rightFlanking && (!leftFlanking || isUnicodePunctuation(after))
    } else {
      canOpen = leftFlanking
      canClose = rightFlanking
    }
    guard canOpen || canClose, marker != "~" || count == 2 else {
      pending += String(repeating: String(marker), count: count)
      return end
    }
    append(.delimiter(delimiters.count))
    let index = delimiters.count
    delimiters.append(
      Delimiter(
        node: nodes.count - 1, marker: marker, originalCount: count, count: count, canOpen: canOpen,
        canClose: canClose, previous: top))
    if top >= 0 { delimiters[top].next = index }
    top = index
    return end
  }

  mutating func remove(_ index: Int) {
    let previous = delimiters[index].previous
    let next = delimiters[index].next
    if previous >= 0 { delimiters[previous].next = next }
    if next >= 0 { delimiters[next].previous = previous }
    if top == index { top = previous }
  }

  /// CommonMark's "process emphasis" over the delimiters above `bottom`,
  /// which are all gone from the stack afterwards.
  mutating func processEmphasis(bottom: Int) {
    // Per closer kind, the delimiter at or below which no opener can match
    // it: what keeps the search linear.
    var openersBottom = Array(repeating: bottom, count: 18)
    var current = -1
    var cursor = top
    while cursor > bottom {
      current = cursor
      cursor = delimiters[cursor].previous
    }

    while current >= 0 {
      let closer = delimiters[current]
      guard closer.canClose else {
        current = closer.next
        continue
      }
      let kind = bottomKind(closer)
      var candidate = closer.previous
      var opener = -1
      while candidate > openersBottom[kind] {
        let delimiter = delimiters[candidate]
        if delimiter.canOpen, delimiter.marker == closer.marker, !isOddMatch(delimiter, closer) {
          opener = candidate
          break
        }
        candidate = delimiter.previous
      }

      guard opener >= 0 else {
        openersBottom[kind] = max(closer.previous, bottom)
        if !closer.canOpen { remove(current) }
        current = closer.next
        continue
      }

      let strong = delimiters[opener].count >= 2 && closer.count >= 2
      let used = closer.marker == "~" ? 2 : strong ? 2 : 1
      let tag: NoteTag = closer.marker == "~" ? .strike : strong ? .bold : .italic
      delimiters[opener].count -= used
      delimiters[current].count -= used
      nodes[delimiters[opener].node].opens.append(tag)
      nodes[closer.node].closes.append(tag)
      var between = closer.previous
      while between != opener {
        let previous = delimiters[between].previous
        remove(between)
        between = previous
      }
      if delimiters[opener].count == 0 { remove(opener) }
      if delimiters[current].count == 0 {
        let next = delimiters[current].next
        remove(current)
        current = next
      }
    }
    while top > bottom { remove(top) }
  }

  /// What an unmatched closer rules out for later closers of the same kind:
  /// marker, whether it can open, and its length modulo 3 (the rule of 3).
  func bottomKind(_ closer: Delimiter) -> Int {
    let marker = closer.marker == "*" ? 0 : closer.marker == "_" ? 1 : 2
    return marker * 6 + (closer.canOpen ? 3 : 0) + closer.originalCount % 3
  }

  /// The rule of 3: when either side can both open and close, the lengths
  /// must not add up to a multiple of 3 unless both are multiples of 3.
  func isOddMatch(_ opener: Delimiter, _ closer: Delimiter) -> Bool {
    guard closer.marker != "~", closer.canOpen || opener.canClose else { return false }
    let sum = opener.originalCount + closer.originalCount
    return sum % 3 == 0 && !(opener.originalCount % 3 == 0 && closer.originalCount % 3 == 0)
  }
}


func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: true
  default: false
  }
}

/// CommonMark's Unicode whitespace: the Zs category, tab, line feed, form
/// feed and carriage return.
private func isUnicodeWhitespace(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar {
  case " ", "\t", "\n", "\u{0C}", "\r": true
  default: scalar.properties.generalCategory == .spaceSeparator
  }
}

/// CommonMark's Unicode punctuation: the P and S categories.
private func isUnicodePunctuation(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.properties.generalCategory {
  case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
    .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
    .modifierSymbol, .otherSymbol:
    true
  default:
    false
  }
}
