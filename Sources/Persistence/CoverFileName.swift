import CGLib
import HarkCore

/// The cache file name of one book's cover: the lowercase hex SHA-256 of its
/// content key `serverID:libraryID:path` with the server id's length in
/// front (`2:c1:2:A/Book` for `("c1", 2, "A/Book")`). A server id may itself
/// hold ":"; without the length, `("a:1", 2, "x")` and `("a", 1, "2:x")`
/// would be one key.
///
/// Why a hash and why this one: a book path can be far longer than a file
/// name may be (255 bytes, 143 under eCryptfs) and may hold any character, so
/// the key cannot be the name itself. Two keys sharing a name would show one
/// book's cover on another, so the hash must be collision-safe, not merely
/// well spread; FNV-style hashes are easy to collide on purpose, and a path is
/// chosen by whoever runs the server. GLib, which Hark links anyway, computes
/// it (`GChecksum`). It names files; it is not used for anything secret. The
/// names must never change: a different name would lose every cached cover.
enum CoverFileName {
  /// 64 hex digits for `key`.
  static func name(for key: LibraryPath) -> String {
    let server = key.serverID.utf8.count
    return sha256Hex(Array("\(server):\(key.serverID):\(key.libraryID):\(key.path)".utf8))
  }

  /// The lowercase hex SHA-256 of `bytes`.
  static func sha256Hex(_ bytes: [UInt8]) -> String {
    let digest = bytes.withUnsafeBufferPointer {
      g_compute_checksum_for_data(G_CHECKSUM_SHA256, $0.baseAddress, gsize($0.count))
    }
    guard let digest else { return "" }
    defer { g_free(digest) }
    return String(cString: digest)
  }
}
