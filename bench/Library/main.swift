// `scripts/bench-library`: how long Hark takes to list a 10,000-book library
// through the real client stack (AudioSiloClient + SoupTransport + a
// RequestPacer, keyset pages of 200), side by side with the simplest possible
// client (Python urllib in a loop) in the same run against the same server;
// how many 429s the server sent during Hark's runs; and how much resident
// memory the decoded `[Book]` for all 10,000 books costs. See bench/README.md.
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
  var rounds = 5
  var books = 10_000
  var limit = 200
  var sort = BookSort.author
  /// The server's per-IP limit; AudioSilo's own is 20/s with a burst of 40.
  var serverRate = 20
  var serverBurst = 40

  static let usage = """
    usage: scripts/bench-library [--no-build] [--rounds N] [--books N] [--limit N]
                                 [--sort author|title|recent] [--server-rate N] [--server-burst N]
    """

  static func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var rest = arguments[...]
    func value(_ name: String) -> String {
      guard let text = rest.popFirst() else { fail("\(name) needs a value\n\(usage)") }
      return text
    }
    func number(_ name: String) -> Int {
      guard let n = Int(value(name)), n > 0 else { fail("\(name) needs a positive integer") }
      return n
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--rounds": options.rounds = number(argument)
      case "--books": options.books = number(argument)
      case "--limit": options.limit = number(argument)
      case "--server-rate": options.serverRate = number(argument)
      case "--server-burst": options.serverBurst = number(argument)
      case "--sort":
        guard let sort = BookSort(rawValue: value(argument)) else { fail(usage) }
        options.sort = sort
      case "-h", "--help":
        print(usage)
        exit(0)
      default: fail("unknown argument \(argument)\n\(usage)")
      }
    }
    return options
  }
}

// Targets (see bench/README.md).
let targetMedianMilliseconds = 2000.0
let targetRSSGrowthMiB = 50.0
let targetServer429s = 0

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("bench-library: \(message)\n".utf8))
  exit(1)
}

// MARK: Measuring

/// `VmRSS` of this process, in bytes.
func residentBytes() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
    let kib = Int(
      line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
  else { return 0 }
  return kib * 1024
}

/// glibc's `malloc_trim(0)`, looked up at run time (Swift's Glibc module
/// does not import malloc.h): hands freed heap pages back to the kernel, so
/// the RSS that remains is what is really held.
func mallocTrim() {
  typealias Trim = @convention(c) (Int) -> Int32
  guard let symbol = dlsym(nil, "malloc_trim") else { return }
  _ = unsafeBitCast(symbol, to: Trim.self)(0)
}

/// The heap a String's contents take: none up to 15 UTF-8 bytes (stored
/// inline), else a native storage object (32-byte header, the bytes and a
/// NUL, rounded up to malloc's 16-byte granule).
func stringHeapBytes(_ text: String?) -> Int {
  guard let count = text?.utf8.count, count > 15 else { return 0 }
  return (32 + count + 1 + 15) / 16 * 16
}

