import Foundation
import HarkCore

/// Whether a source can replace the playing one (`swapSources`): a local
/// file must exist and GStreamer must find audio in it; streams are
/// trusted (the server said so).
enum SourceCheck {
  static func isPlayable(_ source: EngineSource) -> Bool {
    guard source.uri.isFileURL else { return true }
    guard let inspector = try? TrackInspector(timeoutSeconds: 5),
      let info = try? inspector.inspect(file: source.uri.path)
    else { return false }
    return info.duration > 0
  }
}
