import HarkCore

extension ConnectionServices {
  /// Loads the saved servers and their tokens; a server whose token is gone
  /// from the keyring is listed as needing a reconnect. Then the servers
  /// signed out of, the book listened to last (when its server is one of
  /// these, or it is on this computer), and the places still queued for
  /// the servers signed out of. The files and the database are read on a
  /// worker thread first, all at once (`ServerLists`).
  func restore() async {
    let saved = await serverLists.readAtStart(lastListenedIn: progressSyncer?.store)
    var restored: [ServerConnection] = []
    for var server in saved.servers {
      let token = try? await secretStore.value.load(.session(serverID: server.serverID))
      if let token {
        holdSession(token, serverID: server.serverID, baseURL: server.baseURL)
      } else {
        server.needsReconnect = true
      }
      restored.append(server)
    }
    dispatch(.connections(.restored(restored)))
    dispatch(.connections(.rememberedLoaded(saved.remembered)))
    if let last = saved.lastListened,
      LocalSource.isLocal(last.key.serverID) || restored.contains(where: { $0.serverID == last.key.serverID })
    {
      dispatch(.player(.lastPlaceRemembered(last.key, position: last.position)))
    }
    if !saved.remembered.isEmpty { await countUnsentPlaces() }
  }
}
