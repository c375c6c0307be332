import CGLib
import GObjectKit
import HarkCore

/// Tells the downloads whether the system has a network and whether it is
/// metered (GLib's network monitor: NetworkManager's view, or the routing
/// table without it), at start and on every change.
@MainActor
final class NetworkWatch {
  private let monitor: OpaquePointer

  init(dispatch: @escaping @MainActor (Action) -> Void) {
    monitor = g_network_monitor_get_default()
    let report = { [monitor] in
      dispatch(
        .downloads(
          .networkChanged(
            online: g_network_monitor_get_network_available(monitor) != 0,
            metered: g_network_monitor_get_network_metered(monitor) != 0)))
    }
    // The argument (available or not) is read again with the metered flag.
    Signals.connect(monitor, "network-changed") { (_: UInt32) in report() }
    report()
  }
}
