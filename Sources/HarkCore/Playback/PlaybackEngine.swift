import Foundation

/// One track as the engine receives it: where to read it and, for a
/// stream, the headers each request must carry (the bearer token travels in
/// `Authorization`, never in the URL). The app resolves `BookTrack`s into
/// these; the engine never sees a book.
public struct EngineSource: Equatable, Sendable {
  /// `https://…/stream?path=…` or `file:///…`.
  public var uri: URL
  /// Sent with every HTTP request for this track, Range requests included.
  public var headers: [String: String]
  /// Seconds when known, so positions can be reported before the file is
  /// parsed; the engine's own reading wins once it has one.
  public var duration: Double?
  /// The server re-encodes from second `t` of the URI's query; the stream
  /// has no Range, so the engine seeks by reopening with a new `t`, and
  /// reports positions as t + stream time.
  public var isTranscoded: Bool
  /// Seconds into the track where what the listener sees changes other
  /// than by a passing second (chapter starts and ends), ascending. The
  /// engine reports its position as it passes each one, and counts the
  /// whole seconds it reports at from the last one passed (so a chapter's
  /// elapsed time ticks on time).
  public var marks: [Double]

  public init(
    uri: URL, headers: [String: String] = [:], duration: Double? = nil, isTranscoded: Bool = false,
    marks: [Double] = []
  ) {
    self.uri = uri
    self.headers = headers
    self.duration = duration
    self.isTranscoded = isTranscoded
    self.marks = marks
  }
}

/// The audio engine behind the player store (`Player.GStreamerEngine` in
/// the app, a scripted fake in tests). It knows tracks only and reports one
/// merged snapshot; it never retries by itself — errors and stalls are the
/// session's to handle (REFERENCE-BEHAVIOR §6).
///
/// All calls and callbacks happen on the main thread.
@MainActor
public protocol PlaybackEngine: AnyObject {
  /// Called with every change of state, track, duration or rate, and with
  /// the position while playing: as it reaches each whole second (each
  /// second of real time below normal speed) and each of the track's
  /// `marks`, and at once after a seek.
  var onSnapshot: (@MainActor (EngineSnapshot) -> Void)? { get set }
  /// Why the last `.error` snapshot happened, in the listener's words.
  var lastError: String? { get }

  /// Replaces the queue and prepares `startIndex` at `position` seconds,
  /// paused; the next tracks follow gaplessly. Once the file is open there,
  /// snapshots carry `seekID`.
  func load(_ sources: [EngineSource], startIndex: Int, position: Double, seekID: SeekID)
  /// Plays, now or as soon as it can (once a file is open, once a stream
  /// has buffered). The session decides when to play; the engine only
  /// does what it was told last and reports what is.
  func play()
  func pause()
  /// Within the current track or into another one of the queue. Snapshots
  /// carry `seekID` once the engine is there (the move is finished), and
  /// until then an older one: a snapshot with an older id may still say
  /// where the engine was before. Of seeks made in quick succession only
  /// the last need be carried out; its id stands for the ones before it.
  func seek(trackIndex: Int, position: Double, seekID: SeekID)
  /// 0.5…3, pitch kept.
  func setRate(_ rate: Double)
  /// 0…1.
  func setVolume(_ volume: Double)
  /// The same audio from other sources (a finished download), same track,
  /// position and play state. `answer` is true once the engine plays from
  /// them, false when they cannot be played (a missing file, no audio in
  /// it) and the engine keeps the old ones; it may come before this returns.
  func swapSources(_ sources: [EngineSource], answer: @escaping @MainActor (Bool) -> Void)
  /// Stops and drops the queue; the snapshot becomes idle.
  func reset()
}
