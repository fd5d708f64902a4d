// Boilerpipe 1.2.0 english.TerminatingBlocksFinder (see filters.h). The 1.2.0 rule
// set (no "Comment" link rule, which came later).
#include <string>
#include <string_view>

#include "extractors/boilerpipe/filters.h"
#include "extractors/boilerpipe/java_text.h"

namespace detour::boilerpipe {
namespace {

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool contains(std::string_view s, std::string_view p) { return s.find(p) != std::string_view::npos; }

// Digits then one of the suffixes (startsWithNumber).
bool starts_with_number(std::string_view t, std::string_view a, std::string_view b) {
  std::size_t j = 0;
  while (j < t.size() && t[j] >= '0' && t[j] <= '9') ++j;
  if (j == 0) return false;
  std::string_view rest = t.substr(j);
  return starts_with(rest, a) || starts_with(rest, b);
}

// utf16_length(t) < limit, looking at no more of t than needed.
bool utf16_length_below(std::string_view t, std::size_t limit) {
  std::size_t n = 0;
  for (unsigned char c : t) {
    if ((c & 0xC0) != 0x80) n += 1;  // as utf16_length
    if (c >= 0xF0) n += 1;
    if (n >= limit) return false;
  }
  return true;
}

}  // namespace

bool terminating_blocks_finder(TextDocument& doc) {
  bool changes = false;
  std::string lc;  // reused for every block
  for (TextBlock& tb : doc.blocks) {
    if (tb.num_words >= 15) continue;
    std::string_view text = java_trim(tb.text);
    if (utf16_length_below(text, 8)) continue;
    java_to_lower_for_matching(text, lc);  // the patterns are ASCII, "\u00e4" and "\u00a9"
    if (starts_with(lc, "comments") ||
        starts_with_number(lc, " comments", " users responded in") ||
        starts_with(lc, "\xC2\xA9 reuters") || starts_with(lc, "please rate this") ||
        starts_with(lc, "post a comment") || contains(lc, "what you think...") ||
        contains(lc, "add your comment") || contains(lc, "add comment") ||
        contains(lc, "reader views") || contains(lc, "have your say") ||
        contains(lc, "reader comments") || contains(lc, "r\xC3\xA4tta artikeln") ||
        lc == "thanks for your comments - this feedback is now closed") {
      tb.add_label(kLabelEndOfText);
      changes = true;
    }
  }
  return changes;
}

}  // namespace detour::boilerpipe
