// boilerpipe: a port of Boilerpipe 1.2.0 (Kohlschütter, Fankhauser & Nejdl, WSDM 2010;
// the de.l3s.boilerpipe jar) over our DOM. Registry names:
//   BP         ArticleExtractor       BP-DEF     DefaultExtractor
//   BP-KE      KeepEverythingExtractor BP-CANOLA CanolaExtractor
//   BP-LC      LargestContentExtractor
// Output: one Segment per content block (text whitespace-collapsed; Heading when the
// block's text all came from h1-h6, else Paragraph). The plain-text form the original
// prints (TextDocument.getContent: each content block + "\n") is available below.
// The extractors have no settings; they are thread-safe.
#pragma once

#include <memory>
#include <string>

#include "extractors/boilerpipe/chains.h"
#include "extractors/boilerpipe/text_block.h"
#include "html/dom.h"
#include "extractors/extractor.h"

namespace detour::boilerpipe {

// Parses the page into blocks and runs the chain.
TextDocument process(const dom::Document& doc, Chain chain);

// TextDocument.getContent() of the chain's result, as the original prints it.
std::string extract_text(const dom::Document& doc, Chain chain);

}  // namespace detour::boilerpipe

namespace detour {
std::unique_ptr<Extractor> make_boilerpipe_article_extractor();
std::unique_ptr<Extractor> make_boilerpipe_default_extractor();
std::unique_ptr<Extractor> make_boilerpipe_keep_everything_extractor();
std::unique_ptr<Extractor> make_boilerpipe_canola_extractor();
std::unique_ptr<Extractor> make_boilerpipe_largest_content_extractor();
}  // namespace detour
