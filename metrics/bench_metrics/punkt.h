// punkt: the sentence splitter of NLTK 3.8's nltk.sent_tokenize (Punkt, Kiss &
// Strunk 2006, "Unsupervised Multilingual Sentence Boundary Detection"), applying a
// trained model: what rouge-score does with split_summaries=True, hence what the
// Web Content Extraction Benchmark's ROUGE-LSum splits on. Only detection is here,
// not training.
//
// The procedure (nltk/tokenize/punkt.py, PunktSentenceTokenizer.tokenize with
// realign_boundaries=True and the default PunktLanguageVars), on code points:
//   1. candidates: every '.', '?' or '!' followed either by one of ) " ; } ] * : @ '
//      ( { [ ? ! or by whitespace and a further non-space token;
//   2. each candidate's context = the word before it (from the last ASCII whitespace
//      since the previous candidate's word, with NLTK's quirks: a whitespace at index
//      0 counts as none, and a candidate whose word overlaps the next one's is
//      skipped) + the mark + what follows it;
//   3. the context is cut into lines and word tokens (NLTK's word-tokenizer regex:
//      multi-character punctuation "--", "..", ". . ."; words that end before
//      whitespace, ) " ; } ] * : @ ' ( { [ ? !, multi-character punctuation or a
//      word-final comma; any other single non-space character), annotated in two
//      passes (first: sentence-final marks, ellipses, known abbreviations; second:
//      collocations, the orthographic heuristic, frequent sentence starters, initials
//      and numbers), and the candidate is a break when some token other than the last
//      is a sentence break;
//   4. a break ends the sentence after the mark; the next starts at the following
//      token (or right after the mark before punctuation); the last sentence ends at
//      the text's last non-whitespace;
//   5. closing quotes and brackets (" ' ) ] }) that open a sentence followed by
//      whitespace, "--" or the end move back onto the previous sentence.
// Types are lower-cased (str.lower) and numbers become "##number##", as Punkt does.
//
// The model (abbreviation types, collocations, frequent sentence starters,
// orthographic contexts) is NLTK's trained data, not shipped here (the licence of
// NLTK's Punkt models is unstated upstream: docs/metrics.md). load_tab reads it in
// NLTK's punkt_tab layout (a folder with abbrev_types.txt, collocations.tab,
// sent_starters.txt, ortho_context.tab, UTF-8, one entry a line, tab-separated
// fields, nothing trimmed); scripts/bench_metrics/punkt_pickle_to_tab.py writes that
// folder from the english.pickle WCEB used (nltk_data tokenizers/punkt). load_json
// reads the same parameters as Debian packages them (kDebianEnglishModel), which is
// where rougelsum finds the English model by default.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace detour::bench_metrics {

// NLTK's Punkt English parameters as Debian ships them (package
// golang-gopkg-neurosnap-sentences.v1-dev, a Go port of Punkt whose data/english.json
// holds the parameters of NLTK's english.pickle: 156 abbreviation types, 37
// collocations, 39 sentence starters, 20,366 orthographic contexts).
inline constexpr const char* kDebianEnglishModel =
    "/usr/share/gocode/src/gopkg.in/neurosnap/sentences.v1/data/english.json";

class PunktModel {
 public:
  PunktModel() = default;
  PunktModel(std::vector<std::string> abbrev_types, std::vector<std::pair<std::string, std::string>> collocations,
             std::vector<std::string> sent_starters, std::vector<std::pair<std::string, int>> ortho_context);

  // Reads a punkt_tab folder; throws std::runtime_error naming the file and the
  // reason when a file is missing or a line is malformed.
  static PunktModel load_tab(const std::filesystem::path& dir);
  // Reads the same parameters from one JSON file {"AbbrevTypes": {type: 1},
  // "Collocations": {"a,b": 1}, "SentStarters": {type: 1}, "OrthoContext": {type:
  // flags}}: the shape of Debian's golang-gopkg-neurosnap-sentences.v1-dev, whose
  // data/english.json is NLTK's English model (see kDebianEnglishModel).
  static PunktModel load_json(const std::filesystem::path& file);
  // load_tab for a folder, load_json for a file.
  static PunktModel load(const std::filesystem::path& path);

  // Sentences of `text` as nltk.sent_tokenize returns them (views into `text`;
  // none is empty).
  std::vector<std::string_view> sentences(std::string_view text) const;
  // The same as (begin, end) byte offsets.
  std::vector<std::pair<std::size_t, std::size_t>> sentence_spans(std::string_view text) const;

  std::size_t abbrev_count() const { return abbrevs_.size(); }
  // A digest of the model's content (64-bit FNV-1a over its sorted entries, hex),
  // for score signatures: two models with the same entries have the same digest.
  std::string fingerprint() const;
  std::size_t ortho_count() const { return ortho_.size(); }

  // Internal, for the annotation passes (UTF-8 keys).
  bool is_abbrev(const std::string& type) const { return abbrevs_.count(type) != 0; }
  bool is_collocation(const std::string& a, const std::string& b) const;
  bool is_sent_starter(const std::string& type) const { return starters_.count(type) != 0; }
  int ortho(const std::string& type) const {
    auto it = ortho_.find(type);
    return it == ortho_.end() ? 0 : it->second;
  }

 private:
  std::unordered_set<std::string> abbrevs_;
  std::unordered_set<std::string> collocations_;  // "a\tb"
  std::unordered_set<std::string> starters_;
  std::unordered_map<std::string, int> ortho_;
};

}  // namespace detour::bench_metrics
