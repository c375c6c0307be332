import Foundation
import XCTest

@testable import HarkCore

/// "This Computer" beside the servers: its folders become libraries, a
/// scan fills the overview, shelves and search, and a missing folder keeps
/// its books, shown as unavailable.
final class LocalLibraryReducerTests: XCTestCase {
  private let home = "/home/ada/Audiobooks"
  private let drive = "/media/ada/Books"
  private var homeID: Int { LocalLibraryID.forFolder(home) }
  private var driveID: Int { LocalLibraryID.forFolder(drive) }

  private func loaded(_ paths: [String]) -> (AppState, [Effect]) {
    var state = AppState()
    let effects = reduce(&state, .localLibrary(.foldersLoaded(paths)))
    return (state, effects)
  }

  private func scanned(_ state: inout AppState, id: Int, path: String, books: Int, available: Bool = true) -> [Effect] {
    reduce(
      &state,
      .localLibrary(
        .folderScanned(LocalFolderScan(libraryID: id, path: path, books: books, skipped: [], available: available))))
  }

  func testFoldersBecomeLibrariesOfThisComputerAndAreScanned() {
    let (state, effects) = loaded([home, drive])
    let folders = [LocalFolder(id: homeID, path: home), LocalFolder(id: driveID, path: drive)]
    XCTAssertEqual(effects, [.scanLocalLibrary(folders)])
    XCTAssertTrue(state.localLibrary.scanning)
    XCTAssertEqual(
      state.connections.libraries[LocalSource.serverID],
      .loaded([LibrarySummary(id: homeID, name: "Audiobooks"), LibrarySummary(id: driveID, name: "Books")]))
    XCTAssertEqual(state.source(LocalSource.serverID)?.name, "This Computer")
    // Never a connection: nothing signs in, probes or lists it as a server.
    XCTAssertNil(state.connections.server(LocalSource.serverID))
  }

  func testTheSameFoldersAgainAreOurOwnWriteComingBack() {
    var (state, _) = loaded([home])
    XCTAssertEqual(reduce(&state, .localLibrary(.foldersLoaded([home]))), [])
  }

  func testTheOverviewShowsThisComputerFirstWithWhatEachFolderHolds() {
    var (state, _) = loaded([home, drive])
    _ = reduce(&state, .localLibrary(.scanProgressed(done: 3, total: 10)))
    XCTAssertEqual(selectLibraryOverview(state).first?.scanning, "Scanning… 3 of 10 files")
    let effects = scanned(&state, id: homeID, path: home, books: 12)
    XCTAssertEqual(effects, [.loadHome(.thisComputer)])
    _ = scanned(&state, id: driveID, path: drive, books: 1, available: false)
    _ = reduce(&state, .localLibrary(.scanFinished))
    let section = selectLibraryOverview(state).first
    XCTAssertEqual(section?.title, "This Computer")
    XCTAssertTrue(section?.isLocal ?? false)
    XCTAssertNil(section?.scanning)
    XCTAssertEqual(section?.libraryNotes[homeID], "12 books")
    XCTAssertEqual(section?.libraryNotes[driveID], "Missing — is its drive connected? 1 book kept")
  }

  func testAMissingFoldersBooksSayWhyTheyCannotPlay() {
    var (state, _) = loaded([drive])
    _ = scanned(&state, id: driveID, path: drive, books: 3, available: false)
    let book = LibraryPath(serverID: LocalSource.serverID, libraryID: driveID, path: "A/Book")
    XCTAssertEqual(needsServerNotice(state, book), "The folder “Books” is missing")
    _ = scanned(&state, id: driveID, path: drive, books: 3, available: true)
    XCTAssertNil(needsServerNotice(state, book))
  }

  func testAChosenFolderTakesTheEmptyOnesPlaceAndIsKept() {
    var (state, _) = loaded([home])
    _ = scanned(&state, id: homeID, path: home, books: 0)
    _ = reduce(&state, .localLibrary(.scanFinished))
    // Nothing anywhere: the first-run page.
    XCTAssertEqual(selectEmptyState(state, page: .library)?.actionLabel, "Choose a Folder…")
    let effects = reduce(&state, .localLibrary(.folderChosen(drive)))
    XCTAssertEqual(effects, [.persistLocalFolders([drive]), .scanLocalLibrary([LocalFolder(id: driveID, path: drive)])])
    _ = scanned(&state, id: driveID, path: drive, books: 4)
    XCTAssertNil(selectEmptyState(state, page: .library))
  }

  func testAFoldersIDComesFromItsPathNotItsPlaceInTheList() {
    XCTAssertEqual(LocalLibraryID.forFolder(home), LocalLibraryID.forFolder(home))
    XCTAssertNotEqual(homeID, driveID)
    XCTAssertTrue(LocalLibraryID.isLocal(homeID) && LocalLibraryID.isLocal(driveID))
    // Removing the first folder leaves the second one's books where they were.
    var (state, _) = loaded([home, drive])
    _ = reduce(&state, .localLibrary(.folderRemoved(homeID)))
    XCTAssertEqual(state.localLibrary.folders, [LocalFolder(id: driveID, path: drive)])
  }

