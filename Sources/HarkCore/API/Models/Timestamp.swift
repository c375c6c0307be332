import Foundation

/// An RFC 3339 timestamp exactly as the server sent it, with the parsed
/// `date` alongside. The text is kept because it round-trips byte for byte
/// (a queued offline save replays the very `updated_at` it captured) and a
/// value Hark cannot parse is still shown or sent back unchanged.
public struct Timestamp: Codable, Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The text as received or formatted.
  public var rawValue: String

  /// Wraps text from the wire.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public init(stringLiteral value: String) {
    rawValue = value
  }

  /// Formats `date` in UTC with milliseconds ("2026-07-12T09:30:00.250Z"),
  /// the shape a JavaScript client sends, which the server parses.
  public init(_ date: Date) {
    rawValue = RFC3339.format(date)
  }

  /// The instant, or nil when the text is empty or not RFC 3339. Fractional
  /// seconds are optional; any offset (`Z`, `+02:00`) is accepted.
  public var date: Date? { RFC3339.parse(rawValue) }

  public var description: String { rawValue }

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// RFC 3339 by hand: arithmetic on the digits is exact, allocation-free and
/// Sendable, where the Foundation formatters are classes to share carefully and
/// disagree across platforms on how many fractional digits they accept (Go
/// servers send nanoseconds).
enum RFC3339 {
  static func parse(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    var index = 0

    func digits(_ count: Int) -> Int? {
      guard index + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + count] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      index += count
      return value
    }
    func expect(_ allowed: String) -> Bool {
      guard index < bytes.count, allowed.utf8.contains(bytes[index]) else { return false }
      index += 1
      return true
    }

    guard let year = digits(4), expect("-"), let month = digits(2), expect("-"),
      let day = digits(2), expect("Tt "), let hour = digits(2), expect(":"),
      let minute = digits(2), expect(":"), let second = digits(2)
    else { return nil }
    guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
      second <= 60
    else { return nil }

    var fraction = 0.0
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      var scale = 0.1
      let start = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        fraction += Double(bytes[index] - UInt8(ascii: "0")) * scale
        scale /= 10
        index += 1
      }
      guard index > start else { return nil }
    }

    var offsetSeconds = 0
    if expect("Zz") {
      offsetSeconds = 0
    } else {
      guard index < bytes.count else { return nil }
      let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
      guard expect("+-"), let offsetHour = digits(2), expect(":"), let offsetMinute = digits(2),
        offsetHour < 24, offsetMinute < 60
      else { return nil }
      offsetSeconds = sign * (offsetHour * 3600 + offsetMinute * 60)
    }
    guard index == bytes.count else { return nil }

    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }

  static func format(_ date: Date) -> String {
    let totalMillis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    let (days, dayMillis) = floorDivide(totalMillis, 86_400_000)
    let (year, month, day) = civilFromDays(Int(days))
    let millis = Int(dayMillis)
    let hour = millis / 3_600_000
    let minute = millis / 60_000 % 60
    let second = millis / 1000 % 60
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2))"
      + ":\(pad(second, 2)).\(pad(millis % 1000, 3))Z"
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let quotient = value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    return (quotient, value - quotient * divisor)
  }

  // Howard Hinnant's days-from-civil and its inverse (proleptic Gregorian).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
