/// Formats seconds as a clock: `h:mm:ss` from one hour up, else `m:ss`.
///
/// Rounds down, so a position never shows a second that has not been reached
/// yet, and clamps at zero. Values that are not finite show as "0:00".
/// Examples: 0 → "0:00", 65.9 → "1:05", 3723 → "1:02:03", -10 → "0:00".
public func formatClock(_ seconds: Double) -> String {
  let total = seconds.isFinite ? Int(max(0, seconds.rounded(.down))) : 0
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
