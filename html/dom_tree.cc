// dom_tree: a DOM subtree as a kernel Tree (see dom_tree.h).
#include "html/dom_tree.h"

#include "base/markup.h"

namespace detour::ted {

Tree dom_tree(const dom::Node* root, LabelDict& dict, const DomTreeOptions& opts) {
  std::vector<std::int32_t> labels, parents, open;
  if (!root) return Tree::from_preorder(labels, parents);
  const std::int32_t text_id = dict.id("#text"), comment_id = dict.id("#comment");
  auto add = [&](std::int32_t label) {
    parents.push_back(open.empty() ? -1 : open.back());
    labels.push_back(label);
    return static_cast<std::int32_t>(labels.size() - 1);
  };
  auto blank = [](const std::string& s) {
    for (unsigned char c : s)
      if (c != ' ' && c != '\n' && c != '\r' && c != '\t' && c != '\f') return false;
    return true;
  };
  dom::walk(root, [&](dom::Event e, const dom::Node* n) {
    switch (e) {
      case dom::Event::Enter:
        open.push_back(add(dict.id(n->type == dom::NodeType::Document ? "#document" : n->tag)));
        return !(opts.skip_raw_text && n->is_element() && dom::is_raw_text_element(n->tag));
      case dom::Event::Leave:
        open.pop_back();
        return true;
      case dom::Event::Text:
        if (open.empty()) return true;  // a bare text root has no tree
        if (!opts.whitespace_text && blank(n->text)) return true;
        add(opts.text_labels ? dict.id(detour::collapse_whitespace(n->text)) : text_id);
        return true;
      case dom::Event::Comment:
        if (opts.comments && !open.empty()) add(comment_id);
        return true;
    }
    return true;
  });
  return Tree::from_preorder(labels, parents);
}

}  // namespace detour::ted
