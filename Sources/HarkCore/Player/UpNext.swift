import Foundation

/// The end of a book: the session marked it finished; the Player page
/// offers the next book in its folder (REFERENCE-BEHAVIOR's next-sibling
/// rule, `findNextSibling`) and, with "Play the Next Book" on, starts it
/// after a countdown the listener can cancel.
public struct UpNext: Equatable, Sendable {
  /// The book that ended.
  public var finished: LibraryPath
  /// Seconds until the next book starts by itself; nil when there is no
  /// countdown (the setting is off, or the listener cancelled it).
  public var secondsLeft: Int?

  /// How long the countdown runs.
  public static let countdown = 15
}

/// What the Player page's Up Next card shows.
public struct UpNextCard: Equatable, Sendable {
  public var next: LibraryPath
  public var title: String
  public var subtitle: String
  /// "Starts in 12s" (written as the card's "8s" and the page's "1m left" are);
  /// empty without a countdown.
  public var countdownText: String

  public init(next: LibraryPath, title: String, subtitle: String, countdownText: String) {
    self.next = next
    self.title = title
    self.subtitle = subtitle
    self.countdownText = countdownText
  }
}

/// The card, once the finished book's folder is known and a book follows
/// it there; nil otherwise (no card rather than an empty one).
public func selectUpNextCard(_ s: AppState) -> UpNextCard? {
  guard let upNext = s.player.upNext, let next = nextBook(s, after: upNext.finished) else { return nil }
  return UpNextCard(
    next: next.path, title: next.row.title, subtitle: next.row.subtitle,
    countdownText: upNext.secondsLeft.map { trFormat("Starts in %ds", $0) } ?? "")
}

extension TimerID {
  /// The Up Next countdown's one-second tick.
  static let upNextTick = TimerID("player.upNextTick")
}

/// A book just ended: show what comes next (loading its folder when it is
/// not known yet) and start the countdown when the listener wants that.
func beginUpNext(_ state: inout AppState, finished: LibraryPath) -> [Effect] {
  let countdown = state.settings.playNextBook
  state.player.upNext = UpNext(finished: finished, secondsLeft: countdown ? UpNext.countdown : nil)
  let parent = finished.at(parentPath(finished.path))
  var effects = needsLoading(state.library.folders[parent]) ? loadFolder(&state, parent) : []
  if countdown { effects.append(.startTimer(.upNextTick, after: .seconds(1), repeating: true)) }
  return effects
}

/// The countdown's tick: at 0 the next book plays (from where the listener
/// left it, if they had started it). No next book by then: nothing plays.
func upNextTicked(_ state: inout AppState, now: Date) -> [Effect] {
  guard var upNext = state.player.upNext, let left = upNext.secondsLeft else { return [.cancelTimer(.upNextTick)] }
  guard left <= 1 else {
    upNext.secondsLeft = left - 1
    state.player.upNext = upNext
    return []
  }
  return playUpNext(&state, now: now)
}

/// The card's Play button, or the countdown's end.
func playUpNext(_ state: inout AppState, now: Date) -> [Effect] {
  guard let upNext = state.player.upNext else { return [] }
  let next = nextBook(state, after: upNext.finished)?.path
  let effects = endUpNext(&state)
  guard let next else { return effects }
  return effects + reducePlayer(&state, .playRequested(next, .resume, at: now))
}

/// The card's Cancel: the countdown stops, the card stays with its Play button.
func cancelUpNextCountdown(_ state: inout AppState) -> [Effect] {
  guard state.player.upNext?.secondsLeft != nil else { return [] }
  state.player.upNext?.secondsLeft = nil
  return [.cancelTimer(.upNextTick)]
}

/// Another book is starting (or this one again): no card, no countdown.
func endUpNext(_ state: inout AppState) -> [Effect] {
  guard let upNext = state.player.upNext else { return [] }
  state.player.upNext = nil
  return upNext.secondsLeft != nil ? [.cancelTimer(.upNextTick)] : []
}

private func nextBook(_ s: AppState, after finished: LibraryPath) -> (path: LibraryPath, row: FolderRow)? {
  nextInFolder(s, after: finished).map { ($0.target, $0) }
}

/// The book after `book` in its folder (`findNextSibling`'s rule), as the
/// folder lists it; nil when the folder is not loaded or `book` is its last.
/// Up Next plays it; the Book page shows it.
func nextInFolder(_ s: AppState, after book: LibraryPath) -> FolderRow? {
  let parent = book.at(parentPath(book.path))
  guard case .loaded(let entries)? = s.library.folders[parent],
    let next = findNextSibling(entries: entries, currentPath: book.path)
  else { return nil }
  return listedRow(s, book.at(next.path))
}
