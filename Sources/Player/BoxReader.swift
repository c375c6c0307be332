import Glibc

/// ISO base media boxes (MP4, M4A, M4B) in a byte range that may end
/// before they do.
struct BoxReader {
  struct Box {
    let type: String
    /// Where the box's content starts, and where the box ends (possibly
    /// past the bytes at hand).
    let body: Int
    let end: Int
  }

  let bytes: UnsafeRawBufferPointer

  func uint8(at offset: Int) -> UInt8? { offset >= 0 && offset < bytes.count ? bytes[offset] : nil }

  /// A big-endian unsigned integer of `size` bytes, if all of it is here.
  func uint(at offset: Int, size: Int) -> UInt64? {
    guard offset >= 0, offset + size <= bytes.count else { return nil }
    return (0..<size).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[offset + $1]) }
  }

  func box(at offset: Int) -> Box? {
    guard let size32 = uint(at: offset, size: 4), offset + 8 <= bytes.count else { return nil }
    let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
    var header = 8
    var size = size32
    if size32 == 1 {
      guard let wide = uint(at: offset + 8, size: 8) else { return nil }
      size = wide
      header = 16
    }
    guard size >= UInt64(header), size < UInt64(Int.max / 2) else { return nil }
    return Box(type: type, body: offset + header, end: offset + Int(size))
  }

  /// The boxes inside `parent` whose headers are here.
  func children(of parent: Box) -> [Box] {
    var boxes: [Box] = []
    var at = parent.body
    while at < parent.end, let box = box(at: at), box.end <= parent.end {
      boxes.append(box)
      at = box.end
    }
    return boxes
  }

  /// Where a `moov` box starts: at the start of the bytes (qtdemux pulls
  /// the box whole from a file), or anywhere in a streamed piece.
  func movieBox() -> Box? {
    guard let base = bytes.baseAddress else { return nil }
    var from = 4  // the type follows a 4-byte size
    while from + 12 <= bytes.count {
      guard let hit = memchr(base + from, 0x6D, bytes.count - from) else { return nil }  // "m"
      let at = base.distance(to: UnsafeRawPointer(hit))
      if at + 4 <= bytes.count, bytes[at + 1] == 0x6F, bytes[at + 2] == 0x6F, bytes[at + 3] == 0x76,  // "oov"
        let box = box(at: at - 4), box.type == "moov", children(of: box).first?.type == "mvhd"
      {
        return box
      }
      from = at + 1
    }
    return nil
  }

  /// The first box of `type` inside `parent`.
  func child(_ type: String, of parent: Box) -> Box? {
    children(of: parent).first { $0.type == type }
  }
}

extension BoxReader {
  /// `count` bytes as UTF-8 text, if all of them are here (at most 4 KiB:
  /// the short strings boxes carry).
  func text(at offset: Int, count: Int) -> String? {
    guard offset >= 0, count >= 0, count <= 4096, offset + count <= bytes.count else { return nil }
    return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
  }
}
