// eatiht: "Extract Article Text In HyperText documents" (Rodrigo Palacios, eatiht v1,
// rodricios/eatiht eatiht.py), and the variant of it used by Wutsi's content extractor
// (wutsi/wutsi-extractor, SanitizeFilter + ContentFilter as of April 2020).
//
// EAT (v1): the parents of text nodes longer than 20 characters (normalize-space), under
// elements other than script style i b strong span a, give candidate nodes. Each
// candidate's whole text, with `[digits]` removed, is split into sentences (at
// whitespace after . ! ? optionally followed by a quote, not after Mr. Mrs. Jr. Dr.
// Prof. Sr.); sentences not ending in . " ? ! ' are dropped. Each sentence votes for
// the candidate's parent path; the path with most votes wins (first seen on ties) and
// the sentences whose path contains it (a string test in the original, reproduced on
// lxml-style paths) are the output, one paragraph per candidate.
//
// WUTSI: first a cleaning pass (comments; head style script nav iframe noscript header
// footer aside; share links; tag links; elements whose class or id is on a block list;
// block elements with no text outside links; then empty block elements), then the
// leaves (elements whose children are only inline formatting) with more than 20
// characters are selected; their parents are scored by the sentences of their long
// children; the highest score wins (last on ties), and it is output together with the
// other scored parents that contain it.
//
// Both work on our gumbo (HTML5) tree, where the originals used lxml/libxml2 and jsoup;
// trees differ in details such as tbody. Thread-safe.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "html/dom.h"
#include "extractors/extractor.h"

namespace detour::eatiht {

// eatiht v1's sentence split of one text (after `[digits]` removal), keeping only the
// pieces ending in . " ? ! ' ; `first_kept` tells whether piece 0 of the split was kept
// (the original prefixes it with a paragraph break).
std::vector<std::string> split_sentences(std::string_view text, bool* first_kept = nullptr);

// Removes every `[` digits* `]` (eatiht's BRACKET_PATTERN).
std::string remove_bracket_numbers(std::string_view text);

// Wutsi's sentence count: 1 + the number of matches of `[a-z]\.\s+`.
int wutsi_sentence_count(std::string_view text);

struct EatSettings {
  // A text node must be longer than this (normalize-space, characters). Default 20.
  int min_text_length = 20;
  // A candidate's text (all text under it, as the original takes) is cut after this
  // many bytes, at a character boundary. Only pathological pages (one element holding
  // more text than this, or deep nesting that repeats a big text per level) reach it;
  // it bounds the time at depth-limit x this. Default 64 KiB (the largest DANIEL page
  // is 334 KB of HTML).
  std::size_t max_candidate_text_bytes = std::size_t{64} << 10;
};

struct WutsiSettings {
  // A selected leaf (and a child counted in a parent's score) must have more than this
  // many characters (jsoup text(), UTF-16 units). Default 20 (ContentFilter()).
  int min_block_length = 20;
};

std::unique_ptr<Extractor> make_eat_extractor(const EatSettings& s = {});
std::unique_ptr<Extractor> make_wutsi_extractor(const WutsiSettings& s = {});

}  // namespace detour::eatiht
