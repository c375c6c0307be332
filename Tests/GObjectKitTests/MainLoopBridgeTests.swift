import CGLib
import Dispatch
import Foundation
import GObjectKit
import XCTest

/// Proves that main-actor `await`s resume while `g_application_run` owns the
/// main thread, the way Hark runs. A guard timeout quits the application, so
/// a broken bridge fails the test instead of hanging it.
final class MainLoopBridgeTests: XCTestCase {
  @MainActor private final class Outcome {
    var steps: [String] = []
  }

  func testMainActorAwaitResumesInsideGApplicationRun() {
    MainActor.assumeIsolated {
      MainLoopBridge.install()
      let app = ObjectRef(taking: g_application_new("dev.hark.BridgeTest", G_APPLICATION_NON_UNIQUE)!)
      let outcome = Outcome()
      nonisolated(unsafe) let application = app.cast(GApplication.self)

      Signals.connect(app, "activate") {
        g_application_hold(application)
        outcome.steps.append("activated")
        Task { @MainActor in
          // 1. A main-actor sleep: its continuation is a main-queue job.
          try? await Task.sleep(for: .milliseconds(20))
          outcome.steps.append(Thread.isMainThread ? "slept on main" : "slept elsewhere")
          // 2. Work finished on another thread, resumed on the main actor.
          let value = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: 42) }
          }
          outcome.steps.append("background returned \(value)")
          // 3. Plain DispatchQueue.main, which also needs the bridge.
          await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume() }
          }
          outcome.steps.append("main queue ran")
          g_application_release(application)
          g_application_quit(application)
        }
      }
      let guardSource = g_timeout_add_seconds(10, { data in
        g_application_quit(data?.assumingMemoryBound(to: GApplication.self))
        return hark_source_remove()
      }, application)

      let status = g_application_run(application, 0, nil)

      if outcome.steps.count == 4 { g_source_remove(guardSource) }
      XCTAssertEqual(status, 0)
      XCTAssertEqual(
        outcome.steps,
        ["activated", "slept on main", "background returned 42", "main queue ran"])
    }
  }

  func testInstallIsIdempotent() {
    MainActor.assumeIsolated {
      MainLoopBridge.install()
      MainLoopBridge.install()
      XCTAssertTrue(MainLoopBridge.isInstalled)
    }
  }
}
