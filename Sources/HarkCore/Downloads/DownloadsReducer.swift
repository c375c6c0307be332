import Foundation

/// The downloads queue and registry (REFERENCE-BEHAVIOR §8, with two
/// departures the tests name: an interrupted download resumes instead of
/// being dropped, and a downloaded book whose files went missing is shown
/// as such instead of silently forgotten).
func reduceDownloads(_ state: inout AppState, _ action: DownloadsAction) -> [Effect] {
  var downloads = state.downloads
  var effects: [Effect] = []
  switch action {
  case .launched(let root):
    return [.loadDownloadRegistry(root: root)]
  case .registryLoaded(let stored, let missing, let root):
    downloads.root = root
    for var entry in stored where downloads.entries[entry.key] == nil {
      if entry.status == .downloaded, missing.contains(entry.key) {
        entry.status = .error
        entry.message = tr("Its files are no longer on this computer. Download it again to listen offline.")
        for index in entry.files.indices { entry.files[index].complete = false }
        effects.append(.saveDownload(entry))
      }
      downloads.entries[entry.key] = entry
    }
    // A download a quit (or a crash) interrupted goes first, then the
    // waiting ones in the order they were asked for.
    let waiting = stored.filter { $0.status == .downloading || $0.status == .queued }
    let interrupted = waiting.filter { $0.status == .downloading }.sorted { $0.requestedAt < $1.requestedAt }
    let queued = waiting.filter { $0.status == .queued }.sorted { $0.requestedAt < $1.requestedAt }
    let resumed = (interrupted + queued).map(\.key).filter { !downloads.order.contains($0) }
    downloads.order = resumed + downloads.order
    for key in resumed { downloads.entries[key]?.status = .queued }
  case .requested(let path, let now):
    guard let root = downloads.root, case .loaded(let book)? = state.library.books[path] else { return [] }
    let key = path
    if let existing = downloads.entries[key] {
      // §8.2: an entry that exists is left alone, unless it failed.
      guard existing.status == .error else { return [] }
      return reduceDownloads(&state, .retryRequested(key))
    }
    let entry = DownloadEntry.queued(key: key, book: book, root: root, at: now)
    downloads.entries[key] = entry
    downloads.order.append(key)
    effects.append(.saveDownload(entry))
  case .progressed(let key, let file, let bytesOnDisk, let now):
    guard let entry = downloads.entries[key], entry.status == .downloading, entry.files.indices.contains(file)
    else { return [] }
    let before = entry.files.prefix(file).reduce(Int64(0)) { $0 + max(0, $1.size) }
    let bytes = before + bytesOnDisk
    if downloads.transfers[key] == nil {
      downloads.transfers[key] = DownloadTransfer(bytes: bytes, at: now)
    } else {
      downloads.transfers[key]?.advance(to: bytes, at: now)
    }
  case .fileStarted(let key, let file, let validator):
    guard var entry = downloads.entries[key], entry.files.indices.contains(file),
      entry.files[file].validator != validator
    else { return [] }
    entry.files[file].validator = validator
    downloads.entries[key] = entry
    effects.append(.saveDownload(entry))
  case .fileSaved(let key, let file, let validator):
    guard var entry = downloads.entries[key], entry.files.indices.contains(file) else { return [] }
    entry.files[file].complete = true
    entry.files[file].validator = validator
    downloads.entries[key] = entry
    effects.append(.saveDownload(entry))
  case .finished(let key, let cover, let now):
    guard var entry = downloads.entries[key], entry.status == .downloading else { return [] }
    downloads.transfers[key] = nil
    downloads.order.removeAll { $0 == key }
    guard entry.files.allSatisfy(\.complete) else {
      // Never called downloaded before every file is whole.
      entry.status = .error
      entry.message = DownloadFailure.sizeMismatch(expected: 0, received: 0).listenerText
      downloads.entries[key] = entry
      effects.append(.saveDownload(entry))
      break
    }
    entry.status = .downloaded
    entry.cover = cover
    entry.savedAt = now
    entry.message = nil
    downloads.entries[key] = entry
    effects.append(.saveDownload(entry))
    state.downloads = downloads
    if state.player.session.nowPlaying?.key == key, let copy = entry.localCopy {
      // The book playing now plays on from its files, at the same place.
      effects += reducePlayer(&state, .playback(.downloadFinished(key, copy), at: now))
    }
    downloads = state.downloads
  case .failed(let key, let failure):
    guard var entry = downloads.entries[key], entry.status == .downloading else { return [] }
    downloads.transfers[key] = nil
    if failure == .cancelled { return [] }
    if failure.isRetryable,
      !downloads.network.allowsDownloads(state.settings) || state.connections.unreachable.contains(key.serverID)
    {
      // Lost with the network, or its server is away: it waits for them
      // without a failure to show, and goes on when they are back.
      entry.status = .queued
      downloads.entries[key] = entry
      break
    }
    entry.status = .error
    entry.message = failure.listenerText
    downloads.order.removeAll { $0 == key }
    downloads.entries[key] = entry
    effects.append(.saveDownload(entry))
  case .pauseRequested(let key):
    guard var entry = downloads.entries[key], entry.status == .downloading || entry.status == .queued
    else { return [] }
    if entry.status == .downloading { effects.append(.stopDownload(key)) }
    downloads.transfers[key] = nil
    entry.status = .paused
    downloads.entries[key] = entry
    effects.append(.saveDownload(entry))
  case .resumeRequested(let key), .retryRequested(let key):
    guard var entry = downloads.entries[key], entry.status == .paused || entry.status == .error else { return [] }
    entry.status = .queued
    entry.message = nil
    downloads.entries[key] = entry
    if !downloads.order.contains(key) { downloads.order.append(key) }
    effects.append(.saveDownload(entry))
  case .moveRequested(let key, let earlier):
    // Among the waiting ones only: a running download keeps its turn.
    let waiting = downloads.order.filter { downloads.entries[$0].map { $0.status == .queued || $0.status == .paused } ?? false }
    guard let at = waiting.firstIndex(of: key) else { return [] }
    let to = earlier ? at - 1 : at + 1
    guard waiting.indices.contains(to), let from = downloads.order.firstIndex(of: key),
      let other = downloads.order.firstIndex(of: waiting[to])
    else { return [] }
    downloads.order.swapAt(from, other)
  case .cancelRequested(let key):
    guard let entry = downloads.entries[key], entry.status != .downloaded else { return [] }
    if entry.status == .downloading { effects.append(.stopDownload(key)) }
    downloads.entries[key] = nil
    downloads.transfers[key] = nil
    downloads.order.removeAll { $0 == key }
    effects.append(.deleteDownload(entry))
  case .deleteRequested(let key):
    guard let entry = downloads.entries[key], entry.status == .downloaded else { return [] }
    // One undo at a time: an earlier delete is done for good now.
    if let earlier = downloads.undoable { effects.append(.deleteDownload(earlier)) }
    downloads.entries[key] = nil
    downloads.undoable = entry
    effects.append(.startTimer(.downloadDeleteExpired, after: downloadUndoTime, repeating: false))
  case .deleteUndone:
    guard let entry = downloads.undoable else { return [] }
    downloads.undoable = nil
    downloads.entries[entry.key] = entry
    effects.append(.cancelTimer(.downloadDeleteExpired))
  case .folderChosen(let folder):
    guard folder != downloads.root else { return [] }
    downloads.root = folder
    effects.append(.persistDownloadsFolder(folder))
  case .serverDownloadsRemoved(let serverID):
    // §8.2 "Connection removed": only that server's entries, stopped first.
    for entry in downloads.entries.values.filter({ $0.key.serverID == serverID }).sorted(by: { $0.requestedAt < $1.requestedAt }) {
      if entry.status == .downloading { effects.append(.stopDownload(entry.key)) }
      downloads.entries[entry.key] = nil
      downloads.transfers[entry.key] = nil
      downloads.order.removeAll { $0 == entry.key }
      effects.append(.deleteDownload(entry))
    }
    if downloads.undoable?.key.serverID == serverID, let undoable = downloads.undoable {
      downloads.undoable = nil
      effects += [.cancelTimer(.downloadDeleteExpired), .deleteDownload(undoable)]
    }
  case .diskSpaceMeasured(let free):
    downloads.freeBytes = free
  case .networkChanged(let online, let metered):
    downloads.network.online = online
    downloads.network.metered = metered
    if !downloads.network.allowsDownloads(state.settings) { effects += holdDownloads(&downloads) }
  }
  state.downloads = downloads
  return effects + startDownloads(&state) + measureAfter(action, effects, root: downloads.root)
}