  func testARenamedFolderRecognisedTakesItsLibrarysIDAndTheOldPathLeaves() {
    let renamed = "/home/ada/Books"
    // The old folder listed (missing), the renamed one added beside it.
    var (state, _) = loaded([home, renamed])
    let effects = reduce(
      &state, .localLibrary(.foldersIdentified([home: homeID, renamed: homeID], renamedFrom: [home])))
    XCTAssertEqual(state.localLibrary.folders, [LocalFolder(id: homeID, path: renamed)])
    XCTAssertEqual(effects, [.persistLocalFolders([renamed]), .scanLocalLibrary([LocalFolder(id: homeID, path: renamed)])])
    // Listed again (settings read at the next start): the kept id, not the path's.
    XCTAssertEqual(reduce(&state, .localLibrary(.foldersLoaded([renamed]))), [])
    XCTAssertEqual(state.localLibrary.folders, [LocalFolder(id: homeID, path: renamed)])
  }

  func testAFolderRenamedWhereItIsIsFollowedInItsPlaceWithItsID() {
    let renamed = "/home/ada/Books"
    var (state, _) = loaded([home, drive])
    let effects = reduce(&state, .localLibrary(.folderMoved(from: home, to: renamed)))
    let folders = [LocalFolder(id: homeID, path: renamed), LocalFolder(id: driveID, path: drive)]
    XCTAssertEqual(state.localLibrary.folders, folders)
    XCTAssertEqual(effects, [.persistLocalFolders([renamed, drive]), .scanLocalLibrary(folders)])
    // Not a library folder, or onto one: nothing.
    XCTAssertEqual(reduce(&state, .localLibrary(.folderMoved(from: "/elsewhere", to: "/other"))), [])
    XCTAssertEqual(reduce(&state, .localLibrary(.folderMoved(from: drive, to: renamed))), [])
  }

  func testIdsAsKeptChangeNothingForFoldersThatHadThem() {
    var (state, _) = loaded([home, drive])
    let effects = reduce(&state, .localLibrary(.foldersIdentified([home: homeID, drive: driveID], renamedFrom: [])))
    XCTAssertEqual(state.localLibrary.folders.map(\.id), [homeID, driveID])
    XCTAssertEqual(effects, [.scanLocalLibrary(state.localLibrary.folders)])
  }

  func testBooksFoundDuringAFirstScanShowBeforeItEnds() {
    var (state, _) = loaded([home])
    XCTAssertNotNil(selectEmptyState(state, page: .library))
    let effects = reduce(&state, .localLibrary(.booksFound(libraryID: homeID, path: home, books: 3)))
    XCTAssertEqual(effects, [.loadHome(.thisComputer)])
    XCTAssertEqual(state.localLibrary.bookCount, 3)
    // The first-run page gives way to the books found so far.
    XCTAssertNil(selectEmptyState(state, page: .library))
    // Later batches update the count; the shelves wait for the scan's end.
    XCTAssertEqual(reduce(&state, .localLibrary(.booksFound(libraryID: homeID, path: home, books: 4))), [])
    XCTAssertEqual(state.localLibrary.bookCount, 4)
    _ = scanned(&state, id: homeID, path: home, books: 5)
    _ = reduce(&state, .localLibrary(.scanFinished))
    // A batch arriving after the scan's end changes nothing.
    XCTAssertEqual(reduce(&state, .localLibrary(.booksFound(libraryID: homeID, path: home, books: 3))), [])
    XCTAssertEqual(state.localLibrary.bookCount, 5)
  }

  func testEachSkippedFileNamesTheLibraryFolderItIsIn() {
    var (state, _) = loaded([home, drive])
    let broken = LocalScanSkip(relPath: "A/01.mp3", reason: LocalScanSkip.notAudio)
    _ = reduce(
      &state,
      .localLibrary(.folderScanned(LocalFolderScan(libraryID: homeID, path: home, books: 1, skipped: [broken], available: true))))
    _ = reduce(
      &state,
      .localLibrary(.folderScanned(LocalFolderScan(libraryID: driveID, path: drive, books: 1, skipped: [broken], available: true))))
    XCTAssertEqual(state.localLibrary.skipped.map(\.folder), [home, drive])
    XCTAssertEqual(state.localLibrary.skipped.map(\.folderName), ["Audiobooks", "Books"])
    XCTAssertEqual(state.localLibrary.skipped.map(\.relPath), ["A/01.mp3", "A/01.mp3"])
  }

