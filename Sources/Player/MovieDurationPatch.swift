import Glibc

/// Lengthens an MP4's movie duration (`moov/mvhd`) by its edit list's start,
/// in the bytes qtdemux reads, so AAC keeps its last frame.
///
/// AAC files carry their encoder delay as an edit list: play the media from
/// `media_time` (1024 or 2112 priming samples) for the book's exact length.
/// qtdemux 1.22 trims the start right, but it ends the track where a frame's
/// *media* time reaches the *movie* duration (`gst_qtdemux_loop_state_movie`
/// adds the edit's `media_start` to the position it compares with the
/// segment's stop, which is the movie duration). So every frame that starts
/// within `media_time` of the end is never sent — up to 1024 samples per
/// file, heard as a click at every join of a multi-file book. Seeking with a
/// later stop does not help (the stop is clamped to the duration). Adding
/// `media_time` to the movie duration moves that check past the last frame;
/// the edit list itself, which qtdemux applies correctly, still ends the
/// audio at the exact sample. The reported duration grows by the priming
/// (≈ 23–48 ms); the book's timeline does not use it.
enum MovieDurationPatch: InputPatch {
  static var elementFactory: String { "qtdemux" }
  /// `moov` may come after the media (a file not made for streaming).
  static var onlyAtStart: Bool { false }

  /// What to do with a piece of the file qtdemux reads.
  enum Plan: Equatable {
    /// No `moov` box starts here.
    case notHere
    /// A `moov` box starts here but the bytes end before its `mvhd` and its
    /// first track's `mdhd` (qtdemux peeks at a box's first 16 bytes before
    /// it pulls the box; a stream arrives in pieces).
    case incomplete
    /// A `moov` box starts here, and its duration is right as it is (no
    /// edit list, or one from 0).
    case keep
    /// Write `duration` as the big-endian integer of `size` bytes at `offset`.
    case lengthen(offset: Int, size: Int, duration: UInt64)
  }

  /// Looks for the start of a `moov` box with its `mvhd` and, in its
  /// tracks, an edit list starting after 0 (with the track's `mdhd` for the
  /// media time scale). Tracks cut off by the end of `bytes` count once
  /// their `mdhd` is here: the first track's comes in the first few hundred
  /// bytes of `moov`, while a whole track can be megabytes long.
  static func plan(_ bytes: UnsafeRawBufferPointer) -> Plan {
    guard let moov = findMovieBox(in: bytes) else { return .notHere }
    let reader = BoxReader(bytes: bytes)
    var header: (durationAt: Int, isWide: Bool, timescale: UInt64, duration: UInt64)?
    var extra: UInt64 = 0
    var tracksRead = 0
    for child in reader.children(of: moov) {
      switch child.type {
      case "mvhd":
        guard let version = reader.uint8(at: child.body) else { return .incomplete }
        let isWide = version == 1
        // version, flags, creation, modification: then timescale and duration.
        let timescaleAt = child.body + 4 + (isWide ? 16 : 8)
        guard let timescale = reader.uint(at: timescaleAt, size: 4),
          let duration = reader.uint(at: timescaleAt + 4, size: isWide ? 8 : 4)
        else { return .incomplete }
        header = (timescaleAt + 4, isWide, timescale, duration)
      case "trak":
        guard let movie = header, let start = editStart(reader, track: child) else { continue }
        tracksRead += 1
        guard let mediaTime = start.mediaTime, mediaTime > 0 else { continue }
        // Rounded up: a shorter stop would still drop a frame.
        extra = max(extra, (mediaTime * movie.timescale + start.timescale - 1) / start.timescale)
      default: continue
      }
    }
    guard let movie = header, tracksRead > 0 else { return .incomplete }
    guard extra > 0 else { return .keep }
    let lengthened = movie.duration + extra
    guard movie.isWide || lengthened <= UInt64(UInt32.max) else { return .keep }
    return .lengthen(offset: movie.durationAt, size: movie.isWide ? 8 : 4, duration: lengthened)
  }

  static func step(for plan: Plan) -> InputPatchStep {
    switch plan {
    case .notHere: .notHere
    case .incomplete: .incomplete
    case .keep: .keep
    case .lengthen: .patch
    }
  }

  static func apply(_ plan: Plan, to bytes: UnsafeMutableRawBufferPointer) {
    guard case .lengthen(let offset, let size, let duration) = plan, offset + size <= bytes.count else { return }
    var value = duration
    for index in stride(from: size - 1, through: 0, by: -1) {
      bytes[offset + index] = UInt8(value & 0xFF)
      value >>= 8
    }
  }

  /// The track's media time scale (nil until its `mdhd` is here) and its
  /// first edit's media time (nil without an edit list; `edts` comes
  /// before `mdia`).
  private static func editStart(_ reader: BoxReader, track: BoxReader.Box) -> (mediaTime: UInt64?, timescale: UInt64)? {
    var mediaTime: UInt64?
    for child in reader.children(of: track) {
      if child.type == "edts", let elst = reader.children(of: child).first(where: { $0.type == "elst" }) {
        mediaTime = firstMediaTime(reader, elst: elst)
      }
      if child.type == "mdia", let mdhd = reader.children(of: child).first(where: { $0.type == "mdhd" }),
        let version = reader.uint8(at: mdhd.body),
        let timescale = reader.uint(at: mdhd.body + 4 + (version == 1 ? 16 : 8), size: 4), timescale > 0
      {
        return (mediaTime, timescale)
      }
    }
    return nil
  }

  /// The media time of the first edit that is not an empty one (−1).
  private static func firstMediaTime(_ reader: BoxReader, elst: BoxReader.Box) -> UInt64? {
    guard let version = reader.uint8(at: elst.body), let count = reader.uint(at: elst.body + 4, size: 4) else { return nil }
    let fieldSize = version == 1 ? 8 : 4
    var at = elst.body + 8
    for _ in 0..<min(count, 16) {
      guard let raw = reader.uint(at: at + fieldSize, size: fieldSize) else { return nil }
      let isEmptyEdit = raw == (fieldSize == 8 ? UInt64.max : UInt64(UInt32.max))
      if !isEmptyEdit { return raw }
      at += 2 * fieldSize + 4  // duration, media time, rate
    }
    return nil
  }

  /// Where a `moov` box starts: at the start of the bytes (qtdemux pulls
  /// the box whole from a file), or anywhere in a streamed piece.
  private static func findMovieBox(in bytes: UnsafeRawBufferPointer) -> BoxReader.Box? {
    guard let base = bytes.baseAddress else { return nil }
    let reader = BoxReader(bytes: bytes)
    var from = 4  // the type follows a 4-byte size
    while from + 12 <= bytes.count {
      guard let hit = memchr(base + from, 0x6D, bytes.count - from) else { return nil }  // "m"
      let at = base.distance(to: UnsafeRawPointer(hit))
      if at + 4 <= bytes.count, bytes[at + 1] == 0x6F, bytes[at + 2] == 0x6F, bytes[at + 3] == 0x76,  // "oov"
        let box = reader.box(at: at - 4), box.type == "moov", reader.children(of: box).first?.type == "mvhd"
      {
        return box
      }
      from = at + 1
    }
    return nil
  }
}

/// ISO base media boxes in a byte range that may end before they do.
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
}
