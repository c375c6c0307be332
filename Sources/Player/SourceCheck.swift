import Foundation
import GObjectKit
import HarkCore

/// Whether a source can replace the playing one (`swapSources`): a local
/// file must exist and GStreamer must find audio in it; streams are
/// trusted (the server said so).
enum SourceCheck {
  /// The quick part, answered at once: the local file is there to read.
  static func mayBePlayable(_ source: EngineSource) -> Bool {
    !source.uri.isFileURL || FileManager.default.isReadableFile(atPath: source.uri.path)
  }

  /// The slow part: GStreamer reads the file on a worker thread (a broken
  /// file can take the discoverer's whole 5 s, which would freeze the
  /// window on the main loop) and the answer comes back on the main loop.
  @MainActor
  static func check(_ source: EngineSource, then answer: @escaping @Sendable @MainActor (Bool) -> Void) {
    guard source.uri.isFileURL else { return answer(true) }
    let path = source.uri.path
    Thread.detachNewThread {
      let playable = hasAudio(path)
      MainContext.invoke { answer(playable) }
    }
  }

  private static func hasAudio(_ path: String) -> Bool {
    guard let inspector = try? TrackInspector(timeoutSeconds: 5),
      let info = try? inspector.inspect(file: path)
    else { return false }
    return info.duration > 0
  }
}
