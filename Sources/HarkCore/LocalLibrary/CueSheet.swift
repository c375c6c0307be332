import Foundation

/// A cue sheet's chapters: for each FILE it names, its tracks' titles and
/// `INDEX 01` starts. Lines Hark does not need (REM, PERFORMER, FLAGS,
/// INDEX 00 pregaps) are passed over; a malformed line costs only itself.
public struct CueSheet: Hashable, Sendable {
  public struct File: Hashable, Sendable {
    /// As written in the sheet: often another extension than the audio
    /// beside it (a sheet made for the .wav the MP3 was encoded from).
    public var name: String
    public var chapters: [LocalChapterMark]
  }

  /// The sheet's own TITLE (the album), if it has one.
  public var title: String?
  public var files: [File]

  public init(parsing text: String) {
    var title: String?
    var files: [File] = []
    var trackTitle: String?
    var trackNumber = 0
    for rawLine in text.split(whereSeparator: \.isNewline) {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      let (keyword, rest) = Self.split(line)
      switch keyword.uppercased() {
      case "FILE":
        files.append(File(name: Self.fileName(rest), chapters: []))
      case "TRACK":
        trackNumber = Int(rest.split(separator: " ").first ?? "") ?? trackNumber + 1
        trackTitle = nil
      case "TITLE":
        if trackNumber == 0 { title = Self.unquoted(rest) } else { trackTitle = Self.unquoted(rest) }
      case "INDEX":
        let parts = rest.split(separator: " ")
        guard parts.count == 2, Int(parts[0]) == 1, let start = Self.seconds(String(parts[1])),
          !files.isEmpty
        else { continue }
        let name = trackTitle.flatMap { $0.isEmpty ? nil : $0 } ?? trFormat("Track %d", trackNumber)
        files[files.count - 1].chapters.append(LocalChapterMark(title: name, start: start))
      default: continue
      }
    }
    self.title = title
    self.files = files
  }

  /// "mm:ss:ff", 75 frames a second; minutes may pass 99.
  static func seconds(_ text: String) -> Double? {
    let parts = text.split(separator: ":").map { Int($0) }
    guard parts.count == 3, let minutes = parts[0], let seconds = parts[1], let frames = parts[2],
      minutes >= 0, (0..<60).contains(seconds), (0..<75).contains(frames)
    else { return nil }
    return Double(minutes * 60 + seconds) + Double(frames) / 75
  }

  private static func split(_ line: String) -> (String, String) {
    guard let space = line.firstIndex(of: " ") else { return (line, "") }
    return (String(line[..<space]), line[space...].trimmingCharacters(in: .whitespaces))
  }

  private static func unquoted(_ text: String) -> String {
    if text.hasPrefix("\""), let close = text.dropFirst().firstIndex(of: "\"") {
      return String(text[text.index(after: text.startIndex)..<close])
    }
    return text
  }

  /// `FILE "name" TYPE` or `FILE name TYPE`.
  private static func fileName(_ rest: String) -> String {
    if rest.hasPrefix("\"") { return unquoted(rest) }
    guard let space = rest.lastIndex(of: " ") else { return rest }
    return String(rest[..<space])
  }
}

/// Chapters from Vorbis comments as audiobook tools write them
/// ("CHAPTER001=00:01:02.345", "CHAPTER001NAME=Title"), for Vorbis, Opus
/// and FLAC files. Comments of other kinds are passed over.
public func vorbisCommentChapters(_ comments: [String]) -> [LocalChapterMark] {
  var starts: [String: Double] = [:]
  var names: [String: String] = [:]
  for comment in comments {
    guard let equals = comment.firstIndex(of: "=") else { continue }
    let key = comment[..<equals].uppercased()
    let value = String(comment[comment.index(after: equals)...])
    guard key.hasPrefix("CHAPTER") else { continue }
    let rest = key.dropFirst("CHAPTER".count)
    let digits = String(rest.prefix { $0.isASCII && $0.isNumber })
    guard !digits.isEmpty else { continue }
    switch rest.dropFirst(digits.count) {
    case "": if let start = clockSeconds(value) { starts[digits] = start }
    case "NAME": names[digits] = value
    default: continue
    }
  }
  return starts.sorted { (Int($0.key) ?? 0, $0.value) < (Int($1.key) ?? 0, $1.value) }.map { number, start in
    LocalChapterMark(title: names[number] ?? Int(number).map { trFormat("Chapter %d", $0) } ?? number, start: start)
  }
}

/// "hh:mm:ss.mmm" (hours and the fraction optional) in seconds.
func clockSeconds(_ text: String) -> Double? {
  let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
  guard (2...3).contains(parts.count) else { return nil }
  var total = 0.0
  for (index, part) in parts.enumerated() {
    guard let value = Double(part), value >= 0, value.isFinite else { return nil }
    if index < parts.count - 1, value != value.rounded() { return nil }
    total = total * 60 + value
  }
  return total
}
