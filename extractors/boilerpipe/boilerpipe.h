// boilerpipe: a port of Boilerpipe 1.2.0 (Kohlschütter, Fankhauser & Nejdl, WSDM 2010;
// the de.l3s.boilerpipe jar) over our DOM. Registry names:
//   BP         ArticleExtractor       BP-DEF     DefaultExtractor
//   BP-KE      KeepEverythingExtractor BP-CANOLA CanolaExtractor
//   BP-LC      LargestContentExtractor
// Output: one Segment per original text block of the content blocks, as the lines of
// TextDocument.getContent() (a block merged by fusion holds several; text
// whitespace-collapsed; Heading when the block's text all came from h1-h6, else
// Paragraph); the HTML form for chains is those segments. The plain-text form the
// original prints is available below.
// Settings (chains.h ChainOptions): BP may switch off its optional filters and change
// two constants; BP-DEF and BP-LC the fusion distance; every one the tree it reads
// (`parser`, default neko: gumbo with NekoHTML's differences, dom_neko.cc).
// The extractors are thread-safe.
#pragma once

#include <memory>
#include <string>

#include "extractors/boilerpipe/chains.h"
#include "extractors/boilerpipe/text_block.h"
#include "html/dom.h"
#include "extractors/extractor.h"

namespace detour::boilerpipe {

// Parses the page into blocks and runs the chain.
TextDocument process(const dom::Document& doc, Chain chain, const ChainOptions& options = {});

// TextDocument.getContent() of the chain's result, as the original prints it.
std::string extract_text(const dom::Document& doc, Chain chain, const ChainOptions& options = {});

}  // namespace detour::boilerpipe

namespace detour {
SettingSpecs boilerpipe_article_settings();  // BP
SettingSpecs boilerpipe_fusion_settings();   // BP-DEF, BP-LC
SettingSpecs boilerpipe_parser_settings();   // BP-KE, BP-CANOLA
std::unique_ptr<Extractor> make_boilerpipe_article_extractor(const SettingValues& settings);
std::unique_ptr<Extractor> make_boilerpipe_default_extractor(const SettingValues& settings);
std::unique_ptr<Extractor> make_boilerpipe_keep_everything_extractor(const SettingValues& settings);
std::unique_ptr<Extractor> make_boilerpipe_canola_extractor(const SettingValues& settings);
std::unique_ptr<Extractor> make_boilerpipe_largest_content_extractor(const SettingValues& settings);
}  // namespace detour
