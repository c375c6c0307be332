import Glibc

/// Reads pieces of a file by offset, never the whole file: a header parser
/// asks for the bytes it needs and gets fewer at the end of the file.
struct FileBytes: ~Copyable {
  private let descriptor: Int32
  let size: Int64

  /// Nil when the file cannot be opened for reading.
  init?(path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      close(descriptor)
      return nil
    }
    self.descriptor = descriptor
    size = Int64(status.st_size)
  }

  deinit { close(descriptor) }

  /// Up to `count` bytes from `offset` (fewer at the end of the file, none
  /// on a read error). `count` is capped so a corrupt length cannot make
  /// Hark allocate gigabytes.
  func read(at offset: Int64, count: Int) -> [UInt8] {
    guard offset >= 0, offset < size, count > 0 else { return [] }
    let wanted = Int(min(Int64(min(count, Self.largestRead)), size - offset))
    var bytes = [UInt8](repeating: 0, count: wanted)
    var filled = 0
    while filled < wanted {
      let got = bytes.withUnsafeMutableBytes { buffer in
        pread(descriptor, buffer.baseAddress! + filled, wanted - filled, off_t(offset) + off_t(filled))
      }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { break }
      filled += got
    }
    return filled == wanted ? bytes : Array(bytes.prefix(filled))
  }

  /// The most one read returns: a `moov` box or ID3 tag larger than this is
  /// read in part (chapters come early in both).
  static let largestRead = 64 << 20
}

/// Big-endian and text helpers over a byte array.
extension Array where Element == UInt8 {
  func bigEndian(at offset: Int, size: Int) -> UInt64? {
    guard offset >= 0, size > 0, offset + size <= count else { return nil }
    return self[offset..<(offset + size)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
  }

  /// ID3v2's 28-bit "syncsafe" integers: 7 bits per byte.
  func syncsafe(at offset: Int) -> Int? {
    guard offset >= 0, offset + 4 <= count else { return nil }
    return self[offset..<(offset + 4)].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
  }
}
