// page: building a parsed Page from UTF-8 HTML (see page.h).
#include "html/page.h"

#include "html/dom.h"

namespace detour::html {

Page make_page(std::string id, std::string html, std::string lang) {
  Page p;
  p.id = std::move(id);
  p.lang = std::move(lang);
  p.html = std::move(html);
  p.decode.charset = "UTF-8";
  p.decode.source = "given";
  p.dom = std::make_shared<const dom::Document>(dom::Document::parse(p.html));
  return p;
}

}  // namespace detour::html
