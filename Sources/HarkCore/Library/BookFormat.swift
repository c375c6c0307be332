import Foundation
import Synchronization

// Short labels for book lists and the player. Every function takes the raw
// server value and never traps: durations and sizes come from file probing,
// so NaN, negative and absurd values all occur and must render as something
// (usually "").

/// A book's length for lists: "12h 30m", "2h", "45m", "30s". Seconds are
/// dropped once there is a minute. "" when the length is unknown (nil, ≤ 0 or
/// not a number), so the UI can leave the slot empty.
public func formatDuration(_ seconds: Double?) -> String {
  guard let total = roundedSeconds(seconds) else { return "" }
  let (hours, minutes, secs) = hoursMinutesSeconds(total)
  // TRANSLATORS: short hours and minutes of a book's length, "12h 30m".
  if hours > 0 { return minutes > 0 ? trFormat("%1$dh %2$dm", hours, minutes) : trFormat("%dh", hours) }
  if minutes > 0 { return trFormat("%dm", minutes) }
  return trFormat("%ds", secs)
}

/// A compact exact length for details: "1h33m", "8m52s", "45s". Seconds show
/// only under an hour. "" when unknown, as `formatDuration`.
public func formatDurationFull(_ seconds: Double?) -> String {
  guard let total = roundedSeconds(seconds) else { return "" }
  let (hours, minutes, secs) = hoursMinutesSeconds(total)
  // TRANSLATORS: a compact exact length, "1h33m", "8m52s".
  if hours > 0 { return trFormat("%1$dh%2$dm", hours, minutes) }
  if minutes > 0 { return trFormat("%1$dm%2$ds", minutes, secs) }
  return trFormat("%ds", secs)
}

/// Time left on a sleep timer or chapter: "1h 5m", "1h", "17m 54s", "45s".
/// Unlike the durations above it is never empty: anything ≤ 0 or not a
/// number is "0s", because a countdown that reached zero still shows.
public func formatCountdown(_ seconds: Double) -> String {
  let total = roundedSeconds(seconds) ?? 0
  let (hours, minutes, secs) = hoursMinutesSeconds(total)
  if hours > 0 { return minutes > 0 ? trFormat("%1$dh %2$dm", hours, minutes) : trFormat("%dh", hours) }
  // TRANSLATORS: time left, "17m 54s".
  if minutes > 0 { return trFormat("%1$dm %2$ds", minutes, secs) }
  return trFormat("%ds", secs)
}

/// A file or download size: "512 B", "1.5 KB" ("1,5 KB" in German),
/// "1.5 GB". Binary units (1024) named KB/MB/GB/TB, as the reference client
/// shows them. One decimal below 100 of a unit, none from 100 up or for bytes;
/// the number uses `locale`'s separators with grouping on ("1,023 B").
/// "0 B" when the size is unknown or ≤ 0.
public func formatBytes(_ bytes: Int64?, locale: Locale = .current) -> String {
  guard let bytes, bytes > 0 else { return "0 B" }
  let units = ["B", "KB", "MB", "GB", "TB"]
  // Dividing rather than taking log₁₀₂₄ keeps exact powers (1 MiB) in the
  // larger unit; the logarithm can land a hair below the integer.
  var value = Double(bytes)
  var unit = 0
  while value >= 1024, unit < units.count - 1 {
    value /= 1024
    unit += 1
  }
  let decimals = value >= 100 || unit == 0 ? 0 : 1
  let number = ByteNumbers.shared.format(value, decimals: decimals, locale: locale)
  return "\(number) \(units[unit])"
}

/// `formatBytes`' number formatters, built once per locale and number of
/// decimals and kept. Building one reads ICU's locale and currency data,
/// and the Downloads page's selector formats sizes at every change of the
/// store: each engine report, every second a book plays.
final class ByteNumbers: Sendable {
  static let shared = ByteNumbers()

