// tokens: the text tokens the template-diff extractor compares between two pages of a
// site, and the site a page belongs to.
//
// Tokens are the visible text of the body (scripts, styles, head... skipped, as in
// blocks.h) split on whitespace; every ideographic character (ICU UCHAR_IDEOGRAPHIC,
// i.e. Han), kana and hangul syllable is a token of its own, so that unsegmented
// Chinese text is compared character by character. Each token remembers the index of
// the text node it came from (text nodes numbered in dom::walk order).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "html/dom.h"

namespace detour::tdiff {

struct TextTokens {
  std::vector<std::string> tokens;
  std::vector<int> node;                    // text-node index of each token
  std::vector<const dom::Node*> text_nodes; // by index
};

// Tokens of the visible text under `root` (normally the body).
TextTokens text_tokens(const dom::Node* root);

// Appends the tokens of one UTF-8 string.
void split_tokens(std::string_view text, std::vector<std::string>& out);

// Identity of the document a page is a copy of: DANIEL crawled some URLs on several
// dates (<date>_<host>_<hash> with the same hash); such copies share their content
// and must not be diff partners. The hash part of a DANIEL id, else the URL, else the id.
std::string document_of(std::string_view id, std::string_view url);

}  // namespace detour::tdiff
