import HarkCore

/// Chapters of an MP4/M4B file, which GStreamer 1.22 does not expose: the
/// Nero chapter list (`moov/udta/chpl`), else the QuickTime chapter track
/// (a text track named by another track's `tref/chap`). Only the `moov`
/// box and the chapter track's few text samples are read.
enum MP4Chapters {
  static func read(_ file: borrowing FileBytes) -> [LocalChapterMark] {
    guard let moov = movieBox(file) else { return [] }
    return moov.withUnsafeBytes { bytes -> [LocalChapterMark] in
      let reader = BoxReader(bytes: bytes)
      guard let root = reader.box(at: 0) else { return [] }
      let nero = neroChapters(reader, moov: root)
      return nero.isEmpty ? textTrackChapters(reader, moov: root, file: file) : nero
    }
  }

  /// The chapter track's chapters alone (the sample M4B has both kinds;
  /// tests read each).
  static func readTextTrack(_ file: borrowing FileBytes) -> [LocalChapterMark] {
    guard let moov = movieBox(file) else { return [] }
    return moov.withUnsafeBytes { bytes -> [LocalChapterMark] in
      let reader = BoxReader(bytes: bytes)
      guard let root = reader.box(at: 0) else { return [] }
      return textTrackChapters(reader, moov: root, file: file)
    }
  }

  /// The whole `moov` box, header included, found by walking the top-level
  /// box headers (it may come after megabytes of media).
  private static func movieBox(_ file: borrowing FileBytes) -> [UInt8]? {
    var offset: Int64 = 0
    for _ in 0..<1024 {  // top-level boxes are few; a corrupt file must not loop long
      let header = file.read(at: offset, count: 16)
      guard header.count >= 8, let size32 = header.bigEndian(at: 0, size: 4) else { return nil }
      let type = String(decoding: header[4..<8], as: UTF8.self)
      var size = Int64(size32)
      if size32 == 1 {
        guard let wide = header.bigEndian(at: 8, size: 8), wide < UInt64(Int64.max) else { return nil }
        size = Int64(wide)
      } else if size32 == 0 {
        size = file.size - offset
      }
      guard size >= 8 else { return nil }
      if type == "moov" {
        let bytes = file.read(at: offset, count: Int(min(size, Int64(FileBytes.largestRead))))
        return bytes.count >= 8 ? bytes : nil
      }
      offset += size
    }
    return nil
  }

  /// `chpl`: version, flags, (version 1: 4 reserved bytes), a count byte,
  /// then per chapter a start in 100 ns units and a length-prefixed title.
  private static func neroChapters(_ reader: BoxReader, moov: BoxReader.Box) -> [LocalChapterMark] {
    guard let udta = reader.children(of: moov).first(where: { $0.type == "udta" }),
      let chpl = reader.children(of: udta).first(where: { $0.type == "chpl" }),
      let version = reader.uint8(at: chpl.body)
    else { return [] }
    var at = chpl.body + 4 + (version == 1 ? 4 : 0)
    guard let count = reader.uint8(at: at) else { return [] }
    at += 1
    var marks: [LocalChapterMark] = []
    for _ in 0..<count {
      guard let start = reader.uint(at: at, size: 8), let length = reader.uint8(at: at + 8),
        at + 9 + Int(length) <= min(chpl.end, reader.bytes.count)
      else { break }
      let title = String(decoding: reader.bytes[(at + 9)..<(at + 9 + Int(length))], as: UTF8.self)
      marks.append(LocalChapterMark(title: title, start: Double(start) / 10_000_000))
      at += 9 + Int(length)
    }
    return marks
  }

  private static func textTrackChapters(
    _ reader: BoxReader, moov: BoxReader.Box, file: borrowing FileBytes
  ) -> [LocalChapterMark] {
    let tracks = reader.children(of: moov).filter { $0.type == "trak" }
    var chapterIDs: Set<UInt64> = []
    for track in tracks {
      guard let tref = reader.children(of: track).first(where: { $0.type == "tref" }) else { continue }
      for chap in reader.children(of: tref) where chap.type == "chap" {
        var at = chap.body
        while at + 4 <= chap.end, let id = reader.uint(at: at, size: 4) {
          chapterIDs.insert(id)
          at += 4
        }
      }
    }
    guard let track = tracks.first(where: { trackID(reader, $0).map(chapterIDs.contains) ?? false }),
      let samples = TextSamples(reader, track: track)
    else { return [] }
    var marks: [LocalChapterMark] = []
    var time: UInt64 = 0
    for (index, sample) in samples.locations.enumerated() where index < 10_000 {
      let bytes = file.read(at: sample.offset, count: min(sample.size, 4096))
      marks.append(LocalChapterMark(title: textSample(bytes), start: Double(time) / Double(samples.timescale)))
      time += samples.duration(of: index)
    }
    return marks
  }

