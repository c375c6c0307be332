/// What Hark reads itself from an MP3's ID3v2 tag, because GStreamer 1.22
/// leaves it out: CHAP frames (chapters, with their TIT2 titles) and TXXX
/// frames (SERIES, SERIES-PART, NARRATOR as audiobook taggers write them).
struct ID3Frames {
  var chapters: [LocalChapterMarkDraft] = []
  /// TXXX values by uppercased description.
  var userText: [String: String] = [:]
  /// MVNM/MVIN: iTunes' movement name and number, which some taggers use
  /// for the series.
  var movementName: String?
  var movementNumber: String?

  /// Reads the tag at the start of `file`; empty when there is none or it
  /// is of a version without chapters (2.2).
  init(file: borrowing FileBytes) {
    let header = file.read(at: 0, count: 10)
    guard header.count == 10, header[0] == 0x49, header[1] == 0x44, header[2] == 0x33,  // "ID3"
      header[3] == 3 || header[3] == 4, let size = header.syncsafe(at: 6), size > 0
    else { return }
    let version = header[3]
    let flags = header[5]
    var body = file.read(at: 10, count: size)
    // Version 3 unsynchronises the whole tag (FF 00 stands for FF).
    if version == 3, flags & 0x80 != 0 { body = resynchronised(body) }
    var at = 0
    if flags & 0x40 != 0 {  // extended header
      let length = version == 4 ? body.syncsafe(at: 0) : body.bigEndian(at: 0, size: 4).map { Int($0) + 4 }
      at = length ?? body.count
    }
    parse(body, from: at, version: version, inside: nil)
  }

  private mutating func parse(_ bytes: [UInt8], from start: Int, version: UInt8, inside chapter: Int?) {
    var at = start
    while at + 10 <= bytes.count, bytes[at] != 0 {
      let id = String(decoding: bytes[at..<(at + 4)], as: UTF8.self)
      guard let size = version == 4 ? bytes.syncsafe(at: at + 4) : bytes.bigEndian(at: at + 4, size: 4).map(Int.init),
        size >= 0, at + 10 + size <= bytes.count
      else { return }
      let format = bytes[at + 9]
      var data = Array(bytes[(at + 10)..<(at + 10 + size)])
      at += 10 + size
      if version == 4 {
        if format & 0x0C != 0 { continue }  // compressed or encrypted: not worth it
        if format & 0x02 != 0 { data = resynchronised(data) }
        if format & 0x01 != 0 { data = Array(data.dropFirst(4)) }  // data length indicator
      } else if format & 0xC0 != 0 {
        continue
      }
      read(id, data, version: version, inside: chapter)
    }
  }

  private mutating func read(_ id: String, _ data: [UInt8], version: UInt8, inside chapter: Int?) {
    switch id {
    case "CHAP" where chapter == nil:
      guard let idEnd = data.firstIndex(of: 0), let start = data.bigEndian(at: idEnd + 1, size: 4),
        let end = data.bigEndian(at: idEnd + 5, size: 4)
      else { return }
      chapters.append(
        LocalChapterMarkDraft(
          start: Double(start) / 1000, end: end == 0xFFFF_FFFF || end <= start ? nil : Double(end) / 1000))
      parse(data, from: idEnd + 17, version: version, inside: chapters.count - 1)
    case "TIT2":
      if let chapter { chapters[chapter].title = id3Text(data).first }
    case "TXXX" where chapter == nil:
      let parts = id3Text(data)
      if parts.count >= 2 { userText[parts[0].uppercased()] = parts[1] }
    case "MVNM" where chapter == nil: movementName = id3Text(data).first
    case "MVIN" where chapter == nil: movementNumber = id3Text(data).first
    default: return
    }
  }
}

/// A chapter as a CHAP frame gives it; the title comes from a subframe.
struct LocalChapterMarkDraft {
  var start: Double
  var end: Double?
  var title: String?
}

/// FF 00 -> FF.
private func resynchronised(_ bytes: [UInt8]) -> [UInt8] {
  var out: [UInt8] = []
  out.reserveCapacity(bytes.count)
  var previous: UInt8 = 0
  for byte in bytes {
    if !(previous == 0xFF && byte == 0x00) { out.append(byte) }
    previous = byte
  }
  return out
}

/// The strings of a text frame (an encoding byte, then strings separated by
/// the encoding's terminator), trailing empty ones dropped.
func id3Text(_ data: [UInt8]) -> [String] {
  guard let encoding = data.first else { return [] }
  let body = Array(data.dropFirst())
  var strings: [String] = []
  switch encoding {
  case 1, 2:
    var units: [UInt16] = []
    var index = 0
    var bigEndian = encoding == 2
    var atStart = true
    func flush() {
      strings.append(String(decoding: units, as: UTF16.self))
      units = []
      atStart = true
    }
    while index + 1 < body.count {
      let first = body[index]
      let second = body[index + 1]
      index += 2
      if atStart, encoding == 1, (first, second) == (0xFF, 0xFE) || (first, second) == (0xFE, 0xFF) {
        bigEndian = first == 0xFE
        atStart = false
        continue
      }
      atStart = false
      let unit = bigEndian ? UInt16(first) << 8 | UInt16(second) : UInt16(second) << 8 | UInt16(first)
      if unit == 0 { flush() } else { units.append(unit) }
    }
    if !units.isEmpty { flush() }
  default:
    for piece in body.split(separator: 0, omittingEmptySubsequences: false) {
      strings.append(
        encoding == 0 ? String(piece.map { Character(Unicode.Scalar($0)) }) : String(decoding: piece, as: UTF8.self))
    }
  }
  while strings.last?.isEmpty == true { strings.removeLast() }
  return strings
}
