import Foundation
import GObjectKit
import HarkCore
import Player

/// Copies files or folders the listener dropped or pasted into a library
/// folder, on a thread of its own (the window never waits for the disk).
/// Each item is copied under a hidden name (the scan and the listener's
/// file manager skip dotfiles) and renamed to its own name once whole, so
/// the library never holds half a book, even if Hark is killed mid-copy
/// (the next scan removes what such a copy left: `CutShortCopies`).
enum LocalLibraryCopy {
  static func copy(_ paths: [String], into folder: String) async -> LocalCopyOutcome {
    await DedicatedThreads.run("hark-copy") { copyBlocking(paths, into: folder) }
  }

  static func copyBlocking(_ paths: [String], into folder: String) -> LocalCopyOutcome {
    let files = FileManager.default
    var outcome = LocalCopyOutcome(folder: folder, copied: [], failed: [])
    let target = URL(fileURLWithPath: folder, isDirectory: true)
    for path in paths {
      let source = URL(fileURLWithPath: path)
      let name = source.lastPathComponent
      // Already in this library folder: nothing to copy.
      if source.deletingLastPathComponent().standardizedFileURL.path == target.standardizedFileURL.path {
        outcome.copied.append(name)
        continue
      }
      // A folder that holds the library folder would be copied into itself.
      if (target.standardizedFileURL.path + "/").hasPrefix(source.standardizedFileURL.path + "/") {
        outcome.failed.append(LocalScanSkip(relPath: name, reason: trNoop("it holds the library folder"), folder: folder))
        continue
      }
      let partial = CutShortCopies.begin(in: target)
      defer { CutShortCopies.finished(partial) }
      do {
        try files.createDirectory(at: target, withIntermediateDirectories: true)
        try files.copyItem(at: source, to: partial)
        let destination = freeName(name, in: target)
        try files.moveItem(at: partial, to: destination)
        outcome.copied.append(destination.lastPathComponent)
      } catch {
        try? files.removeItem(at: partial)
        outcome.failed.append(LocalScanSkip(relPath: name, reason: reason(error), folder: folder))
      }
    }
    return outcome
  }

  /// `name`, or "name (2)", "name (3)"… when taken: a copy never replaces
  /// what the listener already has.
  private static func freeName(_ name: String, in folder: URL) -> URL {
    var candidate = folder.appendingPathComponent(name)
    let stem = (name as NSString).deletingPathExtension
    let ext = (name as NSString).pathExtension
    var number = 2
    while FileManager.default.fileExists(atPath: candidate.path) {
      let numbered = "\(stem) (\(number))" + (ext.isEmpty ? "" : "." + ext)
      candidate = folder.appendingPathComponent(numbered)
      number += 1
    }
    return candidate
  }

  private static func reason(_ error: Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      switch Int32(underlying.code) {
      case ENOSPC: return trNoop("the disk is full")
      case EACCES, EPERM: return trNoop("Hark may not write there")
      default: break
      }
    }
    return nsError.localizedDescription
  }
}
