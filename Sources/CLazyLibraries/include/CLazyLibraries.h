/* Nothing to import: this target only links stubs into the executable that
 * load GStreamer, libsecret and libsoup at their first call (lazy_libraries.c). */
