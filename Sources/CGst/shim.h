// GStreamer 1.22 for Swift: core, pbutils (GstDiscoverer), audio and app.
#pragma once
#include <gst/gst.h>
#include <gst/pbutils/pbutils.h>
#include <gst/audio/audio.h>
#include <gst/app/gstappsink.h>

static inline GstClockTime hark_gst_second(void) { return GST_SECOND; }
static inline GstClockTime hark_gst_clock_time_none(void) { return GST_CLOCK_TIME_NONE; }
static inline GstElement *hark_gst_element(gpointer p) { return GST_ELEMENT(p); }
static inline GstBin *hark_gst_bin(gpointer p) { return GST_BIN(p); }
static inline GstMessageType hark_gst_message_type(GstMessage *m) { return GST_MESSAGE_TYPE(m); }

// --- For the playback engine (Sources/Player/GStreamerEngine.swift) ---
static inline GstObject *hark_gst_message_src(GstMessage *m) { return GST_MESSAGE_SRC(m); }
static inline GstEventType hark_gst_event_type(GstEvent *e) { return GST_EVENT_TYPE(e); }
static inline GstEvent *hark_gst_probe_event(GstPadProbeInfo *info) { return GST_PAD_PROBE_INFO_EVENT(info); }
static inline GstBuffer *hark_gst_probe_buffer(GstPadProbeInfo *info) { return GST_PAD_PROBE_INFO_BUFFER(info); }
static inline GstClockTime hark_gst_buffer_pts(GstBuffer *b) { return GST_BUFFER_PTS(b); }
static inline GstClockTime hark_gst_buffer_duration(GstBuffer *b) { return GST_BUFFER_DURATION(b); }
static inline GstPadProbeReturn hark_gst_probe_ok(void) { return GST_PAD_PROBE_OK; }

/// Replaces the probed event with `replacement` (takes it); the old one is dropped.
static inline void hark_gst_probe_replace_event(GstPadProbeInfo *info, GstEvent *replacement) {
  gst_event_unref(GST_PAD_PROBE_INFO_EVENT(info));
  GST_PAD_PROBE_INFO_DATA(info) = replacement;
}

// g_object_set/get are variadic: one typed stand-in per value type.
static inline void hark_set_string(gpointer o, const char *name, const char *v) { g_object_set(o, name, v, NULL); }
static inline void hark_set_object(gpointer o, const char *name, gpointer v) { g_object_set(o, name, v, NULL); }
static inline void hark_set_double(gpointer o, const char *name, gdouble v) { g_object_set(o, name, v, NULL); }
static inline void hark_set_bool(gpointer o, const char *name, gboolean v) { g_object_set(o, name, v, NULL); }
static inline void hark_set_int(gpointer o, const char *name, gint v) { g_object_set(o, name, v, NULL); }
/// The string property's value (caller frees), NULL when unset.
static inline gchar *hark_get_string(gpointer o, const char *name) {
  gchar *v = NULL;
  g_object_get(o, name, &v, NULL);
  return v;
}
static inline gboolean hark_has_property(gpointer o, const char *name) {
  return g_object_class_find_property(G_OBJECT_GET_CLASS(o), name) != NULL;
}
static inline void hark_set_boxed(gpointer o, const char *name, gpointer v) { g_object_set(o, name, v, NULL); }
static inline void hark_structure_set_string(GstStructure *s, const char *field, const char *v) {
  gst_structure_set(s, field, G_TYPE_STRING, v, NULL);
}
static inline void hark_set_uint64(gpointer o, const char *name, guint64 v) { g_object_set(o, name, v, NULL); }

/// Makes the probed buffer writable (a copy when shared) and puts it back in the probe.
static inline GstBuffer *hark_gst_probe_writable_buffer(GstPadProbeInfo *info) {
  GstBuffer *buffer = gst_buffer_make_writable(GST_PAD_PROBE_INFO_BUFFER(info));
  GST_PAD_PROBE_INFO_DATA(info) = buffer;
  return buffer;
}
static inline GstPadProbeType hark_gst_probe_type(GstPadProbeInfo *info) { return GST_PAD_PROBE_INFO_TYPE(info); }
/// Replaces the probed buffer (the probe hands over its reference to `buffer`).
static inline void hark_gst_probe_set_buffer(GstPadProbeInfo *info, GstBuffer *buffer) { GST_PAD_PROBE_INFO_DATA(info) = buffer; }
static inline GstAudioFormat hark_audio_info_format(const GstAudioInfo *info) { return GST_AUDIO_INFO_FORMAT(info); }
