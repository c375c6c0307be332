import CGLib
import CGst
import Foundation
import HarkCore

/// Reads one audio file for the scan: duration, tags and embedded-art
/// presence from `GstDiscoverer`, chapters from the container's own bytes.
/// One per scanning thread; `read` blocks for a few milliseconds per file.
final class LocalTrackReader {
  private let discoverer: Discoverer

  /// - Parameter timeoutSeconds: how long one file may take; a stuck
  ///   demuxer then costs the scan this much, not a hang.
  init(timeoutSeconds: UInt = 10) throws(GStreamerRuntime.Unavailable) {
    discoverer = try Discoverer(timeoutSeconds: timeoutSeconds)
  }

  /// The file's facts, or the reason (in the listener's words) it is skipped.
  func read(path: String) -> Result<LocalTrack, LocalScanFailure> {
    let format = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
    var error: UnsafeMutablePointer<GError>?
    let info = gst_discoverer_discover_uri(discoverer.pointer, URL(fileURLWithPath: path).absoluteString, &error)
    defer { if let info { g_object_unref(UnsafeMutableRawPointer(info)) } }
    g_clear_error(&error)
    guard let info, gst_discoverer_info_get_result(info) == GST_DISCOVERER_OK else {
      return .failure(Self.failure(path: path))
    }
    let audioStreams = gst_discoverer_info_get_audio_streams(info)
    defer { gst_discoverer_stream_info_list_free(audioStreams) }
    guard let audioStreams, let first = audioStreams.pointee.data else { return .failure(.notAudio) }
    let stream = OpaquePointer(first)

    let tags = TagValues(gst_discoverer_info_get_tags(info))
    let nanoseconds = gst_discoverer_info_get_duration(info)
    var track = LocalTrack(
      duration: nanoseconds == hark_gst_clock_time_none() ? 0 : Double(nanoseconds) / 1e9,
      format: format, codec: codec(of: stream), title: tags.text(GST_TAG_TITLE),
      album: tags.text(GST_TAG_ALBUM), artist: tags.text(GST_TAG_ARTIST),
      albumArtist: tags.text(GST_TAG_ALBUM_ARTIST), composer: tags.text(GST_TAG_COMPOSER),
      trackNumber: tags.number(GST_TAG_TRACK_NUMBER), discNumber: tags.number(GST_TAG_ALBUM_VOLUME_NUMBER),
      hasEmbeddedCover: tags.hasSample(GST_TAG_IMAGE) || tags.hasSample(GST_TAG_PREVIEW_IMAGE))

    // Vorbis comments GStreamer has no tag for come as "KEY=value".
    let comments = tags.strings(GST_TAG_EXTENDED_COMMENT)
    var named: [String: String] = [:]
    for comment in comments {
      guard let equals = comment.firstIndex(of: "=") else { continue }
      named[comment[..<equals].uppercased()] = String(comment[comment.index(after: equals)...])
    }
    track.narrator = named["NARRATOR"] ?? named["READER"]
    track.series = named["SERIES"] ?? named["MVNM"]
    track.seriesPart = (named["SERIES-PART"] ?? named["SERIES_PART"] ?? named["MVIN"]).flatMap(seriesNumber)
    track.chapters = vorbisCommentChapters(comments)

    // What only the file's own bytes say.
    if let file = FileBytes(path: path) {
      switch format {
      case "m4b", "m4a", "mp4":
        track.chapters = MP4Chapters.read(file)
      case "mp3":
        let frames = ID3Frames(file: file)
        track.chapters = frames.chapters.enumerated().map { index, draft in
          LocalChapterMark(title: draft.title ?? trFormat("Chapter %d", index + 1), start: draft.start, end: draft.end)
        }.sorted { $0.start < $1.start }
        track.narrator = frames.userText["NARRATOR"] ?? track.narrator
        track.series = frames.userText["SERIES"] ?? frames.movementName ?? track.series
        track.seriesPart = (frames.userText["SERIES-PART"] ?? frames.userText["SERIES_PART"] ?? frames.movementNumber)
          .flatMap(seriesNumber) ?? track.seriesPart
      default: break
      }
    }
    return .success(track)
  }

  private static func failure(path: String) -> LocalScanFailure {
    if access(path, F_OK) != 0 { return .vanished }
    if access(path, R_OK) != 0 { return .unreadable }
    return .notAudio
  }

  private func codec(of stream: OpaquePointer) -> String? {
    guard let caps = gst_discoverer_stream_info_get_caps(stream) else { return nil }
    defer { gst_mini_object_unref(UnsafeMutableRawPointer(caps).assumingMemoryBound(to: GstMiniObject.self)) }
    guard let structure = gst_caps_get_structure(caps, 0), let name = gst_structure_get_name(structure) else {
      return nil
    }
    switch String(cString: name) {
    case "audio/mpeg":
      var version: gint = 0
      _ = gst_structure_get_int(structure, "mpegversion", &version)
      return version == 1 ? "mp3" : "aac"
    case "audio/x-opus": return "opus"
    case "audio/x-flac": return "flac"
    case "audio/x-vorbis": return "vorbis"
    case let other: return other.replacingOccurrences(of: "audio/x-", with: "").replacingOccurrences(of: "audio/", with: "")
    }
  }
}

/// Why one file is left out of the library.
enum LocalScanFailure: Error {
  case notAudio, unreadable, vanished, empty

  var reason: String {
    switch self {
    case .notAudio: LocalScanSkip.notAudio
    case .unreadable: LocalScanSkip.unreadableFile
    case .vanished: LocalScanSkip.vanished
    case .empty: LocalScanSkip.emptyFile
    }
  }
}

/// "2", "2.5", "2/10", "#2".
private func seriesNumber(_ text: String) -> Double? {
  let trimmed = text.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "#"))
  return Double(trimmed.split(separator: "/").first.map(String.init) ?? trimmed)
}
