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
    let reader = BoxReader(bytes: bytes)
    guard let moov = reader.movieBox() else { return .notHere }
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
}
