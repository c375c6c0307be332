import Foundation

/// The sleep timer's pauses, for the desktop notification a listener who
/// is not looking at Hark gets: "the sleep timer paused this book".
public struct SleepTimerEnding: Equatable, Sendable {
  /// How many times the timer has paused playback; only a rise is news.
  public var count: Int
  /// The book it paused ("" when nothing is loaded any more).
  public var title: String

  public init(count: Int, title: String) {
    self.count = count
    self.title = title
  }
}

public func selectSleepTimerEnding(_ s: AppState) -> SleepTimerEnding {
  SleepTimerEnding(count: s.player.session.sleepTimer.endings, title: s.player.session.nowPlaying?.title ?? "")
}
