#include "extractors/blocks.h"

namespace detour {

bool is_invisible_element(const dom::Node* n) {
  if (!n->is_element()) return false;
  const std::string& t = n->tag;
  return t == "script" || t == "style" || t == "noscript" || t == "template" || t == "head" ||
         t == "title" || t == "meta" || t == "link" || t == "iframe" || t == "object" ||
         t == "embed" || t == "applet" || t == "svg" || t == "math" || t == "select" ||
         t == "option" || t == "textarea" || t == "button" || t == "input" || t == "canvas";
}

SegmentKind segment_kind_of(std::string_view tag) {
  if (tag.size() == 2 && tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6') return SegmentKind::Heading;
  if (tag == "li" || tag == "dt" || tag == "dd") return SegmentKind::ListItem;
  return SegmentKind::Paragraph;
}

std::vector<Segment> visible_blocks(const dom::Node* root) {
  std::vector<Segment> out;
  std::string cur;
  SegmentKind kind = SegmentKind::Paragraph;
  auto flush = [&] {
    std::string t = collapse_whitespace(cur);
    if (!t.empty()) out.push_back({kind, std::move(t)});
    cur.clear();
    kind = SegmentKind::Paragraph;
  };
  dom::walk(root, [&](dom::Event e, const dom::Node* n) {
    switch (e) {
      case dom::Event::Enter:
        if (is_invisible_element(n)) return false;
        if (n->is("br")) {
          cur += '\n';
          return true;
        }
        if (dom::is_block_element(n->tag)) {
          flush();
          kind = segment_kind_of(n->tag);
        }
        return true;
      case dom::Event::Leave:
        if (!is_invisible_element(n) && dom::is_block_element(n->tag) && !n->is("br")) flush();
        return true;
      case dom::Event::Text:
        cur += n->text;
        return true;
      case dom::Event::Comment:
        return true;
    }
    return true;
  });
  flush();
  return out;
}

}  // namespace detour
