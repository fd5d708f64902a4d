// Boilerpipe 1.2.0 heuristics.DocumentTitleMatchClassifier (see filters.h). The 1.2.0
// version compares case-sensitively, without the later NBSP/apostrophe clean-up, and
// labels every matching block (no early exit).
#include <string>
#include <string_view>
#include <vector>

#include "extractors/boilerpipe/filters.h"
#include "extractors/boilerpipe/java_text.h"

namespace detour::boilerpipe {
namespace {

// "»" in UTF-8.
constexpr std::string_view kRaquo = "\xC2\xBB";

// Length in bytes of a separator char from `seps` at s[i], or 0. `seps` holds ASCII
// chars; `raquo` adds U+00BB.
std::size_t sep_at(std::string_view s, std::size_t i, std::string_view seps) {
  if (i >= s.size()) return 0;
  if (s.substr(i, 2) == kRaquo) return 2;
  return seps.find(s[i]) != std::string_view::npos ? 1 : 0;
}

// String.split("[ ]*[SEPS][ ]*"): trailing empty parts dropped, a leading one kept.
std::vector<std::string_view> split_title(std::string_view s, std::string_view seps) {
  std::vector<std::string_view> parts;
  std::size_t part_start = 0, i = 0;
  while (i < s.size()) {
    std::size_t j = i;
    while (j < s.size() && s[j] == ' ') ++j;
    std::size_t len = sep_at(s, j, seps);
    if (len == 0) {
      ++i;
      continue;
    }
    std::size_t end = j + len;
    while (end < s.size() && s[end] == ' ') ++end;
    parts.push_back(s.substr(part_start, i - part_start));
    part_start = i = end;
  }
  parts.push_back(s.substr(part_start));
  while (!parts.empty() && parts.back().empty()) parts.pop_back();
  return parts;
}

// getLongestPart: the first part, replaced by any strictly longer one; parts holding
// ".com" skipped. False when the split gives one part or no non-empty part.
bool longest_part(std::string_view title, std::string_view seps, std::string& out) {
  auto parts = split_title(title, seps);
  if (parts.size() == 1) return false;
  bool have = false;
  std::string_view best;
  std::size_t best_length = 0;  // utf16_length(best), kept (a <title> left open can hold a whole page)
  for (std::string_view p : parts) {
    if (p.find(".com") != std::string_view::npos) continue;
    // numWords is always 1 in 1.2.0 (split on U+0008), so the first part wins, then
    // any part with more UTF-16 units.
    const std::size_t length = utf16_length(p);
    if (!have || length > best_length) {
      best = p;
      best_length = length;
      have = true;
    }
  }
  if (best.empty()) return false;
  out.assign(java_trim(best));
  return true;
}

}  // namespace

bool document_title_match_classifier(TextDocument& doc, const std::string& raw_title, bool has_title) {
  if (!has_title) return false;
  std::string_view title = java_trim(raw_title);
  if (title.empty()) return false;
  std::vector<std::string> candidates{std::string(title)};
  static constexpr std::string_view kSeps[] = {"|:", "|:()", "|:()-", "|,:()-"};
  for (std::string_view seps : kSeps) {
    std::string p;
    if (longest_part(title, seps, p)) candidates.push_back(std::move(p));
  }
  bool changes = false;
  for (TextBlock& tb : doc.blocks) {
    std::string_view text = java_trim(tb.text);
    for (const auto& c : candidates) {
      if (text == c) {
        tb.add_label(kLabelTitle);
        changes = true;
      }
    }
  }
  return changes;
}

}  // namespace detour::boilerpipe
