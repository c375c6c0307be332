import CAdw
import CGLib
import CGtk
import GObjectKit

/// What `hark` does on the command line before it becomes (or calls) the
/// running instance: `--version`, `--help` (GApplication's, listing the
/// options here), and one clear sentence instead of GTK's warning when
/// there is no display to open a window on.
@MainActor
enum LocalOptions {
  static func install(on application: UnsafeMutablePointer<GApplication>, version: String) {
    g_application_add_main_option(
      application, "version", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, "Show Hark's version and quit", nil)
    Signals.connectReturningInt(application, "handle-local-options") { options in
      let dictionary = options?.assumingMemoryBound(to: GVariantDict.self)
      if g_variant_dict_contains(dictionary, "version") != 0 {
        print("Hark \(version)")
        return 0
      }
      if gtk_init_check() == 0 {
        printToStandardError(
          "hark: there is no display to open a window on. Start Hark from your desktop session "
            + "(DISPLAY or WAYLAND_DISPLAY names it).")
        return 1
      }
      return -1  // carry on: register, then activate here or in the running instance
    }
  }
}