  func testARemovedFolderIsForgottenAndTheRestScannedAgain() {
    var (state, _) = loaded([home, drive])
    let effects = reduce(&state, .localLibrary(.folderRemoved(homeID)))
    XCTAssertEqual(effects, [.persistLocalFolders([drive]), .scanLocalLibrary([LocalFolder(id: driveID, path: drive)])])
  }

  func testAScanOfAFolderSinceRemovedIsDropped() {
    var (state, _) = loaded([home, drive])
    _ = reduce(&state, .localLibrary(.folderRemoved(homeID)))
    // The home folder's scan, reported after it was removed.
    XCTAssertEqual(scanned(&state, id: homeID, path: home, books: 5), [])
    XCTAssertEqual(state.localLibrary.bookCount, 0)
  }

  func testARescanReloadsTheFolderAndBookOnScreen() {
    var (state, _) = loaded([home])
    let folder = LibraryPath(serverID: LocalSource.serverID, libraryID: homeID, path: "A")
    _ = reduce(&state, .library(.folderOpened(folder)))
    _ = reduce(&state, .library(.folderLoaded(folder, .success([]))))
    XCTAssertEqual(state.library.folders[folder], .loaded([]))
    let other = LibraryPath(serverID: LocalSource.serverID, libraryID: homeID, path: "B")
    state.library.folders[other] = .loaded([])
    let effects = scanned(&state, id: homeID, path: home, books: 2)
    XCTAssertEqual(effects, [.browseFolder(folder, .thisComputer), .loadHome(.thisComputer)])
    // What is on screen stays until the new answer replaces it (no skeleton
    // flashing on every rescan); what is not is read again when opened.
    XCTAssertEqual(state.library.folders[folder], .loaded([]))
    XCTAssertNil(state.library.folders[other])
  }

  func testSearchAsksThisComputerBesideTheServers() {
    var (state, _) = loaded([home])
    _ = reduce(&state, .library(.searchChanged("orchard")))
    XCTAssertEqual(searchNow(&state), [.search("orchard", [.thisComputer])])
    let book = Book(libraryID: homeID, relPath: "Quill/Orchard", isFolder: true, title: "A Clockwork Orchard")
    _ = reduce(
      &state, .library(.searchAnswered(query: "orchard", serverID: LocalSource.serverID, .success([book]))))
    guard case .results(let rows)? = selectSearch(state)?.content else { return XCTFail("no results") }
    XCTAssertEqual(rows.map(\.title), ["A Clockwork Orchard"])
  }

  func testContinueListeningHasThisComputersBooks() {
    var (state, _) = loaded([home])
    let row = ProgressRow(
      libraryID: homeID, path: "Quill/Orchard", position: 30, duration: 100, updatedAt: Timestamp(Date(timeIntervalSince1970: 1)))
    _ = reduce(&state, .library(.homeProgressLoaded(serverID: LocalSource.serverID, .success([row]))))
    let shelf = selectHomeShelves(state).first { $0.title == "Continue Listening" }
    XCTAssertEqual(shelf?.items.map(\.target), [LibraryPath(serverID: LocalSource.serverID, libraryID: homeID, path: "Quill/Orchard")])
    XCTAssertEqual(shelf?.items.first?.location, "This Computer · Audiobooks")
  }

  func testALocalBookPlaysFromItsFilesAndIsNotOfferedForDownload() {
    var (state, _) = loaded([home])
    let path = LibraryPath(serverID: LocalSource.serverID, libraryID: homeID, path: "Quill/Orchard")
    let book = Book(
      libraryID: homeID, relPath: "Quill/Orchard", isFolder: true, title: "Orchard", duration: 10,
      files: [BookFile(relPath: "Quill/Orchard/01.mp3", seq: 0, duration: 10, format: "mp3", size: 1)])
    XCTAssertEqual(
      state.localFiles(path, book)?.files, ["Quill/Orchard/01.mp3": URL(fileURLWithPath: home + "/Quill/Orchard/01.mp3")])
    _ = reduce(&state, .library(.bookOpened(path)))
    _ = reduce(&state, .library(.bookLoaded(path, .success(book))))
    XCTAssertNil(selectBookDownload(state))
  }
}

final class ReservedServerIDTests: XCTestCase {
  func testAServerCallingItselfThisComputerIsNotSignedInTo() {
    var state = AppState()
    _ = reduce(&state, .connections(.addServerRequested))
    _ = reduce(&state, .connections(.addressSubmitted("https://books.example.com")))
    let preview = ServerPreview(
      baseURL: URL(string: "https://books.example.com")!, serverID: LocalSource.serverID, name: "Impostor",
      acceptsPassword: true, acceptsInviteCode: true, offersDemo: true)
    XCTAssertEqual(reduce(&state, .connections(.serverChecked(.success(preview)))), [])
    XCTAssertEqual(state.connections.signIn?.step, .address)
    XCTAssertNotNil(state.connections.signIn?.error)
  }
}
