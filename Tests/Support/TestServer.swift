import Foundation
import Glibc
import HarkCore

/// The repository's AudioSilo test server (Tests/Server), started on free
/// loopback ports for one test class and stopped after it.
///
/// The main port behaves as an AudioSilo server; the control port scripts
/// faults (status codes, delays, dropped streams, unreachability) and shows
/// the request log.
public final class TestServer: @unchecked Sendable {
  public let baseURL: URL
  public let controlURL: URL
  private let process: Process

  public static func start(
    library: SampleLibrary, arguments: [String] = [], tls: (cert: String, key: String)? = nil
  ) throws -> TestServer {
    var args = ["--library", library.root.path, "--port", "0", "--control-port", "0"]
    if let tls { args += ["--tls-cert", tls.cert, "--tls-key", tls.key] }
    return try launch("Tests/Server/audiosilo_test_server.py", args + arguments)
  }

  /// `Tests/Server/address_swap_proxy.py` in front of `servers`: one address
  /// that the first server answers until `use(_:)` hands it to another.
  public static func addressSwapProxy(inFrontOf servers: [TestServer]) throws -> TestServer {
    try launch(
      "Tests/Server/address_swap_proxy.py",
      servers.flatMap { ["--backend", "\($0.baseURL.host ?? "127.0.0.1"):\($0.baseURL.port ?? 80)"] })
  }

  /// Runs one of the repository's Python servers and waits for the
  /// `LISTENING base=… control=…` line it prints once it listens.
  private static func launch(_ script: String, _ arguments: [String]) throws -> TestServer {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [SampleLibrary.repositoryRoot.appendingPathComponent(script).path] + arguments
    let output = Pipe()
    process.standardOutput = output
    // Never share swift-test's own output: a server outliving a crashed test
    // would hold that pipe open and the whole run would never finish.
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    guard let line = Self.readLine(output.fileHandleForReading, timeout: 20),
      line.hasPrefix("LISTENING"),
      let base = Self.field("base", in: line), let control = Self.field("control", in: line)
    else {
      process.terminate()
      throw TestServerError.didNotStart
    }
    return TestServer(process: process, baseURL: base, controlURL: control)
  }

  /// For an address swap proxy: the request that makes server `index` answer.
  public func useRequest(_ index: Int) -> HTTPRequest {
    HTTPRequest(method: "POST", url: controlURL.appendingPathComponent("use/\(index)"))
  }

  private init(process: Process, baseURL: URL, controlURL: URL) {
    self.process = process
    self.baseURL = baseURL
    self.controlURL = controlURL
  }

  deinit { stop() }

  /// SIGTERM, then SIGKILL after 3 s. Polls instead of `waitUntilExit()`,
  /// which busy-spins when called from a concurrency worker thread.
  public func stop() {
    for signal in [SIGTERM, SIGKILL] where process.isRunning {
      kill(process.processIdentifier, signal)
      for _ in 0..<150 where process.isRunning { usleep(20_000) }
    }
  }

  /// A request to the control port (JSON in, JSON out).
  public func controlRequest(_ method: String, _ path: String, json: String? = nil) -> HTTPRequest {
    HTTPRequest(
      method: method, url: controlURL.appendingPathComponent(path),
      headers: json == nil ? [:] : ["Content-Type": "application/json"], body: json.map { Data($0.utf8) })
  }

  private static func field(_ name: String, in line: String) -> URL? {
    line.split(separator: " ").first { $0.hasPrefix("\(name)=") }
      .flatMap { URL(string: String($0.dropFirst(name.count + 1))) }
  }

  private static func readLine(_ handle: FileHandle, timeout: TimeInterval) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    var buffer = Data()
    while Date() < deadline {
      let chunk = handle.availableData
      if chunk.isEmpty { return nil }  // the server exited
      buffer.append(chunk)
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        return String(decoding: buffer[..<newline], as: UTF8.self)
      }
    }
    return nil
  }
}

public enum TestServerError: Error {
  case didNotStart
}
