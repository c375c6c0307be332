import XCTest

@testable import HarkCore

/// Files or folders dropped or pasted are the listener's choice: copied
/// into the library folder, or (folders) added where they are.
final class LocalLibraryOfferTests: XCTestCase {
  private let home = "/home/ada/Audiobooks"
  private let book = LocalLibraryOffer.Item(path: "/home/ada/Downloads/Orchard", isFolder: true)
  private let file = LocalLibraryOffer.Item(path: "/home/ada/Downloads/Bell.m4b", isFolder: false)

  private func offered(_ items: [LocalLibraryOffer.Item], folders: [String]? = nil) -> AppState {
    var state = AppState()
    _ = reduce(&state, .localLibrary(.foldersLoaded(folders ?? [home])))
    _ = reduce(&state, .localLibrary(.itemsOffered(items)))
    return state
  }

  func testAFolderOffersBothAndCopyIsSuggested() throws {
    let question = try XCTUnwrap(selectLibraryOffer(offered([book])))
    XCTAssertEqual(question.copyLabel, "Copy into “Audiobooks”")
    XCTAssertTrue(question.canAddInPlace)
    XCTAssertTrue(question.body.hasPrefix("Copy “Orchard” into “Audiobooks”, or add it as a library folder"))
  }

  func testFilesCanOnlyBeCopied() throws {
    let question = try XCTUnwrap(selectLibraryOffer(offered([book, file])))
    XCTAssertFalse(question.canAddInPlace)
    XCTAssertTrue(question.body.hasPrefix("Copy “Orchard” and 1 more into “Audiobooks”."))
  }

  func testWithNoLibraryFolderAFolderCanOnlyBeAddedWhereItIs() throws {
    let question = try XCTUnwrap(selectLibraryOffer(offered([book], folders: [])))
    XCTAssertNil(question.copyLabel)
    XCTAssertTrue(question.canAddInPlace)
  }

  func testCopyCopiesIntoTheFolderThenScansAndSaysSo() {
    var state = offered([book, file])
    let effects = reduce(&state, .localLibrary(.offerAnswered(.copy)))
    XCTAssertEqual(effects, [.copyIntoLibrary([book.path, file.path], folder: home)])
    XCTAssertNil(selectLibraryOffer(state))
    XCTAssertEqual(state.localLibrary.copying, 2)
    let outcome = LocalCopyOutcome(folder: home, copied: ["Orchard", "Bell.m4b"], failed: [])
    let after = reduce(&state, .localLibrary(.copyFinished(outcome)))
    XCTAssertEqual(after, [.scanLocalLibrary(state.localLibrary.folders)])
    XCTAssertEqual(state.localLibrary.copying, 0)
    XCTAssertEqual(selectLibraryCopyNotice(state)?.text, "Copied 2 items into “Audiobooks”")
  }

  func testAFailedCopySaysWhy() {
    var state = offered([file])
    _ = reduce(&state, .localLibrary(.offerAnswered(.copy)))
    let failed = LocalScanSkip(relPath: "Bell.m4b", reason: "the disk is full", folder: home)
    XCTAssertEqual(reduce(&state, .localLibrary(.copyFinished(LocalCopyOutcome(folder: home, copied: [], failed: [failed])))), [])
    XCTAssertEqual(selectLibraryCopyNotice(state)?.text, "Could not copy “Bell.m4b” into “Audiobooks”: the disk is full")
  }

  func testAddWhereItIsAddsTheFoldersAndCancelDoesNothing() {
    var state = offered([book, file])
    let effects = reduce(&state, .localLibrary(.offerAnswered(.addInPlace)))
    XCTAssertEqual(state.localLibrary.folders.map(\.path), [home, book.path])
    XCTAssertTrue(effects.contains(.persistLocalFolders([home, book.path])))
    var cancelled = offered([book])
    XCTAssertEqual(reduce(&cancelled, .localLibrary(.offerAnswered(.cancel))), [])
    XCTAssertNil(cancelled.localLibrary.offer)
    XCTAssertEqual(cancelled.localLibrary.folders.map(\.path), [home])
  }

  func testTheSameOfferAgainIsAskedAgain() {
    var state = offered([book])
    _ = reduce(&state, .localLibrary(.offerAnswered(.cancel)))
    _ = reduce(&state, .localLibrary(.itemsOffered([book])))
    XCTAssertEqual(selectLibraryOffer(state)?.serial, 2)
  }
}
