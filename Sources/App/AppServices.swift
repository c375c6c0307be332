import HarkCore

/// The App's services, and the one place each effect is handed to its one
/// owner (`Effect.owner`). `HarkApplication` and the App tests route
/// through this same switch, so what the tests exercise is how Hark runs.
@MainActor
struct AppServices {
  let connections: ConnectionServices
  let library: LibraryServices
  let bookExtras: BookExtrasServices
  let playback: PlaybackServices
  let downloads: DownloadServices
  let local: LocalLibraryServices
  /// The GSettings writes that are not the effect runner's own
  /// (`persistLayout`, `persistDownloadsFolder`, `persistLocalFolders`).
  let settings: @MainActor (Effect) -> Void

  /// The services as Hark wires them: one connection layer shared by all.
  init(
    connections: ConnectionServices, makeEngine: @escaping @MainActor () -> (any PlaybackEngine)?,
    settings: @escaping @MainActor (Effect) -> Void
  ) {
    self.connections = connections
    local = LocalLibraryServices(store: { connections.progressSyncer?.store })
    library = LibraryServices(connections: connections, local: local)
    bookExtras = BookExtrasServices(connections: connections, local: local)
    playback = PlaybackServices(connections: connections, makeEngine: makeEngine)
    downloads = DownloadServices(connections: connections)
    self.settings = settings
  }

  /// Hands `effect` to its owner. No `default:`: a new owner cannot be
  /// added without saying who runs its effects.
  func run(_ effect: Effect, dispatch: @escaping @MainActor (Action) -> Void) {
    switch effect.owner {
    case .connections: connections.run(effect)
    case .library: library.run(effect, dispatch: dispatch)
    case .bookExtras: bookExtras.run(effect, dispatch: dispatch)
    case .playback: playback.run(effect, dispatch: dispatch)
    case .downloads: downloads.run(effect, dispatch: dispatch)
    case .localLibrary: local.run(effect, dispatch: dispatch)
    case .settings: settings(effect)
    case .timers: break  // the effect runner's own (`EffectRunner`)
    }
  }
}
