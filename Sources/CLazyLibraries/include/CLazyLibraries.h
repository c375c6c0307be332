/* Nothing to import: this target only links stubs into the executable that
 * load GStreamer and libsecret at their first call (lazy_libraries.c). */
