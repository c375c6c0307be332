import Foundation
import HarkCore
import HarkTestSupport
import Player
import XCTest

/// The sample library's gapless books as engine sources, and a recorder of
/// the snapshots an engine publishes.
struct GaplessBook {
  let book: SampleLibrary.Book
  let library: SampleLibrary
  let sampleRate: Int
  let fileSamples: [Int]
  /// Samples ffmpeg decodes from each file: what the file's own gapless
  /// data says (the sweeps' manifests carry it; elsewhere the cut's).
  let decodedSamples: [Int]
  /// The WAV the files were cut from (44.1 kHz mono).
  let sourcePath: String

  init(_ id: String, in library: SampleLibrary) throws {
    book = try XCTUnwrap(library.book(id), id)
    self.library = library
    let manifest = try JSONSerialization.jsonObject(
      with: Data(contentsOf: library.root.appendingPathComponent("library.json"))) as? [String: Any]
    let books = manifest?["books"] as? [[String: Any]] ?? []
    let gapless = books.first { $0["id"] as? String == id }?["gapless"] as? [String: Any] ?? [:]
    sampleRate = gapless["sample_rate"] as? Int ?? 44100
    fileSamples = gapless["file_samples"] as? [Int] ?? []
    decodedSamples = gapless["decoded_samples"] as? [Int] ?? fileSamples
    sourcePath = gapless["source"] as? String ?? "Gapless/source.wav"
  }

  var localSources: [EngineSource] {
    book.files.map { EngineSource(uri: URL(fileURLWithPath: library.path($0.path)), duration: $0.duration) }
  }

  /// The continuous signal the files were cut from.
  func source() throws -> [Int16] { try readWAV(library.path(sourcePath)) }
}

/// Every snapshot an engine publishes, in order.
@MainActor
final class SnapshotRecorder {
  private(set) var snapshots: [EngineSnapshot] = []
  var last: EngineSnapshot? { snapshots.last }
  var states: [EngineState] {
    snapshots.map(\.state).reduce(into: []) { if $0.last != $1 { $0.append($1) } }
  }

  init(_ engine: GStreamerEngine) {
    engine.onSnapshot = { [weak self] in self?.snapshots.append($0) }
  }

  func clear() { snapshots = [] }

  func wait(for state: EngineState, timeout: TimeInterval = 10) -> Bool {
    spin(timeout: timeout) { last?.state == state }
  }
}

/// A gapless book and an engine whose decoded output `capture` takes as
/// fast as the pipeline can go (no real time).
@MainActor
func capturingEngine(
  for id: String
) throws -> (book: GaplessBook, capture: OutputCapture, engine: GStreamerEngine, recorder: SnapshotRecorder) {
  let book = try GaplessBook(id, in: SampleLibrary.load())
  let capture = OutputCapture(rate: 44100)
  let engine = try GStreamerEngine(audioSink: capture.sink)
  return (book, capture, engine, SnapshotRecorder(engine))
}

/// The FLAC book's third part (3 s of tone) playing in real time into an
/// appsink, for tests that act on a playing engine.
@MainActor
func playingFLACPart() throws -> (capture: OutputCapture, engine: GStreamerEngine, recorder: SnapshotRecorder) {
  let flac = try GaplessBook("gapless-flac", in: SampleLibrary.load())
  let capture = OutputCapture(rate: 44100, sync: true)
  let engine = try GStreamerEngine(audioSink: capture.sink)
  let recorder = SnapshotRecorder(engine)
  engine.load([flac.localSources[2]], startIndex: 0, position: 0)
  engine.play()
  XCTAssertTrue(recorder.wait(for: .playing))
  return (capture, engine, recorder)
}

/// A test class's AudioSilo test server: started on its first HTTP test,
/// stopped by the class's `tearDown`.
final class ClassTestServer: @unchecked Sendable {
  private var server: TestServer?

  /// The running server and a listener's session token.
  func started() throws -> (TestServer, String) {
    let server = try self.server ?? TestServer.start(library: SampleLibrary.load())
    self.server = server
    return (server, try Curl.login(server))
  }

  func stop() {
    server?.stop()
    server = nil
  }
}

/// `curl` for the few test-server calls these tests need (login, request log).
enum Curl {
  static func run(_ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    process.arguments = ["-s", "--max-time", "10"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return data
  }

  static func login(_ server: TestServer) throws -> String {
    let body = #"{"username":"listener","password":"correct horse","device_name":"engine tests"}"#
    let data = try run([
      "-X", "POST", "-H", "Content-Type: application/json", "-d", body,
      server.baseURL.appendingPathComponent("api/v1/auth/login").absoluteString,
    ])
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return try XCTUnwrap(json?["token"] as? String)
  }

  /// The server's request log entries for `stream`.
  static func streamRequests(_ server: TestServer) throws -> [[String: Any]] {
    let data = try run([server.controlURL.appendingPathComponent("requests").absoluteString])
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let all = json?["requests"] as? [[String: Any]] ?? []
    return all.filter { ($0["path"] as? String)?.hasSuffix("/stream") == true }
  }

  /// A book's files as streams from the test server, with the listener's
  /// token in the header and the library's durations.
  static func streamSources(_ book: SampleLibrary.Book, from server: TestServer, token: String) -> [EngineSource] {
    book.files.map {
      EngineSource(
        uri: streamURL(server, path: $0.path), headers: ["Authorization": "Bearer \(token)"], duration: $0.duration)
    }
  }

  static func streamURL(_ server: TestServer, path: String) -> URL {
    var components = URLComponents(
      url: server.baseURL.appendingPathComponent("api/v1/libraries/1/stream"), resolvingAgainstBaseURL: false)!
    components.queryItems = [URLQueryItem(name: "path", value: path)]
    return components.url!
  }
}

extension OutputCapture {
  /// Pulls the output until the engine reports the end (appsink posts EOS
  /// only once everything it queued has been pulled).
  @MainActor
  func playToEnd(_ recorder: SnapshotRecorder, timeout: TimeInterval = 30) -> Bool {
    let ended = spin(timeout: timeout) {
      drain()
      return recorder.last?.state == .ended
    }
    drain()
    return ended
  }
}
