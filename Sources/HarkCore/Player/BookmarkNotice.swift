import Foundation

/// "Bookmark added at 12:34": each bookmark added from the player, told
/// once. The serial tells two bookmarks at the same place apart.
public struct BookmarkNotice: Equatable, Sendable {
  public var serial: Int
  public var bookPosition: Double

  public init(serial: Int, bookPosition: Double) {
    self.serial = serial
    self.bookPosition = bookPosition
  }
}

/// What the window says of the last bookmark added from the player.
public struct BookmarkNoticeText: Equatable, Sendable {
  public var serial: Int
  public var text: String

  public init(serial: Int, text: String) {
    self.serial = serial
    self.text = text
  }
}

public func selectBookmarkNotice(_ s: AppState) -> BookmarkNoticeText? {
  guard let notice = s.player.bookmarkNotice else { return nil }
  return BookmarkNoticeText(serial: notice.serial, text: trFormat("Bookmark added at %@", formatClock(notice.bookPosition)))
}
