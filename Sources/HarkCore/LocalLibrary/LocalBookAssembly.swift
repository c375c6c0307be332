import Foundation

extension LocalBookPlan {
  /// The book as Hark's models carry every other book, so queues, timelines
  /// and pages need nothing new for it. Files with no `tracks` entry (ones
  /// the scan skipped) are left out; nil when none is left.
  ///
  /// - Parameters:
  ///   - tracks: what was read from each audio file, by `relPath`.
  ///   - cueSheets: the text of this book's cue sheets, by `relPath`; a
  ///     sheet's chapters win over the container's for the files it names.
  public func book(
    libraryID: Int, tracks: [String: LocalTrack], cueSheets: [String: String] = [:]
  ) -> Book? {
    let present = files.compactMap { file in tracks[file.relPath].map { (file, $0) } }
    guard !present.isEmpty else { return nil }
    let cueMarks = chaptersFromCueSheets(cueSheets, files: present.map(\.0.relPath))
    let bookFiles = present.enumerated().map { seq, item in
      BookFile(
        relPath: item.0.relPath, seq: seq, duration: item.1.duration, format: item.1.format,
        size: item.0.size)
    }
    let duration = present.reduce(0) { $0 + max(0, $1.1.duration) }
    var chapters: [Chapter] = []
    for (index, (file, track)) in present.enumerated() {
      let marks = cueMarks[file.relPath] ?? track.chapters
      if marks.isEmpty {
        let title = present.count > 1 ? (nonEmpty(track.title) ?? fileTitle(file.relPath)) : tagOrNames.title(present)
        chapters.append(
          Chapter(index: 0, title: title, fileIndex: index, filePath: file.relPath, start: 0, end: track.duration))
        continue
      }
      for (number, mark) in marks.enumerated() {
        let next = number + 1 < marks.count ? marks[number + 1].start : track.duration
        chapters.append(
          Chapter(
            index: 0, title: mark.title, fileIndex: index, filePath: file.relPath, start: mark.start,
            end: mark.end ?? next))
      }
    }
    chapters = chaptersInPlayOrder(chapters, files: bookFiles, bookDuration: duration)
    var offsets: [String: Double] = [:]
    var sum = 0.0
    for file in bookFiles {
      offsets[file.relPath] = sum
      sum += max(0, file.duration)
    }
    for index in chapters.indices {
      chapters[index].index = index
      chapters[index].bookOffset = (offsets[chapters[index].filePath] ?? 0) + chapters[index].start
    }
    let first = present.map(\.1)
    let formats = Set(first.map(\.format))
    let newest = present.map(\.0.modified).max() ?? 0
    return Book(
      libraryID: libraryID, relPath: relPath, isFolder: isFolder,
      title: tagOrNames.title(present),
      author: first.lazy.compactMap { nonEmpty($0.albumArtist) ?? nonEmpty($0.artist) }.first ?? names.author,
      series: first.lazy.compactMap { nonEmpty($0.series) }.first ?? names.series,
      seriesIndex: first.lazy.compactMap(\.seriesPart).first ?? names.seriesIndex,
      narrator: first.lazy.compactMap { nonEmpty($0.narrator) ?? nonEmpty($0.composer) }.first ?? "",
      duration: duration, format: formats.count == 1 ? first[0].format : formats.sorted().joined(separator: ", "),
      codec: first.lazy.compactMap(\.codec).first,
      size: present.reduce(0) { $0 + $1.0.size },
      addedAt: Timestamp(Date(timeIntervalSince1970: newest)),
      files: bookFiles, chapters: chapters, directPlayable: true, multiFile: present.count > 1)
  }

  private var tagOrNames: TitleChoice { TitleChoice(names: names) }

  /// A cue sheet's FILE names the audio file by name, often with another
  /// extension; a sheet of one FILE beside a book of one file is that file.
  private func chaptersFromCueSheets(_ sheets: [String: String], files: [String]) -> [String: [LocalChapterMark]] {
    var marks: [String: [LocalChapterMark]] = [:]
    for path in cueSheets {
      guard let text = sheets[path] else { continue }
      let sheet = CueSheet(parsing: text)
      for entry in sheet.files where !entry.chapters.isEmpty {
        let name = entry.name.replacingOccurrences(of: "\\", with: "/").pathName.lowercased()
        let stem = name.pathStem
        let match = files.first { $0.pathName.lowercased() == name }
          ?? files.first { $0.pathStem.lowercased() == stem }
          ?? (sheet.files.count == 1 && files.count == 1 ? files[0] : nil)
        if let match { marks[match] = entry.chapters }
      }
    }
    return marks
  }
}

/// The book's title: the album tag, else a lone file's title tag, else the
/// folder or file name.
private struct TitleChoice {
  let names: LocalBookNames
  func title(_ present: [(LocalFileKey, LocalTrack)]) -> String {
    if let album = present.lazy.compactMap({ nonEmpty($0.1.album) }).first { return album }
    if present.count == 1, let title = nonEmpty(present[0].1.title) { return title }
    return names.title
  }
}

private func nonEmpty(_ text: String?) -> String? {
  guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
  return text
}

/// A file's name as a chapter title: no extension, underscores as spaces.
private func fileTitle(_ path: String) -> String {
  path.pathStem.replacingOccurrences(of: "_", with: " ")
}
