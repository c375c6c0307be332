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
/// AudioSilo stream URLs with headers (`StreamHeaders`), transcoded streams
/// included (`TranscodedStream`: seeking reopens them from a new `t`). Bus
/// messages (GStreamerEngine+Bus) become snapshots on the main loop; the
/// position is reported only while playing, as what it shows would change
/// (GStreamerEngine+Reports).
/// Errors and stalls are reported, never retried here.
@MainActor
public final class GStreamerEngine: PlaybackEngine {
  public var onSnapshot: (@MainActor (EngineSnapshot) -> Void)?
  public internal(set) var lastError: String?
  /// The last snapshot published.
  public private(set) var snapshot = EngineSnapshot.initial

  let pipeline: PlaybinPipeline
  let shared = EngineSharedState()
  let rateKeeper = SegmentRateKeeper()
  private let rateDuck = RateChangeDuck()
  private let tempoJoins = TempoJoinTimestamps()
  private let tempoEnd = TempoEndDrain()
  let flushFilter = StrayFlushFilter()
  let landingClip = SeekLandingClip()
  /// The next position report while playing, and whether there is one.
  var positionReport: Timeout?
  var reportsWhilePlaying = false

  /// What the listener asked for; the pipeline catches up with it.
  var wantsToPlay = false
  /// Loaded and not played since: reported as `ready` rather than `paused`.
  var hasPlayedSinceLoad = false
  /// A file is being opened (or buffered); reported as `loading`.
  var isOpening = false
  var isBuffering = false
  /// Where to go once the opening file has prerolled.
  var pendingSeek: Double?
  /// One seek at a time: a seek asked for while the last one is still
  /// under way waits here (the latest wins) until that one's ASYNC_DONE, or
  /// 700 ms at most. Overlapping seeks over HTTP lost a drag's last seek
  /// (or landed elsewhere) under load; a refused seek waits here too.
  var nextSeek: Double?
  var seekInFlight: Timeout?
  /// The position to report while the pipeline cannot answer.
  var lastPosition = 0.0
  /// Seconds into the file where the playing stream starts: the `t` of a
  /// transcoded stream, else 0. Positions are this + the stream's own.
  var streamStart = 0.0
  /// The current file's length as the pipeline last reported it. Asked for
  /// only when it may have changed (a new file, DURATION_CHANGED), not on
  /// every position poll: the query walks the whole pipeline up to the
  /// parser and cost about as much as the position query itself.
  var pipelineDuration: Double?
  var durationIsStale = true
  var ended = false
  var failed = false
  /// The playing file still comes from the sources `swapSources` replaced
  /// (the stream of a book that has since been downloaded).
  var playsReplacedSource = false
  /// …and so do this many of the files already queued for the gapless switch.
  var queuedReplacedSources = 0
  /// Counts loads and resets: a swap checked for an earlier book is dropped.
  private var loadGeneration = 0

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
    InputPatchProbe.install(MovieDurationPatch.self, on: playbin)
    InputPatchProbe.install(LAMETagPatch.self, on: playbin)
    AACTrimProbe.install(on: playbin)
    OggLengthAnswer.install(on: playbin, shared: shared)
    VorbisEndTrimProbe.install(on: playbin)
    if let tempo = pipeline.tempo {
      rateDuck.attach(toTempo: tempo)
      tempoJoins.attach(toTempo: tempo)
      tempoEnd.attach(toTempo: tempo)
    }
    if let playSink = pipeline.playSink {
      // First: the rate keeper continues from the segments it moves.
      landingClip.attach(toPlaySink: playSink)
      rateKeeper.attach(toPlaySink: playSink)
      flushFilter.attach(toPlaySink: playSink)
      gst_object_unref(playSink)
    }
    pipeline.watchBus { [weak self] message in self?.handle(message) }
  }

  isolated deinit {
    positionReport?.cancel()
    pipeline.teardown()
  }

  // MARK: PlaybackEngine

  public func load(_ sources: [EngineSource], startIndex: Int, position: Double) {
    guard sources.indices.contains(startIndex) else { return reset() }
    loadGeneration += 1
    shared.withQueue {
      $0.sources = sources
      $0.replacedSources = []
      $0.pushedOgg = []
    }
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
    // Nobody hears a paused book move onto its downloaded copy.
    if playsReplacedSource { return reopenAtCurrentPlace() }
    pipeline.setState(GST_STATE_PAUSED)
    publish()
  }

  public func seek(trackIndex: Int, position: Double) {
    let current = shared.withQueue { $0.currentIndex }
    guard shared.withQueue({ $0.sources.indices.contains(trackIndex) }) else { return }
    let (isTranscoded, isPushedOgg) = shared.withQueue { queue in
      let source = queue.sources[trackIndex]
      return (source.isTranscoded, source.uri.scheme != "file" && queue.pushedOgg.contains(source.uri.absoluteString))
    }
    // A transcoded stream has no Range: it is reopened from the new second.
    // A streamed Ogg file is too: oggdemux's own idea of its length (the
    // bounds of its search) can be short by a page or more, and a seek past
    // it ends the file (see OggLengthAnswer, which tells it when reopened).
    if trackIndex != current || ended || failed || isOpening || isTranscoded || isPushedOgg || playsReplacedSource {
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
    nextSeek = seekPipeline(to: target) || !retryIfRefused ? nil : target
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

  public func setRate(_ rate: Double) {
    rateKeeper.setRate(min(3, max(0.5, rate)))
    publish()
  }

  public func setVolume(_ volume: Double) { pipeline.setVolume(min(1, max(0, volume))) }

  /// The same files from elsewhere (the downloaded copy of a streaming
  /// book): the track and place stay. A playing file is not reopened, which
  /// would be heard as a gap: it plays on from where it came from while
  /// everything after it — the next file, a seek, a pause, a retry — comes
  /// from the new sources.
  ///
  /// Refused at once for another number of files or a missing file.
  /// Otherwise the copy of the current file is read off the main loop
  /// first; the swap happens if it passes, and the answer comes then either
  /// way. A swap overtaken by a load or reset is dropped unanswered.
  public func swapSources(_ sources: [EngineSource], answer: @escaping @MainActor (Bool) -> Void) {
    let (old, index) = shared.withQueue { ($0.sources, $0.currentIndex) }
    guard sources.count == old.count, SourceCheck.mayBePlayable(sources[index]) else { return answer(false) }
    let generation = loadGeneration
    SourceCheck.check(sources[index]) { [weak self] playable in
      guard let self, generation == self.loadGeneration else { return }
      if playable { self.applySwap(sources) }
      answer(playable)
    }
  }

  private func applySwap(_ sources: [EngineSource]) {
    let queued = shared.withQueue { queue -> Int in
      queue.replacedSources = queue.sources
      queue.sources = sources
      return queue.queued.count
    }
    if ended || failed { return }
    if wantsToPlay && !isOpening {
      playsReplacedSource = true
      queuedReplacedSources = queued
      return
    }
    reopenAtCurrentPlace()
  }

  /// Opens the current file again (from its present source) where it is.
  func reopenAtCurrentPlace() {
    let index = shared.withQueue { $0.currentIndex }
    let position = isOpening ? (pendingSeek ?? lastPosition) : pipeline.position.map { streamStart + $0 } ?? lastPosition
    open(trackIndex: index, at: position)
  }

  public func reset() {
    loadGeneration += 1
    pipeline.stop(at: GST_STATE_NULL)
    pipeline.dropPendingMessages()
    shared.withQueue { $0 = EngineSharedState.Queue() }
    wantsToPlay = false
    isOpening = false
    isBuffering = false
    pendingSeek = nil
    forgetSeeks()
    ended = false
    failed = false
    playsReplacedSource = false
    queuedReplacedSources = 0
    lastPosition = 0
    stopPolling()
    emit(EngineSnapshot(state: .idle, rate: rateKeeper.rate))
  }

  // MARK: Opening a file

  /// Stops the pipeline, points it at one file and prerolls it; the seek
  /// and the play intent are applied once it is ready (`asyncDone`).
  func open(trackIndex: Int, at position: Double) {
    let source = shared.withQueue { queue -> EngineSource in
      queue.currentIndex = trackIndex
      queue.queued = []
      let source = queue.sources[trackIndex]
      queue.openedPartway = nil
      if position > 0, !source.isTranscoded, source.uri.scheme != "file" {
        queue.openedPartway = (source.uri.absoluteString, source.duration)
      }
      return source
    }
    ended = false
    failed = false
    playsReplacedSource = false
    queuedReplacedSources = 0
    isOpening = true
    isBuffering = false
    forgetSeeks()
    durationChanged()
    let uri: String
    if source.isTranscoded {
      // The server starts the stream there; nothing to seek once it is open.
      streamStart = TranscodedStream.start(for: position)
      uri = TranscodedStream.uri(source.uri, from: streamStart)
      pendingSeek = nil
    } else {
      streamStart = 0
      uri = source.uri.absoluteString
      pendingSeek = position > 0 ? position : nil
    }
    lastPosition = source.isTranscoded ? streamStart : max(0, position)
    pipeline.stop(at: GST_STATE_READY)
    pipeline.dropPendingMessages()
    pipeline.setURI(uri)
    pipeline.setState(GST_STATE_PAUSED)
    publish()
  }

  // MARK: Snapshots

  func durationChanged() {
    pipelineDuration = nil
    durationIsStale = true
  }

  /// Runs at every report while playing, so it asks the pipeline only for
  /// the position (and for the duration when it may have changed).
  func publish() {
    defer { if reportsWhilePlaying { scheduleNextReport() } }
    let current = shared.withQueue { queue -> (index: Int, source: (duration: Double?, isTranscoded: Bool))? in
      guard queue.currentIndex < queue.sources.count else { return nil }
      let source = queue.sources[queue.currentIndex]
      return (queue.currentIndex, (source.duration, source.isTranscoded))
    }
    guard let (index, (knownDuration, isTranscoded)) = current else { return }
    // With a seek waiting its turn, the pipeline still answers the earlier
    // one's place: report where the listener asked to go.
    if !isOpening && !ended && !failed && nextSeek == nil, let position = pipeline.position {
      lastPosition = streamStart + position
    }
    if durationIsStale && !isOpening && !isTranscoded {
      pipelineDuration = pipeline.duration
      durationIsStale = pipelineDuration == nil
    }
    // A transcoded stream's own length is unknown or covers only from `t`.
    let duration = (isTranscoded ? nil : pipelineDuration) ?? knownDuration ?? 0
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

  func emit(_ next: EngineSnapshot) {
    guard next != snapshot else { return }
    snapshot = next
    onSnapshot?(next)
  }
}
