import Foundation

/// Formats seconds as a clock: `h:mm:ss` from one hour up, else `m:ss`.
///
/// Rounds down, so a position never shows a second that has not been reached
/// yet, and clamps at zero. Values that are not finite show as "0:00".
/// Times from a server are made plausible as they are decoded; the cap here
/// is for any other source (an engine's report), so no value can trap.
/// Examples: 0 → "0:00", 65.9 → "1:05", 3723 → "1:02:03", -10 → "0:00".
public func formatClock(_ seconds: Double) -> String {
  let total = seconds.isFinite ? Int(min(max(0, seconds.rounded(.down)), 1e12)) : 0
  let hours = total / 3600
  let minutes = total / 60 % 60
  let secs = total % 60
  if hours > 0 {
    return "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))"
  }
  return "\(minutes):\(twoDigits(secs))"
}

private func twoDigits(_ value: Int) -> String {
  value < 10 ? "0\(value)" : "\(value)"
}

/// Reads a time the listener typed: "42" (seconds), "12:04", "1:02:03";
/// surrounding spaces allowed. Nil for anything else, including minutes or
/// seconds of 60 or more after the first field, and negative values.
public func parseClock(_ text: String) -> Double? {
  let fields = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
  guard (1...3).contains(fields.count) else { return nil }
  var total = 0
  for (index, field) in fields.enumerated() {
    guard !field.isEmpty, field.count <= 9, field.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(field)
    else { return nil }
    if index > 0, value >= 60 { return nil }
    total = total * 60 + value
  }
  return Double(total)
}