  private struct Key: Hashable {
    var locale: String
    var decimals: Int
  }

  private struct Formatters: ~Copyable {
    var byKey: [Key: NumberFormatter] = [:]
    var built = 0
  }

  private let formatters = Mutex(Formatters())

  /// How many formatters were built so far (tests).
  var built: Int { formatters.withLock { $0.built } }

  func format(_ value: Double, decimals: Int, locale: Locale) -> String {
    formatters.withLock { formatters in
      let key = Key(locale: locale.identifier, decimals: decimals)
      let formatter: NumberFormatter
      if let kept = formatters.byKey[key] {
        formatter = kept
      } else {
        formatter = Self.make(decimals: decimals, locale: locale)
        formatters.byKey[key] = formatter
        formatters.built += 1
      }
      return formatter.string(from: NSNumber(value: value)) ?? String(value)
    }
  }

  private static func make(decimals: Int, locale: Locale) -> NumberFormatter {
    let formatter = NumberFormatter()
    formatter.locale = locale
    formatter.numberStyle = .decimal
    formatter.usesGroupingSeparator = true
    formatter.minimumFractionDigits = 0
    formatter.maximumFractionDigits = decimals
    // Half away from zero, as JavaScript's Intl does; the formatter's
    // default would be half-even.
    formatter.roundingMode = .halfUp
    return formatter
  }
}

/// Average bitrate in kilobits per second ("128kbps") from a size and a
/// length. "" when either is unknown (nil, ≤ 0, not finite) or the result
/// rounds to 0, so a bogus bitrate is never shown.
public func formatBitrate(bytes: Int64?, seconds: Double?) -> String {
  guard let bytes, bytes > 0, let seconds, seconds > 0, seconds.isFinite else { return "" }
  let kbps = (Double(bytes) * 8 / seconds / 1000).rounded(.toNearestOrAwayFromZero)
  guard kbps.isFinite, kbps >= 1 else { return "" }
  return trFormat("%dkbps", Int(min(kbps, maxDisplayable)))
}

/// "Author · Series #2" under a book title. Each part appears only when it is
/// non-empty; the series number only when it is non-zero ("Cradle", not
/// "Cradle #0", for series the scanner could not number). Fractional numbers
/// stay as they are ("#1.5" for a novella between books).
public func bookSubtitle(author: String?, series: String?, seriesIndex: Double?) -> String {
  var parts: [String] = []
  if let author, !author.isEmpty { parts.append(author) }
  if let series, !series.isEmpty {
    if let index = seriesIndex, index != 0, index.isFinite {
      parts.append("\(series) #\(formatSeriesIndex(index))")
    } else {
      parts.append(series)
    }
  }
  return parts.joined(separator: " · ")
}

/// `bookSubtitle` for a book's own author and series.
public func bookSubtitle(_ book: Book) -> String {
  bookSubtitle(author: book.author, series: book.series, seriesIndex: book.seriesIndex)
}

/// Like JavaScript's number-to-text: 2 → "2", 1.5 → "1.5", never "2.0".
private func formatSeriesIndex(_ index: Double) -> String {
  if index == index.rounded(), abs(index) < 1e15 { return String(Int(index)) }
  return String(index)
}

/// About 31,700 years: anything longer is bad data. Clamping keeps the
/// conversion to `Int` from trapping.
private let maxDisplayable = 1e12

/// Whole seconds (rounded half up, as `Math.round` does for positive
/// values), or nil when the value is unknown: nil, ≤ 0 or not finite.
private func roundedSeconds(_ seconds: Double?) -> Int? {
  guard let seconds, seconds > 0, seconds.isFinite else { return nil }
  return Int(min(seconds, maxDisplayable).rounded(.toNearestOrAwayFromZero))
}

private func hoursMinutesSeconds(_ total: Int) -> (Int, Int, Int) {
  (total / 3600, total / 60 % 60, total % 60)
}
