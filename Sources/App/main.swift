// Hark's executable. `HarkApplication` wires the store, the effect runner,
// GSettings, the window and the application's actions; this file only runs it.
import Glibc

let status = MainActor.assumeIsolated { HarkApplication().run() }
exit(status)
