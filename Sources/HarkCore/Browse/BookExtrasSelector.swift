import Foundation

/// A bookmark or a note as the Book page lists it.
public struct AnnotationRow: Equatable, Sendable, Identifiable {
  public var id: Int
  /// Bookmark: "Chapter 3 · 12:04". Note: empty; the view names it from
  /// `markdown`.
  public var title: String
  /// Bookmark: its note. Note: when it was written.
  public var detail: String
  /// Notes only: the body as the listener wrote it (Markdown). The view
  /// renders it, since the Markdown parser is a C library the core leaves out.
  public var markdown: String?
  /// Where a bookmark points, whole-book seconds.
  public var position: Double?
}

/// One listening session.
public struct HistoryRow: Equatable, Sendable, Identifiable {
  public var id: Int
  /// "Chapter 3 – Chapter 4", or "Chapter 3" for a span inside one.
  public var title: String
  /// "12:00 → 34:00 · 2 days ago"
  public var detail: String
}

/// The spoiler-safe community metadata.
public struct MetaView: Equatable, Sendable {
  public struct Character: Equatable, Sendable {
    public var name: String
    public var role: String
    public var description: String
  }

  public struct Recap: Equatable, Sendable {
    public var title: String
    public var text: String
  }

  public struct SeriesWork: Equatable, Sendable {
    public var title: String
    public var position: String
  }

  public struct Series: Equatable, Sendable {
    public var name: String
    public var works: [SeriesWork]
  }

  public var description: String
  public var facts: [BookFact]
  public var characters: [Character]
  public var recaps: [Recap]
  /// Characters and recaps held back as spoilers.
  public var hidden: Int
  public var revealsSpoilers: Bool
  public var series: [Series]
}

/// The listener's side of the Book page.
public struct BookExtrasView: Equatable, Sendable {
  /// "Resume at Chapter 3 · 12:04 · 2h 3m left", "Not started", "Finished",
  /// or why the place is unknown.
  public var resume: String
  /// "Resume" with a place to go back to, else "Play".
  public var playLabel: String
  public var isFinished: Bool
  public var isFavourite: Bool
  /// Index into the chapters of the one the listener is in.
  public var currentChapter: Int?
  public var bookmarks: Loadable<[AnnotationRow]>
  public var notes: Loadable<[AnnotationRow]>
  public var history: Loadable<[HistoryRow]>
  public var meta: MetaView?
  public var error: String?
  /// "Library · path" for every other copy the server found.
  public var otherCopies: [String]
}

func bookExtrasView(
  _ s: AppState, _ target: LibraryPath, _ book: Book, places: ChapterPlaces, now: Date
) -> BookExtrasView {
  let extras = s.library.extras[target] ?? BookExtras()
  var resumeText = tr("Checking your place…")
  var finished = false
  var position: Double?
  switch livePlace(s, target) ?? extras.resume {
  case nil:
    break
  case .empty?:
    resumeText = tr("Not started")
  case .failed?:
    resumeText = tr("Hark could not check your place in this book.")
  case .progress(let record)?:
    finished = record.finished
    position = record.position
    if finished {
      resumeText = tr("Finished")
    } else {
      let duration = book.duration > 0 ? book.duration : record.duration
      let speed = record.playbackSpeed > 0 ? record.playbackSpeed : 1
      let left = formatDuration(max(0, duration - record.position) / speed)
      // "Resume at" beside a Pause button would say the book is not playing.
      let place = places.label(at: record.position)
      let at = isPlaying(s, target) ? trFormat("Now at %@", place) : trFormat("Resume at %@", place)
      resumeText = [at, left.isEmpty ? "" : trFormat("%@ left", left)]
        .filter { !$0.isEmpty }.joined(separator: " · ")
    }
  }
  let favourite = s.library.favourites[target.serverID]?
    .contains(FavouriteKey(libraryID: target.libraryID, path: target.path)) ?? false
  return BookExtrasView(
    resume: resumeText, playLabel: !finished && (position ?? 0) > 0 ? tr("Resume") : tr("Play"),
    isFinished: finished, isFavourite: favourite,
    currentChapter: finished ? nil : position.flatMap(places.chapterIndex(at:)),
    bookmarks: extras.bookmarks.map { marks in
      marks.sorted { $0.position < $1.position }.map { mark in
        AnnotationRow(
          id: mark.id, title: places.label(at: mark.position), detail: mark.note, markdown: nil,
          position: mark.position)
      }
    },
    notes: extras.notes.map { notes in
      notes.map { note in
        AnnotationRow(
          id: note.id, title: "", detail: formatRelative(note.createdAt, now: now), markdown: note.body,
          position: note.position)
      }
    },
    history: extras.history.map { spans in spans.map { historyRow($0, places, now: now) } },
    meta: extras.meta.map {
      metaView($0, places: places, position: position, finished: finished, reveal: extras.revealsSpoilers)
    },
    error: extras.error,
    otherCopies: book.otherLocations.map { [$0.libraryName, $0.path].filter { !$0.isEmpty }.joined(separator: " · ") })
}

