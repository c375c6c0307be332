/// Lets GStreamer 1.22's MP3 parser trim an MP3's encoder delay and end
/// padding whichever encoder wrote its LAME-format tag.
///
/// Gapless MP3 rests on the "Info" (or "Xing") frame at the start of the
/// file and the LAME-format tag after its fields: the encoder delay (the
/// priming samples) and the padding added at the end. ffmpeg's libmp3lame,
/// which makes most audiobook MP3s today (splitters, m4b tools, server
/// transcoders), writes the same tag under its own name ("Lavc59.37")
/// where the lame command writes "LAME3.100". mpegaudioparse 1.22 reads the
/// delay and padding only when the name starts with "LAME", so ffmpeg's
/// files play their priming and padding as silence: 30–50 ms at every file
/// boundary of a book. This reads the tag where mpegaudioparse reads it
/// and, when it is a well-formed LAME-format tag with samples to trim,
/// writes "LAME" over the first four characters of its name in the bytes
/// the parser reads. The parser then trims exactly as it does for LAME's
/// own files (delay + its decoder's 529 at the start, padding at the end)
/// and reports the trimmed duration. Nothing else reads the name, and the
/// parser does not check the tag's CRC.
enum LAMETagPatch: InputPatch {
  static var elementFactory: String { "mpegaudioparse" }
  /// The tag is in the first frame.
  static var onlyAtStart: Bool { true }

  enum Plan: Equatable {
    /// No MPEG audio frame starts in these bytes.
    case notHere
    /// The first frame starts here but ends after the bytes do.
    case incomplete
    /// The first frame carries no gapless data, or LAME's own tag.
    case keep
    /// Write "LAME" over the four bytes at `offset`: the tag's name.
    case relabel(offset: Int)
  }

  static let lameName: [UInt8] = Array("LAME".utf8)

  static func plan(_ bytes: UnsafeRawBufferPointer) -> Plan {
    guard let (start, frame) = firstFrame(in: bytes) else { return .notHere }
    guard start + frame.length <= bytes.count else { return .incomplete }
    let reader = BytesReader(bytes: bytes, limit: start + frame.length)
    // Where mpegaudioparse looks: after the header and the side
    // information (it does not skip a CRC, and neither do encoders).
    let xing = start + 4 + frame.sideInformationSize
    guard let marker = reader.ascii(at: xing, count: 4), marker == "Xing" || marker == "Info",
      let flags = reader.uint32(at: xing + 4)
    else { return .keep }
    guard flags & 1 != 0, let frames = reader.uint32(at: xing + 8), frames > 0 else { return .keep }
    // Frames, bytes, table of contents, quality: whichever the flags say.
    let fieldSizes = [(UInt32(1), 4), (2, 4), (4, 100), (8, 4)]
    let tag = xing + 8 + fieldSizes.reduce(0) { flags & $1.0 != 0 ? $0 + $1.1 : $0 }
    guard let name = reader.bytes(at: tag, count: 9), let trim = reader.uint24(at: tag + 21) else { return .keep }
    guard Array(name.prefix(4)) != lameName, isEncoderName(name) else { return .keep }
    let delay = Int(trim >> 12)
    let padding = Int(trim & 0xFFF)
    guard delay + padding > 0, delay + padding < Int(frames) * frame.samplesPerFrame else { return .keep }
    return .relabel(offset: tag)
  }

  static func step(for plan: Plan) -> InputPatchStep {
    switch plan {
    case .notHere: .notHere
    case .incomplete: .incomplete
    case .keep: .keep
    case .relabel: .patch
    }
  }

  static func apply(_ plan: Plan, to bytes: UnsafeMutableRawBufferPointer) {
    guard case .relabel(let offset) = plan, offset >= 0, offset + lameName.count <= bytes.count else { return }
    for (index, byte) in lameName.enumerated() { bytes[offset + index] = byte }
  }

  /// Four letters or digits ("Lavc", "Lavf", "GOGO"...), then a version in
  /// printable ASCII or NUL padding: what encoders write. Audio data where
  /// a tag would be almost never looks like this.
  private static func isEncoderName(_ name: [UInt8]) -> Bool {
    func isAlphanumeric(_ byte: UInt8) -> Bool {
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
    return name.prefix(4).allSatisfy(isAlphanumeric) && name.dropFirst(4).allSatisfy { $0 == 0 || (0x20...0x7E).contains($0) }
  }

  /// The first MPEG-1, -2 or -2.5 Layer III frame header in the bytes.
  private static func firstFrame(in bytes: UnsafeRawBufferPointer) -> (Int, FrameHeader)? {
    var at = 0
    while at + 4 <= bytes.count {
      if bytes[at] == 0xFF, let header = FrameHeader(bytes[at + 1], bytes[at + 2], bytes[at + 3]) {
        return (at, header)
      }
      at += 1
    }
    return nil
  }
}

/// The fields of an MPEG audio Layer III frame header that locate its Info
/// tag and size it.
struct FrameHeader {
  let isMPEG1: Bool
  let isMono: Bool
  /// The whole frame, header included.
  let length: Int

  var samplesPerFrame: Int { isMPEG1 ? 1152 : 576 }
  var sideInformationSize: Int { isMPEG1 ? (isMono ? 17 : 32) : (isMono ? 9 : 17) }

  /// nil unless the three bytes after a 0xFF make a valid Layer III header.
  init?(_ b1: UInt8, _ b2: UInt8, _ b3: UInt8) {
    let version = (b1 >> 3) & 3  // 0: MPEG-2.5, 1: reserved, 2: MPEG-2, 3: MPEG-1
    let layer = (b1 >> 1) & 3  // 1: Layer III
    let bitrateIndex = Int(b2 >> 4)
    let rateIndex = Int((b2 >> 2) & 3)
    guard b1 & 0xE0 == 0xE0, version != 1, layer == 1, (1...14).contains(bitrateIndex), rateIndex != 3 else {
      return nil
    }
    isMPEG1 = version == 3
    isMono = b3 >> 6 == 3
    let kilobits =
      isMPEG1
      ? [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320][bitrateIndex - 1]
      : [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160][bitrateIndex - 1]
    let baseRate = [44100, 48000, 32000][rateIndex]
    let rate = version == 3 ? baseRate : version == 2 ? baseRate / 2 : baseRate / 4
    let padding = Int((b2 >> 1) & 1)
    length = (isMPEG1 ? 144 : 72) * kilobits * 1000 / rate + padding
  }
}

/// Big-endian reads from bytes that may end early, never past `limit`.
private struct BytesReader {
  let bytes: UnsafeRawBufferPointer
  let limit: Int

  func bytes(at offset: Int, count: Int) -> [UInt8]? {
    guard offset >= 0, offset + count <= min(limit, bytes.count) else { return nil }
    return Array(bytes[offset..<(offset + count)])
  }

  func ascii(at offset: Int, count: Int) -> String? {
    bytes(at: offset, count: count).map { String(decoding: $0, as: UTF8.self) }
  }

  func uint32(at offset: Int) -> UInt32? {
    bytes(at: offset, count: 4).map { $0.reduce(0) { $0 << 8 | UInt32($1) } }
  }

  func uint24(at offset: Int) -> UInt32? {
    bytes(at: offset, count: 3).map { $0.reduce(0) { $0 << 8 | UInt32($1) } }
  }
}
