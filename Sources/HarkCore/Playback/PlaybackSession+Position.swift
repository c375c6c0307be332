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
    nowPlaying.flatMap { chapterAt($0.queue.chapters, bookPosition: bookPosition) }
  }

  /// The chapter (or, without chapters, track) span at `bookPosition`.
  public var currentChapterSpan: (index: Int, span: ChapterSpan)? {
    guard let queue = nowPlaying?.queue, let index = queue.chapterSpanIndex(at: bookPosition) else {
      return nil
    }
    return (index, queue.chapterSpans[index])
  }

  public var isPlaying: Bool { snapshot.state == .playing }
  public var isEnded: Bool { snapshot.state == .ended }

  /// The position and speed the sleep timer counts with; nil when nothing is loaded.
  var playhead: SleepTimer.Playhead? {
    nowPlaying.map { _ in SleepTimer.Playhead(bookPosition: bookPosition, rate: rate) }
  }
}
