/// Where an AAC track's own audio lies in what its decoder puts out, in
/// samples: the encoder's priming before `start` and its padding from `end`
/// are to be dropped. Planned from the file's iTunSMPB comment
/// (`ITunSMPBReader`), applied frame by frame (`AACTrimProbe`).
struct AACTrim: Equatable, Sendable {
  /// Samples one AAC (LC) frame decodes to.
  static let frameLength = 1024

  let start: Int
  let end: Int
  /// The track's media time scale, which is its sample rate: qtdemux's
  /// timestamps count samples in it.
  let timescale: Int

  /// What to do with the frame whose first sample is `first`.
  struct FrameCut: Equatable {
    /// Samples the decoder drops from the frame's start and end.
    let dropStart: Int
    let dropEnd: Int
    /// Where what is left begins on the trimmed timeline, and how long it is.
    let outputStart: Int
    let outputLength: Int
  }

  func cut(frameAt first: Int) -> FrameCut {
    let last = first + Self.frameLength
    let kept = (max(first, start), min(last, end))
    // A frame wholly before `start` or after `end` keeps nothing: it still
    // goes to the decoder (the next frame overlaps it), timed where the
    // audio kept around it begins or ends, so no gap opens in the timestamps.
    let keptStart = min(max(first, start), end)
    let keptLength = max(0, kept.1 - kept.0)
    let dropStart = min(Self.frameLength, max(0, start - first))
    return FrameCut(
      dropStart: dropStart, dropEnd: Self.frameLength - dropStart - keptLength,
      outputStart: keptStart - start, outputLength: keptLength)
  }
}