/// What the `[Book]` should take by MemoryLayout: the array buffer plus each
/// book's out-of-line strings (the list's `files`/`chapters`/`otherLocations`
/// are empty arrays, which allocate nothing).
func layoutEstimate(_ books: [Book]) -> (bytes: Int, stride: Int) {
  let stride = MemoryLayout<Book>.stride
  var bytes = 32 + stride * books.count
  for book in books {
    for text in [
      book.relPath, book.title, book.author, book.series, book.narrator, book.format, book.codec,
      book.addedAt?.rawValue, book.asin, book.isbn, book.dedupKey,
    ] {
      bytes += stringHeapBytes(text)
    }
  }
  return (bytes, stride)
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func milliseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

let mebibyte = 1024.0 * 1024.0

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

// MARK: The server

struct Bench {
  let server: TestServer
  let transport: SoupTransport
  let token: String
  let libraryID: Int
  let options: Options

  func control(_ method: String, _ path: String, json: String? = nil) async throws -> Data {
    let response = try await transport.send(server.controlRequest(method, path, json: json))
    guard response.status / 100 == 2 else {
      fail("control \(method) \(path): HTTP \(response.status)")
    }
    return response.body
  }

  /// Forgets the server's rate-limit buckets (keeping its rate and burst) and
  /// its request log, so every run starts from the same state.
  func resetServer() async throws {
    _ = try await control("POST", "rate-limit", json: "{}")
    _ = try await control("DELETE", "requests")
  }

  /// What the server saw since the last reset: requests and 429s.
  func serverCounts() async throws -> (requests: Int, tooMany: Int) {
    struct Log: Decodable {
      struct Entry: Decodable { let status: Int? }
      let requests: [Entry]
    }
    let log = try JSONDecoder().decode(Log.self, from: await control("GET", "requests"))
    return (log.requests.count, log.requests.filter { $0.status == 429 }.count)
  }

  // MARK: Hark

  struct HarkRun {
    let elapsed: Duration
    let books: [Book]
    let pages: Int
  }

  /// Lists every book through the client, as the library page would.
  func hark(paced: Bool) async throws -> HarkRun {
    let client = AudioSiloClient(
      baseURL: server.baseURL, token: token, transport: transport,
      pacer: paced ? RequestPacer() : nil)
    let started = ContinuousClock.now
    var books: [Book] = []
    var pages = 0
    for try await page in client.bookPages(
      libraryID: libraryID, sort: options.sort, pageSize: options.limit)
    {
      books += page
      pages += 1
    }
    return HarkRun(elapsed: ContinuousClock.now - started, books: books, pages: pages)
  }

  // MARK: Baseline

  struct BaselineRun: Decodable {
    let seconds: Double
    let books: Int
    let unique: Int
    let pages: Int
    let waits: Int
  }

  /// The simplest client that works: urllib, a new connection per page,
  /// `json.loads`, and a sleep of Retry-After seconds on a 429. Timed inside
  /// Python from the first request to the last page decoded, as Hark is.
  static let baselineScript = #"""
    import json, sys, time, urllib.error, urllib.parse, urllib.request
    base, token, lib, limit, sort = sys.argv[1:6]
    started = time.perf_counter()
    cursor, paths, pages, waits = None, [], 0, 0
    while True:
        query = {"sort": sort, "limit": limit}
        if cursor:
            query["cursor"] = cursor
        request = urllib.request.Request(
            f"{base}/api/v1/libraries/{lib}/books?{urllib.parse.urlencode(query)}",
            headers={"Authorization": "Bearer " + token})
        try:
            with urllib.request.urlopen(request) as response:
                page = json.loads(response.read())
        except urllib.error.HTTPError as error:
            if error.code != 429:
                raise
            waits += 1
            time.sleep(float(error.headers.get("Retry-After", "1")))
            continue
        pages += 1
        paths += [book["rel_path"] for book in page["books"] or []]
        cursor = page.get("next_cursor")
        if not cursor:
            break
    seconds = time.perf_counter() - started
    print(json.dumps({"seconds": seconds, "books": len(paths), "unique": len(set(paths)),
                      "pages": pages, "waits": waits}))
    """#

  func baseline() throws -> BaselineRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      "-c", Self.baselineScript, server.baseURL.absoluteString, token, String(libraryID),
      String(options.limit), options.sort.rawValue,
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    while process.isRunning { usleep(10_000) }
    guard process.terminationStatus == 0 else {
      fail("the baseline client failed (exit \(process.terminationStatus))")
    }
    return try JSONDecoder().decode(BaselineRun.self, from: data)
  }
}

// MARK: Run

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
let server: TestServer
do {
  server = try TestServer.start(
    library: try SampleLibrary.load(),
    arguments: [
      "--synthetic-books", String(options.books), "--rate", String(options.serverRate), "--burst",
      String(options.serverBurst),
    ])
} catch {
  fail("could not start the test server: \(error)")
}
let transport = SoupTransport(userAgent: "Hark-bench")
let bench: Bench
do {
  let anonymous = AudioSiloClient(baseURL: server.baseURL, token: nil, transport: transport)
  let session = try await anonymous.login(
    username: "listener", password: "correct horse", deviceName: "bench-library")
  let libraries = try await anonymous.withToken(session.token).libraries()
  guard let big = libraries.first(where: { $0.name == "Big Library" }) else {
    fail("the server has no Big Library")
  }
  bench = Bench(
    server: server, transport: transport, token: session.token, libraryID: big.id, options: options)
} catch {
  server.stop()
  fail("could not sign in: \(error)")
}

print(
  "Library listing: \(options.books) books in library \(bench.libraryID), keyset pages of "
    + "\(options.limit) (sort \(options.sort.rawValue)), \(options.rounds) rounds")
print(
  "server: the AudioSilo test server at \(options.serverRate) requests/s, burst \(options.serverBurst);"
    + " buckets reset before every run")
print("baseline: Python urllib, one connection per page, json.loads, sleeps Retry-After on 429")
print(
  "hark: AudioSiloClient + SoupTransport + a fresh RequestPacer (\(format(RequestPacer.defaultRate, 0))/s,"
    + " burst \(RequestPacer.defaultBurst)) per run\n")

var harkTimes: [Double] = []
var unpacedTimes: [Double] = []
var baselineTimes: [Double] = []
var harkPages = 0
var baselinePages = 0
var harkTooMany = 0
var unpacedTooMany = 0
var baselineTooMany = 0
var baselineWaits = 0
var problems: [String] = []
var rssBefore = 0
var rssHolding = 0
var rssTrimmed = 0
var estimate = (bytes: 0, stride: 0)

do {
  // Warm up: the client's code paths and connection, the server's sort
  // index for this sort, and Python's imports (all unmeasured).
  let warmClient = AudioSiloClient(
    baseURL: server.baseURL, token: bench.token, transport: transport)
  _ = try await warmClient.books(libraryID: bench.libraryID, sort: options.sort, limit: 1)
  _ = try bench.baseline()

  // Memory: one listing, measured while its books are held.
  mallocTrim()
  try await bench.resetServer()
  rssBefore = residentBytes()
  let held = try await bench.hark(paced: true)
  rssHolding = residentBytes()
  mallocTrim()
  rssTrimmed = residentBytes()
  estimate = layoutEstimate(held.books)
  withExtendedLifetime(held) {}

  for round in 0..<options.rounds {
    // Alternate the order, so neither client always runs on a warmer server.
    let order = round % 2 == 0 ? ["hark", "baseline", "unpaced"] : ["baseline", "hark", "unpaced"]
    for which in order {
      try await bench.resetServer()
      switch which {
      case "baseline":
        let run = try bench.baseline()
        baselineTimes.append(run.seconds * 1000)
        baselinePages = run.pages
        baselineWaits += run.waits
        baselineTooMany += try await bench.serverCounts().tooMany
        if run.books != options.books || run.unique != options.books {
          problems.append(
            "baseline round \(round + 1) listed \(run.books) books (\(run.unique) distinct)")
        }
      default:
        let paced = which == "hark"
        let run = try await bench.hark(paced: paced)
        let tooMany = try await bench.serverCounts().tooMany
        if paced {
          harkTimes.append(milliseconds(run.elapsed))
          harkPages = run.pages
          harkTooMany += tooMany
        } else {
          unpacedTimes.append(milliseconds(run.elapsed))
          unpacedTooMany += tooMany
        }
        let distinct = Set(run.books.map(\.relPath)).count
        if run.books.count != options.books || distinct != options.books {
          problems.append(
            "\(which) round \(round + 1) listed \(run.books.count) books (\(distinct) distinct)")
        }
      }
    }
  }
} catch {
  server.stop()
  fail("a listing failed: \(error)")
}
server.stop()

// MARK: Report

func column(_ text: String, _ width: Int) -> String {
  String(repeating: " ", count: max(0, width - text.count)) + text
}
func row(_ name: String, _ baseline: String, _ hark: String, _ ratio: String, _ target: String) {
  let padded = name + String(repeating: " ", count: max(0, 40 - name.count))
  print(padded + column(baseline, 10) + column(hark, 10) + column(ratio, 8) + "  " + target)
}
func ratio(_ hark: Double, _ baseline: Double) -> String {
  baseline > 0 ? format(hark / baseline, 2) : "-"
}

let harkMedian = median(harkTimes)
let baselineMedian = median(baselineTimes)
let growth = Double(rssHolding - rssBefore) / mebibyte
let trimmedGrowth = Double(rssTrimmed - rssBefore) / mebibyte

row("metric", "baseline", "hark", "ratio", "target")
row(
  "listing median (ms)", format(baselineMedian), format(harkMedian),
  ratio(harkMedian, baselineMedian), "hark <= \(Int(targetMedianMilliseconds))")
row(
  "listing min (ms)", format(baselineTimes.min() ?? .nan), format(harkTimes.min() ?? .nan),
  ratio(harkTimes.min() ?? 0, baselineTimes.min() ?? 0), "-")
row(
  "listing max (ms)", format(baselineTimes.max() ?? .nan), format(harkTimes.max() ?? .nan),
  ratio(harkTimes.max() ?? 0, baselineTimes.max() ?? 0), "-")
row(
  "hark without pacer, median (ms)", "-", format(median(unpacedTimes)),
  ratio(median(unpacedTimes), baselineMedian), "-")
row("pages per listing", "\(baselinePages)", "\(harkPages)", "-", "-")
// The fastest the pacer lets `harkPages` sequential requests through.
let pacerFloor =
  max(0, Double(harkPages - RequestPacer.defaultBurst)) / RequestPacer.defaultRate * 1000
row("  pacer's floor for these pages (ms)", "-", format(pacerFloor), "-", "-")
row("baseline Retry-After waits (all rounds)", "\(baselineWaits)", "-", "-", "-")
row(
  "server 429s (all rounds)", "\(baselineTooMany)", "\(harkTooMany)", "-",
  "hark \(targetServer429s)")
row("server 429s, hark without pacer", "-", "\(unpacedTooMany)", "-", "-")
row("RSS before listing (MiB)", "-", format(Double(rssBefore) / mebibyte), "-", "-")
row(
  "RSS growth holding [Book] (MiB)", "-", format(growth), "-",
  "<= \(Int(targetRSSGrowthMiB))")
row("  same after malloc_trim (MiB)", "-", format(trimmedGrowth), "-", "-")
row(
  "  MemoryLayout estimate (MiB)", "-", format(Double(estimate.bytes) / mebibyte), "-",
  "Book stride \(estimate.stride) B + strings")
print()

for problem in problems { print("WARN  \(problem)") }
func verdict(_ passed: Bool, _ text: String) { print((passed ? "PASS  " : "MISS  ") + text) }
verdict(
  harkMedian <= targetMedianMilliseconds,
  "Hark lists \(options.books) books in \(format(harkMedian, 0)) ms (median) <= \(Int(targetMedianMilliseconds)) ms"
)
verdict(
  harkTooMany <= targetServer429s,
  "the server sent \(harkTooMany) 429s during Hark's runs (target 0)")
verdict(
  growth <= targetRSSGrowthMiB,
  "RSS grew \(format(growth)) MiB holding \(options.books) decoded books <= \(Int(targetRSSGrowthMiB)) MiB"
)
exit(0)
