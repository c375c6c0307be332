import CGLib
import CGst
import Foundation
import GObjectKit
import HarkCore

/// The app's audio engine: one playbin behind the core's `PlaybackEngine`.
///
/// Multi-file books play gaplessly (the next file is handed to playbin in
/// `about-to-finish`), at 0.5–3× with pitch kept and without a flush at rate
/// changes or file boundaries (`SegmentRateKeeper`), from `file://` or from
/// AudioSilo stream URLs with headers (`StreamHeaders`). Bus messages become
/// snapshots on the main loop; the position is polled only while playing.
/// Errors and stalls are reported, never retried here.
@MainActor
public final class GStreamerEngine: PlaybackEngine {
  public var onSnapshot: (@MainActor (EngineSnapshot) -> Void)?
  public private(set) var lastError: String?
  /// The last snapshot published.
  public private(set) var snapshot = EngineSnapshot.initial

  private let pipeline: PlaybinPipeline
  private let shared = EngineSharedState()
  private let rateKeeper = SegmentRateKeeper()
  private let rateDuck = RateChangeDuck()
  private var positionPoll: Timeout?

  /// What the listener asked for; the pipeline catches up with it.
  private var wantsToPlay = false
  /// Loaded and not played since: reported as `ready` rather than `paused`.
  private var hasPlayedSinceLoad = false
  /// A file is being opened (or buffered); reported as `loading`.
  private var isOpening = false
  private var isBuffering = false
  /// Where to go once the opening file has prerolled.
  private var pendingSeek: Double?
  /// The position to report while the pipeline cannot answer.
  private var lastPosition = 0.0
  /// The current file's length as the pipeline last reported it. Asked for
  /// only when it may have changed (a new file, DURATION_CHANGED), not on
  /// every position poll: the query walks the whole pipeline up to the
  /// parser and cost about as much as the position query itself.
  private var pipelineDuration: Double?
  private var durationIsStale = true
  private var ended = false
  private var failed = false

  /// - Parameter audioSink: the sink element (nil: `autoaudiosink`). Tests
  ///   pass an `appsink` bin to capture the decoded output without a sound
  ///   server.
  public init(audioSink: UnsafeMutablePointer<GstElement>? = nil) throws(GStreamerRuntime.Unavailable) {
    pipeline = try PlaybinPipeline(audioSink: audioSink)
    let shared = shared
    let playbin = pipeline.handle
    // A streaming thread: the next URI must be set before this returns.
    Signals.connectFromAnyThread(playbin.raw, "about-to-finish") {
      if let next = shared.queueNextTrack() { hark_set_string(playbin.raw, "uri", next) }
    }
    StreamHeaders.install(on: playbin, shared: shared)
    if let tempo = pipeline.tempo { rateDuck.attach(toTempo: tempo) }
    if let playSink = pipeline.playSink {
      rateKeeper.attach(toPlaySink: playSink)
      gst_object_unref(playSink)
    }
    pipeline.watchBus { [weak self] message in self?.handle(message) }
  }

  isolated deinit {
    positionPoll?.cancel()
    pipeline.teardown()
  }

  // MARK: PlaybackEngine

  public func load(_ sources: [EngineSource], startIndex: Int, position: Double) {
    guard sources.indices.contains(startIndex) else { return reset() }
    shared.withQueue { $0.sources = sources }
    hasPlayedSinceLoad = false
    wantsToPlay = false
    open(trackIndex: startIndex, at: position)
  }

  public func play() {
    guard !shared.withQueue({ $0.sources.isEmpty }) else { return }
    wantsToPlay = true
    if ended || failed {
      // Playing again after the end (or an error) starts the current file over.
      return open(trackIndex: snapshot.trackIndex, at: ended ? 0 : lastPosition)
    }
    if !isOpening && !isBuffering { pipeline.setState(GST_STATE_PLAYING) }
  }

  public func pause() {
    wantsToPlay = false
    guard !ended, !failed else { return }
    pipeline.setState(GST_STATE_PAUSED)
    publish()
  }

  public func seek(trackIndex: Int, position: Double) {
    let current = shared.withQueue { $0.currentIndex }
    guard shared.withQueue({ $0.sources.indices.contains(trackIndex) }) else { return }
    if trackIndex != current || ended || failed || isOpening {
      return open(trackIndex: trackIndex, at: position)
    }
    // A file queued for gapless playback must not follow a seek backwards.
    shared.withQueue { $0.queuedIndex = nil }
    lastPosition = max(0, position)
    pipeline.seek(to: lastPosition)
    publish()
  }

  public func setRate(_ rate: Double) {
    rateKeeper.setRate(min(3, max(0.5, rate)))
    publish()
  }

  public func setVolume(_ volume: Double) { pipeline.setVolume(min(1, max(0, volume))) }

  public func swapSources(_ sources: [EngineSource]) -> Bool {
    let (old, index) = shared.withQueue { ($0.sources, $0.currentIndex) }
    guard sources.count == old.count, SourceCheck.isPlayable(sources[index]) else { return false }
    let position = pipeline.position ?? lastPosition
    shared.withQueue { $0.sources = sources }
    open(trackIndex: index, at: position)
    return true
  }

