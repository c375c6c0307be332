/// Which community metadata a listener may see without spoilers.
///
/// Characters and recaps carry a chapter gate (1-based logical chapters; 0 is
/// front matter or earlier books in the series):
/// - a character shows once the listener has *reached* `reveal.chapter`:
///   `reveal.chapter <= currentChapter`;
/// - a recap shows once `through.chapter` is *finished*, that is, the
///   listener is past it: `through.chapter < currentChapter`.
///
/// Decisions the API document leaves open, made here:
/// - No progress means the listener is at the start of chapter 1, so
///   characters revealed in chapter 0 or 1 show and only recaps through
///   chapter 0 (earlier books) show. The first chapter's cast is what the
///   opening pages introduce; it is not a spoiler to name them.
/// - A current chapter below 0 is treated as 0 (front matter): only chapter 0
///   characters, and no recaps, since not even chapter 0 is finished.
/// - A finished book shows everything, including entries whose gate is past
///   the last chapter or missing (decoded as `Int.max`, "hidden until the
///   end"): once the book is finished there is nothing left to spoil.
/// - `revealAll` is the listener's explicit "show spoilers" and shows
///   everything whatever the position.
/// - Metadata that is not `matched` shows nothing.
public struct SpoilerGate: Hashable, Sendable {
  /// The 1-based logical chapter the listener is in, never below 0.
  public var currentChapter: Int
  public var isFinished: Bool
  public var revealAll: Bool

  /// `currentChapter` nil means no progress yet: chapter 1.
  public init(currentChapter: Int?, isFinished: Bool = false, revealAll: Bool = false) {
    self.currentChapter = max(0, currentChapter ?? 1)
    self.isFinished = isFinished
    self.revealAll = revealAll
  }

  private var showsEverything: Bool { isFinished || revealAll }

  public func isVisible(_ character: MetaCharacter) -> Bool {
    showsEverything || character.reveal.chapter <= currentChapter
  }

  public func isVisible(_ recap: MetaRecap) -> Bool {
    showsEverything || recap.through.chapter < currentChapter
  }

  /// What the book page may show from `meta`, in the server's order.
  public func apply(to meta: BookMeta) -> GatedMeta {
    guard meta.matched, let work = meta.work else { return GatedMeta() }
    let characters = work.characters.filter(isVisible)
    let recaps = work.recaps.filter(isVisible)
    return GatedMeta(
      characters: characters, recaps: recaps,
      hiddenCharacters: work.characters.count - characters.count,
      hiddenRecaps: work.recaps.count - recaps.count)
  }
}

/// The spoiler-safe part of a book's metadata. The hidden counts let the page
/// say "3 more characters (spoilers)" behind a reveal button.
public struct GatedMeta: Hashable, Sendable {
  public var characters: [MetaCharacter]
  public var recaps: [MetaRecap]
  public var hiddenCharacters: Int
  public var hiddenRecaps: Int

  public init(
    characters: [MetaCharacter] = [], recaps: [MetaRecap] = [], hiddenCharacters: Int = 0,
    hiddenRecaps: Int = 0
  ) {
    self.characters = characters
    self.recaps = recaps
    self.hiddenCharacters = hiddenCharacters
    self.hiddenRecaps = hiddenRecaps
  }
}

/// The "More in this series" rails: each series the work is in, its works in
/// the server's order without the current work, dropping series that leave
/// nothing to show. Empty for unmatched metadata. The current work is
/// recognised by its id; when the service gave no id nothing is excluded,
/// rather than dropping every id-less entry on the rail.
public func moreInSeries(_ meta: BookMeta) -> [MetaSeries] {
  guard meta.matched else { return [] }
  let currentID = meta.work?.id ?? ""
  return meta.series.compactMap { series in
    var rail = series
    if !currentID.isEmpty { rail.works.removeAll { $0.id == currentID } }
    return rail.works.isEmpty ? nil : rail
  }
}
