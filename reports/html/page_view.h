// page_view: the data of the report's per-page viewer -- a page's gold text and each
// system output aligned by the matcher the scores use (metrics::DocPair over
// kernels/sequence_matcher.h, with the metric's own tokenisation), so that the words
// the viewer marks kept, missed and extra are exactly the tp, fn and fp of the page's
// per-document counts.
//
// Views ("forms"), one per alignment the metrics make:
//   tm   CleanEval tokens with their <p>/<h>/<l> markers (labelled): tm and tag
//   tmu  the same, unlabelled (every marker <p>)
//   to   words of the text-only form: to (lcs and cos count the same words, not
//        aligned by difflib)
//   car  non-space code points of the text-only form: car. Character alignments are
//        long and, for scripts that separate words, show what `to` shows; with
//        CarView::kLongWords (the default) they are kept only for pages whose gold
//        words average more than 12 code points (unsegmented scripts: Chinese,
//        Japanese, Thai; DANIEL's zh pages average 15 to 133, its other languages 4
//        to 9.3).
// Segment boundaries: in tm/tmu the markers are tokens; in to and car each side lists
// the token indices where a segment starts (after a marker) with its kind.
//
// The data (members of the page's JSON object, see PageData::json):
//   "forms": the forms of this page;
//   "dict": every distinct token of the word forms (tm, tmu, to) of the gold and of
//           the outputs' extra tokens, as JSON strings (invalid UTF-8 as U+FFFD);
//   "w": digits per token index (json_text.h: 64 digits, most significant first);
//   "gold": {form: {"i": the gold's tokens as indices, "n": count, "seg": [index,
//           kind, ...] (to, car; kind 0 = p, 1 = h, 2 = l)}}, car: "t" holds the code
//           points themselves instead of "i" (a byte that is not UTF-8 as U+FFFD);
//   "outputs": per distinct output text: {form: {"ops": [tag, len_output, len_gold,
//           ...] (difflib opcodes; tag 0 equal, 1 replace, 2 delete: extra, 3 insert:
//           missed), "x": the output's tokens of replace and delete opcodes, in order,
//           as indices (car: code points), "nx": their count, "seg": as the gold's},
//           "bytes": the output's size}.
// Kept tokens are the gold's (equal opcodes match equal tokens), so only the extra
// ones of an output are stored.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace detour::reports::html {

enum class CarView { kLongWords, kAll, kNone };

// The forms the viewer can show for a run scored with `metrics` (in the order tm, tmu,
// to, car; tm also when only tag was scored).
std::vector<std::string> view_forms(const std::vector<std::string>& metrics);

// Counts an alignment gives, per form: tp (kept), fp (extra), fn (missed); for tm
// also the marker counts (the tag metric).
struct FormCounts {
  std::int64_t tp = 0, fp = 0, fn = 0;
  std::int64_t tag_tp = 0, tag_fp = 0, tag_fn = 0;
};

struct PageData {
  std::vector<std::string> forms;               // of this page (car maybe left out)
  std::string json;                             // "\"forms\":...,\"dict\":...,\"outputs\":[...]"
  std::vector<std::vector<FormCounts>> counts;  // [output][form of `forms`]
};

// Aligns each output with the gold under every form (`autojunk`: difflib's popular
// rule, as the run scored). Thread-safe (one call per thread).
PageData align_page(std::string_view gold, const std::vector<std::string_view>& outputs,
                    const std::vector<std::string>& forms, bool autojunk, CarView car = CarView::kLongWords);

}  // namespace detour::reports::html
