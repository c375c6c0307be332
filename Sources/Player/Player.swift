// Player: everything that touches GStreamer.
//
// The engine behind the core's `PlaybackEngine` protocol (one playbin,
// gapless queue, seek, rate with pitch kept, source swap) lands with the
// playback issue. What is here today is `TrackInspector`, which reads a
// local audio file's duration, tags and embedded cover with GstDiscoverer:
// the first step of scanning a folder of audiobooks.
