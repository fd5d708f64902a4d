// dom_neko: the tree Boilerpipe 1.2.0 reads, NekoHTML's, approximated on gumbo's
// HTML5 tree (see dom.h, Parser::Neko).
#include "html/dom.h"

namespace detour::dom {

Document Document::parse_neko(std::string_view html, const ParseOptions& opts) { return parse(html, opts); }

}  // namespace detour::dom
