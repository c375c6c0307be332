import Foundation

/// Measures on a captured tone.
enum SignalMeasures {
  /// The largest step between neighbouring samples in `range`.
  static func largestStep(_ samples: [Int16], in range: Range<Int>) -> Int {
    let range = max(1, range.lowerBound)..<min(samples.count, range.upperBound)
    return range.map { abs(Int(samples[$0]) - Int(samples[$0 - 1])) }.max() ?? 0
  }

  /// The dominant frequency from rising zero crossings (a pure tone has one
  /// frequency; good to far better than 1 % over a second).
  static func dominantFrequency(_ samples: [Int16], rate: Int, in range: Range<Int>) -> Double {
    var crossings: [Int] = []
    for index in max(1, range.lowerBound)..<min(samples.count, range.upperBound)
    where samples[index - 1] < 0 && samples[index] >= 0 {
      crossings.append(index)
    }
    guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return 0 }
    return Double(crossings.count - 1) * Double(rate) / Double(last - first)
  }

  /// The index of the first sample where `a` and `b` differ (nil: equal).
  static func firstDifference(_ a: [Int16], _ b: [Int16]) -> Int? {
    zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? (a.count == b.count ? nil : min(a.count, b.count))
  }

  /// The longest run of samples quieter than `threshold` in `range`: how
  /// long a dip or gap in a tone lasts.
  static func longestQuietRun(_ samples: [Int16], in range: Range<Int>, below threshold: Int) -> Int {
    var longest = 0
    var run = 0
    for index in max(0, range.lowerBound)..<min(samples.count, range.upperBound) {
      run = abs(Int(samples[index])) < threshold ? run + 1 : 0
      longest = max(longest, run)
    }
    return longest
  }
}