  public func reset() {
    pipeline.setState(GST_STATE_NULL)
    shared.withQueue { $0 = EngineSharedState.Queue() }
    wantsToPlay = false
    isOpening = false
    isBuffering = false
    pendingSeek = nil
    ended = false
    failed = false
    lastPosition = 0
    stopPolling()
    emit(EngineSnapshot(state: .idle, rate: rateKeeper.rate))
  }

  // MARK: Opening a file

  /// Stops the pipeline, points it at one file and prerolls it; the seek
  /// and the play intent are applied once it is ready (`asyncDone`).
  private func open(trackIndex: Int, at position: Double) {
    let uri = shared.withQueue { queue -> String in
      queue.currentIndex = trackIndex
      queue.queuedIndex = nil
      return queue.sources[trackIndex].uri.absoluteString
    }
    ended = false
    failed = false
    isOpening = true
    isBuffering = false
    lastPosition = max(0, position)
    durationChanged()
    pendingSeek = position > 0 ? position : nil
    pipeline.setState(GST_STATE_READY)
    pipeline.setURI(uri)
    pipeline.setState(GST_STATE_PAUSED)
    publish()
  }

  // MARK: Bus

  private func handle(_ message: UnsafeMutablePointer<GstMessage>) {
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
    pipeline.limitAudioQueue()
    durationIsStale = true
    guard isOpening else { return publish() }
    if let target = pendingSeek {
      // The file is prerolled: now it can seek (accurately) before playing.
      pendingSeek = nil
      pipeline.seek(to: target)
      return
    }
    isOpening = false
    if wantsToPlay && !isBuffering { pipeline.setState(GST_STATE_PLAYING) }
    publish()
  }

  /// The real track change of a gapless switch: the position restarts here.
  private func trackStarted() {
    let changed = shared.withQueue { queue -> Bool in
      guard let next = queue.queuedIndex else { return false }
      queue.currentIndex = next
      queue.queuedIndex = nil
      return true
    }
    if changed {
      lastPosition = 0
      durationChanged()
    }
    publish()
  }

  private func finish() {
    // A gapless switch never posts EOS; this is the end of the last file.
    ended = true
    wantsToPlay = false
    lastPosition = pipeline.duration ?? snapshot.duration
    stopPolling()
    publish()
  }

  private func fail(_ reason: String) {
    lastError = reason
    failed = true
    wantsToPlay = false
    isOpening = false
    stopPolling()
    pipeline.setState(GST_STATE_NULL)
    publish()
  }

  private func buffering(_ message: UnsafeMutablePointer<GstMessage>) {
    var percent: gint = 0
    gst_message_parse_buffering(message, &percent)
    let nowBuffering = percent < 100
    guard nowBuffering != isBuffering else { return }
    isBuffering = nowBuffering
    // Network playback waits for its buffer; the listener sees `loading`.
    if !isOpening { pipeline.setState(nowBuffering || !wantsToPlay ? GST_STATE_PAUSED : GST_STATE_PLAYING) }
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

  // MARK: Snapshots

  private func startPolling() {
    guard positionPoll == nil else { return }
    positionPoll = Timeout(milliseconds: 250, repeating: true) { [weak self] in self?.publish() }
  }

  private func stopPolling() {
    positionPoll?.cancel()
    positionPoll = nil
  }

  private func durationChanged() {
    pipelineDuration = nil
    durationIsStale = true
  }

  /// Runs every 250 ms while playing, so it asks the pipeline only for the
  /// position (and for the duration when it may have changed).
  private func publish() {
    let current = shared.withQueue { queue -> (index: Int, duration: Double?)? in
      guard queue.currentIndex < queue.sources.count else { return nil }
      return (queue.currentIndex, queue.sources[queue.currentIndex].duration)
    }
    guard let (index, knownDuration) = current else { return }
    if !isOpening && !ended && !failed, let position = pipeline.position { lastPosition = position }
    if durationIsStale && !isOpening {
      pipelineDuration = pipeline.duration
      durationIsStale = pipelineDuration == nil
    }
    let duration = pipelineDuration ?? knownDuration ?? 0
    emit(EngineSnapshot(
      state: currentState, trackIndex: index, position: lastPosition, duration: duration,
      rate: rateKeeper.rate))
  }

  private var currentState: EngineState {
    if failed { return .error }
    if ended { return .ended }
    if isOpening || isBuffering { return .loading }
    var state = GST_STATE_NULL
    gst_element_get_state(pipeline.playbin, &state, nil, 0)
    if state == GST_STATE_PLAYING && wantsToPlay { return .playing }
    return hasPlayedSinceLoad ? .paused : .ready
  }

  private func emit(_ next: EngineSnapshot) {
    guard next != snapshot else { return }
    snapshot = next
    onSnapshot?(next)
  }
}
