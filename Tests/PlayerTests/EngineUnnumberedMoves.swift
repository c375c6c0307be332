import HarkCore
import Player

/// Loads and seeks for the engine tests that do not look at seek ids: each
/// gets the next id, as the session would give it.
@MainActor private var lastUnnumberedMove = SeekID.zero

extension GStreamerEngine {
  func load(_ sources: [EngineSource], startIndex: Int, position: Double) {
    lastUnnumberedMove = lastUnnumberedMove.next
    load(sources, startIndex: startIndex, position: position, seekID: lastUnnumberedMove)
  }

  func seek(trackIndex: Int, position: Double) {
    lastUnnumberedMove = lastUnnumberedMove.next
    seek(trackIndex: trackIndex, position: position, seekID: lastUnnumberedMove)
  }
}
