import Foundation

/// What the Player page shows for the loaded book.
public struct PlayerPageView: Equatable, Sendable {
  public enum Status: Equatable, Sendable {
    case loading
    case playing
    case paused
    case ended
    /// In the listener's words, with Retry offered.
    case failed(String)
  }

  public var book: LibraryPath
  public var title: String
  public var author: String
  /// The current chapter's tidied title; "" for a book without chapters.
  public var chapterTitle: String
  /// "Chapter 3 of 12"; "" without chapters.
  public var chapterNumber: String
  public var chapters: [String]
  /// Where each of `chapters` starts on the whole-book timeline.
  public var chapterStarts: [Double]
  /// The chapter span index of `chapterTitle`.
  public var currentChapter: Int?
  public var status: Status
  /// "2h 3m left" at the current speed, in real listening time.
  public var bookTimeLeft: String
  public var rate: Double
  /// "1.5×".
  public var rateText: String
  public var skipBackSeconds: Int
  public var skipForwardSeconds: Int
  /// "Stops in 12:04", "Stops at the end of the chapter", or "" when off.
  public var sleepText: String
  public var sleepActive: Bool
  /// `sleepText` is a minutes timer's countdown, which changes every second.
  public var sleepCountsDown: Bool
  /// The sleep menu's chapter choices, each with its time to the end.
  public var sleepChapters: [SleepChapterChoice]
  /// Listening seconds left in the book at the current speed.
  public var bookSecondsLeft: Double
  /// Where the seek bar's chapter lies on the whole-book timeline.
  public var chapterStart: Double
  public var chapterEnd: Double
  public var bookPosition: Double
  public var bookDuration: Double
  /// What the chapter seek bar spans and shows.
  public var seekBar: SeekBarInput
}

public func selectPlayerPage(_ s: AppState) -> PlayerPageView? {
  let session = s.player.session
  guard let loaded = session.nowPlaying, let playing = s.player.nowPlaying else { return nil }
  // Every chapter array below is the timeline's own, laid out when the book
  // loaded: this runs on every engine report and must not rebuild them.
  let timeline = loaded.queue.timeline
  let current = session.currentChapterSpan?.index
  let status: PlayerPageView.Status =
    if let failure = session.failure {
      .failed(failure == .engine ? s.player.engineMessage ?? failureText(failure) : failureText(failure))
    } else {
      switch session.snapshot.state {
      case .playing: .playing
      case .ended: .ended
      case .loading: .loading
      case .idle, .ready, .paused: .paused
      case .error: .failed(s.player.engineMessage ?? failureText(.engine))
      }
    }
  let rate = session.rate > 0 ? session.rate : 1
  let left = max(0, playing.bookDuration - playing.bookPosition) / rate
  return PlayerPageView(
    book: loaded.key,
    title: playing.title, author: playing.author, chapterTitle: playing.chapterTitle,
    // A book without chapter marks plays as one untitled span: "No
    // Chapters" says it all, "Chapter 1 of 1" would contradict it.
    chapterNumber: playing.chapterTitle.isEmpty && timeline.chapters.count <= 1
      ? "" : current.map { trFormat("Chapter %1$d of %2$d", $0 + 1, timeline.chapters.count) } ?? "",
    chapters: timeline.titles, chapterStarts: timeline.chapterMarks.starts,
    currentChapter: current, status: status,
    bookTimeLeft: left > 0 ? trFormat("%@ left", formatDuration(left)) : "", rate: rate, rateText: formatRate(rate),
    skipBackSeconds: s.settings.skipBackSeconds, skipForwardSeconds: s.settings.skipForwardSeconds,
    sleepText: sleepText(session.sleepTimer, titles: timeline.titles), sleepActive: session.sleepTimer.isActive,
    sleepCountsDown: countsDown(session.sleepTimer),
    sleepChapters: sleepChapterChoices(
      spans: timeline.spans, titles: timeline.titles, current: current,
      position: playing.bookPosition, rate: rate),
    bookSecondsLeft: left,
    chapterStart: playing.chapterStart, chapterEnd: playing.chapterEnd, bookPosition: playing.bookPosition,
    bookDuration: playing.bookDuration,
    seekBar: SeekBarInput(
      timeline: timeline, position: playing.bookPosition, duration: loaded.queue.total, rate: rate))
}

/// "1×", "1.25×", "0.5×".
public func formatRate(_ rate: Double) -> String {
  var text = String(format: "%.2f", rate)
  while text.hasSuffix("0") { text.removeLast() }
  if text.hasSuffix(".") { text.removeLast() }
  return "\(text)×"
}

func failureText(_ failure: PlaybackFailure) -> String {
  switch failure {
  case .stalled:
    tr("The audio stopped arriving. Check the connection and try again.")
  case .engine:
    tr("This book could not be played. The file may be damaged or in a format Hark cannot play.")
  case .resumeUnknown:
    tr("Hark could not find out where you were, so it did not start from the beginning. Try again when the server answers.")
  }
}

/// A minutes timer shows its countdown ("Stops in 12:04"), which changes
/// every second; the other texts change with the chapter at most.
private func countsDown(_ timer: SleepTimer) -> Bool {
  guard timer.isActive, case .minutes? = timer.label else { return false }
  return timer.remaining != nil
}

private func sleepText(_ timer: SleepTimer, titles: [String]) -> String {
  guard timer.isActive else { return "" }
  switch timer.label {
  case .minutes?:
    return timer.remaining.map { trFormat("Stops in %@", formatClock(Double($0))) } ?? tr("Sleep timer on")
  case .endOfChapter(let index)?:
    let last = titles.indices.contains(index) && !titles[index].isEmpty ? titles[index] : tr("this chapter")
    return trFormat("Stops at the end of %@", last)
  case .endOfBook?:
    return tr("Stops at the end of the book")
  case nil:
    return tr("Sleep timer on")
  }
}
