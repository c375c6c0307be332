import Foundation

extension Sequence {
  /// Newest first by `date` (undated last), each element's date worked out
  /// once: a sort compares about n·log n times, and a `Timestamp` is parsed
  /// from its text at every look. Equal dates keep their order.
  func sortedNewestFirst(by date: (Element) -> Date?) -> [Element] {
    map { (date: date($0) ?? .distantPast, element: $0) }
      .enumerated()
      .sorted { a, b in a.element.date != b.element.date ? a.element.date > b.element.date : a.offset < b.offset }
      .map(\.element.element)
  }
}
