// daniel: a port of DAnIEL (Lejeune, Brixtel et al. 2013, "Any Language Early
// Detection of Epidemic Diseases from Web News Streams"), the epidemic-surveillance
// system of the extrinsic evaluation of Lejeune, Brixtel & Lecluze (TALN 2015). It
// follows the Python 3 version EMBEDDIA/event-detection (folder
// event-detection-daniel, daniel.py), decision for decision; the facts were read
// there and the code is ours.
//
// For one document (a cleaned text) and the resource lists of its language:
//  1. zoning: the text is cut on "<p>" (else on line breaks), empty zones dropped.
//     With fewer than 3 zones: under 5 "sentences" (pieces between ". " or "</p>"
//     longer than 2 characters) the text is one zone; with 2 zones the second is cut
//     in two halves; otherwise the text is cut in three thirds. With 3 zones or more,
//     except for Chinese, a second zone with fewer than 2 sentence ends (". " or
//     ".<") is merged with the third as the header, the third staying in place
//     (DAnIEL's own rule: [z0, z1 + z2, z2, z3, ...]);
//  2. the repeated substrings shared by the zones and the disease names (repeats.h:
//     rstr_max's maximal repeats over a suffix array of zones + names; name_index.h
//     finds the same ones without it, once the names are indexed, for every text
//     without a character below U+0003, one reading of the text for both lists);
//     a substring is a candidate when it occurs in at least two zones and in a name,
//     or, for a one-zone text, in the zone and in a name;
//  3. each (substring, name) pair gets a score: the length ratio |substring| / |name|,
//     minus a penalty when the first characters differ (case-insensitively: 0.1 for
//     diseases, 0.2 for locations, never below 0), a ratio of 1 counted as 0.99,
//     then with d the sorted zones it occurs in (for a one-zone text: its positions in
//     the joined text divided by that text's length, rounded to 5 decimals):
//     d[1] < 2 (repeated in the header) ratio + 0.1; d[0] = 0 (title and elsewhere)
//     ratio + 0.05 (both at most 1); d[0] <= 2 ratio; else ratio ^ (1 + d[0] d[1]);
//  4. candidates are sorted by (score, name, substring, positions), highest first; the
//     document is relevant when the best disease scores at least the ratio threshold
//     (default 0.8);
//  5. when any disease candidate exists, the location is the best location
//     candidate when it scores at least 0.5, else the language's default location
//     (the "default_value" entry of the locations list, which also takes part in the
//     matching as a name, as in DAnIEL).
// Not ported: DAnIEL's optional jusText cleaning of raw HTML (detour gives cleaned
// texts), the news-source table (sources_fr.json; detour's corpora carry no source
// names) and the Indonesian town list (its use in DAnIEL appends to a string and
// fails whenever a town matches).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tasks/daniel/name_index.h"
#include "tasks/daniel/repeats.h"

