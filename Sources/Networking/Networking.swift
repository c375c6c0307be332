// Networking: HTTP for the core's AudioSilo client.
//
// Why libsoup 3 rather than libcurl: it is GNOME's HTTP stack. It takes the
// desktop's proxy settings from GProxyResolver (GNOME's proxy panel, or the
// environment outside GNOME) and verifies TLS against the system trust store
// through glib-networking, with no configuration of our own; it streams
// bodies as GInputStreams; and it is already in the Flatpak GNOME runtime,
// so it costs the bundle nothing. libcurl would need its own proxy plumbing
// and a second TLS stack.
//
// `SoupTransport` runs one SoupSession on a private thread with its own
// GMainContext, so requests behave the same inside the GTK app and in tests
// where no main loop runs, and no network callback ever lands on the UI
// thread.
//
// `FileDownloader` streams audio files to disk for offline listening through
// the same libsoup stack, on a thread and session of its own (a download
// never queues behind, or delays, an API call).
