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
/// (GStreamerEngine+Reports). Where the pipeline is in its life is one
/// `EnginePhase`, and whether to play is the session's order, carried out
/// when the pipeline can (GStreamerEngine+Phase); a seek's target is
/// reported until it is reached, then the seek's id (GStreamerEngine+Seeking).
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

  /// Where the pipeline is in its life (GStreamerEngine+Phase).
  var phase = EnginePhase.idle
  /// What the session told it last; the pipeline catches up with it.
  var order = EngineOrder.pause
  /// Loaded and not played since: reported as `ready` rather than `paused`.
  /// A fact about the pipeline, not an intent.
  var hasPlayedSinceLoad = false
  /// Where to go once the opening file has prerolled.
  var pendingSeek: Double?
  /// One seek at a time: a seek asked for while the last one is still
  /// under way waits here (the latest wins) until that one's ASYNC_DONE, or
  /// 700 ms at most. Overlapping seeks over HTTP lost a drag's last seek
  /// (or landed elsewhere) under load; a refused seek waits here too.
  var nextSeek: Double?
  var seekInFlight: Timeout?
  /// A way through PAUSED the pipeline is taking by itself: a seek's flush,
  /// or the way back to PLAYING after one or after buffering
  /// (GStreamerEngine+Seeking).
  var detour = Detour.settled
  /// The last load or seek asked for, and the last one finished: the one
  /// reports carry.
  var requestedSeek = SeekID.zero
  var finishedSeek = SeekID.zero
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
      tempoJoins.attach(toTempo: tempo, in: playbin)
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

  public func load(_ sources: [EngineSource], startIndex: Int, position: Double, seekID: SeekID) {
    requestedSeek = seekID
    guard sources.indices.contains(startIndex) else { return reset() }
    loadGeneration += 1
    shared.withQueue {
      $0.sources = sources
      $0.replacedSources = []
      $0.pushedOgg = []
    }
    hasPlayedSinceLoad = false
    order = .pause
    open(trackIndex: startIndex, at: position)
  }

  public func play() {
    guard !shared.withQueue({ $0.sources.isEmpty }) else { return }
    order = .play
    switch phase {
    case .ended:
      // Playing again after the end starts the current file over…
      open(trackIndex: snapshot.trackIndex, at: 0)
    case .failed:
      // …and after an error opens it again where it was.
      open(trackIndex: snapshot.trackIndex, at: lastPosition)
    case .open(buffering: false):
      pipeline.setState(GST_STATE_PLAYING)
    case .idle, .opening, .open(buffering: true):
      // Opening and buffering go on to play by themselves.
      break
    }
  }

  public func pause() {
    order = .pause
    detour = detour.paused
    guard !phase.isStopped else { return }
    // Nobody hears a paused book move onto its downloaded copy.
    if playsReplacedSource { return reopenAtCurrentPlace() }
    pipeline.setState(GST_STATE_PAUSED)
    publish()
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
    if phase.isStopped { return }
    if order == .play && !phase.isOpening {
      playsReplacedSource = true
      queuedReplacedSources = queued
      return
    }
    reopenAtCurrentPlace()
  }

  /// Opens the current file again (from its present source) where it is,
  /// or where a seek under way goes.
  func reopenAtCurrentPlace() {
    let index = shared.withQueue { $0.currentIndex }
    let position =
      if phase.isOpening { pendingSeek ?? lastPosition }
      else if seekIsUnderWay { lastPosition }
      else { heardPosition.map { streamStart + $0 } ?? lastPosition }
    open(trackIndex: index, at: position)
  }

  public func reset() {
    loadGeneration += 1
    pipeline.stop(at: GST_STATE_NULL)
    pipeline.dropPendingMessages()
    shared.withQueue { $0 = EngineSharedState.Queue() }
    phase = .idle
    order = .pause
    pendingSeek = nil
    forgetSeeks()
    playsReplacedSource = false
    queuedReplacedSources = 0
    lastPosition = 0
    stopPolling()
    // Nothing is left to go to: whatever was asked for is over.
    finishedSeek = requestedSeek
    emit(EngineSnapshot(state: .idle, rate: rateKeeper.rate, seekID: finishedSeek))
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
    phase = .opening(buffering: false)
    playsReplacedSource = false
    queuedReplacedSources = 0
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
    let isStreamedOgg = currentIsStreamedOgg
    // With a seek under way, the pipeline may still answer the place it is
    // leaving (or an earlier seek's): report where the session asked to go.
    noteSeekFinished()
    if case .open = phase, !seekIsUnderWay, let position = heardPosition {
      lastPosition = streamStart + position
    }
    if durationIsStale && !phase.isOpening && !isTranscoded {
      pipelineDuration = pipeline.duration
      durationIsStale = pipelineDuration == nil
    }
    // A transcoded stream's own length is unknown or covers only from `t`.
    // A streamed Ogg file is read once from its start (OggLengthAnswer), so
    // nothing measures it before its end: its length in the pipeline is the
    // decoder's guess from the bytes so far (4.04 s for a 21 s part of the
    // Vorbis sweep). The server's figure stands until the file has ended
    // (`finish`: where it ended is its length).
    let measured = isStreamedOgg ? (phase == .ended ? lastPosition : nil) : pipelineDuration
    let duration = (isTranscoded ? nil : measured) ?? knownDuration ?? 0
    emit(EngineSnapshot(
      state: reportedState, trackIndex: index, position: lastPosition, duration: duration,
      rate: rateKeeper.rate, seekID: finishedSeek))
  }

  /// The current file is an Ogg stream oggdemux reads pushed, which it
  /// cannot measure (`OggLengthAnswer`).
  var currentIsStreamedOgg: Bool {
    shared.withQueue { queue in
      guard queue.sources.indices.contains(queue.currentIndex) else { return false }
      let uri = queue.sources[queue.currentIndex].uri
      return uri.scheme != "file" && queue.pushedOgg.contains(uri.absoluteString)
    }
  }

  /// Seconds into the playing stream that the sink plays now: its position
  /// less what it reads ahead after a join at a speed other than 1×
  /// (`TempoJoinTimestamps.positionLead`).
  var heardPosition: Double? {
    pipeline.position.map { max(0, $0 - tempoJoins.positionLead) }
  }

  func emit(_ next: EngineSnapshot) {
    guard next != snapshot else { return }
    snapshot = next
    onSnapshot?(next)
  }
}
