/// The gapless data iTunes (and taggers copying it) writes into an AAC
/// file's `----:com.apple.iTunes:iTunSMPB` comment: text of hexadecimal
/// fields, " 00000000 00000840 000001CA 00000000003F1D76 …", where the
/// second is the encoder delay (priming samples), the third the padding
/// after the audio, and the fourth the original sample count.
struct ITunesGaplessComment: Equatable {
  let delay: Int
  let padding: Int
  /// Samples of the original audio; 0 when the writer left it out.
  let length: Int

  /// nil unless the text is that shape: every field hexadecimal, 8 digits
  /// at most for the delay and padding and 16 for the length. A field
  /// longer than that or a value past what any file holds is a broken tag,
  /// not a number to trust.
  init?(_ text: String) {
    guard text.utf8.count <= 512 else { return nil }
    let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\0" })
    guard fields.count >= 4, fields.allSatisfy({ $0.allSatisfy(\.isHexDigit) }),
      fields[1].count <= 8, fields[2].count <= 8, fields[3].count <= 16,
      let delay = Int(fields[1], radix: 16), let padding = Int(fields[2], radix: 16),
      let length = UInt64(fields[3], radix: 16), length < 1 << 40
    else { return nil }
    self.delay = delay
    self.padding = padding
    self.length = Int(length)
  }
}
