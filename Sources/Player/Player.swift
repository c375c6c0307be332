// Player: everything that touches GStreamer.
//
// - `GStreamerEngine`: the core's `PlaybackEngine` on one playbin (gapless
//   queue, seek, rate with pitch kept across file boundaries, source swap,
//   headers for AudioSilo streams). Its helpers each do one job:
//   `PlaybinPipeline` (the element and its calls), `EngineSharedState` (what
//   streaming threads read), `SegmentRateKeeper` (speed without flushes),
//   `StreamHeaders` (`source-setup`), `EngineErrorText`, `SourceCheck`.
// - `TrackInspector`: a local file's duration, tags and embedded cover with
//   GstDiscoverer, for scanning a folder of audiobooks.
