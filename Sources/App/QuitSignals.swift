import CGLib
import Glibc

/// Turns SIGTERM and SIGINT into an orderly quit on the main loop, so a
/// logout or Ctrl+C in a terminal saves what a window close would.
@MainActor
enum QuitSignals {
  private static var handler: (@MainActor () -> Void)?

  static func install(_ quit: @escaping @MainActor () -> Void) {
    handler = quit
    for signal in [SIGTERM, SIGINT] {
      g_unix_signal_add(signal, { _ in
        MainActor.assumeIsolated { QuitSignals.handler?() }
        return hark_source_continue()
      }, nil)
    }
  }
}
