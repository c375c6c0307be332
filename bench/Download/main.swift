// `scripts/bench-download`: how fast Hark's FileDownloader brings a 500 MB
// file over loopback from the AudioSilo test server, side by side with `curl`
// in the same run against the same server and file; how much Hark's resident
// memory grows meanwhile; and how many bytes a download killed with SIGKILL
// at 50 % fetches again when resumed. See bench/README.md.
//
// A benchmark, not a test: exits 0 whether targets are met or not (1 only
// when the server cannot be started or signed in to).

import Foundation
import Glibc
import HarkCore
import HarkTestSupport
import Networking

// MARK: Options

struct Options {
  var rounds = 3
  var megabytes = 500
  var output: String?

  static let usage = "usage: scripts/bench-download [--no-build] [--rounds N] [--megabytes N] [--output DIR]"

  static func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var rest = arguments[...]
    func number(_ name: String) -> Int {
      guard let text = rest.popFirst(), let n = Int(text), n > 0 else { fail("\(name) needs a positive integer") }
      return n
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--rounds": options.rounds = number(argument)
      case "--megabytes": options.megabytes = number(argument)
      case "--output":
        guard let path = rest.popFirst() else { fail(usage) }
        options.output = path
      case "-h", "--help":
        print(usage)
        exit(0)
      default: fail("unknown argument \(argument)\n\(usage)")
      }
    }
    return options
  }
}

// Targets (issue 15).
let targetThroughputRatio = 0.9
let targetRSSGrowthMiB = 10.0
let targetRefetchedMiB = 1.0

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("bench-download: \(message)\n".utf8))
  exit(1)
}

func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

// MARK: Measuring

/// `VmRSS` of this process, in bytes.
func residentBytes() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
    let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
  else { return 0 }
  return kib * 1024
}

/// The highest `VmRSS` seen while it runs, sampled every 10 ms on its own thread.
final class PeakResident: @unchecked Sendable {
  private let lock = NSLock()
  private var peak = 0
  private var running = true
  private let done = DispatchSemaphore(value: 0)

  init() {
    peak = residentBytes()
    Thread.detachNewThread { [self] in
      while lock.withLock({ running }) {
        let now = residentBytes()
        lock.withLock { peak = max(peak, now) }
        usleep(10_000)
      }
      done.signal()
    }
  }

  func stop() -> Int {
    lock.withLock { running = false }
    done.wait()
    return lock.withLock { peak }
  }
}

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Writes `bytes` of pseudo-random data (incompressible, like audio).
func generate(_ url: URL, bytes: Int) throws {
  guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
  let handle = try FileHandle(forWritingTo: url)
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  var chunk = [UInt64](repeating: 0, count: (4 << 20) / 8)
  var left = bytes
  while left > 0 {
    for index in chunk.indices {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      chunk[index] = state
    }
    let count = min(left, chunk.count * 8)
    try chunk.withUnsafeBytes { try handle.write(contentsOf: Data($0.prefix(count))) }
    left -= count
  }
  try handle.close()
  // An old date: its Last-Modified is a strong validator, so a resume can use it.
  try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: url.path)
}

func fileSize(_ url: URL) -> Int64 {
  ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value ?? 0
}

/// curl into `file`, timed from launch to exit.
func curl(_ request: HTTPRequest, to file: URL) -> Double? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
  process.arguments =
    ["--silent", "--show-error", "--fail", "--output", file.path]
    + request.headers.flatMap { ["--header", "\($0.key): \($0.value)"] } + [request.url.absoluteString]
  let started = ContinuousClock.now
  guard (try? process.run()) != nil else { return nil }
  // Polls rather than waitUntilExit(), which spins on a concurrency thread.
  while process.isRunning { usleep(2_000) }
  guard process.terminationStatus == 0 else { return nil }
  return seconds(ContinuousClock.now - started)
}

// MARK: The child that is killed

// `bench-download --child URL FILE TOKEN`: downloads until killed, printing
// the validator as soon as it is known (what the registry would store).
if CommandLine.arguments.count == 5, CommandLine.arguments[1] == "--child" {
  let arguments = CommandLine.arguments
  let request = HTTPRequest(
    method: "GET", url: URL(string: arguments[2])!, headers: ["Authorization": "Bearer \(arguments[4])"],
    followsRedirects: true)
  _ = try? await FileDownloader(userAgent: "Hark-bench").download(
    request, to: URL(fileURLWithPath: arguments[3]), expectedSize: nil, validator: nil, onProgress: { _ in },
    onValidator: { validator in
      // Unbuffered: the parent reads it after the SIGKILL.
      FileHandle.standardOutput.write(Data(((validator ?? "") + "\n").utf8))
    })
  exit(0)
}

// MARK: Run

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
let work = URL(fileURLWithPath: options.output ?? NSTemporaryDirectory())
  .appendingPathComponent("hark-bench-download-\(getpid())")
let library = work.appendingPathComponent("library")
let downloads = work.appendingPathComponent("downloads")
let bookPath = "Bench Author/Big Book/01.mp3"
let size = options.megabytes << 20
defer { try? FileManager.default.removeItem(at: work) }
do {
  try FileManager.default.createDirectory(
    at: library.appendingPathComponent("Bench Author/Big Book"), withIntermediateDirectories: true)
  try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
  try generate(library.appendingPathComponent(bookPath), bytes: size)
} catch {
  fail("could not write the \(options.megabytes) MB file: \(error)")
}

