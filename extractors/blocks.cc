#include "extractors/blocks.h"

namespace detour {

bool is_invisible_element(const dom::Node* n) {
  if (!n->is_element()) return false;
  const std::string_view t = n->tag;  // a view: its == checks the size first
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
  return select_blocks(root, [](const dom::Node*) { return Visit::Enter; }, [](const dom::Node*) { return true; });
}

void walk_blocks(const dom::Node* root, const std::function<Visit(const dom::Node*)>& visit,
                 const std::function<void(const dom::Node*, std::string&)>& text,
                 const std::function<void(SegmentKind, std::string&)>& block_end) {
  std::string cur;
  SegmentKind kind = SegmentKind::Paragraph;
  auto flush = [&] {
    block_end(kind, cur);
    cur.clear();
    kind = SegmentKind::Paragraph;
  };
  // Elements entered (so that Leave of a skipped element is not taken as a block end).
  std::vector<const dom::Node*> entered;
  dom::walk(root, [&](dom::Event e, const dom::Node* n) {
    switch (e) {
      case dom::Event::Enter:
        if (n->type == dom::NodeType::Document) return true;
        if (is_invisible_element(n) || visit(n) == Visit::Skip) return false;
        entered.push_back(n);
        if (n->is("br")) {
          cur += '\n';
        } else if (dom::is_block_element(n->tag)) {
          flush();
          kind = segment_kind_of(n->tag);
        }
        return true;
      case dom::Event::Leave:
        if (!entered.empty() && entered.back() == n) {
          entered.pop_back();
          if (dom::is_block_element(n->tag) && !n->is("br")) flush();
        }
        return true;
      case dom::Event::Text:
        text(n, cur);
        return true;
      case dom::Event::Comment:
        return true;
    }
    return true;
  });
  flush();
}

std::vector<Segment> select_blocks(const dom::Node* root, const std::function<Visit(const dom::Node*)>& visit,
                                   const std::function<bool(const dom::Node*)>& keep_text) {
  std::vector<Segment> out;
  walk_blocks(
      root, visit,
      [&](const dom::Node* n, std::string& cur) {
        if (keep_text(n)) cur += n->text;
      },
      [&](SegmentKind kind, std::string& cur) {
        std::string t = collapse_whitespace(cur);
        if (!t.empty()) out.push_back({kind, std::move(t)});
      });
  return out;
}

}  // namespace detour