/// Whether `target` is the book playing now: what the Book page's button
/// (Pause, not Play) and its place line ("Now at", not "Resume at") say.
func isPlaying(_ s: AppState, _ target: LibraryPath) -> Bool {
  s.player.session.nowPlaying?.key == target && s.player.session.isPlaying
}

/// The place of the book that is loaded in the player, as it plays: the
/// page follows it second by second instead of waiting for the next save.
/// Nil for any other book, and before the player has a place worth showing.
private func livePlace(_ s: AppState, _ target: LibraryPath) -> ResumeLookup? {
  let session = s.player.session
  guard let loaded = session.nowPlaying, loaded.key == target else { return nil }
  let position = session.bookPosition
  guard position.isFinite, position > 0 else { return nil }
  let total = loaded.queue.total
  let saved: ProgressRecord? = if case .progress(let record)? = s.library.extras[target]?.resume { record } else { nil }
  return .progress(
    ProgressRecord(
      key: target, position: position, duration: total,
      finished: saved?.finished == true && session.snapshot.state == .ended, playbackSpeed: session.rate,
      deviceID: "", updatedAt: saved?.updatedAt ?? .distantPast))
}

private func historyRow(_ span: HistoryEntry, _ places: ChapterPlaces, now: Date) -> HistoryRow {
  let from = places.chapterTitle(at: span.fromPosition)
  let to = places.chapterTitle(at: span.toPosition)
  let title: String =
    switch (from, to) {
    case (let a?, let b?) where a != b: "\(a) – \(b)"
    case (let a?, _): a
    default: tr("Listened")
    }
  let when = formatRelative(span.endedAt, now: now)
  let detail = ["\(formatClock(span.fromPosition)) → \(formatClock(span.toPosition))", when]
    .filter { !$0.isEmpty }.joined(separator: " · ")
  return HistoryRow(id: span.id, title: title, detail: detail)
}

private func metaView(
  _ meta: BookMeta, places: ChapterPlaces, position: Double?, finished: Bool, reveal: Bool
) -> MetaView {
  // The metadata's chapters are 1-based; the listener is in the chapter
  // playing at their place (chapter 1 before they start).
  let chapter = places.synthetic ? nil : position.flatMap(places.chapterIndex(at:)).map { $0 + 1 }
  let gate = SpoilerGate(currentChapter: chapter, isFinished: finished, revealAll: reveal)
  let gated = gate.apply(to: meta)
  var facts: [BookFact] = []
  if let recording = meta.recording {
    let narrators = recording.narrators.map(\.name).joined(separator: ", ")
    if !narrators.isEmpty { facts.append(BookFact(label: tr("Narrated by"), value: narrators)) }
    if let publisher = recording.publisher, !publisher.isEmpty {
      facts.append(BookFact(label: tr("Publisher"), value: publisher))
    }
    if let released = recording.releaseDate, !released.isEmpty {
      facts.append(BookFact(label: tr("Released"), value: released))
    }
    if recording.abridged == true { facts.append(BookFact(label: tr("Edition"), value: tr("Abridged"))) }
  }
  return MetaView(
    description: meta.work?.description ?? "",
    facts: facts,
    characters: gated.characters.map {
      MetaView.Character(name: $0.name, role: $0.role ?? "", description: $0.description)
    },
    recaps: gated.recaps.map {
      MetaView.Recap(
        title: $0.through.chapter <= 0 ? tr("Before this book") : trFormat("Up to chapter %d", $0.through.chapter), text: $0.text)
    },
    hidden: gated.hiddenCharacters + gated.hiddenRecaps,
    revealsSpoilers: reveal,
    series: moreInSeries(meta).map { series in
      MetaView.Series(
        name: series.name, works: series.works.map { MetaView.SeriesWork(title: $0.title, position: $0.position) })
    })
}

extension Loadable {
  func map<Other: Equatable & Sendable>(_ transform: (Value) -> Other) -> Loadable<Other> {
    switch self {
    case .loading: .loading
    case .failed(let message): .failed(message)
    case .loaded(let value): .loaded(transform(value))
    }
  }
}
