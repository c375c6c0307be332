import Dispatch
import Foundation
import Synchronization

@testable import HarkApp

/// A server list kept on disk as Hark keeps it (`ServerListFile`) that notes
/// whether each read and save ran on the main thread, and whose first save
/// can be held back until `release()`, as a slow home folder would hold it.
final class WatchedListFile<Entry: Codable & Sendable>: ServerListStorage {
  let file: ServerListFile<Entry>
  private let threads = Mutex<(reads: [Bool], saves: [Bool])>(([], []))
  private let gate: DispatchSemaphore?

  init(_ file: ServerListFile<Entry>, holdsFirstSave: Bool = false) {
    self.file = file
    gate = holdsFirstSave ? DispatchSemaphore(value: 0) : nil
  }

  func load() -> [Entry] {
    threads.withLock { $0.reads.append(Thread.isMainThread) }
    return file.load()
  }

  func save(_ servers: [Entry]) {
    let first = threads.withLock { threads in
      threads.saves.append(Thread.isMainThread)
      return threads.saves.count == 1
    }
    // The bound is for a stuck run only.
    if first, let gate { _ = gate.wait(timeout: .now() + 20) }
    file.save(servers)
  }

  /// Lets the held save through.
  func release() { gate?.signal() }

  /// For each read so far, oldest first: whether it ran on the main thread.
  var readsOnMainThread: [Bool] { threads.withLock { $0.reads } }
  /// For each save so far, oldest first: whether it ran on the main thread.
  var savesOnMainThread: [Bool] { threads.withLock { $0.saves } }
}
