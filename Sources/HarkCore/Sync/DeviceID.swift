import Foundation

/// The `device_id` sent with every save: made once per install and kept
/// (the persistence layer stores it beside the progress mirror), so the
/// server's rows say which device wrote them.
public enum DeviceID {
  private static let digits = Array("0123456789abcdefghijklmnopqrstuvwxyz")

  /// The reference's shape: base-36 milliseconds since 1970, "-", then 8
  /// random base-36 characters (`"mrh3k2x0-4fz9q1ab"`).
  public static func generate(now: Date, using generator: inout some RandomNumberGenerator)
    -> String
  {
    let millis = max(0, Int64((now.timeIntervalSince1970 * 1000).rounded(.down)))
    let suffix = (0..<8).map { _ in digits[Int.random(in: 0..<digits.count, using: &generator)] }
    return String(millis, radix: 36) + "-" + String(suffix)
  }

  /// `generate(now:using:)` with the system's random source.
  public static func generate(now: Date) -> String {
    var generator = SystemRandomNumberGenerator()
    return generate(now: now, using: &generator)
  }
}
