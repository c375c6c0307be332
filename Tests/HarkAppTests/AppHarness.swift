import CGLib
import Foundation
import HarkCore
import HarkTestSupport
import Networking
import XCTest

@testable import HarkApp

/// The App as `HarkApplication.startup` wires it, without a window: the
/// real store and reducer, the effect runner on a manual clock, and the
/// real services, routed by the same `AppServices`, talking real HTTP to
/// the repository's test server, with a `FakePlaybackEngine` for sound. No
/// keyring (sign-ins are kept in memory) and a data folder of its own.
@MainActor
final class AppHarness {
  static let serverID = "test-server-1"
  static let listener = (username: "listener", password: "correct horse")

  let server: TestServer
  let engine = FakePlaybackEngine()
  /// How often the services asked for an engine, and whether one starts.
  let engineMaker = EngineMaker()
  let transport = SoupTransport(userAgent: "Hark-app-tests")
  let secrets: SecretStorage
  let connections: ConnectionServices
  /// What quit waits on (`waitForSaves`).
  let playback: PlaybackServices
  private(set) var store: Store!
  /// Every action the store reduced, oldest first: what the services reported.
  var actions: [Action] { log.actions }
  private let log = ActionLog()
  /// Its own data folder: the server list and the listening database.
  let dataDirectory: URL
  /// Iterates GLib's default main context, as Hark's main loop does: the
  /// services' GLib sleeps (a request paced past its burst) end there.
  private var mainLoop: Task<Void, Never>?

  /// A fresh Hark, or (`dataDirectory`, `secrets`) one started again on
  /// what an earlier one kept: its files and the sign-ins in its memory.
  init(server: TestServer, dataDirectory: URL? = nil, secrets: SecretStorage? = nil) {
    self.server = server
    self.dataDirectory =
      dataDirectory
      ?? FileManager.default.temporaryDirectory
      .appendingPathComponent("hark-app-tests-\(UUID().uuidString)", isDirectory: true)
    let dataDirectory = self.dataDirectory
    self.secrets =
      secrets
      ?? SecretStorage(
        keepsInFile: { false }, saveKeepsInFile: { _ in }, probeKeyring: { false }, onKeyringChecked: { _ in })
    let secrets = self.secrets
    weak var storeRef: Store?
    let connections = ConnectionServices(
      transport: transport, secrets: secrets, serverList: ServerListFile(directory: dataDirectory),
      deviceName: "Hark app tests", dataDirectory: dataDirectory, dispatch: { storeRef?.dispatch($0) })
    self.connections = connections
    let engine = self.engine
    let engineMaker = self.engineMaker
    // Routed as Hark routes them; only GSettings is left out (the tests
    // keep no settings).
    let services = AppServices(
      connections: connections,
      makeEngine: {
        engineMaker.made += 1
        return engineMaker.starts ? engine : nil
      },
      settings: { _ in })
    playback = services.playback
    let runner = EffectRunner(clock: ManualClock(), persistSetting: { _, _ in }, services: services.run)
    let log = self.log
    let store = Store(
      reducer: { state, action in
        log.actions.append(action)
        return reduce(&state, action)
      }, effects: runner)
    storeRef = store
    self.store = store
    mainLoop = Task { @MainActor in
      while !Task.isCancelled {
        while g_main_context_iteration(nil, 0) != 0 {}
        try? await Task.sleep(for: .milliseconds(5))
      }
    }
  }

  func tearDown() {
    mainLoop?.cancel()
    try? FileManager.default.removeItem(at: dataDirectory)
  }

  var state: AppState { store.state }

  /// Adds the test server with the listener's password, as the window
  /// would, and waits for its libraries and what it offers.
  func signIn() async throws {
    store.dispatch(.connections(.addServerRequested))
    store.dispatch(.connections(.addressSubmitted(server.baseURL.absoluteString)))
    try await waitUntil("the server is checked") {
      if case .chooseMethod = $0.connections.signIn?.step { true } else { false }
    }
    store.dispatch(.connections(.passwordSubmitted(username: Self.listener.username, password: Self.listener.password)))
    try await waitUntil("signed in, with the libraries and capabilities") {
      if case .loaded? = $0.connections.libraries[Self.serverID], $0.connections.capabilities[Self.serverID] != nil {
        true
      } else {
        false
      }
    }
  }

  /// The session token the sign-in kept.
  func token() async throws -> String {
    let token = try await secrets.store.value.load(.session(serverID: Self.serverID))
    return try XCTUnwrap(token, "the sign-in kept no token")
  }

  /// A book of the test server's first library.
  func book(_ path: String) -> LibraryPath {
    LibraryPath(serverID: Self.serverID, libraryID: 1, path: path)
  }

  /// Play pressed on a book not loaded yet, from its start; waits for the
  /// engine to be loaded.
  func play(_ book: LibraryPath) async throws -> [EngineSource] {
    store.dispatch(.player(.playRequested(book, .position(0), at: Date())))
    try await waitUntil("the engine is loaded") { _ in self.engine.loadedSources != nil }
    return try XCTUnwrap(engine.loadedSources)
  }

  /// A GET of `url` through the live transport: the first bytes only.
  func fetch(_ url: URL, headers: [String: String]) async throws -> HTTPResponse {
    try await transport.send(
      HTTPRequest(method: "GET", url: url, headers: headers, timeout: .seconds(30), maxResponseBytes: 4096))
  }

  /// Polls until `condition` holds, failing after `timeout` (a bound for a
  /// stuck run, not a speed requirement).
  func waitUntil(
    _ what: String, timeout: Duration = .seconds(20), file: StaticString = #filePath, line: UInt = #line,
    _ condition: (AppState) -> Bool
  ) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition(store.state) {
      guard clock.now < deadline else {
        XCTFail("waited \(timeout) and still not: \(what)", file: file, line: line)
        throw CancellationError()
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }
}

/// Counts the engines asked for; `starts` false is GStreamer failing to start.
@MainActor
final class EngineMaker {
  var made = 0
  var starts = true
}

/// The actions a store reduced (the reducer closure is not isolated).
private final class ActionLog {
  var actions: [Action] = []
}
