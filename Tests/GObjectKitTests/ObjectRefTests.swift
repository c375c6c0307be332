import CGLib
import GObjectKit
import XCTest

/// Watches a GObject for finalization through a GLib weak pointer, which
/// GLib clears to nil exactly when the instance is finalized.
final class FinalizationWatch {
  private let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)

  init(_ object: UnsafeMutablePointer<GObject>) {
    slot.pointee = UnsafeMutableRawPointer(object)
    g_object_add_weak_pointer(object, slot)
  }

  var isFinalized: Bool { slot.pointee == nil }

  deinit { slot.deallocate() }
}

final class ObjectRefTests: XCTestCase {
  func testTakingAdoptsTheCallersReferenceAndDropsItOnDeinit() {
    let raw = hark_object_new_plain()!
    let watch = FinalizationWatch(raw)
    var ref: ObjectRef? = ObjectRef(taking: raw)
    XCTAssertEqual(ref?.object.pointee.ref_count, 1, "taking must not add a reference")
    XCTAssertFalse(watch.isFinalized)
    ref = nil
    XCTAssertTrue(watch.isFinalized, "the only reference was dropped on deinit")
  }

  func testRetainingAddsAReferenceOfItsOwn() {
    let raw = hark_object_new_plain()!
    let watch = FinalizationWatch(raw)
    var ref: ObjectRef? = ObjectRef(retaining: raw)
    XCTAssertEqual(raw.pointee.ref_count, 2)
    g_object_unref(raw)  // the caller's own reference
    XCTAssertFalse(watch.isFinalized, "the wrapper still owns one")
    XCTAssertEqual(ref?.object, raw)
    ref = nil
    XCTAssertTrue(watch.isFinalized)
  }

  func testTakingAFloatingReferenceSinksIt() {
    // GInitiallyUnowned starts floating, like every GtkWidget.
    let raw = g_object_new_with_properties(g_initially_unowned_get_type(), 0, nil, nil)!
    XCTAssertNotEqual(g_object_is_floating(raw), 0)
    let watch = FinalizationWatch(raw)
    var ref: ObjectRef? = ObjectRef(taking: raw)
    XCTAssertEqual(g_object_is_floating(raw), 0, "the wrapper owns a full reference")
    XCTAssertEqual(ref?.object.pointee.ref_count, 1)
    ref = nil
    XCTAssertTrue(watch.isFinalized)
  }
}
