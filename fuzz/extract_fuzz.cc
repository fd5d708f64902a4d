// libFuzzer target: extraction. The bytes are decoded as a page would be
// (corpora/decode), parsed, and given to the extractors that need no training:
// Boilerpipe (Article, Default), jusText (with stoplist, and without), Readability,
// HTML Killer, CETD, eatiht and the ALL baseline, then rendered as a chain stage
// would be. Properties: no crash or sanitizer report; an extractor either returns
// segments with text or throws ExtractError; the same page twice gives the same
// output.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "corpora/decode.h"
#include "extractors/extractor.h"
#include "fuzz/fuzz_util.h"

namespace {

const std::vector<std::unique_ptr<detour::Extractor>>& extractors() {
  static const auto list = [] {
    std::vector<std::unique_ptr<detour::Extractor>> v;
    for (const char* name : {"BP", "BP-DEF", "JTA", "JTS", "RD", "HK", "CETD", "EAT", "ALL"})
      v.push_back(detour::make_extractor(name));
    return v;
  }();
  return list;
}

std::string run(const detour::Extractor& e, const detour::Page& page) {
  try {
    const detour::Extraction ex = e.extract(page);
    return detour::render_cleaneval(ex.segments) + "\x01" + ex.cleaneval;
  } catch (const detour::ExtractError& err) {
    return std::string("error: ") + err.what();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto decoded = detour::corpora::decode_page(bytes);
  const detour::Page page = detour::html::make_page("fuzz", std::move(decoded.utf8), "en");
  for (const auto& e : extractors()) {
    const std::string first = run(*e, page);
    FUZZ_CHECK(first == run(*e, page), "an extractor gave two outputs for one page");
    // As the next stage of a chain would see it.
    if (first.rfind("error: ", 0) != 0) {
      const detour::Extraction ex = e->extract(page);
      const detour::Page next = detour::html::make_page("fuzz", detour::render_html(ex.segments, page.dom->title()), "en");
      (void)run(*extractors().front(), next);
    }
  }
  return 0;
}