namespace detour::tasks::daniel {

// Which DAnIEL: the port follows EMBEDDIA/event-detection (Python 3) by default;
// Original is rundimeco/daniel at ac1f5d0 (Python 2, 2019), the lineage of the
// system the TALN 2015 study ran, which differs in four places:
//  - zoning: no header merge;
//  - positions: a zone index z counts as its distance to the nearer end,
//    min(z, zones - 1 - z), and a one-zone position x as min(x, L - x) / L, rounded to
//    5 decimals half away from zero (Python 2's round);
//  - score, d the sorted positions: ratio when d[0] = 1; else ratio ^ (1 + d[0] d[1])
//    when d[1] <= 1, ratio ^ (1 + d[0] ln d[1]) otherwise, minus 0.1 when no position
//    is 0 or 1 (not in the headline);
//  - first letters compared with Python 2's simple lower-case mapping.
enum class Version { Embeddia, Original };
std::string_view version_name(Version v);  // "embeddia", "original"

// Every number of the algorithm; the signature lists them all.
struct Params {
  Version version = Version::Embeddia;
  double headline_penalty = 0.1;   // Original: no position 0 or 1
  double ratio = 0.8;              // relevance threshold on the best disease score (DAnIEL's -r)
  double location_min = 0.5;       // a location candidate below this gives the default location
  double disease_penalty = 0.1;    // first characters differ
  double location_penalty = 0.2;
  double header_bonus = 0.1;       // repeated in the header (d[1] < 2)
  double title_bonus = 0.05;       // in the title and elsewhere (d[0] = 0)
  double full_ratio = 0.99;        // a ratio of 1 counts as this
  int min_zones = 3;               // fewer zones: the weak-structure fallbacks
  int min_sentences = 5;           // fewer sentences: one zone
  int header_sentence_ends = 2;    // fewer in zone 1: merged with zone 2
  std::string no_header_merge = "zh";  // the language without the header merge
};

// One language's resource lists, names as code points in file order (a repeated key
// once, at its first place).
struct Lists {
  std::vector<std::u32string> diseases;
  std::vector<std::u32string> locations;  // "default_value" included, as in DAnIEL
  std::u32string default_location;        // the value of "default_value"
  // The lists' substring index (name_index.h; index_lists() builds it): diseases list
  // 0, locations list 1, one reading of a text for both; or, when the two together are
  // too large for one, one index per list. When set and usable, candidates are found
  // with it instead of a suffix array per text.
  std::shared_ptr<const NameIndex> index;
  std::shared_ptr<const NameIndex> disease_index, location_index;
};

// Builds the index of `lists` (its first-letter comparisons are those of p's version).
void index_lists(Lists& lists, const Params& p);

struct Candidate {
  double score = 0;
  std::int32_t name = 0;            // index into the list
  std::u32string substring;         // the repeated substring
  std::vector<double> positions;    // zones (integers) or normalised positions
};

enum class Zoning { Paragraphs, Lines, OneZone, TitleSplit, Thirds };
std::string_view zoning_name(Zoning z);

// How many of the best candidates an analysis keeps (the decision needs the first).
inline constexpr std::size_t kKeptCandidates = 5;

struct Analysis {
  Zoning zoning = Zoning::Paragraphs;
  bool header_merged = false;
  std::size_t zones = 0;
  std::vector<Candidate> diseases;   // the best kKeptCandidates, best first
  std::vector<Candidate> locations;  // the same; computed only when there is a disease candidate
  bool relevant = false;             // diseases[0].score >= ratio
  std::u32string location;           // "" when no disease candidate
  bool default_location = false;
};

// The zones of a text (step 1).
std::vector<std::u32string> zoning(std::u32string_view text, std::string_view lang, const Params& p,
                                   Zoning* how = nullptr, bool* header_merged = nullptr);

// Steps 2 and 3 for one list: the best `keep` candidates, best first (`total`, if
// given, receives the number of candidates).
std::vector<Candidate> candidates(const std::vector<std::u32string>& zones,
                                  const std::vector<std::u32string>& names, bool location, const Params& p,
                                  RepeatFinder& finder, std::size_t keep = kKeptCandidates,
                                  std::size_t* total = nullptr);

// The same candidates found with an index of the names (name_index.h), `names` being
// its list number `list`: nullopt when the index does not apply (an unusable index, a
// character below U+0003 in a zone), where the suffix-array way above is the one to use.
std::optional<std::vector<Candidate>> candidates_by_index(const std::vector<std::u32string>& zones,
                                                          const std::vector<std::u32string>& names,
                                                          const NameIndex& index, std::size_t list, bool location,
                                                          const Params& p, std::size_t keep = kKeptCandidates);

// The whole analysis of one text. `finder` is scratch space (one per thread). Without
// `positions`, the candidates' positions may be left empty (the decision does not use
// them; finding the zones of a text of more than 64 zones takes one more reading).
// `keep`: how many of the best candidates of each list are kept (1 or more; fewer
// let more of the others be passed over unweighed).
Analysis analyze(std::u32string_view text, std::string_view lang, const Lists& lists, const Params& p,
                 RepeatFinder& finder, bool positions = true, std::size_t keep = kKeptCandidates);

// Python's round(x, 5): the double nearest to x rounded to 5 decimals (half to even
// on the exact binary value).
double round5(double x);
// Python 2's round(x, 5): the same but an exact tie goes away from zero.
double round5_half_away(double x);

}  // namespace detour::tasks::daniel
