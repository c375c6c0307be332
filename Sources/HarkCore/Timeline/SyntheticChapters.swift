/// §2.5: evenly spaced chapters for one long file that has no real ones, so
/// a ten-hour single-file book still has places to jump to and a chapter
/// seek bar fine enough to use.
///
/// A book must be longer than 1.5 intervals (strictly): a 40-minute file
/// gains nothing from one 30-minute mark. The last chapter is whatever is
/// left, and there is never an empty trailing one. Titles are empty; the
/// interface names them "Chapter N".
public func synthesizeChapters(filePath: String, total: Double, interval: Double = 1800) -> [Chapter] {
  guard interval > 0, total.isFinite, total > 1.5 * interval, total <= longestPlausibleSeconds else { return [] }
  let count = Int((total / interval).rounded(.up))
  return (0..<count).map { index in
    let start = Double(index) * interval
    return Chapter(
      index: index, title: "", fileIndex: 0, filePath: filePath, start: start,
      end: min(start + interval, total), bookOffset: start)
  }
}
