import Foundation
import HarkCore
import Persistence

extension ConnectionServices {
  /// The places a server refused at sign-out stay queued on disk for the
  /// next sign-in: counted again at start, so Preferences and Add Server
  /// still say so after a restart. A database read, so off the main loop,
  /// on Hark's own worker threads (`Task.detached`, as the home shelves of
  /// this computer are read).
  func countUnsentPlaces() async {
    guard let store = progressSyncer?.store else { return }
    let counts = await Task.detached { (try? store.queuedSaveCounts()) ?? [:] }.value
    dispatch(.connections(.unsentCounted(counts)))
  }
}
