/// Offline, the library shows as last seen, but only downloaded books can
/// play: these say which books need their server, for the rows and tiles
/// that dim them and for the Book page's Play.

/// Why `target` cannot play now: its server is not answering and the book
/// is not downloaded ("Needs “Home” — not downloaded"). Nil when it can
/// play (or might: a server not known to be away is tried).
public func needsServerNotice(_ s: AppState, _ target: LibraryPath) -> String? {
  if target.isLocal { return missingFolderNotice(s, target) }
  guard s.connections.unreachable.contains(target.serverID), s.downloads.entry(target)?.isWhole != true,
    let server = s.connections.server(target.serverID)
  else { return nil }
  return trFormat("Needs “%@” — not downloaded", server.name)
}

/// What Play says instead of trying a stream that cannot start: the reason,
/// and what will make it work.
func offlinePlayRefusal(_ s: AppState, _ target: LibraryPath) -> String? {
  if let missing = missingFolderNotice(s, target) {
    return trFormat("%@. It plays again once the folder is back (is its drive connected?).", missing)
  }
  guard needsServerNotice(s, target) != nil, let server = s.connections.server(target.serverID) else { return nil }
  return trFormat(
    "This book is not downloaded and “%@” is not answering, so it cannot play now. It plays again once the server is back; download books to listen without a connection.",
    server.name)
}

/// Play on the Book page's book while it needs its server: the page says
/// why under Play, and the server is asked at once whether it is back (the
/// next Play then works without waiting for the regular probe).
func refuseOfflinePlay(_ state: inout AppState, _ target: LibraryPath) -> [Effect]? {
  guard state.library.book == target, state.library.extras[target] != nil,
    let why = offlinePlayRefusal(state, target)
  else { return nil }
  state.library.extras[target]?.error = why
  return state.connections.access(target.serverID).map { [.probeServers([$0])] } ?? []
}

/// "Downloaded" after a book's line when its download is whole: the badge
/// every list and grid shows (words, so screen readers say it too).
func withDownloadedBadge(_ s: AppState, _ target: LibraryPath, _ subtitle: String) -> String {
  guard s.downloads.entry(target)?.isWhole == true else { return subtitle }
  return subtitle.isEmpty ? tr("Downloaded") : subtitle + " · " + tr("Downloaded")
}

/// A server not answering or a library folder missing: only then can a
/// row need marking (the common case skips the per-row look-up).
func somethingIsAway(_ s: AppState) -> Bool {
  !s.connections.unreachable.isEmpty || s.localLibrary.scans.values.contains { !$0.available }
}
