import Foundation

/// §6.9: moving around the book. Every move is the listener's own, so it
/// lowers the resume floor (a deliberate jump back is saved) and saves.
///
/// Unlike the reference, a seek moves the stored position at once instead of
/// waiting for the engine's next report: the save right after a seek records
/// where the listener went, and a second Next chapter goes on from the first.
/// It stays there until the engine reports the seek finished
/// (`pendingSeek`), so no report from before it moves it back.
extension PlaybackSession {
  mutating func seekInBook(_ requested: Double, now: Date) -> [PlaybackCommand] {
    guard requested.isFinite, let queue = nowPlaying?.queue else { return [] }
    let target = queue.total > 0 ? min(max(requested, 0), queue.total) : max(requested, 0)
    let location = queue.timeline.tracks.location(at: target)
    return moveTo(location, now: now)
  }

  /// `offset` seconds into the current chapter span, within it.
  mutating func seekInChapter(_ offset: Double, now: Date) -> [PlaybackCommand] {
    guard offset.isFinite, let span = currentChapterSpan?.span else { return [] }
    let within = span.length > 0 ? min(max(offset, 0), span.length) : max(offset, 0)
    return seekInBook(span.start + within, now: now)
  }

  /// `requested` seconds into the current track, within it when its length is known.
  mutating func seekInTrack(_ requested: Double, now: Date) -> [PlaybackCommand] {
    guard requested.isFinite, nowPlaying != nil else { return [] }
    let position = snapshot.duration > 0 ? min(max(requested, 0), snapshot.duration) : max(requested, 0)
    return moveTo(TrackLocation(index: snapshot.trackIndex, positionInTrack: position), now: now)
  }

  /// Back or forward by `seconds` of content, within the book.
  mutating func skip(_ seconds: Double, now: Date) -> [PlaybackCommand] {
    guard seconds.isFinite, let queue = nowPlaying?.queue else { return [] }
    guard queue.total > 0 else { return seekInTrack(snapshot.position + seconds, now: now) }
    return seekInBook(min(max(bookPosition + seconds, 0), queue.total), now: now)
  }

  /// The start of the next chapter span; nothing in the last one.
  mutating func nextChapter(now: Date) -> [PlaybackCommand] {
    guard let queue = nowPlaying?.queue, let index = currentChapterSpan?.index,
      index + 1 < queue.timeline.spans.count
    else { return [] }
    return seekInBook(queue.timeline.spans[index + 1].start, now: now)
  }

  /// Restart the chapter, or, within `restartChapterWindow` real seconds of
  /// its start, go to the previous one (the first chapter just restarts).
  /// The window is measured in listening time, since it is about how fast a
  /// hand presses twice, whatever the speed.
  mutating func previousChapter(now: Date) -> [PlaybackCommand] {
    guard let queue = nowPlaying?.queue, let current = currentChapterSpan else { return [] }
    let (index, span) = current
    let intoChapter = wallClockSeconds(bookPosition - span.start, rate: rate)
    if intoChapter > rules.restartChapterWindow || index == 0 {
      return seekInBook(span.start, now: now)
    }
    return seekInBook(queue.timeline.spans[index - 1].start, now: now)
  }

  /// Moves to `location`: the engine seeks, the floor comes down to it, a
  /// running listening span is split (history shows a jump, not a stretch of
  /// listening across it), and the place is saved.
  private mutating func moveTo(_ location: TrackLocation, now: Date) -> [PlaybackCommand] {
    guard let queue = nowPlaying?.queue else { return [] }
    var commands = endListeningSpan(now: now)
    lowerFloor(
      to: toBookPosition(offsets: queue.offsets, index: location.index, positionInTrack: location.positionInTrack))
    if location.index != snapshot.trackIndex {
      snapshot.duration = queue.tracks.indices.contains(location.index) ? queue.tracks[location.index].duration ?? 0 : 0
    }
    snapshot.trackIndex = location.index
    snapshot.position = location.positionInTrack
    let id = startMove(to: location)
    // A place chosen while paused is where the listener wants to start:
    // auto-rewind is for finding one's way back into where listening
    // stopped, and would carry a chosen chapter's start back into the
    // chapter before it.
    if snapshot.state != .playing { pausedAt = nil }
    if snapshot.state == .playing { beginListeningSpan(now: now) }
    commands.append(.engine(.seek(trackIndex: location.index, position: location.positionInTrack, seekID: id)))
    return commands + persist(now: now)
  }

  /// Names a new move of the engine to `location` and holds the place
  /// there until the engine reports it finished.
  mutating func startMove(to location: TrackLocation) -> SeekID {
    lastSeekID = lastSeekID.next
    pendingSeek = PendingSeek(id: lastSeekID, location: location)
    return lastSeekID
  }
}
