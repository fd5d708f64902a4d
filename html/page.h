// page: a Page from UTF-8 HTML, parsed into its tree (html/dom.h). What chains use
// to feed one stage's HTML to the next, and tests to build pages from strings; and
// a page's tree by parser kind, parsed at most once per kind and shared.
#pragma once

#include <memory>
#include <span>
#include <string>

#include "base/page.h"
#include "html/dom.h"

namespace detour::html {

// Builds a page from UTF-8 HTML (decoding already done; recorded as "UTF-8",
// "given"), parses it with gumbo (unless `html5_tree` is false: page.dom stays null,
// for a reader that takes another parser's tree) and gives it a tree cache.
Page make_page(std::string id, std::string html, std::string lang = {}, bool html5_tree = true);

// The page's tree by `parser`: page.dom for Parser::Html5 when it is set; any other is
// parsed from page.html on first use and kept in the page's tree cache, so that each
// kind is parsed at most once per page, whatever the threads (the first caller parses,
// the others wait for it). A page without a cache (built by hand) is parsed anew on
// each call.
std::shared_ptr<const dom::Document> tree(const Page& page, dom::Parser parser);

// Parses the page's trees of `parsers` now (the runner does it as it loads a page, so
// that no extractor's time includes a parse another one shares).
void parse_trees(const Page& page, std::span<const dom::Parser> parsers);

// Gives the page a new, empty tree cache (its html changed, or it was built by hand).
void reset_trees(Page& page);

}  // namespace detour::html
