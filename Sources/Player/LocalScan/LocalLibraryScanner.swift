import Foundation
import Glibc
import GObjectKit
import HarkCore
import Synchronization

/// How far a scan is: audio files read so far of those it has to read
/// (files unchanged since the last scan are not counted: they are not read).
public struct LocalScanProgress: Equatable, Sendable {
  public var done: Int
  public var total: Int
}

/// The books whose every file a scan has read so far, while it runs: a
/// folder's first scan shows its books as they are found, a batch at a
/// time, instead of all at its end.
public struct LocalScanFound: Sendable {
  public var books: [Book]
  public var covers: [String: String]
}

/// What a scan of a library folder found.
public struct LocalScanResult: Sendable {
  /// The books, ordered by path, in Hark's own model.
  public var books: [Book]
  /// Each book's cover image in its folder, by book `relPath` (library
  /// relative). A book without one may carry art in its first file: see
  /// `tracks[…].hasEmbeddedCover`.
  public var covers: [String: String]
  /// What was read from each audio file, keyed by path + size + mtime:
  /// pass it to the next scan so unchanged files are not read again.
  public var tracks: [LocalFileKey: LocalTrack]
  /// What was left out, and why (for the listener).
  public var skipped: [LocalScanSkip]
  /// Audio files opened by this scan (0 on a rescan of an unchanged library).
  public var filesRead: Int
  /// False when the library folder was missing or unreadable: the caller
  /// must keep what it knew rather than take the empty result as "no books".
  public var folderAvailable: Bool
}

/// Turns a folder tree on this computer into books, as an AudioSilo server
/// would (see `LocalBookLayout`), reading each audio file with GStreamer in
/// parallel, one `GstDiscoverer` per core.
public struct LocalLibraryScanner: Sendable {
  public let root: URL
  public let libraryID: Int
  public let workers: Int
  /// How often a running scan reports the books it has so far (`found`).
  public let foundInterval: Duration

  public init(
    root: URL, libraryID: Int = LocalLibraryID.thisComputer, workers: Int? = nil,
    foundInterval: Duration = Self.foundInterval
  ) {
    self.root = root
    self.libraryID = libraryID
    self.workers = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
    self.foundInterval = foundInterval
  }

  /// Scans without blocking the caller's thread (the work runs on threads of
  /// its own, not Swift's cooperative pool, which it would starve, nor
  /// libdispatch's global pool, whose monitor would then wake Hark every
  /// second for good).
  ///
  /// - Parameter found: called (from a scanning thread) with the books
  ///   complete so far, at most every `foundInterval`, while files are read.
  public func scan(
    known: [LocalFileKey: LocalTrack] = [:], progress: @escaping @Sendable (LocalScanProgress) -> Void = { _ in },
    found: (@Sendable (LocalScanFound) -> Void)? = nil
  ) async -> LocalScanResult {
    await DedicatedThreads.run("hark-scan") { scanBlocking(known: known, progress: progress, found: found) }
  }

  /// How often a running scan reports the books it has so far, unless
  /// told otherwise: often
  /// enough that books appear while a big folder is read, seldom enough
  /// that the pages are not rebuilt for every book.
  public static let foundInterval = Duration.milliseconds(750)

  /// Scans on the calling thread (never the main one), blocking until done.
  /// `progress` is called from the scanning threads after each file read.
  ///
  /// - Parameter known: the previous scan's `tracks`; files whose path, size
  ///   and mtime match are not opened.
  public func scanBlocking(
    known: [LocalFileKey: LocalTrack] = [:], progress: @Sendable (LocalScanProgress) -> Void = { _ in },
    found: (@Sendable (LocalScanFound) -> Void)? = nil
  ) -> LocalScanResult {
    let walk = LibraryWalk(root: root.path)
    var skipped = walk.skipped
    let plans = LocalBookLayout.plans(for: walk.files)
    let audio = plans.flatMap(\.files)
    var tracks: [LocalFileKey: LocalTrack] = [:]
    var toRead: [LocalFileKey] = []
    for file in audio {
      if let track = known[file] {
        tracks[file] = track
      } else if file.size == 0 {
        skipped.append(LocalScanSkip(relPath: file.relPath, reason: LocalScanSkip.emptyFile))
      } else {
        toRead.append(file)
      }
    }
    let cues = cueTexts(plans.flatMap(\.cueSheets))
    let batch = found.map { Self.reporter(plans: plans, known: tracks, cues: cues, libraryID: libraryID, found: $0) }
    let read = readInParallel(toRead, progress: progress, batch: batch)
    for (file, outcome) in read {
      switch outcome {
      case .success(let track): tracks[file] = track
      case .failure(let failure): skipped.append(LocalScanSkip(relPath: file.relPath, reason: failure.reason))
      }
    }
    let byPath = Dictionary(tracks.map { ($0.key.relPath, $0.value) }, uniquingKeysWith: { first, _ in first })
    let books = plans.compactMap { plan in
      plan.book(libraryID: libraryID, tracks: byPath, cueSheets: cues.of(plan))
    }
    let covers = Dictionary(
      plans.compactMap { plan in plan.cover.map { (plan.relPath, $0) } }, uniquingKeysWith: { first, _ in first })
    return LocalScanResult(
      books: books, covers: covers, tracks: tracks,
      skipped: skipped.sorted(naturallyBy: \.relPath), filesRead: toRead.count,
      folderAvailable: walk.rootReadable)
  }

