import CGtk
import GObjectKit
import Glibc
import HarkCore
import Views

/// For `scripts/bench-grid`, only with `HARK_BENCH_GRID=1`: opens All Books
/// of one library as a cover grid as soon as its server's libraries are in,
/// and prints, each in a single write(2) with a `g_get_monotonic_time()`
/// stamp (µs of CLOCK_MONOTONIC, the clock the benchmark reads too):
///
///     BOOKS_ARRIVED <µs>                          first page reduced into the store
///     COVERS_PAINTED <µs> visible=<n> realized=<m> first frame with every tile
///                                                 on screen showing its final cover
///     PAGES_LOADED <µs> books=<n>                 the last page reduced into the store
///     END_PAINTED <µs>                            after a jump to the end, every tile
///                                                 on screen there shows its final cover
///     ALL_LOADED <µs> books=<n> realized=<m> visible=<v>
///                                                 back at the top, covers final again
///     BENCH_FAILED <why>                          the books could not be listed
///
/// It drives Hark only through store actions, the ones the window's own
/// controls dispatch, so what it measures is what a listener gets.
/// `HARK_BENCH_GRID_LIBRARY` names the library (default "Big Library");
/// `HARK_BENCH_GRID_WINDOW=WIDTHxHEIGHT` sets the window's size.
@MainActor
final class BenchGridHooks {
  private enum Phase {
    case waitingForLibraries, waitingForBooks, waitingForCovers, loadingAll, scrollingToEnd, atEnd, backAtTop,
      done
  }

  private struct Target: Equatable {
    var serverID: String
    var libraryID: Int
  }

  private struct ListProgress: Equatable {
    var books: Int
    var complete: Bool
    var status: BookListState.Status
  }

  /// The one running instance; it lives as long as the process.
  private static var running: BenchGridHooks?

  private let store: Store
  private let window: Widget
  private let libraryName: String
  private var phase = Phase.waitingForLibraries
  private var subscriptions: [Subscription] = []
  private var probe: BenchGridProbe?
  private var afterPaint: SignalToken?
  private var nudge: Timeout?
  private var lastPaint: gint64 = 0

  static func attach(store: Store, window: Widget) {
    guard environment("HARK_BENCH_GRID") == "1", running == nil else { return }
    if let size = environment("HARK_BENCH_GRID_WINDOW")?.split(separator: "x").compactMap({ Int32($0) }),
      size.count == 2
    {
      gtk_window_set_default_size(window.cast(GtkWindow.self), size[0], size[1])
    }
    running = BenchGridHooks(store: store, window: window)
  }

  private init(store: Store, window: Widget) {
    self.store = store
    self.window = window
    libraryName = Self.environment("HARK_BENCH_GRID_LIBRARY") ?? "Big Library"
    let name = libraryName
    subscriptions.append(
      store.subscribe({ Self.target(named: name, in: $0) }) { [weak self] in self?.librariesChanged($0) })
    subscriptions.append(
      store.subscribe({ state in
        state.library.bookList.map { ListProgress(books: $0.books.count, complete: $0.complete, status: $0.status) }
      }) { [weak self] in self?.listChanged($0) })
  }

  private static func target(named name: String, in state: AppState) -> Target? {
    for server in state.connections.servers {
      if case .loaded(let libraries)? = state.connections.libraries[server.serverID],
        let library = libraries.first(where: { $0.name == name })
      {
        return Target(serverID: server.serverID, libraryID: library.id)
      }
    }
    return nil
  }

  private func librariesChanged(_ target: Target?) {
    guard phase == .waitingForLibraries, let target else { return }
    phase = .waitingForBooks
    store.dispatch(.library(.layoutChanged(.grid)))
    store.dispatch(.library(.allBooksOpened(serverID: target.serverID, libraryID: target.libraryID)))
  }

  private func listChanged(_ progress: ListProgress?) {
    guard let progress else { return }
    if case .failed(let message) = progress.status {
      Self.emit("BENCH_FAILED \(message)")
      return
    }
    switch phase {
    case .waitingForBooks where progress.books > 0:
      Self.emit("BOOKS_ARRIVED \(g_get_monotonic_time())")
      phase = .waitingForCovers
      watchFrames()
    case .loadingAll:
      loadMore(progress)
    default:
      break
    }
  }

  /// Asks for the next page until the list is complete, the way scrolling
  /// near the grid's end does; then scrolls to the end on the next frame,
  /// once the grid holds every book.
  private func loadMore(_ progress: ListProgress) {
    if progress.complete {
      Self.emit("PAGES_LOADED \(g_get_monotonic_time()) books=\(progress.books)")
      phase = .scrollingToEnd
      probe?.requestFrame()
    } else if progress.status == .idle {
      store.dispatch(.library(.moreBooksRequested))
    }
  }

  private func watchFrames() {
    guard let clock = gtk_widget_get_frame_clock(window) else { return }
    lastPaint = g_get_monotonic_time()
    afterPaint = Signals.connect(clock, "after-paint") { [weak self] in self?.painted() }
    // A cover that settles on the placeholder it already showed draws
    // nothing new; without a frame it would never be seen settled.
    nudge = Timeout(milliseconds: 100, repeating: true) { [weak self] in
      guard let self, g_get_monotonic_time() - self.lastPaint > 250_000 else { return }
      self.probe?.requestFrame()
    }
  }

  private func painted() {
    lastPaint = g_get_monotonic_time()
    if probe == nil { probe = BenchGridProbe.find(in: window) }
    guard let probe, let screen = probe.screen() else { return }
    switch phase {
    case .waitingForCovers where screen.isComplete:
      Self.emit("COVERS_PAINTED \(lastPaint) visible=\(screen.visible) realized=\(screen.realized)")
      phase = .loadingAll
      if let list = store.state.library.bookList {
        loadMore(ListProgress(books: list.books.count, complete: list.complete, status: list.status))
      }
    case .scrollingToEnd:
      probe.scroll(toEnd: true)
      phase = .atEnd
    case .atEnd where screen.isComplete:
      Self.emit("END_PAINTED \(lastPaint)")
      probe.scroll(toEnd: false)
      phase = .backAtTop
    case .backAtTop where screen.isComplete:
      let books = store.state.library.bookList?.books.count ?? 0
      Self.emit("ALL_LOADED \(lastPaint) books=\(books) realized=\(screen.realized) visible=\(screen.visible)")
      phase = .done
      afterPaint?.disconnect()
      nudge?.cancel()
    default:
      break
    }
  }

  private static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// One write(2) per line: nothing buffered, nothing lost if killed next.
  private static func emit(_ text: String) {
    let line = text + "\n"
    _ = line.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
  }
}
