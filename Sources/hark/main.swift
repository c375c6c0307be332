// Hark's executable. `HarkApplication` (the HarkApp library, Sources/App)
// wires the store, the effect runner, GSettings, the window and the
// application's actions; this file only runs it.
import GObjectKit
import Glibc
import HarkApp

// Before any task starts: the global executor's jobs go to Hark's own
// threads, not libdispatch's pool, whose monitor would then wake Hark every
// second for good (see WorkerPool).
GlobalExecutor.install()
// Before any string is looked up: the locale, and gettext for Hark's catalog.
Translations.start()
let status = MainActor.assumeIsolated { HarkApplication().run() }
exit(status)
