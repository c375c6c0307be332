import CGst
import HarkCore

/// Where the engine's pipeline is in its life, as one value. It was five
/// booleans (opening, buffering, ended, failed and, with the play intent,
/// a sixth), of which only these combinations ever held.
enum EnginePhase: Equatable, Sendable {
  /// Nothing loaded.
  case idle
  /// A file is being opened: prerolled, then sought to its start place.
  /// `buffering`: a stream's buffer ran low meanwhile, so it will not play
  /// as soon as it is open.
  case opening(buffering: Bool)
  /// Open; `buffering` while a stream refills its buffer (the pipeline
  /// waits in PAUSED and goes on by itself when it is full).
  case open(buffering: Bool)
  /// The last file played to its end.
  case ended
  /// An error stopped the pipeline (`lastError` says why).
  case failed

  var isOpening: Bool {
    if case .opening = self { return true }
    return false
  }

  var isBuffering: Bool {
    switch self {
    case .opening(let buffering), .open(let buffering): buffering
    case .idle, .ended, .failed: false
    }
  }

  /// Ended or failed: the pipeline is stopped until a play or a seek
  /// opens the file again.
  var isStopped: Bool { self == .ended || self == .failed }

  /// The same phase with the buffer running low (`true`) or full again.
  func buffering(_ buffering: Bool) -> EnginePhase {
    switch self {
    case .opening: .opening(buffering: buffering)
    case .open: .open(buffering: buffering)
    case .idle, .ended, .failed: self
    }
  }
}

/// What the session told the engine last. The session decides when to
/// play (REFERENCE-BEHAVIOR §6); the engine carries it out as soon as it
/// can (once a file is open, once a stream has buffered), and forgets it
/// when the pipeline stops by itself (the end, an error), so a later seek
/// never starts the sound unasked.
enum EngineOrder: Equatable, Sendable {
  case play, pause
}

extension GStreamerEngine {
  /// The state to report: what is, not what was asked for. Playing only
  /// once the pipeline really plays — and through a `Detour` it takes by
  /// itself through PAUSED (a seek, a buffer filling) on its way back.
  var reportedState: EngineState {
    switch phase {
    case .idle: return .idle
    case .failed: return .error
    case .ended: return .ended
    case .opening, .open(buffering: true): return .loading
    case .open(buffering: false):
      if order == .play && (pipelineIsPlaying || detour.playsThrough) { return .playing }
      // Told to play, played since the load, not playing now and on no
      // known way back: waiting to play, not a pause the listener made (the
      // session's stall watchdog times it). A stream skipped through while
      // it refilled was reported paused here, under load, now and then.
      if order == .play && hasPlayedSinceLoad { return .loading }
      return hasPlayedSinceLoad ? .paused : .ready
    }
  }

  /// The pipeline's current state is PLAYING (not only on its way there).
  var pipelineIsPlaying: Bool {
    var state = GST_STATE_NULL
    gst_element_get_state(pipeline.playbin, &state, nil, 0)
    return state == GST_STATE_PLAYING
  }
}
