// `scripts/bench-timeline`: what the Player page's selector costs per engine
// report (four a second while playing) on a book with many chapters.
//
// A 5,000-chapter book is loaded through the real reducer, then 1,000
// engine reports walk through it. After each one the Player page is
// selected and compared with the last selection, as the store's
// subscription does. Measured: the wall time and the heap allocations
// (counted by `bench/AllocCounter`) of that select-and-compare, per report.
//
// The baseline, in the same run, is the same selection plus what the
// selector did before the book's timeline was laid out once: rebuilding the
// chapter titles, spans, starts and seek-bar chapters from the chapter list
// on every report, finding the chapter with a walk from the front, and
// comparing the rebuilt arrays element by element (they no longer share
// storage). It uses only API that the code before the change had too, so
// this file also builds at that commit, where "select" is the old selector.
//
// A benchmark, not a test: exits 0 whatever it measures.

import BenchAllocCounter
import Foundation
import HarkCore

struct Options {
  var chapters = 5000
  var reports = 1000
  var rounds = 5

  static let usage = "usage: scripts/bench-timeline [--no-build] [--chapters N] [--reports N] [--rounds N]"

  static func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      guard argument != "-h", argument != "--help" else {
        print(usage)
        exit(0)
      }
      guard let text = rest.popFirst(), let number = Int(text), number > 0 else {
        FileHandle.standardError.write(Data("\(argument) needs a positive integer\n\(usage)\n".utf8))
        exit(2)
      }
      switch argument {
      case "--chapters": options.chapters = number
      case "--reports": options.reports = number
      case "--rounds": options.rounds = number
      default:
        FileHandle.standardError.write(Data("unknown argument \(argument)\n\(usage)\n".utf8))
        exit(2)
      }
    }
    return options
  }
}

let chapterLength = 60.0
let start = Date(timeIntervalSince1970: 1_800_000_000)

/// A one-file book of `count` one-minute chapters, loaded and playing.
func playingBook(chapters count: Int) -> AppState {
  let path = LibraryPath(serverID: "a", libraryID: 1, path: "Bench/Long")
  let file = "Bench/Long/book.m4b"
  var state = AppState()
  state.connections.servers = [
    ServerConnection(serverID: "a", name: "Bench", baseURL: URL(string: "https://bench.invalid")!, username: "bench")
  ]
  let chapters = (0..<count).map { index in
    Chapter(
      index: index, title: "Chapter \(index + 1): A Title of Some Length", filePath: file,
      start: Double(index) * chapterLength, end: Double(index + 1) * chapterLength)
  }
  let duration = Double(count) * chapterLength
  let book = Book(
    libraryID: 1, relPath: path.path, isFolder: true, title: "Bench", duration: duration,
    files: [BookFile(relPath: file, duration: duration)], chapters: chapters)
  state.library.books[path] = .loaded(book)
  _ = reduce(&state, .player(.playRequested(path, .position(0), at: start)))
  return state
}

/// The chapter arrays as the selector used to rebuild them on every report.
struct RebuiltChapters: Equatable {
  var titles: [String]
  var starts: [Double]
  var spans: [ChapterSpan]
  var seekBar: [SeekBarChapter]
  var current: Int?

  init(_ chapters: [Chapter], at position: Double) {
    titles = chapterDisplayTitles(chapters)
    spans = chapters.map { ChapterSpan(start: $0.bookOffset, end: chapterEndPosition($0)) }
    starts = spans.map(\.start)
    seekBar = zip(chapters, spans).enumerated().map { index, pair in
      SeekBarChapter(span: pair.1, number: index + 1, title: pair.0.title)
    }
    current = nil
    for (index, span) in spans.enumerated() {
      guard position >= span.start else { break }
      current = index
    }
  }
}

struct Measure {
  var nanoseconds: UInt64 = 0
  var allocations: UInt64 = 0
  var bytes: UInt64 = 0

  mutating func run<T>(_ body: () -> T) -> T {
    let allocationsBefore = bench_allocations()
    let bytesBefore = bench_allocated_bytes()
    let before = DispatchTime.now().uptimeNanoseconds
    let result = body()
    nanoseconds += DispatchTime.now().uptimeNanoseconds - before
    allocations += bench_allocations() - allocationsBefore
    bytes += bench_allocated_bytes() - bytesBefore
    return result
  }
}

/// One round: `reports` engine reports, each followed by the selection.
func round(_ options: Options, rebuilding: Bool) -> (reduce: Measure, select: Measure) {
  var state = playingBook(chapters: options.chapters)
  var reduceCost = Measure()
  var selectCost = Measure()
  var shown: PlayerPageView?
  var rebuilt: RebuiltChapters?
  let length = Double(options.chapters) * chapterLength
  for report in 0..<options.reports {
    // Spread over the whole book, so the current chapter changes.
    let position = length * Double(report) / Double(options.reports) + 1
    let snapshot = EngineSnapshot(state: .playing, position: position, duration: length)
    _ = reduceCost.run { reduce(&state, .player(.playback(.engineReported(snapshot), at: start))) }
    selectCost.run {
      let view = selectPlayerPage(state)
      if view != shown { shown = view }
      if rebuilding, let chapters = state.player.session.nowPlaying?.queue.chapters {
        let again = RebuiltChapters(chapters, at: position)
        if again != rebuilt { rebuilt = again }
      }
    }
  }
  precondition(shown?.chapters.count == options.chapters, "the book did not load")
  return (reduceCost, selectCost)
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
print("bench-timeline: \(options.chapters) chapters, \(options.reports) engine reports, median of \(options.rounds) rounds")
_ = round(Options(chapters: options.chapters, reports: 20, rounds: 1), rebuilding: true)  // warm up

var rows: [(name: String, measures: [Measure])] = [("reduce engine report", []), ("select Player page", []), ("baseline: select + rebuild arrays", [])]
for _ in 0..<options.rounds {
  let current = round(options, rebuilding: false)
  rows[0].measures.append(current.reduce)
  rows[1].measures.append(current.select)
  rows[2].measures.append(round(options, rebuilding: true).select)
}

let perReport = Double(options.reports)
func column(_ measures: [Measure], _ value: (Measure) -> Double) -> Double { median(measures.map(value)) }
print("                                       total ms   µs/report   allocs/report   KiB/report")
var microseconds: [Double] = []
for row in rows {
  let total = column(row.measures) { Double($0.nanoseconds) / 1e6 }
  let micro = total * 1000 / perReport
  microseconds.append(micro)
  let allocations = column(row.measures) { Double($0.allocations) } / perReport
  let kib = column(row.measures) { Double($0.bytes) } / perReport / 1024
  print(
    row.name.padding(toLength: 36, withPad: " ", startingAt: 0)
      + String(format: "%11.1f %11.1f %15.1f %12.1f", total, micro, allocations, kib))
}
print(String(format: "baseline / select: %.1f×", microseconds[2] / max(microseconds[1], 0.001)))
