import Foundation

/// Title, author, series and position as a book's folder names suggest
/// them, for books whose files carry no tags:
/// - "Author/Series/01 - Title" (or "Book 1", "Vol. 2 - Title"): the
///   numbered last folder is a book of the series its parent names;
/// - "Author/Title": the parent names the author;
/// - deeper folders above those (a genre, the library's own layout) say
///   nothing about the book.
public struct LocalBookNames: Hashable, Sendable {
  public var title: String
  public var author: String
  public var series: String
  /// 0 when the names give no position.
  public var seriesIndex: Double

  public init(title: String, author: String = "", series: String = "", seriesIndex: Double = 0) {
    self.title = title
    self.author = author
    self.series = series
    self.seriesIndex = seriesIndex
  }

  /// The names of a folder book at `folderPath`.
  public init(folderPath: String) {
    self.init(components: folderPath.split(separator: "/").map(String.init))
  }

  /// The names of a lone-file book: its file name stands for the folder.
  public init(filePath: String) {
    let folders = filePath.pathParent.split(separator: "/").map(String.init)
    self.init(components: folders + [filePath.pathStem])
  }

  private init(components: [String]) {
    let last = components.last ?? ""
    let numbered = NumberedName(last)
    let count = components.count
    if let position = numbered.position, count >= 3 {
      self.init(
        title: numbered.title, author: components[count - 3], series: components[count - 2],
        seriesIndex: position)
    } else if count >= 2 {
      self.init(title: numbered.title, author: components[count - 2])
    } else {
      self.init(title: numbered.title)
    }
  }
}

/// A name with a leading position: "01 - Title", "2. Title", "Book 3",
/// "Vol. 4 - Title". A name that is only a number ("1984") is a title.
struct NumberedName {
  var title: String
  var position: Double?

  init(_ name: String) {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    let patterns = [
      // "Book 3", "Vol. 4 - Title", "Volume 2: Title"
      #"^(?:book|vol\.?|volume|tome|band)\s*(\d+(?:\.\d+)?)\s*(?:[-–—:._]\s*(.*))?$"#,
      // "01 - Title", "2. Title", "3_Title"
      #"^(\d+(?:\.\d+)?)\s*[-–—:._]\s*(.+)$"#,
    ]
    for pattern in patterns {
      guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]),
        let match = regex.firstMatch(in: trimmed, range: NSRange(trimmed.startIndex..., in: trimmed)),
        let numberRange = Range(match.range(at: 1), in: trimmed)
      else { continue }
      position = Double(trimmed[numberRange])
      let rest = Range(match.range(at: 2), in: trimmed).map { String(trimmed[$0]) } ?? ""
      title = rest.trimmingCharacters(in: .whitespaces).isEmpty ? trimmed : rest.trimmingCharacters(in: .whitespaces)
      return
    }
    title = trimmed
    position = nil
  }
}
