// Links inside a note: `[text](url)`, with only http, https and mailto
// targets made clickable.

extension NoteInlineParser {
  // MARK: Links

  mutating func pushBracket(_ literal: String) {
    append(.bracket(literal))
    brackets.append(Bracket(node: nodes.count - 1, delimiterBottom: delimiters.count - 1))
  }

  /// A `]` at `position`: closes the last bracket as a link when an inline
  /// link follows, and is text otherwise.
  mutating func closeBracket(at position: Int) -> Int {
    guard let opener = brackets.popLast(), opener.node > linkBoundary,
      let link = inlineLink(from: position + 1)
    else {
      pending += "]"
      return position + 1
    }
    flush()
    let target = isAllowedLinkTarget(link.destination) ? link.destination : nil
    nodes[opener.node].isResolvedLink = true
    if let target { nodes[opener.node].opens.append(.link(target)) }
    processEmphasis(bottom: opener.delimiterBottom)
    nodes.append(InlineNode(kind: .linkEnd, closes: target.map { [.link($0)] } ?? []))
    linkBoundary = opener.node
    return link.end
  }

  /// `(destination "title")` at `start`: the destination with its escapes
  /// resolved, and where the link ends.
  func inlineLink(from start: Int) -> (destination: String, end: Int)? {
    guard start < text.count, text[start] == "(" else { return nil }
    var position = skipLinkSpace(from: start + 1)
    var destination = ""
    if position < text.count, text[position] == "<" {
      position += 1
      let destinationStart = position
      while true {
        guard position < text.count, position - destinationStart < maximumLinkDestinationLength else {
          return nil
        }
        let scalar = text[position]
        if scalar == ">" {
          position += 1
          break
        }
        if scalar == "<" || scalar == "\n" { return nil }
        if scalar == "\\", position + 1 < text.count, isASCIIPunctuation(text[position + 1]) {
          destination.unicodeScalars.append(text[position + 1])
          position += 2
        } else {
          destination += scalar == " " ? "%20" : String(scalar)
          position += 1
        }
      }
    } else {
      let destinationStart = position
      var depth = 0
      while position < text.count {
        guard position - destinationStart < maximumLinkDestinationLength else { return nil }
        let scalar = text[position]
        if scalar == "\\", position + 1 < text.count, isASCIIPunctuation(text[position + 1]) {
          destination.unicodeScalars.append(text[position + 1])
          position += 2
          continue
        }
        if scalar.value <= 0x20 { break }
        if scalar == "(" {
          depth += 1
          guard depth <= maximumLinkParenthesisDepth else { return nil }
        } else if scalar == ")" {
          if depth == 0 { break }
          depth -= 1
        }
        destination.unicodeScalars.append(scalar)
        position += 1
      }
      guard depth == 0 else { return nil }
    }

    let destinationEnd = position
    position = skipLinkSpace(from: position)
    if position > destinationEnd, position < text.count,
      let closing = titleClosing(for: text[position])
    {
      let titleStart = position + 1
      position = titleStart
      while true {
        guard position < text.count, position - titleStart < maximumLinkTitleLength else { return nil }
        let scalar = text[position]
        if scalar == "\\", position + 1 < text.count, isASCIIPunctuation(text[position + 1]) {
          position += 2
          continue
        }
        position += 1
        if scalar == closing { break }
        if closing == ")" && scalar == "(" { return nil }
      }
      position = skipLinkSpace(from: position)
    }
    guard position < text.count, text[position] == ")" else { return nil }
    return (destination, position + 1)
  }

  func skipLinkSpace(from start: Int) -> Int {
    var position = start
    while position < text.count, text[position] == " " || text[position] == "\t" || text[position] == "\n" {
      position += 1
    }
    return position
  }

  func titleClosing(for opening: Unicode.Scalar) -> Unicode.Scalar? {
    switch opening {
    case "\"": "\""
    case "'": "'"
    case "(": ")"
    default: nil
    }
  }
}

/// Only web and mail links are clickable: `http://…`, `https://…` and
/// `mailto:…` (any case, something after the scheme), with no whitespace or
/// controls.
func isAllowedLinkTarget(_ target: String) -> Bool {
  guard !target.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else {
    return false
  }
  let lowered = String(target.prefix(8)).lowercased()
  for scheme in ["http://", "https://", "mailto:"] where lowered.hasPrefix(scheme) {
    return target.count > scheme.count
  }
  return false
}
