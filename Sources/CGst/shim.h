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
