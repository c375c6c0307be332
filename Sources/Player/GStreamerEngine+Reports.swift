import GObjectKit
import HarkCore

/// When a playing engine reports its position: when something the
/// listener sees would change, not on a fixed beat. The times on screen
/// show whole seconds, so a report as the position reaches the next whole
/// second (counted from the last chapter mark passed, so a chapter's
/// elapsed time ticks on time) and as it reaches a chapter mark is all
/// they need; four reports a second woke the app three times for nothing.
/// State changes, seeks, rate changes and file switches publish at once
/// and the next report is counted again from there.
extension GStreamerEngine {
  /// Reported a hair past the boundary: the pipeline's clock and GLib's
  /// millisecond timeouts must not land a report just short of it (it
  /// would show the old second for one more second).
  nonisolated static let reportMargin = 0.01

  /// Real seconds from `position` (seconds into the track, playing at
  /// `rate`) to the next position worth reporting: the next whole second
  /// after the last of `marks` at or before it (or after 0), or the next
  /// mark when that comes first. Below normal speed it counts seconds of
  /// real time, which the listening time left on screen ticks in.
  ///
  /// A report that lands a hair short of a second (the pipeline's clock
  /// against GLib's) gets the next one a hair later, not a second later:
  /// an extra wake-up now and then, never a second skipped on screen.
  nonisolated static func secondsToNextReport(position: Double, rate: Double, marks: [Double]) -> Double {
    let rate = rate.isFinite && rate > 0 ? rate : 1
    let here = position.isFinite ? max(0, position) : 0
    let step = min(1, rate)
    let anchor = marks.last { $0 <= here } ?? 0
    var next = anchor + (((here - anchor) / step).rounded(.down) + 1) * step
    if let mark = marks.first(where: { $0 > here }), mark < next { next = mark }
    return max(0, next - here) / rate + reportMargin
  }

  /// Starts reporting while playing, from the position last published.
  func startPolling() {
    reportsWhilePlaying = true
    scheduleNextReport()
  }

  func stopPolling() {
    reportsWhilePlaying = false
    positionReport?.cancel()
    positionReport = nil
  }

  /// Called after every publish while playing: the next report is counted
  /// from the position just published.
  func scheduleNextReport() {
    positionReport?.cancel()
    positionReport = nil
    guard reportsWhilePlaying else { return }
    let marks = shared.withQueue { queue in
      queue.sources.indices.contains(queue.currentIndex) ? queue.sources[queue.currentIndex].marks : []
    }
    let seconds = Self.secondsToNextReport(position: lastPosition, rate: rateKeeper.rate, marks: marks)
    let milliseconds = UInt32(min(1_100, max(1, (seconds * 1000).rounded(.up))))
    positionReport = Timeout(milliseconds: milliseconds, repeating: false) { [weak self] in
      // This one has fired: publishing schedules the next.
      self?.positionReport = nil
      self?.publish()
    }
  }
}
