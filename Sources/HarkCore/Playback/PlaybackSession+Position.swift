/// §6.9 selectors: the session's state in book terms.
extension PlaybackSession {
  /// Where playback is on the whole-book timeline; 0 with nothing loaded.
  public var bookPosition: Double {
    guard let nowPlaying else { return 0 }
    return toBookPosition(
      offsets: nowPlaying.queue.offsets, index: snapshot.trackIndex, positionInTrack: snapshot.position)
  }

  /// The chapter at `bookPosition`; nil without chapters.
  public var currentChapter: Chapter? {
    guard let timeline = nowPlaying?.queue.timeline, timeline.hasChapterMarks,
      let index = timeline.chapterIndex(at: bookPosition)
    else { return nil }
    return timeline.chapters[index]
  }

  /// The chapter (or, without chapters, track) span at `bookPosition`.
  public var currentChapterSpan: (index: Int, span: ChapterSpan)? {
    guard let timeline = nowPlaying?.queue.timeline, let index = timeline.chapterIndex(at: bookPosition) else {
      return nil
    }
    return (index, timeline.spans[index])
  }

  /// The "sleep at the end of chapter" menu: the current chapter span and
  /// later ones with the real time until each ends at the current speed.
  /// `spanIndex` is what `SleepTimerRequest.endOfChapter` takes.
  public func endOfChapterChoices(limit: CountdownLimit? = nil) -> [EndOfChapterChoice] {
    guard let timeline = nowPlaying?.queue.timeline, let current = timeline.chapterIndex(at: bookPosition)
    else { return [] }
    return chapterCountdowns(timeline, bookPosition: bookPosition, limit: limit, rate: rate)
      .enumerated().map { EndOfChapterChoice(spanIndex: current + $0.offset, countdown: $0.element) }
  }

  public var isPlaying: Bool { snapshot.state == .playing }
  public var isEnded: Bool { snapshot.state == .ended }

  /// The position and speed the sleep timer counts with; nil when nothing is loaded.
  var playhead: SleepTimer.Playhead? {
    nowPlaying.map { _ in SleepTimer.Playhead(bookPosition: bookPosition, rate: rate) }
  }
}

/// One entry of the sleep timer's chapter menu.
public struct EndOfChapterChoice: Equatable, Sendable {
  /// Index into `BookTimeline.spans`.
  public var spanIndex: Int
  public var countdown: ChapterCountdown
}