let server: TestServer
do {
  server = try TestServer.start(
    library: try SampleLibrary.load(), arguments: ["--library", library.path, "--rate", "1000", "--burst", "1000"])
} catch {
  fail("could not start the test server: \(error)")
}
let transport = SoupTransport(userAgent: "Hark-bench")
let request: HTTPRequest
let token: String
do {
  let anonymous = AudioSiloClient(baseURL: server.baseURL, token: nil, transport: transport)
  token = try await anonymous.login(username: "listener", password: "correct horse", deviceName: "bench-download")
    .token
  request = anonymous.withToken(token).streamRequest(libraryID: 2, path: bookPath, download: true)
} catch {
  server.stop()
  fail("could not sign in: \(error)")
}

print("Download: one \(options.megabytes) MiB file over loopback from the AudioSilo test server, \(options.rounds) rounds")
print("curl: /usr/bin/curl --output FILE (no fsync)")
print("hark: FileDownloader (libsoup, 256 KiB reads, write(2), fsync at the end); the order flips every round\n")

let downloader = FileDownloader(userAgent: "Hark-bench")
var harkTimes: [Double] = []
var curlTimes: [Double] = []
var growths: [Int] = []
for round in 0..<options.rounds {
  for harkFirst in [round % 2 == 0, round % 2 != 0] {
    let target = downloads.appendingPathComponent(harkFirst ? "hark.mp3" : "curl.mp3")
    try? FileManager.default.removeItem(at: target)
    if harkFirst {
      let before = residentBytes()
      let peak = PeakResident()
      let started = ContinuousClock.now
      do {
        let done = try await downloader.download(
          request, to: target, expectedSize: Int64(size), validator: nil, onProgress: { _ in })
        harkTimes.append(seconds(ContinuousClock.now - started))
        growths.append(peak.stop() - before)
        guard done.bytes == Int64(size) else { fail("hark wrote \(done.bytes) bytes") }
      } catch {
        _ = peak.stop()
        fail("hark failed: \(error)")
      }
    } else {
      guard let time = curl(request, to: target), fileSize(target) == Int64(size) else { fail("curl failed") }
      curlTimes.append(time)
    }
    try? FileManager.default.removeItem(at: target)
  }
  let mib = Double(size) / 1_048_576
  print(
    "round \(round + 1): hark \(format(mib / harkTimes[round], 0)) MiB/s, curl \(format(mib / curlTimes[round], 0)) MiB/s,"
      + " hark RSS +\(format(Double(growths[round]) / 1_048_576, 1)) MiB")
}

// SIGKILL at 50 %, then resume: the bytes fetched again are those the killed
// process had received but not yet written (at most one read).
let killed = downloads.appendingPathComponent("killed.mp3")
let child = Process()
child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
child.arguments = ["--child", request.url.absoluteString, killed.path, token]
let childOutput = Pipe()
child.standardOutput = childOutput
var refetched: Int64 = -1
if (try? child.run()) != nil {
  while child.isRunning && fileSize(killed) < Int64(size / 2) { usleep(1_000) }
  kill(child.processIdentifier, SIGKILL)
  while child.isRunning { usleep(2_000) }
  let validator = String(decoding: childOutput.fileHandleForReading.availableData, as: UTF8.self)
    .trimmingCharacters(in: .whitespacesAndNewlines)
  let onDisk = fileSize(killed)
  _ = try await transport.send(server.controlRequest("DELETE", "requests"))
  do {
    _ = try await downloader.download(
      request, to: killed, expectedSize: Int64(size), validator: validator.isEmpty ? nil : validator,
      onProgress: { _ in })
    // Every byte before the resume's Range is reused from the disk. What
    // the child had received but not yet written (its read buffer, its
    // socket buffers) is fetched twice; the server does not count bytes
    // sent, so that part is not measured here.
    let log = try await transport.send(server.controlRequest("GET", "requests"))
    struct Log: Decodable {
      struct Entry: Decodable { let headers: [String: String] }
      let requests: [Entry]
    }
    let resumedFrom = (try? JSONDecoder().decode(Log.self, from: log.body))?.requests.compactMap { $0.headers["Range"] }
      .first.flatMap { Int64($0.dropFirst("bytes=".count).prefix { $0.isNumber }) } ?? 0
    refetched = onDisk - resumedFrom
    print(
      "\nSIGKILL at \(format(Double(onDisk) * 100 / Double(size), 1)) %: \(onDisk) bytes on disk, resumed with"
        + " Range from \(resumedFrom) (validator \(validator.isEmpty ? "none" : validator))")
  } catch {
    print("\nthe resume after SIGKILL failed: \(error)")
  }
}

server.stop()
let mib = Double(size) / 1_048_576
let harkMedian = harkTimes.sorted()[harkTimes.count / 2]
let curlMedian = curlTimes.sorted()[curlTimes.count / 2]
let ratio = curlMedian / harkMedian
let growth = Double(growths.max() ?? 0) / 1_048_576
func verdict(_ met: Bool) -> String { met ? "met" : "MISSED" }
print("\nmedian: hark \(format(mib / harkMedian, 0)) MiB/s, curl \(format(mib / curlMedian, 0)) MiB/s")
print("throughput hark/curl: \(format(ratio, 2)) (target ≥ \(targetThroughputRatio)): \(verdict(ratio >= targetThroughputRatio))")
print("hark RSS growth, worst round: \(format(growth, 1)) MiB (target ≤ \(targetRSSGrowthMiB)): \(verdict(growth <= targetRSSGrowthMiB))")
if refetched >= 0 {
  let again = Double(refetched) / 1_048_576
  print(
    "bytes on disk fetched again after SIGKILL: \(refetched) (target ≤ \(targetRefetchedMiB) MiB): "
      + "\(verdict(again <= targetRefetchedMiB)); plus what was in flight to the killed process, not measured")
}
