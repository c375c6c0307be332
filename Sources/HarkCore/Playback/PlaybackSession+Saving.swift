import Foundation

/// §6.5 the save rule, and the listening history.
extension PlaybackSession {
  /// Saves the current book position, unless it would do harm:
  /// - at 0 or below there is nothing worth keeping;
  /// - more than `slipTolerance` below the resume floor it is a slip (an
  ///   engine that restarted near 0), and the server keeps the last write,
  ///   so saving it would lose the listener's place.
  /// A save raises the floor; within `finishedTolerance` of the end it marks
  /// the book finished.
  ///
  /// `forceFinished` (Mark as finished) skips both guards, saves at least the
  /// total and leaves the floor alone.
  ///
  /// Unlike the reference, a book played without a signed-in client (a
  /// download, offline) is saved too: the durable mirror keeps the place on
  /// this device, and the sync layer decides what reaches a server.
  mutating func persist(now: Date, forceFinished: Bool = false) -> [PlaybackCommand] {
    guard let book = nowPlaying else { return [] }
    // Measured as the server laid the book out, as the place is resumed.
    var position = toBookPosition(
      offsets: book.queue.savedOffsets, index: snapshot.trackIndex, positionInTrack: snapshot.position)
    let total = book.queue.total
    guard position.isFinite else { return [] }
    let finished: Bool
    if forceFinished {
      if total > 0 { position = max(position, total) }
      finished = true
    } else {
      guard position > 0, position >= resumeFloor - rules.slipTolerance else { return [] }
      resumeFloor = max(resumeFloor, position)
      finished = total > 0 && position >= total - rules.finishedTolerance
    }
    return [
      .saveProgress(
        ProgressRecord(
          key: book.key, position: position, duration: total, finished: finished,
          playbackSpeed: rate, deviceID: "", updatedAt: now))
    ]
  }

  /// The listener moved on purpose: saves down to `position` are real.
  mutating func lowerFloor(to position: Double) {
    guard position.isFinite else { return }
    resumeFloor = min(resumeFloor, max(0, position))
  }

  /// Opens a listening span at the current position, if none is open.
  mutating func beginListeningSpan(now: Date) {
    guard historyStart == nil, nowPlaying != nil else { return }
    historyStart = SpanStart(position: bookPosition, at: now)
  }

  /// Closes the open span and records it when it is long enough to count
  /// and there is a server to send it to.
  mutating func endListeningSpan(now: Date) -> [PlaybackCommand] {
    guard let start = historyStart else { return [] }
    historyStart = nil
    guard let book = nowPlaying, book.signedIn,
      now.timeIntervalSince(start.at) >= rules.minimumHistorySpan
    else { return [] }
    return [
      .recordListening(
        ListeningSpan(key: book.key, from: start.position, to: bookPosition, startedAt: start.at, endedAt: now))
    ]
  }
}
