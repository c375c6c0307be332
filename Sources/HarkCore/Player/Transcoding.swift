/// Whether the loaded book streams through the server's transcoder: the
/// server says its files are not directly playable (`direct_playable`
/// false) and it offers `transcode`. A book playing from its download plays
/// its files; one whose copy the engine refused streams on as before.
public func playsTranscoded(_ s: AppState) -> Bool {
  guard let loaded = s.player.session.nowPlaying, !loaded.queue.isFullyLocal,
    loaded.book.directPlayable == false
  else { return false }
  return s.connections.capabilities[loaded.key.serverID]?.transcode == true
}
