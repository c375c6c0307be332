import Foundation
import HarkCore

/// Where covers come from, as the App provides it: a disk cache read for
/// painting at once, and a fetch (cached, bounded, shared) for the rest.
public struct CoverSource: Sendable {
  public var cached: @Sendable (LibraryPath) -> Data?
  public var fetch: @Sendable (LibraryPath) async -> Data?

  public init(cached: @escaping @Sendable (LibraryPath) -> Data?, fetch: @escaping @Sendable (LibraryPath) async -> Data?) {
    self.cached = cached
    self.fetch = fetch
  }

  /// No covers at all: every book shows the placeholder.
  public static let none = CoverSource(cached: { _ in nil }, fetch: { _ in nil })
}

/// Puts books' covers into `CoverImage`s that list views recycle: a cached
/// cover paints at once; otherwise the placeholder shows while it is
/// fetched. Rebinding a row cancels its fetch: a fast scroll through
/// thousands of books must not leave hundreds of off-screen covers queued
/// ahead of the ones now on screen (the cover store drops a fetch nobody
/// waits for any more).
@MainActor
final class CoverLoader {
  private let source: CoverSource
  /// The book each image currently stands for.
  private var bound: [ObjectIdentifier: LibraryPath] = [:]
  /// The fetch under way for each image.
  private var fetches: [ObjectIdentifier: Task<Void, Never>] = [:]

  init(source: CoverSource) {
    self.source = source
  }

  func load(_ image: CoverImage, for book: LibraryPath) {
    let id = ObjectIdentifier(image)
    if bound[id] == book { return }
    bound[id] = book
    fetches.removeValue(forKey: id)?.cancel()
    if let data = source.cached(book) {
      image.show(data)
      return
    }
    image.showPlaceholder()
    let fetch = source.fetch
    fetches[id] = Task { [weak self, weak image] in
      let data = await fetch(book)
      guard !Task.isCancelled, let self, let image, self.bound[id] == book else { return }
      self.fetches[id] = nil
      if let data { image.show(data) } else { image.settleOnPlaceholder() }
    }
  }

  /// The image no longer stands for a book (a folder row, say).
  func clear(_ image: CoverImage) {
    bound[ObjectIdentifier(image)] = nil
    fetches.removeValue(forKey: ObjectIdentifier(image))?.cancel()
    image.settleOnPlaceholder()
  }
}