/// The free space is measured again whenever downloads took or gave back
/// space, or the folder (and so maybe the disk) changed.
private func measureAfter(_ action: DownloadsAction, _ effects: [Effect], root: URL?) -> [Effect] {
  guard let root else { return [] }
  let freed = effects.contains { if case .deleteDownload = $0 { true } else { false } }
  switch action {
  case .registryLoaded, .finished, .folderChosen: return [.measureDiskSpace(root)]
  default: return freed ? [.measureDiskSpace(root)] : []
  }
}

/// The undo time of a delete ran out: the files go.
func expireDeletedDownload(_ state: inout AppState) -> [Effect] {
  guard let entry = state.downloads.undoable else { return [] }
  state.downloads.undoable = nil
  return [.deleteDownload(entry)] + (state.downloads.root.map { [.measureDiskSpace($0)] } ?? [])
}

/// The preferences changed: downloads follow the new limit and the
/// metered choice at once.
func downloadsAfterSettings(_ state: inout AppState) -> [Effect] {
  var effects: [Effect] = []
  if !state.downloads.network.allowsDownloads(state.settings) { effects += holdDownloads(&state.downloads) }
  return effects + startDownloads(&state)
}

/// The network went (or turned metered): running downloads stop and wait
/// in the queue, keeping their bytes and their place.
private func holdDownloads(_ downloads: inout DownloadsState) -> [Effect] {
  downloads.entries.values.filter { $0.status == .downloading }.map(\.key).flatMap { key -> [Effect] in
    downloads.entries[key]?.status = .queued
    downloads.transfers[key] = nil
    return [.stopDownload(key)]
  }
}

