// stoplist: the stop-word lists jusText classifies paragraphs with, where they come
// from, and which one a page's language selects.
//
// Sources (the first that exists wins):
//  1. an explicit path given by the caller (a folder, or a file);
//  2. the environment variable DETOUR_STOPLISTS (a folder, or a file);
//  3. ../shared/resources/stoplists/justext beside the project source dir.
// A folder must hold jusText's one-word-a-line files named <Language>.txt (jusText
// 3.0.2 ships 100 of them; the shared copy adds Chinese.txt). A file ending in .json is
// read as npm's stopwords-iso format: {"en": ["a", "about", ...], ...}, keyed by ISO
// 639-1 code. Words are lower-cased (Python str.lower()) as jusText does.
//
// Each loaded list carries a short content hash that goes into extractor signatures.
// Loading errors throw StoplistError naming the path tried and how to point detour at
// another source. A loaded Stoplist is immutable and safe to share between threads.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace detour::justext {

class StoplistError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct StringHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

class Stoplist {
 public:
  Stoplist() = default;  // the empty list
  // Builds a list from words (lower-cased here); `source` says where they came from.
  Stoplist(const std::vector<std::string>& words, std::string source);

  // True when `lowered` (already lower-cased) is a stop word.
  bool contains(std::string_view lowered) const { return words_.find(lowered) != words_.end(); }
  std::size_t size() const { return words_.size(); }
  bool empty() const { return words_.empty(); }
  // First 12 hex digits of a FNV-1a 64 hash over the sorted words ("empty" when empty).
  const std::string& hash() const { return hash_; }
  const std::string& source() const { return source_; }

 private:
  std::unordered_set<std::string, StringHash, std::equal_to<>> words_;
  std::string hash_ = "empty";
  std::string source_;
};

// jusText's language name ("English", "Greek", "Norwegian_Bokmal"...) for an ISO 639-1
// code ("en", "el", "nb"...), or "" when jusText has no list for it. A name already in
// jusText form is returned unchanged.
std::string justext_language(std::string_view code);

// ISO 639-1 code for a jusText language name, or "" if none.
std::string iso_code(std::string_view justext_name);

// The stoplist source used when none is given: DETOUR_STOPLISTS, else the shared copy
// (whether or not it exists; loading reports a missing one).
std::filesystem::path default_stoplist_source();

// A short hash of the whole source (every <Language>.txt of a folder with its name, or
// the JSON file's bytes), for signatures; "missing" when the source cannot be read.
std::string source_hash(const std::filesystem::path& source);

// Loads the list for `language` (ISO code or jusText name) from `source` (a folder of
// <Language>.txt files or a stopwords-iso JSON file). Throws StoplistError when the
// source or the language is missing.
Stoplist load_stoplist(const std::filesystem::path& source, std::string_view language);

}  // namespace detour::justext
