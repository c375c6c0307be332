import Foundation

/// How long ago something happened, for "Added 3 days ago" and "Last played
/// 2 hours ago".
///
/// The unit and number follow the reference client exactly: under 45 seconds
/// is "now"; otherwise the first of second (< 1 min), minute (< 1 h), hour
/// (< 1 day), day (< 30 days), month (< 365 days) or year, with
/// n = round(elapsed / unit length) and at least 1. Months are 30 days and
/// years 365, so the result does not depend on the calendar. A time in the
/// future (clock skew between servers) reads as "now".
///
/// With `locale` nil the text is the English fallback: "just now",
/// "1 hour ago", "3 days ago". With a locale it is that language's wording
/// through Foundation's relative date style in its "named" presentation
/// (the reference's `numeric: "auto"`): "now", "yesterday", "hace 3 días".
/// `now` is a parameter so callers and tests decide what "now" is.
/// "" when the date is unknown.
public func formatRelative(_ date: Date?, now: Date = Date(), locale: Locale? = nil) -> String {
  guard let date else { return "" }
  let elapsed = now.timeIntervalSince(date)
  guard elapsed.isFinite else { return "" }
  let seconds = max(0, elapsed)
  guard seconds >= 45 else {
    return locale.flatMap { localizedRelative(count: 0, unit: .second, now: now, locale: $0) }
      ?? tr("just now")
  }
  let unit = RelativeUnit.allCases.first { seconds < $0.limit } ?? .year
  let count = max(1, Int(min(seconds / unit.length, 1e12).rounded(.toNearestOrAwayFromZero)))
  return locale.flatMap { localizedRelative(count: count, unit: unit, now: now, locale: $0) }
    ?? String(format: unit.ago(count), count)
}

/// `formatRelative` for a server timestamp; "" when it is missing or not
/// RFC 3339.
public func formatRelative(
  _ timestamp: Timestamp?, now: Date = Date(), locale: Locale? = nil
) -> String {
  formatRelative(timestamp?.date, now: now, locale: locale)
}

private enum RelativeUnit: CaseIterable {
  case second, minute, hour, day, month, year

  /// Seconds in one unit.
  var length: Double {
    switch self {
    case .second: 1
    case .minute: 60
    case .hour: 3600
    case .day: 86400
    case .month: 2_592_000
    case .year: 31_536_000
    }
  }

  /// Elapsed time below which this unit is used.
  var limit: Double {
    switch self {
    case .second: 60
    case .minute: 3600
    case .hour: 86400
    case .day: 2_592_000
    case .month: 31_536_000
    case .year: .infinity
    }
  }

  /// "%d days ago" in the listener's language (gettext's plural forms).
  func ago(_ count: Int) -> String {
    switch self {
    case .second: trPlural("%d second ago", "%d seconds ago", count)
    case .minute: trPlural("%d minute ago", "%d minutes ago", count)
    case .hour: trPlural("%d hour ago", "%d hours ago", count)
    case .day: trPlural("%d day ago", "%d days ago", count)
    case .month: trPlural("%d month ago", "%d months ago", count)
    case .year: trPlural("%d year ago", "%d years ago", count)
    }
  }

  var component: Calendar.Component {
    switch self {
    case .second: .second
    case .minute: .minute
    case .hour: .hour
    case .day: .day
    case .month: .month
    case .year: .year
    }
  }

  var field: Date.RelativeFormatStyle.Field {
    switch self {
    case .second: .second
    case .minute: .minute
    case .hour: .hour
    case .day: .day
    case .month: .month
    case .year: .year
    }
  }
}

/// "`count` `unit`s ago" in `locale`, or nil when Foundation cannot say it
/// (the caller then falls back to English). The number is already decided;
/// the date handed to the formatter is `now` minus exactly `count` calendar
/// units, in UTC, and the style is limited to that unit, so it prints
/// `count` back rather than re-deriving its own.
private func localizedRelative(count: Int, unit: RelativeUnit, now: Date, locale: Locale)
  -> String?
{
  var calendar = Calendar(identifier: .gregorian)
  guard let utc = TimeZone(identifier: "UTC") else { return nil }
  calendar.timeZone = utc
  calendar.locale = locale
  guard let then = calendar.date(byAdding: unit.component, value: -count, to: now) else {
    return nil
  }
  var style = Date.AnchoredRelativeFormatStyle(
    anchor: then, presentation: .named, unitsStyle: .wide, locale: locale, calendar: calendar)
  style.allowedFields = [unit.field]
  let text = style.format(now)
  return text.isEmpty ? nil : text
}
