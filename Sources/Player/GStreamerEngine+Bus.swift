import CGLib
import CGst
import HarkCore

/// The engine's bus messages, turned into state and snapshots.
extension GStreamerEngine {
  /// Every bus message of the pipeline, on the main loop.
  func handle(_ message: UnsafeMutablePointer<GstMessage>) {
    let isFromPlaybin = UnsafeMutableRawPointer(hark_gst_message_src(message)) == pipeline.handle.raw
    switch hark_gst_message_type(message) {
    case GST_MESSAGE_ERROR: fail(EngineErrorText.describe(message))
    case GST_MESSAGE_EOS: finish()
    case GST_MESSAGE_STREAM_START: trackStarted()
    case GST_MESSAGE_ASYNC_DONE: asyncDone()
    case GST_MESSAGE_BUFFERING: buffering(message)
    case GST_MESSAGE_DURATION_CHANGED:
      durationChanged()
      publish()
    case GST_MESSAGE_STATE_CHANGED where isFromPlaybin: stateChanged(message)
    default: break
    }
  }

  private func asyncDone() {
    // A seek's flush has passed by now (or there was none).
    flushFilter.seekFinished()
    pipeline.limitAudioQueue()
    durationIsStale = true
    if !phase.isOpening {
      detour = detour.prerolled
      if seekInFlight != nil || nextSeek != nil { seekSettled() }
      return publish()
    }
    if let target = pendingSeek {
      // The file is prerolled: now it can seek (accurately) before playing.
      pendingSeek = nil
      seekPipeline(to: target)
      return
    }
    let buffering = phase.isBuffering
    phase = .open(buffering: buffering)
    if order == .play && !buffering { pipeline.setState(GST_STATE_PLAYING) }
    publish()
  }

  /// The real track change of a gapless switch: the position restarts here.
  private func trackStarted() {
    let changed = shared.withQueue { queue -> Bool in
      guard !queue.queued.isEmpty else { return false }
      queue.currentIndex = queue.queued.removeFirst()
      return true
    }
    if changed {
      // Queued files always start from their beginning (a transcoded one
      // from t=0, see EngineSharedState.queueNextTrack).
      lastPosition = 0
      streamStart = 0
      // A file queued before a swap came from the replaced sources too.
      playsReplacedSource = queuedReplacedSources > 0
      queuedReplacedSources = max(0, queuedReplacedSources - 1)
      durationChanged()
    }
    publish()
  }

  private func finish() {
    // A gapless switch never posts EOS; this is the end of the last file.
    phase = .ended
    order = .pause
    // A transcoded stream's own length counts from its `t`. A streamed Ogg
    // file's is a guess: where the sink's last audio ends is measured.
    let end = currentIsStreamedOgg ? heardPosition : pipeline.duration
    lastPosition = end.map { streamStart + $0 } ?? snapshot.duration
    stopPolling()
    publish()
  }

  private func fail(_ reason: String) {
    // The stream of a book that is on disk now (the connection dropped, say):
    // go on from the copy rather than stop with an error the listener
    // cannot act on. Not a retry: the copy is a different source.
    if playsReplacedSource || queuedReplacedSources > 0 { return reopenAtCurrentPlace() }
    lastError = reason
    phase = .failed
    order = .pause
    forgetSeeks()
    stopPolling()
    pipeline.stop(at: GST_STATE_NULL)
    publish()
  }

  private func buffering(_ message: UnsafeMutablePointer<GstMessage>) {
    var percent: gint = 0
    gst_message_parse_buffering(message, &percent)
    let nowBuffering = percent < 100
    // A stopped pipeline has nothing to wait for.
    guard nowBuffering != phase.isBuffering, !phase.isStopped, phase != .idle else { return }
    phase = phase.buffering(nowBuffering)
    // Network playback waits for its buffer; the listener sees `loading`.
    if case .open = phase {
      let resumes = !nowBuffering && order == .play
      if resumes { detour = detour.bufferFilled }
      pipeline.setState(resumes ? GST_STATE_PLAYING : GST_STATE_PAUSED)
    }
    publish()
  }

  private func stateChanged(_ message: UnsafeMutablePointer<GstMessage>) {
    var old = GST_STATE_NULL, new = GST_STATE_NULL, pending = GST_STATE_NULL
    gst_message_parse_state_changed(message, &old, &new, &pending)
    if new == GST_STATE_PLAYING {
      hasPlayedSinceLoad = true
      startPolling()
    } else {
      stopPolling()
    }
    publish()
  }
}
