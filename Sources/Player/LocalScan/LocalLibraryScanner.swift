import Foundation
import GObjectKit
import HarkCore
import Synchronization

/// How far a scan is: audio files read so far of those it has to read
/// (files unchanged since the last scan are not counted: they are not read).
public struct LocalScanProgress: Equatable, Sendable {
  public var done: Int
  public var total: Int
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

  public init(root: URL, libraryID: Int = LocalLibraryID.thisComputer, workers: Int? = nil) {
    self.root = root
    self.libraryID = libraryID
    self.workers = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
  }

  /// Scans without blocking the caller's thread (the work runs on threads of
  /// its own, not Swift's cooperative pool, which it would starve, nor
  /// libdispatch's global pool, whose monitor would then wake Hark every
  /// second for good).
  public func scan(
    known: [LocalFileKey: LocalTrack] = [:], progress: @escaping @Sendable (LocalScanProgress) -> Void = { _ in }
  ) async -> LocalScanResult {
    await DedicatedThreads.run("hark-scan") { scanBlocking(known: known, progress: progress) }
  }

  /// Scans on the calling thread (never the main one), blocking until done.
  /// `progress` is called from the scanning threads after each file read.
  ///
  /// - Parameter known: the previous scan's `tracks`; files whose path, size
  ///   and mtime match are not opened.
  public func scanBlocking(
    known: [LocalFileKey: LocalTrack] = [:], progress: @Sendable (LocalScanProgress) -> Void = { _ in }
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
    let read = readInParallel(toRead, progress: progress)
    for (file, outcome) in read {
      switch outcome {
      case .success(let track): tracks[file] = track
      case .failure(let failure): skipped.append(LocalScanSkip(relPath: file.relPath, reason: failure.reason))
      }
    }
    let byPath = Dictionary(tracks.map { ($0.key.relPath, $0.value) }, uniquingKeysWith: { first, _ in first })
    let books = plans.compactMap { plan in
      plan.book(libraryID: libraryID, tracks: byPath, cueSheets: cueTexts(plan.cueSheets))
    }
    let covers = Dictionary(
      plans.compactMap { plan in plan.cover.map { (plan.relPath, $0) } }, uniquingKeysWith: { first, _ in first })
    return LocalScanResult(
      books: books, covers: covers, tracks: tracks,
      skipped: skipped.sorted { naturalCompare($0.relPath, $1.relPath) < 0 }, filesRead: toRead.count,
      folderAvailable: walk.rootReadable)
  }

  private func readInParallel(
    _ files: [LocalFileKey], progress: @Sendable (LocalScanProgress) -> Void
  ) -> [(LocalFileKey, Result<LocalTrack, LocalScanFailure>)] {
    guard !files.isEmpty else { return [] }
    let shared = ScanWork(count: files.count)
    let rootPath = root.path
    DedicatedThreads.run("hark-scan", count: min(workers, files.count)) { _ in
      let reader = try? LocalTrackReader()
      while let index = shared.claim() {
        let file = files[index]
        let outcome = reader?.read(path: rootPath + "/" + file.relPath) ?? .failure(.unreadable)
        progress(shared.finish(index, outcome))
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

/// The files the scanning threads share: the next one to claim and what
/// each read gave.
private final class ScanWork: Sendable {
  private struct State {
    var next = 0
    var done = 0
    var outcomes: [Result<LocalTrack, LocalScanFailure>?]
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

  func outcomes() -> [Result<LocalTrack, LocalScanFailure>] {
    state.withLock { $0.outcomes.map { $0 ?? .failure(.unreadable) } }
  }
}
