import Foundation
import HarkCore
import XCTest

/// A test fixture could not be set up: the test fails with this message.
struct FixtureError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// A fresh private directory under the system temp dir.
func makeTemporaryDirectory(_ prefix: String) throws -> URL {
  var template = Array("\(FileManager.default.temporaryDirectory.path)/\(prefix)-XXXXXX".utf8CString)
  guard mkdtemp(&template) != nil else { throw FixtureError("mkdtemp failed: errno \(errno)") }
  return URL(fileURLWithPath: template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
}

/// Whether this process is a child started by `runInChildProcess`.
let isChildProcess = ProcessInfo.processInfo.environment["HARK_SECRETS_CHILD"] == "1"

/// Runs one test of this binary again in a fresh process, with
/// `HARK_SECRETS_CHILD=1` and the environment changed by `overrides` (nil
/// removes a variable), and fails unless it ran and passed there.
///
/// libsecret talks over GIO's one session bus connection per process, which
/// is made from `DBUS_SESSION_BUS_ADDRESS` once and then kept (another test,
/// e.g. a GApplication, may have made it already). A fresh process is the only
/// way to point it at a private bus, or at none.
func runInChildProcess(
  _ test: String, overrides: [String: String?] = [:], file: StaticString = #filePath, line: UInt = #line
) throws {
  var environment = ProcessInfo.processInfo.environment
  environment["HARK_SECRETS_CHILD"] = "1"
  for (name, value) in overrides { environment[name] = value }
  let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
  let child = try runProgram(executable, ["SecretsTests.\(test)"], environment: environment)
  XCTAssertEqual(child.status, 0, child.output, file: file, line: line)
  // The filter matched and the test ran: the child cannot pass vacuously.
  XCTAssertTrue(child.output.contains("Executed 1 test, with 0 failures"), child.output, file: file, line: line)
}

/// In the parent: runs `function` of `test`'s class in a child process (see
/// `runInChildProcess`) and answers true. In the child: answers false.
func ranInChildProcess(_ test: XCTestCase, _ function: String, file: StaticString, line: UInt) throws -> Bool {
  guard !isChildProcess else { return false }
  let name = "\(type(of: test))/\(function.replacingOccurrences(of: "()", with: ""))"
  try runInChildProcess(name, file: file, line: line)
  return true
}

/// Runs a program to the end; its standard output and error, captured in a
/// temporary file.
///
/// The fixtures here never hand Foundation `Pipe`s to child processes: with
/// daemons killed and reaped in the background, that led to a pipe end being
/// closed under a later fixture (a lifeline read EOF at once and a test hung).
@discardableResult
func runProgram(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (
  status: Int32, output: String
) {
  let output = try makeTemporaryDirectory("hark-run").appendingPathComponent("output")
  defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
  let process = try spawn(
    "exec \"$@\" >\"$OUTPUT\" 2>&1", [path] + arguments,
    environment: (environment ?? ProcessInfo.processInfo.environment).merging(["OUTPUT": output.path]) { $1 })
  process.waitUntilExit()
  let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
  return (process.terminationStatus, text)
}

/// `/bin/sh -c script arguments...` with stdin from /dev/null; `$1`... are the arguments.
func spawn(_ script: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Process {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/sh")
  process.arguments = ["-c", script, "sh"] + arguments
  if let environment { process.environment = environment }
  try process.run()
  return process
}

/// Kills `pid` (SIGKILL) if this test process dies first, e.g. in a crash: a
/// shell that checks once a second and ends when either is gone.
func killWhenTestsEnd(_ pid: Int32) throws {
  _ = try spawn(
    "while kill -0 \"$1\" 2>/dev/null && kill -0 \"$2\" 2>/dev/null; do sleep 1; done; kill -KILL \"$2\" 2>/dev/null",
    ["\(getpid())", "\(pid)"])
}

/// Polls `condition` every 50 ms for up to `seconds`.
func waitUntil(seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  repeat {
    if try condition() { return true }
    usleep(50_000)
  } while Date() < deadline
  return false
}

/// A dbus-daemon of the tests' own, listening on `<directory>/bus`. Its
/// configuration lists no service directories, so nothing is started on
/// demand: the only Secret Service on it is one the test starts. It is killed
/// with SIGKILL (a process spawned from a dispatch thread inherits that
/// thread's blocked SIGTERM) and dies with the test process, and
/// gnome-keyring-daemon exits when its bus goes away.
final class PrivateBus {
  let address: String
  private let process: Process

  init(in directory: URL) throws {
    let config = directory.appendingPathComponent("bus.conf")
    let socket = directory.appendingPathComponent("bus").path
    try """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>unix:path=\(socket)</listen>
      <auth>EXTERNAL</auth>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>
    """.write(to: config, atomically: true, encoding: .utf8)
    address = "unix:path=\(socket)"
    process = try spawn(
      "exec dbus-daemon --config-file=\"$1\" --nofork --nopidfile >>\"$2\" 2>&1",
      [config.path, directory.appendingPathComponent("bus.log").path])
    try killWhenTestsEnd(process.processIdentifier)
    let ready = try waitUntil(seconds: 5) {
      try runProgram(
        "/usr/bin/dbus-send",
        ["--bus=\(address)", "--print-reply", "--dest=org.freedesktop.DBus", "/", "org.freedesktop.DBus.GetId"]
      ).status == 0
    }
    guard ready else {
      stop()
      throw FixtureError("dbus-daemon did not start")
    }
  }

  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }
}

/// gnome-keyring-daemon (secrets component only) on a private bus, with its
/// keyrings, config, runtime dir and home all inside one temp directory. The
/// login keyring is created and unlocked with `password` on first start,
/// unless `withLoginKeyring` is false: then the daemon has no default
/// collection, as on a fresh account that never unlocked one at login.
final class PrivateKeyring {
  static let password = "hark-test-password"
  let root: URL
  let bus: PrivateBus
  private let withLoginKeyring: Bool
  private var daemon: Process?

  var address: String { bus.address }
  var dataHome: URL { root.appendingPathComponent("data") }
  var configHome: URL { root.appendingPathComponent("config") }

  init(withLoginKeyring: Bool = true) throws {
    self.withLoginKeyring = withLoginKeyring
    root = try makeTemporaryDirectory("hark-keyring")
    for name in ["data", "config", "runtime", "home"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(name), withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    }
    bus = try PrivateBus(in: root)
    try startDaemon()
  }

  /// `gnome-keyring-daemon --replace --foreground --unlock --components=secrets`
  /// with the password on stdin, then waits until the login collection is the default.
  func startDaemon() throws {
    let password = root.appendingPathComponent("password")
    try Data(Self.password.utf8).write(to: password)
    let unlock = withLoginKeyring ? "--unlock" : ""
    let process = try spawn(
      "exec gnome-keyring-daemon --replace --foreground \(unlock) --components=secrets <\"$1\" >>\"$2\" 2>&1",
      [password.path, root.appendingPathComponent("keyring.log").path],
      environment: [
        "DBUS_SESSION_BUS_ADDRESS": address,
        "XDG_DATA_HOME": dataHome.path,
        "XDG_CONFIG_HOME": configHome.path,
        "XDG_RUNTIME_DIR": root.appendingPathComponent("runtime").path,
        "HOME": root.appendingPathComponent("home").path,
        "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
      ])
    daemon = process
    // Without a login keyring the alias answers "/": no default collection.
    let expected = withLoginKeyring ? "/org/freedesktop/secrets/collection/login" : "object path \"/\""
    let ready = try waitUntil(seconds: 10) {
      try dbus("org.freedesktop.Secret.Service.ReadAlias", "string:default").contains(expected)
    }
    guard ready else {
      stop()
      throw FixtureError("gnome-keyring-daemon did not answer with \(expected) as its default within 10 s")
    }
  }

  func stopDaemon() {
    guard let daemon, daemon.isRunning else { return }
    kill(daemon.processIdentifier, SIGKILL)
    daemon.waitUntilExit()
  }

  func stop() {
    stopDaemon()
    bus.stop()
    try? FileManager.default.removeItem(at: root)
  }

  /// Calls a method on the Secret Service object with dbus-send; the reply as text.
  @discardableResult
  func dbus(_ method: String, _ arguments: String..., path: String = "/org/freedesktop/secrets") throws -> String {
    try runProgram(
      "/usr/bin/dbus-send",
      ["--bus=\(address)", "--print-reply", "--dest=org.freedesktop.secrets", path, method] + arguments
    ).output
  }

  /// Labels and attribute dumps of the items matching `attributes`, as the
  /// keyring reports them over D-Bus.
  func items(matching attributes: [String: String]) throws -> [String] {
    let dict = attributes.map { "\($0.key),\($0.value)" }.joined(separator: ",")
    let reply = try dbus("org.freedesktop.Secret.Service.SearchItems", "dict:string:string:\(dict)")
    let paths = reply.split(separator: "\n").compactMap { line -> String? in
      guard let start = line.range(of: "object path \"") else { return nil }
      return String(line[start.upperBound...].dropLast())
    }
    return try paths.map { path in
      try dbus(
        "org.freedesktop.DBus.Properties.GetAll", "string:org.freedesktop.Secret.Item", path: path)
    }
  }
}

/// Every regular file under `directory` whose bytes contain `needle`.
func files(under directory: URL, containing needle: String) -> [String] {
  let bytes = Data(needle.utf8)
  guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
  var found: [String] = []
  for case let relative as String in walker {
    let path = directory.appendingPathComponent(relative).path
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
    if let data = FileManager.default.contents(atPath: path), data.range(of: bytes) != nil {
      found.append(relative)
    }
  }
  return found
}

/// Runs `body`, which must throw `.unavailable`; how long it took, and the detail.
@discardableResult
func expectUnavailable(
  _ what: String, file: StaticString = #filePath, line: UInt = #line,
  _ body: () async throws(SecretStoreError) -> Void
) async -> (took: Duration, detail: String) {
  let start = ContinuousClock.now
  var detail = ""
  do {
    try await body()
    XCTFail("\(what) succeeded; expected .unavailable", file: file, line: line)
  } catch {
    switch error {
    case .unavailable(let text): detail = text
    case .failed(let text): XCTFail("\(what) threw .failed(\(text)); expected .unavailable", file: file, line: line)
    case .noDefaultKeyring(let text):
      XCTFail("\(what) threw .noDefaultKeyring(\(text)); expected .unavailable", file: file, line: line)
    }
  }
  return (ContinuousClock.now - start, detail)
}

/// A unique server id, so tests never see each other's items.
func uniqueServerID(_ name: String = "server") -> String {
  "\(name)-\(UUID().uuidString)"
}
