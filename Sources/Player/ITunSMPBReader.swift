/// Reads an AAC file's iTunSMPB comment from its `moov`, in the bytes
/// qtdemux reads, when it is the file's only gapless data.
///
/// iTunes, and files tagged like its own, say the encoder delay and padding
/// in `moov/udta/meta/ilst/----` (mean "com.apple.iTunes", name "iTunSMPB")
/// rather than in an edit list. qtdemux 1.22 drops that comment, so the
/// priming (1024 samples from ffmpeg, 2112 from Apple's encoder) plays as
/// silence before each file's audio and the padding after it. Changing no
/// byte, this only plans the cut (`AACTrim`); `AACTrimProbe` makes it. A
/// track with an edit list is qtdemux's to trim (its edit list wins over
/// the comment), so it is left alone: trimmed once, never twice.
enum ITunSMPBReader: InputPatch {
  static var elementFactory: String { "qtdemux" }
  /// `moov` may come after the media (a file not made for streaming).
  static var onlyAtStart: Bool { false }

  enum Plan: Equatable, Sendable {
    /// No `moov` box starts here.
    case notHere
    /// A `moov` box starts here and ends after these bytes (the comment is
    /// near its end, after the tracks).
    case incomplete
    /// Nothing to trim: no comment, a broken one, one the track contradicts,
    /// an edit list, or not exactly one AAC track.
    case keep
    case trim(AACTrim)
  }

  static func plan(_ bytes: UnsafeRawBufferPointer) -> Plan {
    let reader = BoxReader(bytes: bytes)
    guard let moov = reader.movieBox() else { return .notHere }
    guard moov.end <= bytes.count else { return .incomplete }
    let sound = reader.children(of: moov).filter { $0.type == "trak" && handler(reader, track: $0) == "soun" }
    guard sound.count == 1, let track = AACTrack(reader, sound[0]), let comment = comment(reader, movie: moov)
    else { return .keep }
    // The whole frames the track holds: what its decoder puts out.
    let decoded = track.frames * AACTrim.frameLength
    let end = comment.length > 0 ? comment.delay + comment.length : decoded - comment.padding
    // Priming, audio and padding fill the whole frames, give or take one
    // frame: a comment that says otherwise is not about this track.
    let stated = comment.delay + (end - comment.delay) + comment.padding
    guard comment.delay < decoded, comment.padding < decoded, end > comment.delay, end <= decoded,
      abs(stated - decoded) < AACTrim.frameLength, comment.delay > 0 || end < decoded
    else { return .keep }
    return .trim(AACTrim(start: comment.delay, end: end, timescale: track.timescale))
  }

  static func step(for plan: Plan) -> InputPatchStep {
    switch plan {
    case .notHere: .notHere
    case .incomplete: .incomplete
    case .keep, .trim: .keep
    }
  }

  /// Nothing to write: the plan is reported to `AACTrimProbe`.
  static func apply(_ plan: Plan, to bytes: UnsafeMutableRawBufferPointer) {}

  /// The sound track's fields the cut depends on, if it is AAC without an
  /// edit list and its media time scale is its sample rate (so qtdemux's
  /// timestamps count its samples).
  private struct AACTrack {
    let timescale: Int
    let frames: Int

    init?(_ reader: BoxReader, _ track: BoxReader.Box) {
      guard reader.child("edts", of: track) == nil, let media = reader.child("mdia", of: track),
        let mdhd = reader.child("mdhd", of: media), let version = reader.uint8(at: mdhd.body),
        let timescale = reader.uint(at: mdhd.body + 4 + (version == 1 ? 16 : 8), size: 4), timescale > 0,
        let table = reader.child("minf", of: media).flatMap({ reader.child("stbl", of: $0) }),
        let stsd = reader.child("stsd", of: table), let entry = reader.box(at: stsd.body + 8), entry.type == "mp4a",
        // Reserved, reference index, version, revision, vendor, channels,
        // sample size, compression, packet size: then the rate, 16.16.
        let rate = reader.uint(at: entry.body + 24, size: 2), rate == timescale,
        let stsz = reader.child("stsz", of: table), let frames = reader.uint(at: stsz.body + 8, size: 4), frames > 0
      else { return nil }
      self.timescale = Int(timescale)
      self.frames = Int(frames)
    }
  }

  /// The track's handler type ("soun" for audio).
  private static func handler(_ reader: BoxReader, track: BoxReader.Box) -> String? {
    guard let hdlr = reader.child("mdia", of: track).flatMap({ reader.child("hdlr", of: $0) }),
      let type = reader.text(at: hdlr.body + 8, count: 4)
    else { return nil }
    return type
  }

  /// The movie's iTunSMPB comment, if it has one in the shape iTunes writes.
  private static func comment(_ reader: BoxReader, movie: BoxReader.Box) -> ITunesGaplessComment? {
    guard let meta = reader.child("udta", of: movie).flatMap({ reader.child("meta", of: $0) }) else { return nil }
    // In MP4 files `meta` is a full box (4 bytes of version and flags before
    // its children); in QuickTime files it is not.
    let isFull = reader.uint(at: meta.body, size: 4) == 0
    let items = BoxReader.Box(type: meta.type, body: meta.body + (isFull ? 4 : 0), end: meta.end)
    guard let list = reader.child("ilst", of: items) else { return nil }
    for item in reader.children(of: list) where item.type == "----" {
      var fields: [String: String] = [:]
      for field in reader.children(of: item) {
        // mean and name: version and flags, then text; data: type and locale, then text.
        let skip = field.type == "data" ? 8 : 4
        fields[field.type] = reader.text(at: field.body + skip, count: field.end - field.body - skip)
      }
      if fields["mean"] == "com.apple.iTunes", fields["name"]?.lowercased() == "itunsmpb", let text = fields["data"] {
        return ITunesGaplessComment(text)
      }
    }
    return nil
  }
}