  private static func trackID(_ reader: BoxReader, _ track: BoxReader.Box) -> UInt64? {
    guard let tkhd = reader.children(of: track).first(where: { $0.type == "tkhd" }),
      let version = reader.uint8(at: tkhd.body)
    else { return nil }
    return reader.uint(at: tkhd.body + 4 + (version == 1 ? 16 : 8), size: 4)
  }

  /// A text sample: a 16-bit length, then the text (UTF-8, or UTF-16 with a BOM).
  private static func textSample(_ bytes: [UInt8]) -> String {
    guard let length = bytes.bigEndian(at: 0, size: 2) else { return "" }
    let text = Array(bytes.dropFirst(2).prefix(Int(length)))
    if text.count >= 2, text[0] == 0xFE, text[1] == 0xFF {
      let units = stride(from: 2, to: text.count - 1, by: 2).map { UInt16(text[$0]) << 8 | UInt16(text[$0 + 1]) }
      return String(decoding: units, as: UTF16.self)
    }
    return String(decoding: text, as: UTF8.self)
  }
}

/// Where a track's samples are (offset and size) and how long each lasts,
/// from its sample table (`stts`, `stsz`, `stsc`, `stco`/`co64`).
private struct TextSamples {
  var timescale: UInt64
  var locations: [(offset: Int64, size: Int)] = []
  private var durations: [(count: UInt64, delta: UInt64)] = []

  init?(_ reader: BoxReader, track: BoxReader.Box) {
    func child(_ box: BoxReader.Box?, _ type: String) -> BoxReader.Box? {
      box.flatMap { reader.children(of: $0).first { $0.type == type } }
    }
    let mdia = child(track, "mdia")
    guard let mdhd = child(mdia, "mdhd"), let version = reader.uint8(at: mdhd.body),
      let timescale = reader.uint(at: mdhd.body + 4 + (version == 1 ? 16 : 8), size: 4), timescale > 0,
      let stbl = child(child(mdia, "minf"), "stbl"), let stts = child(stbl, "stts"),
      let stsz = child(stbl, "stsz"), let stsc = child(stbl, "stsc")
    else { return nil }
    self.timescale = timescale
    let limit = 10_000  // a chapter track has tens of samples; a corrupt count must not allocate millions
    for entry in 0..<min(Int(reader.uint(at: stts.body + 4, size: 4) ?? 0), limit) {
      guard let count = reader.uint(at: stts.body + 8 + entry * 8, size: 4),
        let delta = reader.uint(at: stts.body + 12 + entry * 8, size: 4)
      else { break }
      durations.append((count, delta))
    }
    let fixedSize = reader.uint(at: stsz.body + 4, size: 4) ?? 0
    let sampleCount = min(Int(reader.uint(at: stsz.body + 8, size: 4) ?? 0), limit)
    let sizes = (0..<sampleCount).map { fixedSize > 0 ? Int(fixedSize) : Int(reader.uint(at: stsz.body + 12 + $0 * 4, size: 4) ?? 0) }
    var chunkOffsets: [Int64] = []
    if let stco = child(stbl, "stco") ?? child(stbl, "co64") {
      let width = stco.type == "co64" ? 8 : 4
      for index in 0..<min(Int(reader.uint(at: stco.body + 4, size: 4) ?? 0), limit) {
        guard let offset = reader.uint(at: stco.body + 8 + index * width, size: width) else { break }
        chunkOffsets.append(Int64(clamping: offset))
      }
    }
    // stsc: runs of chunks holding the same number of samples.
    var runs: [(firstChunk: Int, perChunk: Int)] = []
    for entry in 0..<min(Int(reader.uint(at: stsc.body + 4, size: 4) ?? 0), limit) {
      guard let first = reader.uint(at: stsc.body + 8 + entry * 12, size: 4),
        let perChunk = reader.uint(at: stsc.body + 12 + entry * 12, size: 4)
      else { break }
      runs.append((Int(first), Int(perChunk)))
    }
    var sample = 0
    for (chunkIndex, chunkOffset) in chunkOffsets.enumerated() where sample < sampleCount {
      let perChunk = runs.last { $0.firstChunk <= chunkIndex + 1 }?.perChunk ?? 1
      var offset = chunkOffset
      for _ in 0..<max(1, perChunk) where sample < sampleCount {
        locations.append((offset, sizes[sample]))
        offset += Int64(sizes[sample])
        sample += 1
      }
    }
  }

  func duration(of sample: Int) -> UInt64 {
    var remaining = UInt64(sample)
    for run in durations {
      if remaining < run.count { return run.delta }
      remaining -= run.count
    }
    return 0
  }
}
