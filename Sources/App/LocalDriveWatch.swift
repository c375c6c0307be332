import CGLib
import GObjectKit

/// Notices a drive plugged back in. A file monitor cannot: a mount appears
/// over a folder without any event inside it. So while a library folder is
/// missing, each mount added (GVolumeMonitor) asks for a rescan, which
/// finds the folder again if it was on that drive. The monitor is held
/// only then: most listeners never have a folder missing, and creating it
/// asks the desktop's volume monitors over D-Bus.
@MainActor
final class LocalDriveWatch {
  private var monitor: ObjectRef?
  private var token: SignalToken?
  private let mounted: @MainActor () -> Void

  init(mounted: @escaping @MainActor () -> Void) {
    self.mounted = mounted
  }

  /// Watches for mounts while `needed` (a library folder is missing).
  func watch(_ needed: Bool) {
    guard needed != (monitor != nil) else { return }
    guard needed, let volumes = g_volume_monitor_get() else {
      token?.disconnect()
      token = nil
      monitor = nil
      return
    }
    token = Signals.connect(volumes, "mount-added") { [weak self] (_: UnsafeMutableRawPointer?) in
      self?.mounted()
    }
    monitor = ObjectRef(taking: UnsafeMutableRawPointer(volumes))
  }
}