/// Starts queued downloads, first come first served, up to the limit, only
/// while the network allows and only from servers signed in and answering
/// (at start the registry is read before the servers are restored; a server
/// away is waited for: its answer coming back starts them).
func startDownloads(_ state: inout AppState) -> [Effect] {
  guard state.downloads.network.allowsDownloads(state.settings) else { return [] }
  let connections = state.connections
  // Signed in (not being signed out of), answering, and answered by the
  // server that issued the token.
  let usable = Set(
    connections.servers.map(\.serverID).filter {
      !connections.unreachable.contains($0) && connections.access($0)?.trusted == true
    })
  var downloads = state.downloads
  defer { state.downloads = downloads }
  var running = downloads.entries.values.filter { $0.status == .downloading }.count
  var effects: [Effect] = []
  for key in downloads.order where running < state.settings.simultaneousDownloads && usable.contains(key.serverID) {
    guard var entry = downloads.entries[key], entry.status == .queued,
      let access = connections.access(key.serverID)
    else { continue }
    entry.status = .downloading
    downloads.entries[key] = entry
    running += 1
    // Saved as downloading first: after a crash it is the one resumed first.
    effects += [.saveDownload(entry), .runDownload(entry, access)]
  }
  return effects
}

/// A server the running downloads came from is no longer theirs to use:
/// signing out of it, its session lost, or another server answering at
/// its address. They stop now, the reducer saying why, instead of failing
/// on their next request: a lost sign-in puts them back in the queue (they
/// go on after signing in again), a stranger at the address is a failure
/// to retry once the server is back.
func downloadsLosingServer(_ state: inout AppState, _ action: ConnectionsAction) -> [Effect] {
  let serverID: String
  var stranger: String?
  switch action {
  case .signOutRequested(let id, _), .authorizationLost(let id), .sessionMissing(let id): serverID = id
  case .differentServerAnswered(let id, let name):
    serverID = id
    stranger = name
  default: return []
  }
  guard let server = state.connections.server(serverID) else { return [] }
  let stopping = state.downloads.entries.values
    .filter { $0.key.serverID == serverID && $0.status == .downloading }
    .sorted { $0.requestedAt < $1.requestedAt }.map(\.key)
  var effects: [Effect] = []
  for key in stopping {
    guard var entry = state.downloads.entries[key] else { continue }
    effects.append(.stopDownload(key))
    state.downloads.transfers[key] = nil
    if let stranger {
      entry.status = .error
      entry.message = trFormat(
        "Another server (“%1$@”) now answers at the address of %2$@, so the download stopped. Retry once your server is back.",
        stranger, server.name)
      state.downloads.order.removeAll { $0 == key }
      effects.append(.saveDownload(entry))
    } else {
      entry.status = .queued
    }
    state.downloads.entries[key] = entry
  }
  return effects
}
