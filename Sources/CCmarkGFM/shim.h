// cmark-gfm (CommonMark with GitHub's extensions) for Swift: the parser,
// the node tree and the core extensions, plus a stand-in for the option
// macros Swift does not import as one value.
#pragma once
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

/// How Hark parses a note: CommonMark as written (no smart punctuation), and
/// strikethrough only for a double tilde, so "~5 min" stays text.
static inline int hark_cmark_note_options(void) {
  return CMARK_OPT_DEFAULT | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE;
}
