import Foundation
import HarkCore
import XCTest

@testable import Persistence

/// A fresh folder per test, removed afterwards.
final class ScratchFolder {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("hark-persistence-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// A database path inside the folder (in a sub-folder, which the store
  /// must create, as `$XDG_DATA_HOME/hark/` may not exist yet).
  var databasePath: String { url.appendingPathComponent("hark/listening.sqlite").path }
}

/// Answers requests from a script (first in, first out), then `fallback`,
/// and records them.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
  private let lock = NSLock()
  private var sent: [HTTPRequest] = []
  private var script: [Result<HTTPResponse, TransportError>] = []
  private let fallback: @Sendable (HTTPRequest) -> Result<HTTPResponse, TransportError>

  /// By default every `PUT` of progress is accepted and echoed back as the
  /// stored row (version 1), like a server with nothing newer.
  init(
    fallback: @escaping @Sendable (HTTPRequest) -> Result<HTTPResponse, TransportError> = {
      .success(ScriptedTransport.echo($0))
    }
  ) {
    self.fallback = fallback
  }

  var requests: [HTTPRequest] { lock.withLock { sent } }

  /// The `PUT` bodies sent, decoded.
  var sentSaves: [ProgressSave] {
    requests.filter { $0.method == "PUT" }.compactMap { request in
      request.body.flatMap { try? JSONDecoder().decode(ProgressSave.self, from: $0) }
    }
  }

  /// The paths of the `PUT`s sent, in order.
  var sentPaths: [String] {
    requests.filter { $0.method == "PUT" }.compactMap { request in
      URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?
        .first { $0.name == "path" }?.value
    }
  }

  func answer(_ responses: HTTPResponse...) {
    lock.withLock { script += responses.map { .success($0) } }
  }

  func fail(_ errors: TransportError...) {
    lock.withLock { script += errors.map { .failure($0) } }
  }

  func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
    let next = lock.withLock {
      sent.append(request)
      return script.isEmpty ? nil : script.removeFirst()
    }
    return try (next ?? fallback(request)).get()
  }

  /// The server's answer to a progress `PUT` that it accepted: the body as
  /// the stored row.
  static func echo(_ request: HTTPRequest) -> HTTPResponse {
    guard request.method == "PUT", let body = request.body,
      let save = try? JSONDecoder().decode(ProgressSave.self, from: body),
      let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false),
      let path = query.queryItems?.first(where: { $0.name == "path" })?.value,
      let library = Int(request.url.pathComponents.dropLast().last ?? "")
    else { return .status(404) }
    return .progress(
      ProgressRow(
        libraryID: library, path: path, position: save.position, duration: save.duration,
        finished: save.finished, playbackSpeed: save.playbackSpeed, version: 1,
        deviceID: save.deviceID, updatedAt: save.updatedAt))
  }
}

extension HTTPResponse {
  static func status(_ status: Int, _ body: String = #"{"error":"no"}"#) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: ["content-type": "application/json"], body: Data(body.utf8))
  }

  /// `{"progress": row}` (or `null`).
  static func progress(_ row: ProgressRow?) -> HTTPResponse {
    let encoder = JSONEncoder()
    let rowJSON = row.flatMap { try? encoder.encode($0) }.map {
      String(decoding: $0, as: UTF8.self)
    }
    return .status(200, #"{"progress":\#(rowJSON ?? "null")}"#)
  }
}

extension ProgressRow {
  /// The row the server would hold for `record`.
  init(_ record: ProgressRecord, version: Int) {
    self.init(
      libraryID: record.key.libraryID, path: record.key.path, position: record.position,
      duration: record.duration, finished: record.finished, playbackSpeed: record.playbackSpeed,
      version: version, deviceID: record.deviceID, updatedAt: WireTime.timestamp(record.updatedAt))
  }
}

/// Saves for tests: book `path` on server `s1`, library 1.
enum Saves {
  static let base = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

  static func key(_ path: String = "A/Book", server: String = "s1", library: Int = 1) -> LibraryPath
  {
    LibraryPath(serverID: server, libraryID: library, path: path)
  }

  static func record(
    _ path: String = "A/Book", position: Double, at seconds: Double = 0, server: String = "s1",
    version: Int = 0, device: String = "dev-1"
  ) -> ProgressRecord {
    ProgressRecord(
      key: key(path, server: server), position: position, duration: 3600, finished: false,
      playbackSpeed: 1.25, version: version, deviceID: device,
      updatedAt: base.addingTimeInterval(seconds))
  }
}

/// Collects log lines.
final class LogLines: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  var all: [String] { lock.withLock { lines } }
  var sink: @Sendable (String) -> Void { { [self] line in lock.withLock { lines.append(line) } } }
}
