import Foundation
import Synchronization

/// What a copy into a library folder cut short leaves behind (Hark killed
/// mid-copy): a hidden `.hark-copying-<UUID>` entry in the library folder.
/// Copies register their hidden entry while they write it; everything else
/// of that exact form in a library folder is a leftover, removed at the
/// next scan. Nothing else is ever touched: not another hidden name, not a
/// look-alike whose tail is no UUID, not anything below the library
/// folder's own entries.
public enum CutShortCopies {
  /// The hidden names' prefix.
  public static let prefix = ".hark-copying-"

  /// The hidden names of copies being written (a UUID each: unique
  /// whichever way their folder's path is spelled).
  private static let running = Mutex<Set<String>>([])

  /// A new hidden path for a copy into `folder`, registered as running
  /// until `finished(_:)`: a scan meanwhile leaves it alone.
  public static func begin(in folder: URL) -> URL {
    let partial = folder.appendingPathComponent(prefix + UUID().uuidString)
    _ = running.withLock { $0.insert(partial.lastPathComponent) }
    return partial
  }

  public static func finished(_ partial: URL) {
    _ = running.withLock { $0.remove(partial.lastPathComponent) }
  }

  /// Removes the leftovers of copies cut short directly in `folder`.
  /// Blocking: call it off the main thread.
  @discardableResult
  public static func removeLeftovers(in folder: String) -> Cleanup {
    var cleanup = Cleanup()
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return cleanup }
    let busy = running.withLock { $0 }
    for name in names.sorted() where isLeftoverName(name) && !busy.contains(name) {
      let path = (folder as NSString).appendingPathComponent(name)
      do {
        try FileManager.default.removeItem(atPath: path)
        cleanup.removed.append(name)
      } catch let error as CocoaError where error.code == .fileNoSuchFile {
        continue  // its copy ended meanwhile, and renamed it into place
      } catch {
        cleanup.failed.append("“\(path)”: \(error.localizedDescription)")
      }
    }
    return cleanup
  }

  public struct Cleanup: Sendable {
    /// The leftovers' names.
    public var removed: [String] = []
    /// Those that could not be removed, with why (for the log).
    public var failed: [String] = []
  }

  /// Exactly the prefix and a UUID, as `begin` makes them.
  static func isLeftoverName(_ name: String) -> Bool {
    guard name.hasPrefix(prefix) else { return false }
    let tail = String(name.dropFirst(prefix.count))
    return UUID(uuidString: tail)?.uuidString == tail
  }
}
