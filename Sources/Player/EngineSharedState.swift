import HarkCore
import Synchronization

/// The part of the engine's state that GStreamer's streaming threads read:
/// `about-to-finish` must set the next URI synchronously from here (setting
/// it later from the main loop makes playbin stop after the current file),
/// and `source-setup` looks up the headers of the file being opened.
/// Everything else lives on the main actor.
final class EngineSharedState: Sendable {
  struct Queue {
    var sources: [EngineSource] = []
    /// The sources a swap replaced: a stream they started may still open
    /// (the file queued before the swap) and needs their headers.
    var replacedSources: [EngineSource] = []
    /// The track whose audio is playing (or prerolled).
    var currentIndex = 0
    /// The tracks handed to playbin in `about-to-finish` whose STREAM_START
    /// has not been handled yet, in order. Usually one; two when a short
    /// file is read to its end before the main loop sees it start (as fast
    /// as the tests' unsynced sink decodes, or behind a busy main loop).
    var queued: [Int] = []
    /// The stream just opened to start partway in, with its length from
    /// the server if known (see `OggLengthAnswer`); nil otherwise.
    var openedPartway: (uri: String, duration: Double?)?
    /// Streams oggdemux has asked about (it reads them pushed, and cannot
    /// seek in them by itself): the engine seeks in them by
    /// opening them again where the listener asked (see `OggLengthAnswer`).
    var pushedOgg: Set<String> = []
  }

  private let queue = Mutex(Queue())

  func withQueue<Result>(_ body: (inout Queue) -> Result) -> Result {
    queue.withLock { body(&$0) }
  }

  /// Queues the track after the last one handed to playbin: the URI to
  /// hand it, or nil at the end of the book.
  func queueNextTrack() -> String? {
    queue.withLock { queue in
      let next = (queue.queued.last ?? queue.currentIndex) + 1
      guard next < queue.sources.count else { return nil }
      queue.queued.append(next)
      // A transcoded file follows from its start: its position offset is 0.
      let source = queue.sources[next]
      return source.isTranscoded ? TranscodedStream.uri(source.uri, from: 0) : source.uri.absoluteString
    }
  }

  /// The headers to send when opening `uri` (the token never goes in it).
  /// A transcoded source is opened with its own `t`, so it matches whatever
  /// `t` the URI carries.
  func headers(for uri: String) -> [String: String] {
    queue.withLock { queue in
      (queue.sources + queue.replacedSources).first {
        $0.uri.absoluteString == uri || ($0.isTranscoded && TranscodedStream.isStream(uri, of: $0.uri))
      }?.headers ?? [:]
    }
  }

  /// The server's length of `uri` when it is the stream just opened to
  /// start partway in.
  func partwayDuration(for uri: String) -> Double? {
    queue.withLock { $0.openedPartway?.uri == uri ? $0.openedPartway?.duration : nil }
  }

  /// Whether `uri` is the stream just opened to start partway in.
  func isOpenedPartway(_ uri: String) -> Bool {
    queue.withLock { $0.openedPartway?.uri == uri }
  }

  /// oggdemux asked about the stream at `uri`: it reads it pushed.
  func notePushedOgg(_ uri: String) {
    queue.withLock { _ = $0.pushedOgg.insert(uri) }
  }
}
