import CGLib
import Foundation
import HarkCore

/// MPRIS 2 on the session bus, `org.mpris.MediaPlayer2.Hark`: GNOME Shell's
/// media controls, the keyboard's media keys and headset buttons drive
/// Hark through it, chapter by chapter, like the Player page.
///
/// What it says comes from the store's selectors (`selectMediaPlayer`):
/// every change is announced with `PropertiesChanged`, none is polled. The
/// position is read when asked for, and a jump in it (a seek from anywhere)
/// is announced with `Seeked`. The engine reports it once a second while
/// playing, so between reports it is carried on by the time since.
@MainActor
final class MediaPlayerService {
  private let store: Store
  /// Where the cover cache keeps a book's image, for `mpris:artUrl`.
  private let coverFile: @Sendable (LibraryPath) -> URL?
  private let raise: @MainActor () -> Void
  private let quit: @MainActor () -> Void
  private let connection: OpaquePointer
  private var registrations: [guint] = []
  private var nameOwner: guint = 0
  private var subscriptions: [Subscription] = []
  private var announced: MediaPlayerState?
  /// The last position seen and when (or when playing started or stopped
  /// since), to tell a seek from playing on and to carry it on.
  private var lastPosition: (microseconds: Int64, at: ContinuousClock.Instant, track: String)?

  init?(
    connection: OpaquePointer?, store: Store, coverFile: @escaping @Sendable (LibraryPath) -> URL?,
    raise: @escaping @MainActor () -> Void,
    quit: @escaping @MainActor () -> Void
  ) {
    guard let connection else { return nil }
    self.connection = connection
    self.store = store
    self.coverFile = coverFile
    self.raise = raise
    self.quit = quit
    guard register() else { return nil }
    nameOwner = g_bus_own_name_on_connection(
      connection, MediaPlayerInterface.busName, G_BUS_NAME_OWNER_FLAGS_NONE, nil, nil, nil, nil)
    subscriptions.append(store.subscribe(selectMediaPlayer) { [weak self] in self?.changed(to: $0) })
    subscriptions.append(store.subscribe(selectMediaPlayerPosition) { [weak self] in self?.moved(to: $0) })
  }

  private func register() -> Bool {
    var error: UnsafeMutablePointer<GError>?
    guard let node = g_dbus_node_info_new_for_xml(MediaPlayerInterface.xml, &error) else {
      if let error { g_error_free(error) }
      return false
    }
    defer { g_dbus_node_info_unref(node) }
    let box = Unmanaged.passUnretained(self).toOpaque()
    for name in [MediaPlayerInterface.root, MediaPlayerInterface.player] {
      guard let interface = g_dbus_node_info_lookup_interface(node, name) else { return false }
      var vtable = Self.vtable
      let id = g_dbus_connection_register_object(
        connection, MediaPlayerInterface.objectPath, interface, &vtable, box, nil, &error)
      if let error { g_error_free(error) }
      guard id != 0 else { return false }
      registrations.append(id)
    }
    return true
  }

  // MARK: Calls from the bus (on the main loop: GApplication's connection)

  private static let vtable = GDBusInterfaceVTable(
    method_call: { _, _, _, interface, method, parameters, invocation, data in
      let service = Unmanaged<MediaPlayerService>.fromOpaque(data!).takeUnretainedValue()
      let (interface, method) = (String(cString: interface!), String(cString: method!))
      nonisolated(unsafe) let parameters = parameters
      nonisolated(unsafe) let invocation = invocation
      MainActor.assumeIsolated { service.call(interface, method, parameters, invocation) }
    },
    get_property: { _, _, _, interface, property, _, data in
      let service = Unmanaged<MediaPlayerService>.fromOpaque(data!).takeUnretainedValue()
      let (interface, property) = (String(cString: interface!), String(cString: property!))
      nonisolated(unsafe) var value: OpaquePointer?
      MainActor.assumeIsolated { value = service.property(interface, property) }
      return value
    },
    set_property: { _, _, _, _, property, value, _, data in
      let service = Unmanaged<MediaPlayerService>.fromOpaque(data!).takeUnretainedValue()
      let property = String(cString: property!)
      nonisolated(unsafe) let value = value
      return MainActor.assumeIsolated { service.set(property, value) ? 1 : 0 }
    },
    padding: (nil, nil, nil, nil, nil, nil, nil, nil))

  private func call(
    _ interface: String, _ method: String, _ parameters: OpaquePointer?,
    _ invocation: OpaquePointer?
  ) {
    let state = selectMediaPlayer(store.state)
    let playback: (PlaybackEvent) -> Void = { self.store.dispatch(.player(.playback($0, at: Date()))) }
    switch method {
    case "Raise": raise()
    case "Quit": quit()
    case "PlayPause": playback(.toggle)
    case "Play" where state.status != .playing: playback(.toggle)
    case "Pause", "Stop": if state.status == .playing { playback(.pause) }
    case "Next": if state.canGoNext { playback(.nextChapter) }
    case "Previous": if state.canGoPrevious { playback(.previousChapter) }
    case "Seek":
      if state.canSeek, let offset = Variant.int64(in: parameters, at: 0) {
        let position = livePosition() + offset
        playback(.seekInBook(state.chapterStart + Double(max(0, position)) / 1_000_000))
      }
    case "SetPosition":
      // A position meant for a chapter that is no longer current is ignored.
      if state.canSeek, Variant.string(in: parameters, at: 0) == state.trackID, let position = Variant.int64(in: parameters, at: 1),
        position >= 0, position <= state.length
      {
        playback(.seekInChapter(Double(position) / 1_000_000))
      }
    case "OpenUri":
      g_dbus_method_invocation_return_dbus_error(
        invocation, "org.freedesktop.DBus.Error.NotSupported", "Hark opens books from its library.")
      return
    default: break
    }
    g_dbus_method_invocation_return_value(invocation, nil)
  }

