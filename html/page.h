// page: a Page from UTF-8 HTML, parsed into its tree (html/dom.h). What chains use
// to feed one stage's HTML to the next, and tests to build pages from strings.
#pragma once

#include <string>

#include "base/page.h"

namespace detour::html {

// Builds a page from UTF-8 HTML (decoding already done; recorded as "UTF-8",
// "given") and parses it.
Page make_page(std::string id, std::string html, std::string lang = {});

}  // namespace detour::html
