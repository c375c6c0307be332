import GObjectKit
import HarkCore

/// Seeking, and saying when a seek is finished.
///
/// Every load and seek comes with the session's `SeekID`. While one is
/// under way the engine reports its target as the position (the pipeline
/// would still answer with the place it is leaving); once nothing is
/// opening, waiting or flushing any more, the position comes from the
/// pipeline again and reports carry the last id asked for
/// (`EngineSnapshot.seekID`), which tells the session that from this
/// report on the place is the one it asked for.
extension GStreamerEngine {
  public func seek(trackIndex: Int, position: Double, seekID: SeekID) {
    let current = shared.withQueue { $0.currentIndex }
    requestedSeek = seekID
    // Nowhere to go: finished where it is, so the session is not left
    // waiting for it.
    guard shared.withQueue({ $0.sources.indices.contains(trackIndex) }) else { return publish() }
    let (isTranscoded, isPushedOgg) = shared.withQueue { queue in
      let source = queue.sources[trackIndex]
      return (source.isTranscoded, source.uri.scheme != "file" && queue.pushedOgg.contains(source.uri.absoluteString))
    }
    // A transcoded stream has no Range: it is reopened from the new second.
    // A streamed Ogg file is too: oggdemux's own idea of its length (the
    // bounds of its search) can be short by a page or more, and a seek past
    // it ends the file (see OggLengthAnswer, which tells it when reopened).
    if trackIndex != current || phase.isStopped || phase.isOpening || isTranscoded || isPushedOgg
      || playsReplacedSource
    {
      return open(trackIndex: trackIndex, at: position)
    }
    // A file queued for gapless playback must not follow a seek backwards.
    shared.withQueue { $0.queued = [] }
    lastPosition = max(0, position)
    if seekInFlight != nil { nextSeek = lastPosition } else { startSeek(lastPosition) }
    publish()
  }

  /// - Parameter retryIfRefused: a refused seek is tried once more after
  ///   the one under way; a second refusal drops it (no endless retries).
  func startSeek(_ target: Double, retryIfRefused: Bool = true) {
    // Read before the flush takes the pipeline to PAUSED. Told to play and
    // played since the load: it goes back to PLAYING after this seek, also
    // when a stream is waiting for its buffer right now (reported loading,
    // not playing). Left out, a skip made while a stream refilled settled
    // at its ASYNC_DONE with the pipeline still PAUSED for the next skip's
    // flush, and that moment was reported as a pause.
    let fromPlaying = detour.playsThrough || (order == .play && hasPlayedSinceLoad)
    let accepted = seekPipeline(to: target)
    nextSeek = accepted || !retryIfRefused ? nil : target
    // A refused seek changes nothing in the pipeline.
    if accepted { detour = .flushing(fromPlaying: fromPlaying) }
    seekInFlight = Timeout(milliseconds: 700, repeating: false) { [weak self] in self?.seekSettled() }
  }

  /// A flushing seek in the current file; its flush may pass to the sink.
  @discardableResult
  func seekPipeline(to target: Double) -> Bool {
    flushFilter.seekStarting()
    landingClip.seekStarting(to: target)
    let accepted = pipeline.seek(to: target)
    if !accepted {
      flushFilter.seekFinished()
      landingClip.seekAbandoned()
    }
    return accepted
  }

  /// A new file, a reset or an error: no seek is under way or waiting.
  func forgetSeeks() {
    flushFilter.seekFinished()
    landingClip.seekAbandoned()
    nextSeek = nil
    detour = .settled
    seekInFlight?.cancel()
    seekInFlight = nil
  }

  /// The seek under way is done (ASYNC_DONE, or time is up): the next one goes.
  func seekSettled() {
    seekInFlight?.cancel()
    seekInFlight = nil
    guard let target = nextSeek else { return }
    nextSeek = nil
    startSeek(target, retryIfRefused: false)
  }

  /// A file opening, a seek waiting its turn or one flushing: the
  /// pipeline may not be at the place last asked for yet.
  var seekIsUnderWay: Bool { phase.isOpening || nextSeek != nil || detour.isFlushing }

  /// Called at every publish: once no seek is under way, the last one
  /// asked for is finished. A stopped engine (ended, failed) got nowhere
  /// new; the next play or seek opens the file and finishes then.
  func noteSeekFinished() {
    // Back to PLAYING after the seeks asked for (its STATE_CHANGED
    // publishes), not after an earlier one of them: that one's message can
    // come while the next one flushes.
    if detour == .resuming, !seekIsUnderWay, pipelineIsPlaying { detour = .settled }
    guard !seekIsUnderWay, !phase.isStopped else { return }
    finishedSeek = requestedSeek
  }
}

/// A way through PAUSED the playing pipeline takes without being told to
/// pause: a flushing seek holds it there until the new place is prerolled
/// (its ASYNC_DONE), and a stream waits there for its buffer; then it goes
/// back to PLAYING by itself. The engine reports playing throughout
/// (`reportedState`): reported as paused, that moment was a pause to the
/// session (the play button flickered, the place was saved and the
/// listening span split, at every press of a held skip key).
enum Detour: Equatable, Sendable {
  /// None under way.
  case settled
  /// A seek was accepted and has not prerolled yet: the pipeline may still
  /// answer the place it is leaving. `fromPlaying`: it goes back to
  /// PLAYING after it.
  case flushing(fromPlaying: Bool)
  /// On the way back to PLAYING (after a seek made while playing, or a
  /// stream's buffer filled again).
  case resuming

  var isFlushing: Bool {
    if case .flushing = self { return true }
    return false
  }

  /// Reported as playing though the pipeline is PAUSED for the seek.
  var playsThrough: Bool { self == .flushing(fromPlaying: true) || self == .resuming }

  /// The seek's ASYNC_DONE came.
  var prerolled: Detour { self == .flushing(fromPlaying: true) ? .resuming : isFlushing ? .settled : self }

  /// A stream's buffer filled again while told to play.
  var bufferFilled: Detour { isFlushing ? .flushing(fromPlaying: true) : .resuming }

  /// Told to pause: nothing goes back to PLAYING.
  var paused: Detour {
    switch self {
    case .flushing: .flushing(fromPlaying: false)
    case .resuming, .settled: .settled
    }
  }
}
