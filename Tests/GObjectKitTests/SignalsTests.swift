import CGLib
import Foundation
import GObjectKit
import XCTest

/// Something a signal closure captures; if it is never deallocated, the
/// closure (and so the handler's box) leaked.
private final class Canary {}

/// XCTest on Linux runs tests on the main thread but cannot discover
/// `@MainActor` test methods, so each body asserts main-actor isolation.
/// Each closure shape is tested on a signal of that C shape: GCancellable's
/// `cancelled` (no arguments), `notify` (one pointer), GApplication's
/// `name-lost` (returns gboolean).
final class SignalsTests: XCTestCase {
  func testNoArgumentHandlerRunsOncePerEmission() {
    MainActor.assumeIsolated {
      let cancellable = ObjectRef(taking: g_cancellable_new()!)
      var calls = 0
      Signals.connect(cancellable, "cancelled") { calls += 1 }
      g_cancellable_cancel(cancellable.cast(GCancellable.self))
      XCTAssertEqual(calls, 1)
    }
  }

  func testPointerArgumentReachesTheHandler() {
    MainActor.assumeIsolated {
      let object = ObjectRef(taking: hark_object_new_plain()!)
      var names: [String] = []
      Signals.connect(object, "notify") { (spec: UnsafeMutableRawPointer?) in
        let name = g_param_spec_get_name(spec!.assumingMemoryBound(to: GParamSpec.self))!
        names.append(String(cString: name))
      }
      emitNotify(object.object, property: "first")
      emitNotify(object.object, property: "second")
      XCTAssertEqual(names, ["first", "second"])
    }
  }

  func testClosureIsReleasedWhenTheObjectIsFinalized() {
    MainActor.assumeIsolated {
      weak var weakCanary: Canary?
      var object: ObjectRef? = ObjectRef(taking: g_cancellable_new()!)
      var token: SignalToken?
      do {
        let canary = Canary()
        weakCanary = canary
        token = Signals.connect(object!, "cancelled") { _ = canary }
      }
      XCTAssertNotNil(weakCanary, "GLib keeps the closure while the handler exists")
      XCTAssertEqual(token?.isConnected, true)
      object = nil
      XCTAssertNil(weakCanary, "finalizing the object released the closure")
      XCTAssertEqual(token?.isConnected, false)
      token?.disconnect()  // after finalization: must be a harmless no-op
    }
  }

  func testDisconnectReleasesTheClosureAndStopsCalls() {
    MainActor.assumeIsolated {
      let object = ObjectRef(taking: hark_object_new_plain()!)
      weak var weakCanary: Canary?
      var calls = 0
      let token: SignalToken
      do {
        let canary = Canary()
        weakCanary = canary
        token = Signals.connect(object, "notify") { (_: UnsafeMutableRawPointer?) in
          _ = canary
          calls += 1
        }
      }
      emitNotify(object.object, property: "a")
      token.disconnect()
      emitNotify(object.object, property: "b")
      XCTAssertEqual(calls, 1)
      XCTAssertNil(weakCanary, "disconnect released the closure while the object lives on")
      token.disconnect()  // twice is harmless
    }
  }

  func testUnknownSignalDoesNotLeakTheClosure() {
    MainActor.assumeIsolated {
      let object = ObjectRef(taking: hark_object_new_plain()!)
      weak var weakCanary: Canary?
      let token: SignalToken
      do {
        let canary = Canary()
        weakCanary = canary
        // GLib logs a warning for the unknown name; keep it non-fatal here.
        let old = g_log_set_always_fatal(GLogLevelFlags(rawValue: 0))
        token = Signals.connect(object, "no-such-signal") { _ = canary }
        g_log_set_always_fatal(old)
      }
      XCTAssertFalse(token.isConnected)
      XCTAssertNil(weakCanary)
    }
  }

  func testBoolHandlerReturnValueReachesTheEmitter() {
    MainActor.assumeIsolated {
      let app = ObjectRef(taking: g_application_new("dev.hark.SignalTest", G_APPLICATION_NON_UNIQUE)!)
      weak var weakCanary: Canary?
      let token: SignalToken
      do {
        let canary = Canary()
        weakCanary = canary
        token = Signals.connectReturningBool(app, "name-lost") { _ = canary; return true }
      }
      XCTAssertTrue(emitReturningBool(app.object, signal: "name-lost"))
      token.disconnect()
      XCTAssertNil(weakCanary)
    }
  }

  func testAnyThreadHandlerRunsOnTheEmittingThread() {
    let object = ObjectRef(taking: hark_object_new_plain()!)
    let ran = expectation(description: "handler ran off the main thread")
    nonisolated(unsafe) let raw = object.object
    Signals.connectFromAnyThread(object, "notify") { (_: UnsafeMutableRawPointer?) in
      if !Thread.isMainThread { ran.fulfill() }
    }
    Thread.detachNewThread { emitNotify(raw, property: "x") }
    wait(for: [ran], timeout: 5)
  }
}