  private func property(_ interface: String, _ name: String) -> OpaquePointer? {
    if interface == MediaPlayerInterface.root {
      return switch name {
      case "CanQuit", "CanRaise": Variant.bool(true)
      case "HasTrackList": Variant.bool(false)
      case "Identity": Variant.string("Hark")
      case "DesktopEntry": Variant.string(HarkApplication.id)
      case "SupportedUriSchemes", "SupportedMimeTypes": Variant.strings([])
      default: nil
      }
    }
    if name == "Position" { return Variant.int64(livePosition()) }
    return playerProperties(selectMediaPlayer(store.state)).first { $0.0 == name }?.1
  }

  private func set(_ name: String, _ value: OpaquePointer?) -> Bool {
    guard name == "Rate", let value else { return false }
    let rate = g_variant_get_double(value)
    // MPRIS: a rate of 0 is a pause, not a speed.
    if rate <= 0 {
      if selectMediaPlayer(store.state).status == .playing { store.dispatch(.player(.playback(.pause, at: Date()))) }
    } else {
      store.dispatch(.player(.playback(.setRate(rate), at: Date())))
    }
    return true
  }

  // MARK: Telling the desktop

  private func changed(to state: MediaPlayerState) {
    defer { announced = state }
    guard let before = announced else { return }
    // Playing from here on (or no longer): the position counts from now.
    if state.status != before.status { lastPosition?.at = ContinuousClock.now }
    let old = Dictionary(uniqueKeysWithValues: playerPropertyKeys(before))
    let changed = playerProperties(state).filter { name, value in
      defer { g_variant_unref(g_variant_ref_sink(value)) }
      return old[name] != Self.key(value)
    }
    guard !changed.isEmpty else { return }
    // The dictionary takes new references to the same values, built again.
    let names = Set(changed.map(\.0))
    let entries = playerProperties(state).filter { names.contains($0.0) }
    emit(
      "org.freedesktop.DBus.Properties", "PropertiesChanged",
      Variant.tuple([Variant.string(MediaPlayerInterface.player), Variant.dictionary(entries), Variant.strings([])]))
  }

  /// A jump of more than a second from where playing on would be is a seek.
  private func moved(to position: Int64) {
    let now = ContinuousClock.now
    let state = selectMediaPlayer(store.state)
    defer { lastPosition = (position, now, state.trackID) }
    guard let last = lastPosition, last.track == state.trackID, state.trackID != MediaPlayerState.noTrack else {
      return
    }
    let elapsed = Self.seconds(now - last.at)
    let playedOn = state.status == .playing ? Int64(elapsed * 1_000_000 * state.rate) : 0
    if abs(position - (last.microseconds + playedOn)) > 1_000_000 {
      emit(MediaPlayerInterface.player, "Seeked", Variant.tuple([Variant.int64(position)]))
    }
  }

  /// The position now: the store's, carried on while playing by the time
  /// since the engine's last report at the current speed — at most a
  /// second's worth (the next report comes by then), never past the
  /// chapter's end.
  private func livePosition() -> Int64 {
    let position = selectMediaPlayerPosition(store.state)
    let state = selectMediaPlayer(store.state)
    guard state.status == .playing, let last = lastPosition, last.microseconds == position, last.track == state.trackID
    else { return position }
    let elapsed = min(1, Self.seconds(ContinuousClock.now - last.at))
    let carried = position + Int64(elapsed * 1_000_000 * state.rate)
    return state.length > 0 ? min(carried, max(position, state.length)) : carried
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  private func emit(_ interface: String, _ signal: String, _ parameters: OpaquePointer) {
    g_dbus_connection_emit_signal(
      connection, nil, MediaPlayerInterface.objectPath, interface, signal, parameters, nil)
  }

  // MARK: Encoding

  private func playerProperties(_ s: MediaPlayerState) -> [(String, OpaquePointer)] {
    var metadata: [(String, OpaquePointer)] = [("mpris:trackid", Variant.objectPath(s.trackID))]
    if s.trackID != MediaPlayerState.noTrack || !s.album.isEmpty {
      metadata += [
        ("mpris:length", Variant.int64(s.length)), ("xesam:title", Variant.string(s.title)),
        ("xesam:album", Variant.string(s.album)), ("xesam:artist", Variant.strings(s.artists)),
      ]
    }
    if let book = s.book, let cover = coverFile(book) {
      metadata.append(("mpris:artUrl", Variant.string(cover.absoluteString)))
    }
    return [
      ("PlaybackStatus", Variant.string(s.status.rawValue)), ("Rate", Variant.double(s.rate)),
      ("Metadata", Variant.dictionary(metadata)), ("MinimumRate", Variant.double(s.minimumRate)),
      ("MaximumRate", Variant.double(s.maximumRate)), ("CanGoNext", Variant.bool(s.canGoNext)),
      ("CanGoPrevious", Variant.bool(s.canGoPrevious)), ("CanPlay", Variant.bool(s.canPlay)),
      ("CanPause", Variant.bool(s.canPause)), ("CanSeek", Variant.bool(s.canSeek)),
      ("CanControl", Variant.bool(true)),
    ]
  }

  /// Each property's value printed, to compare two states.
  private func playerPropertyKeys(_ s: MediaPlayerState) -> [(String, String)] {
    playerProperties(s).map { name, value in
      defer { g_variant_unref(g_variant_ref_sink(value)) }
      return (name, Self.key(value))
    }
  }

  private static func key(_ value: OpaquePointer) -> String {
    let text = g_variant_print(value, 1)!
    defer { g_free(text) }
    return String(cString: text)
  }
}
