/// What each chapter is called on screen, in one place, so the Player page,
/// the mini-player, the chapter lists, the sleep-timer menu and bookmarks
/// can never name the same chapter differently.
///
/// A chapter's own title wins, cleaned up where it is really a file name
/// (`prettifyChapterTitle`). A chapter without one — the evenly spaced
/// chapters of a long chapterless file (§2.5), or the files of a book without
/// chapter marks — is "Chapter N", as the "Chapter N of M" beside it counts.
/// A book that is one untitled span has nothing to tell apart: its one
/// chapter stays unnamed (the Player page then says "No Chapters").
public func chapterDisplayTitles(_ chapters: [Chapter]) -> [String] {
  chapters.enumerated().map { index, chapter in
    if !trimUnicodeWhitespace(chapter.title).isEmpty { return prettifyChapterTitle(chapter.title) }
    return chapters.count > 1 ? trFormat("Chapter %d", index + 1) : ""
  }
}

/// A row of a chapter list: "3. The Interlude". A title that already says
/// its number ("Chapter 3", "Chapter 3: The Storm") is not numbered twice,
/// so "3. Chapter 3" never shows.
public func chapterListLabel(number: Int, title: String) -> String {
  let own = trFormat("Chapter %d", number)
  if title.hasPrefix(own), title.dropFirst(own.count).first?.isNumber != true { return title }
  return "\(number). \(title)"
}
