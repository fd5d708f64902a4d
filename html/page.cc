// page: building a parsed Page from UTF-8 HTML, and its trees by parser (see page.h).
#include "html/page.h"

#include <array>
#include <mutex>

namespace detour::dom {

// One slot per parser kind; std::call_once makes the first caller parse and the others
// wait. A parse that throws leaves the slot empty (the next caller tries again).
class TreeCache {
 public:
  std::array<std::once_flag, kParserCount> once;
  std::array<std::shared_ptr<const Document>, kParserCount> trees;
};

}  // namespace detour::dom

namespace detour::html {

Page make_page(std::string id, std::string html, std::string lang, bool html5_tree) {
  Page p;
  p.id = std::move(id);
  p.lang = std::move(lang);
  p.html = std::move(html);
  p.decode.charset = "UTF-8";
  p.decode.source = "given";
  if (html5_tree) p.dom = std::make_shared<const dom::Document>(dom::Document::parse(p.html));
  reset_trees(p);
  return p;
}

void reset_trees(Page& page) { page.trees = std::make_shared<dom::TreeCache>(); }

std::shared_ptr<const dom::Document> tree(const Page& page, dom::Parser parser) {
  if (parser == dom::Parser::Html5 && page.dom) return page.dom;
  auto parse = [&] { return std::make_shared<const dom::Document>(dom::Document::parse_with(parser, page.html)); };
  if (!page.trees) return parse();
  const auto k = static_cast<std::size_t>(parser);
  dom::TreeCache& c = *page.trees;
  std::call_once(c.once[k], [&] { c.trees[k] = parse(); });
  return c.trees[k];
}

void parse_trees(const Page& page, std::span<const dom::Parser> parsers) {
  for (dom::Parser p : parsers) tree(page, p);
}

}  // namespace detour::html
