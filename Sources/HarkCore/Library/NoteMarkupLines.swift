// The shapes a note's lines can take (fences, headings, quotes, list items),
// read by the block renderer in NoteMarkup.swift.

// MARK: Line shapes

func noteString(_ scalars: some Sequence<Unicode.Scalar>) -> String {
  var string = ""
  string.unicodeScalars.append(contentsOf: scalars)
  return string
}

func isLineSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

func isBlankLine(_ line: NoteLine) -> Bool { line.allSatisfy(isLineSpace) }

func trimmingLineSpace(_ line: NoteLine) -> NoteLine {
  var trimmed = line
  while let first = trimmed.first, isLineSpace(first) { trimmed.removeFirst() }
  while let last = trimmed.last, isLineSpace(last) { trimmed.removeLast() }
  return trimmed
}

/// The width of the line's leading spaces and tabs (tab stops every 4
/// columns), and where its content starts.
func indentation(_ line: NoteLine) -> (columns: Int, start: Int) {
  var columns = 0
  var position = line.startIndex
  while position < line.endIndex {
    switch line[position] {
    case " ": columns += 1
    case "\t": columns += 4 - columns % 4
    default: return (columns, position)
    }
    position += 1
  }
  return (columns, position)
}

/// The end of the run of `scalar` starting at `start`.
func runEnd(_ line: NoteLine, from start: Int, of scalar: Unicode.Scalar) -> Int {
  var end = start
  while end < line.endIndex, line[end] == scalar { end += 1 }
  return end
}

func removingSpaces(upTo count: Int, from line: NoteLine) -> NoteLine {
  var rest = line
  var removed = 0
  while removed < count, rest.first == " " {
    rest.removeFirst()
    removed += 1
  }
  return rest
}

struct FenceOpening {
  let marker: Unicode.Scalar
  let length: Int
  let indent: Int

  func isClosed(by line: NoteLine) -> Bool {
    guard let closing = fenceClosing(line) else { return false }
    return closing.marker == marker && closing.length >= length
  }
}

/// A code fence opening: up to 3 spaces, 3 or more backticks or tildes, then
/// an info string (no backticks in it for a backtick fence).
func fenceOpening(_ line: NoteLine) -> FenceOpening? {
  let (columns, start) = indentation(line)
  guard columns <= 3, start < line.endIndex else { return nil }
  let marker = line[start]
  guard marker == "`" || marker == "~" else { return nil }
  let end = runEnd(line, from: start, of: marker)
  guard end - start >= 3 else { return nil }
  if marker == "`", line[end...].contains("`") { return nil }
  return FenceOpening(marker: marker, length: end - start, indent: columns)
}

/// A line that can close a fence: up to 3 spaces, 3 or more backticks or
/// tildes, nothing else but spaces.
func fenceClosing(_ line: NoteLine) -> (marker: Unicode.Scalar, length: Int)? {
  let (columns, start) = indentation(line)
  guard columns <= 3, start < line.endIndex else { return nil }
  let marker = line[start]
  guard marker == "`" || marker == "~" else { return nil }
  let end = runEnd(line, from: start, of: marker)
  guard end - start >= 3, line[end...].allSatisfy(isLineSpace) else { return nil }
  return (marker, end - start)
}

/// For each line, the longest closing fence of each kind at or after it, so
/// telling whether a fence is ever closed is constant time.
struct FenceCloserIndex {
  private var longestBacktick: [Int]
  private var longestTilde: [Int]

  init(_ lines: [NoteLine]) {
    longestBacktick = Array(repeating: 0, count: lines.count + 1)
    longestTilde = longestBacktick
    for index in lines.indices.reversed() {
      longestBacktick[index] = longestBacktick[index + 1]
      longestTilde[index] = longestTilde[index + 1]
      guard let closing = fenceClosing(lines[index]) else { continue }
      if closing.marker == "`" {
        longestBacktick[index] = max(longestBacktick[index], closing.length)
      } else {
        longestTilde[index] = max(longestTilde[index], closing.length)
      }
    }
  }

  func hasCloser(after index: Int, for fence: FenceOpening) -> Bool {
    let longest = fence.marker == "`" ? longestBacktick : longestTilde
    return longest[index + 1] >= fence.length
  }
}

/// An ATX heading: up to 3 spaces, 1 to 6 `#`, then a space or the end; the
/// content without its optional closing `#` run.
func atxHeading(_ line: NoteLine) -> (level: Int, content: NoteLine)? {
  let (columns, start) = indentation(line)
  guard columns <= 3, start < line.endIndex, line[start] == "#" else { return nil }
  let end = runEnd(line, from: start, of: "#")
  let level = end - start
  guard level <= 6, end == line.endIndex || isLineSpace(line[end]) else { return nil }
  var content = trimmingLineSpace(line[end...])
  var closingStart = content.endIndex
  while closingStart > content.startIndex, content[closingStart - 1] == "#" { closingStart -= 1 }
  if closingStart == content.startIndex {
    content = content[content.startIndex..<content.startIndex]
  } else if closingStart < content.endIndex, isLineSpace(content[closingStart - 1]) {
    content = trimmingLineSpace(content[..<closingStart])
  }
  return (level, content)
}

/// The rest of a quote line: up to 3 spaces, `>`, and one optional space.
func quoteContent(_ line: NoteLine) -> NoteLine? {
  let (columns, start) = indentation(line)
  guard columns <= 3, start < line.endIndex, line[start] == ">" else { return nil }
  var rest = line[(start + 1)...]
  if let first = rest.first, isLineSpace(first) { rest.removeFirst() }
  return rest
}

/// `---`, `***`, `___` (spaces allowed between): not rendered as a rule, but
/// kept from becoming a list item.
func isThematicBreak(_ line: NoteLine) -> Bool {
  let (columns, start) = indentation(line)
  guard columns <= 3, start < line.endIndex else { return false }
  let marker = line[start]
  guard marker == "-" || marker == "*" || marker == "_" else { return false }
  var count = 0
  for scalar in line[start...] {
    if scalar == marker {
      count += 1
    } else if !isLineSpace(scalar) {
      return false
    }
  }
  return count >= 3
}

/// A list item: at any indentation, `-`, `*` or `+`, or 1 to 9 digits and
/// `.` or `)`, then a space and some content. `marker` is what the output
/// shows: "•" or the number as written.
func listItem(_ line: NoteLine) -> (column: Int, marker: String, content: NoteLine)? {
  let (columns, start) = indentation(line)
  guard start < line.endIndex, !isThematicBreak(line) else { return nil }
  let first = line[start]
  var markerEnd: Int
  let marker: String
  if first == "-" || first == "*" || first == "+" {
    markerEnd = start + 1
    marker = "•"
  } else {
    markerEnd = start
    while markerEnd < line.endIndex, markerEnd - start < 10, ("0"..."9").contains(line[markerEnd]) {
      markerEnd += 1
    }
    let digits = markerEnd - start
    guard (1...9).contains(digits), markerEnd < line.endIndex,
      line[markerEnd] == "." || line[markerEnd] == ")"
    else { return nil }
    markerEnd += 1
    marker = noteString(line[start..<markerEnd])
  }
  guard markerEnd < line.endIndex, isLineSpace(line[markerEnd]) else { return nil }
  let content = trimmingLineSpace(line[markerEnd...])
  guard !content.isEmpty else { return nil }
  return (columns, marker, content)
}