  /// Turns the files read so far into the books complete so far, for `found`.
  private static func reporter(
    plans: [LocalBookPlan], known: [LocalFileKey: LocalTrack], cues: [String: String], libraryID: Int,
    found: @escaping @Sendable (LocalScanFound) -> Void
  ) -> @Sendable ([ReadOutcome]) -> Void {
    { read in
      var byPath: [String: LocalTrack] = [:]
      var settled = Set<String>()
      for (file, track) in known {
        byPath[file.relPath] = track
        settled.insert(file.relPath)
      }
      for (file, outcome) in read {
        settled.insert(file.relPath)
        if case .success(let track) = outcome { byPath[file.relPath] = track }
      }
      // Only books every file of which is read: no book shows half-built.
      let complete = plans.filter { plan in plan.files.allSatisfy { settled.contains($0.relPath) || $0.size == 0 } }
      let books = complete.compactMap { plan in plan.book(libraryID: libraryID, tracks: byPath, cueSheets: cues.of(plan)) }
      var covers: [String: String] = [:]
      for plan in complete { if let cover = plan.cover { covers[plan.relPath] = cover } }
      found(LocalScanFound(books: books, covers: covers))
    }
  }

  private func readInParallel(
    _ files: [LocalFileKey], progress: @Sendable (LocalScanProgress) -> Void,
    batch: (@Sendable ([ReadOutcome]) -> Void)?
  ) -> [ReadOutcome] {
    guard !files.isEmpty else { return [] }
    let shared = ScanWork(count: files.count)
    let rootPath = root.path
    DedicatedThreads.run("hark-scan", count: min(workers, files.count)) { _ in
      // Below the window's thread (and other programs'): on a busy machine
      // the main loop gets a core first, the scan only takes longer.
      // (On Linux a nice value is per thread: "0" is this one.)
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
      let reader = try? LocalTrackReader()
      while let index = shared.claim() {
        let file = files[index]
        let outcome = reader?.read(path: rootPath + "/" + file.relPath) ?? .failure(.unreadable)
        let count = shared.finish(index, outcome)
        progress(count)
        // The last file's books come with the scan's result, not as a batch.
        if let batch, count.done < count.total, let read = shared.readSoFarIfDue(every: foundInterval) {
          batch(read.map { (files[$0.0], $0.1) })
        }
      }
    }
    return zip(files, shared.outcomes()).map { ($0, $1) }
  }

  /// Cue sheets are small text files; one that is not UTF-8 is read as Latin-1.
  private func cueTexts(_ paths: [String]) -> [String: String] {
    var texts: [String: String] = [:]
    for path in paths {
      let url = root.appendingPathComponent(path)
      guard let data = try? Data(contentsOf: url), data.count < 1 << 20 else { continue }
      texts[path] = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1)
    }
    return texts
  }
}

extension [String: String] {
  /// The cue sheets (text by path) of one book.
  fileprivate func of(_ plan: LocalBookPlan) -> [String: String] { filter { plan.cueSheets.contains($0.key) } }
}

/// One file and what reading it gave.
typealias ReadOutcome = (LocalFileKey, Result<LocalTrack, LocalScanFailure>)

/// The files the scanning threads share: the next one to claim and what
/// each read gave.
private final class ScanWork: Sendable {
  private struct State {
    var next = 0
    var done = 0
    var outcomes: [Result<LocalTrack, LocalScanFailure>?]
    var lastBatch = ContinuousClock.now
  }
  private let state: Mutex<State>
  private let count: Int

  init(count: Int) {
    self.count = count
    state = Mutex(State(outcomes: Array(repeating: nil, count: count)))
  }

  func claim() -> Int? {
    state.withLock { state in
      guard state.next < count else { return nil }
      defer { state.next += 1 }
      return state.next
    }
  }

  func finish(_ index: Int, _ outcome: Result<LocalTrack, LocalScanFailure>) -> LocalScanProgress {
    state.withLock { state in
      state.outcomes[index] = outcome
      state.done += 1
      return LocalScanProgress(done: state.done, total: count)
    }
  }

  /// What was read so far (by file index), when `interval` has passed
  /// since the scan began or since the last time this answered; else nil,
  /// and the caller reads on.
  func readSoFarIfDue(every interval: Duration) -> [(Int, Result<LocalTrack, LocalScanFailure>)]? {
    let now = ContinuousClock.now
    return state.withLock { state in
      guard now - state.lastBatch >= interval else { return nil }
      state.lastBatch = now
      return state.outcomes.enumerated().compactMap { index, outcome in outcome.map { (index, $0) } }
    }
  }

  func outcomes() -> [Result<LocalTrack, LocalScanFailure>] {
    state.withLock { $0.outcomes.map { $0 ?? .failure(.unreadable) } }
  }
}
