// The benchmarks' Hark: the application `hark` runs, with the probes of
// scripts/bench, scripts/bench-grid and scripts/bench-scan attached through
// `ApplicationHooks`. Each probe stays idle unless its environment variable
// is set (HARK_BENCH_FIRST_FRAME, HARK_BENCH_GRID,
// HARK_BENCH_BIG_FOLDER, HARK_BENCH_SCAN_STALLS),
// so without them this is the shipped Hark. Never installed.
import GObjectKit
import Glibc
import HarkApp

// scripts/bench-scan's timing of the scanner alone, with no window.
if LocalScanTiming.runIfAsked() { exit(0) }

// The same start as Sources/hark/main.swift, in the same order.
GlobalExecutor.install()
Translations.start()
let status = MainActor.assumeIsolated {
  var hooks = ApplicationHooks()
  hooks.storeCreated.append { store, quit in LocalScanStallProbe.attach(store: store, quit: quit) }
  hooks.windowCreated.append { _, window in FirstFrameReport.attach(to: window) }
  hooks.windowCreated.append { _, window in LocalScanStallProbe.watchFirstFrame(of: window) }
  hooks.windowCreated.append { store, window in BenchGridHooks.attach(store: store, window: window) }
  hooks.windowCreated.append { store, _ in BenchBigFolderHooks.attach(store: store) }
  return HarkApplication(hooks: hooks).run()
}
exit(status)
