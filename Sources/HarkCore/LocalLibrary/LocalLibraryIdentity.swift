/// Recognises a library folder the listener renamed or moved: a folder
/// listed for the first time whose audio files are those a library whose
/// folder is gone had (same paths inside it, same sizes, same modification
/// times: a rename or a move keeps all three, a re-encode or a fresh
/// download does not). Such a folder takes that library's id, so every
/// place, bookmark, note and history entry of its books follows them.
public enum LocalLibraryIdentity {
  /// The share of the larger of the two file sets both must hold: a few
  /// books added or removed with the rename still count as the same
  /// library, a different library sharing a couple of files does not.
  public static let sameLibraryShare = 0.8

  /// The gone folder (of `candidates`, by path) whose audio files `files`
  /// are, or nil. The best match wins; files that are not audio (covers,
  /// notes) are not counted, since the index keeps only audio.
  public static func renamedFrom(files: [LocalFileKey], candidates: [String: Set<LocalFileKey>]) -> String? {
    let audio = Set(files.filter { LocalFileKinds.audio.contains($0.relPath.pathExtensionLowercased) })
    guard !audio.isEmpty else { return nil }
    var best: (root: String, shared: Int)?
    for (root, known) in candidates.sorted(by: { $0.key < $1.key }) {
      let shared = known.intersection(audio).count
      guard Double(shared) >= sameLibraryShare * Double(max(known.count, audio.count)) else { continue }
      if shared > best?.shared ?? 0 { best = (root, shared) }
    }
    return best?.root
  }
}
