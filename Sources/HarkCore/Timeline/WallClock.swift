/// §1: how long `contentSeconds` of audio take to hear at `rate`.
///
/// A rate of 0 or below (a speed not known yet) counts as normal speed, and
/// a negative amount of audio takes no time, so a countdown never goes below
/// zero. The result is not rounded: callers round for display.
public func wallClockSeconds(_ contentSeconds: Double, rate: Double = 1) -> Double {
  let speed = rate > 0 ? rate : 1
  return max(0, contentSeconds) / speed
}
