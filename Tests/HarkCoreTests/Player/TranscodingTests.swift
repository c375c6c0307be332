import Foundation
import HarkCore
import XCTest

/// A book streams transcoded only when the server says its files are not
/// directly playable and it can transcode; never a downloaded copy.
final class TranscodingTests: XCTestCase {
  private let path = LibraryPath(serverID: "a", libraryID: 1, path: "Quill/Orchard.m4b")
  private let t0 = Date(timeIntervalSince1970: 1_800_000_000)

  private func playing(directPlayable: Bool?, transcode: Bool) -> AppState {
    var state = AppState()
    state.connections.servers = [
      ServerConnection(serverID: "a", name: "Home", baseURL: URL(string: "https://a.example.com")!, username: "ada")
    ]
    state.connections.capabilities["a"] = ServerCapabilities(transcode: transcode)
    state.library.books[path] = .loaded(
      Book(
        libraryID: 1, relPath: path.path, title: "Orchard", duration: 100,
        files: [BookFile(relPath: path.path, duration: 100)], directPlayable: directPlayable))
    _ = reduce(&state, .player(.playRequested(path, .position(0), at: t0)))
    return state
  }

  func testOnlyABookTheServerCannotStreamAsIsAndCanTranscode() {
    XCTAssertTrue(playsTranscoded(playing(directPlayable: false, transcode: true)))
    XCTAssertFalse(playsTranscoded(playing(directPlayable: false, transcode: false)), "no transcoder: try as is")
    XCTAssertFalse(playsTranscoded(playing(directPlayable: true, transcode: true)))
    XCTAssertFalse(playsTranscoded(playing(directPlayable: nil, transcode: true)), "unknown means playable")
    XCTAssertFalse(playsTranscoded(AppState()), "nothing loaded")
  }

  func testABookPlaysItsOwnFilesOnceTheEngineTookItsDownload() {
    var state = playing(directPlayable: false, transcode: true)
    let key = LibraryPath(serverID: "a", libraryID: 1, path: path.path)
    let copy = LocalCopy(files: [path.path: URL(fileURLWithPath: "/downloads/Orchard.m4b")])
    _ = reduce(&state, .player(.playback(.downloadFinished(key, copy), at: t0)))
    XCTAssertTrue(playsTranscoded(state), "until the engine has switched, it streams through the transcoder")
    _ = reduce(&state, .player(.playback(.sourcesSwapped(key, copy), at: t0)))
    XCTAssertFalse(playsTranscoded(state))
  }
}
