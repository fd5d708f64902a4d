// WUTSI: the eatiht-style content extraction of wutsi/wutsi-extractor (SanitizeFilter at
// commit 52b5602, ContentFilter at 8218791, April 2020; jsoup 1.13 semantics for
// "block", text() and hasText()); see eatiht.h. Our own code, on a clone of the page.
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "extractors/blocks.h"
#include "extractors/eatiht/eatiht.h"
#include "extractors/eatiht/text_util.h"

namespace detour::eatiht {
namespace {

using util::decode;

bool in(std::string_view t, std::initializer_list<std::string_view> list) {
  return std::find(list.begin(), list.end(), t) != list.end();
}

// jsoup's block tags (Tag.blockTags minus ins/del, which it re-registers as inline);
// every other tag, known or not, is inline for jsoup.
bool jsoup_block(std::string_view t) {
  return in(t, {"html", "head", "body", "frameset", "script", "noscript", "style", "meta", "link",
                "title", "frame", "noframes", "section", "nav", "aside", "hgroup", "header",
                "footer", "p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "pre", "div",
                "blockquote", "hr", "address", "figure", "figcaption", "form", "fieldset", "dl",
                "dt", "dd", "li", "table", "caption", "thead", "tfoot", "tbody", "colgroup",
                "col", "tr", "th", "td", "video", "audio", "canvas", "details", "menu",
                "plaintext", "template", "article", "main", "svg", "math", "center"});
}

bool tag_blacklisted(std::string_view t) {
  return in(t, {"head", "style", "script", "nav", "iframe", "noscript", "header", "footer", "aside"});
}

bool id_class_blacklisted(std::string_view v) {
  return in(v, {"footer", "comments", "menu-ay-side-menu-mine", "mashsb-container", "top-nav",
                "related_posts", "share-post", "navbar", "nav", "addthis_tool", "embedly-card",
                "sidebar"});
}

std::string lower(std::string_view s) {
  std::string o(s);
  for (char& c : o)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
  return o;
}

// Whitespace-separated tokens of an attribute, lower-cased.
std::vector<std::string> tokens(const std::string* v) {
  std::vector<std::string> out;
  if (!v) return out;
  std::string cur;
  for (char c : *v) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
      if (!cur.empty()) out.push_back(lower(cur)), cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(lower(cur));
  return out;
}

bool is_social_link(const dom::Node* e) {
  if (!e->is("a")) return false;
  const std::string* href = e->attr("href");
  if (!href) return false;
  for (std::string_view p : {"twitter.com/intent/tweet", "twitter.com/share", "facebook.com/share.php",
                             "facebook.com/sharer.php", "plus.google.com/share", "linkedin.com/shareArticle",
                             "linkedin.com/cws/share", "pinterest.com/pin/create/button"})
    if (href->find(p) != std::string::npos) return true;
  return false;
}

bool is_tag_link(const dom::Node* e) {
  if (!e->is("a")) return false;
  for (const auto& c : tokens(e->attr("class")))
    if (c == "tag") return true;
  for (const auto& r : tokens(e->attr("rel")))
    if (r == "tag") return true;
  return false;
}

bool is_blacklisted_class_or_id(const dom::Node* e) {
  for (const auto& c : tokens(e->attr("class")))
    if (id_class_blacklisted(c)) return true;
  return id_class_blacklisted(lower(e->attr_or("id")));
}

// jsoup text() is blank after trim(): only whitespace, NBSP and control characters.
bool jsoup_nonblank(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    std::size_t len = 1;
    char32_t c = decode(s, i, len);
    i += len;
    if (c > 0x20 && c != 0xA0) return true;
  }
  return false;
}

// jsoup TextNode.isBlank(): only space, tab, LF, FF, CR.
bool jsoup_text_node_blank(std::string_view s) {
  for (char c : s)
    if (!(c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r')) return false;
  return true;
}

// jsoup Element.text(): normalised whitespace, a space at block and br boundaries, trimmed.
std::string jsoup_text(const dom::Node* root) {
  std::string acc;
  auto last_space = [&] { return !acc.empty() && acc.back() == ' '; };
  int pre = 0;
  dom::walk(root, [&](dom::Event e, const dom::Node* n) {
    switch (e) {
      case dom::Event::Enter:
        if (n == root) return true;
        if (n->is("script") || n->is("style")) return false;  // data nodes
        if (n->is("pre")) ++pre;
        if (!acc.empty() && (jsoup_block(n->tag) || n->is("br")) && !last_space()) acc += ' ';
        return true;
      case dom::Event::Leave:
        if (n == root) return true;
        if (n->is("script") || n->is("style")) return true;
        if (n->is("pre")) --pre;
        if (jsoup_block(n->tag) && n->parent) {
          int idx = n->index_in_parent();
          if (idx >= 0 && idx + 1 < static_cast<int>(n->parent->children.size()) &&
              n->parent->children[idx + 1]->is_text() && !last_space())
            acc += ' ';
        }
        return true;
      case dom::Event::Text: {
        if (pre > 0) {
          acc += n->text;
          return true;
        }
        // appendNormalisedWhitespace(accum, text, stripLeading = accum ends in a space)
        const std::string& t = n->text;
        bool strip = last_space(), last_white = false, reached = false;
        for (std::size_t i = 0; i < t.size();) {
          std::size_t len = 1;
          char32_t c = decode(t, i, len);
          if (util::is_jsoup_space(c)) {
            if (!((strip && !reached) || last_white)) {
              acc += ' ';
              last_white = true;
            }
          } else if (c != 0x200B && c != 0xAD) {
            acc.append(t, i, len);
            last_white = false;
            reached = true;
          }
          i += len;
        }
        return true;
      }
      case dom::Event::Comment:
        return true;
    }
    return true;
  });
  // trim(): characters <= U+0020 at both ends.
  std::size_t b = 0, e = acc.size();
  while (b < e && static_cast<unsigned char>(acc[b]) <= 0x20) ++b;
  while (e > b && static_cast<unsigned char>(acc[e - 1]) <= 0x20) --e;
  return acc.substr(b, e - b);
}

// Length in UTF-16 code units (Java String.length()).
long utf16_length(std::string_view s) {
  long n = 0;
  for (std::size_t i = 0; i < s.size();) {
    std::size_t len = 1;
    char32_t c = decode(s, i, len);
    n += c >= 0x10000 ? 2 : 1;
    i += len;
  }
  return n;
}

bool formatting_inline(std::string_view t) {
  return in(t, {"i", "b", "font", "em", "small", "mark", "del", "ins", "q", "cite", "sub", "sup",
                "strong", "span", "a"});
}

std::vector<const dom::Node*> element_children(const dom::Node* n) {
  std::vector<const dom::Node*> out;
  for (const dom::Node* c : n->children)
    if (c->is_element()) out.push_back(c);
  return out;
}

// Detaches many nodes at once (one pass over each affected parent's children).
void detach_all(const std::vector<dom::Node*>& nodes) {
  if (nodes.empty()) return;
  std::unordered_set<const dom::Node*> gone(nodes.begin(), nodes.end());
  std::unordered_set<dom::Node*> parents;
  for (dom::Node* n : nodes)
    if (n->parent) parents.insert(n->parent);
  for (dom::Node* p : parents)
    p->children.erase(std::remove_if(p->children.begin(), p->children.end(),
                                     [&](dom::Node* c) { return gone.count(c) > 0; }),
                      p->children.end());
  for (dom::Node* n : nodes) n->parent = nullptr;
}

// SanitizeFilter: removes rejected elements, then empty block elements.
void sanitize(dom::Document& doc) {
  dom::Node* root = doc.root();
  // "Has text outside links" per element, bottom-up over the untouched tree.
  std::unordered_map<const dom::Node*, bool> nonlink_text;
  {
    std::vector<std::pair<const dom::Node*, bool>> stack;
    dom::walk(root, [&](dom::Event e, const dom::Node* n) {
      switch (e) {
        case dom::Event::Enter:
          stack.push_back({n, false});
          return true;
        case dom::Event::Leave: {
          bool flag = stack.back().second;
          stack.pop_back();
          nonlink_text[n] = flag;
          if (!stack.empty() && !n->is("a") && !n->is("script") && !n->is("style") && flag)
            stack.back().second = true;
          return true;
        }
        case dom::Event::Text:
          if (!stack.empty() && !stack.back().first->is("script") && !stack.back().first->is("style") &&
              jsoup_nonblank(n->text))
            stack.back().second = true;
          return true;
        case dom::Event::Comment:
          return true;
      }
      return true;
    });
  }
  std::vector<const dom::Node*> rejected;
  dom::walk(root, [&](dom::Event e, const dom::Node* n) {
    if (e != dom::Event::Enter || !n->is_element()) return true;
    bool menu = !n->is("a") && jsoup_block(n->tag) && !nonlink_text[n];
    if (tag_blacklisted(n->tag) || is_social_link(n) || is_tag_link(n) ||
        is_blacklisted_class_or_id(n) || menu) {
      rejected.push_back(n);
      return false;  // its descendants go with it
    }
    return true;
  });
  std::vector<dom::Node*> gone;
  for (const dom::Node* n : rejected) gone.push_back(const_cast<dom::Node*>(n));
  detach_all(gone);
  // Empty block elements, children first (reverse pre-order); removal cascades to
  // parents left without child elements.
  std::vector<dom::Node*> order;
  dom::walk(root, [&](dom::Event e, const dom::Node* n) {
    if (e == dom::Event::Enter && n->is_element()) order.push_back(const_cast<dom::Node*>(n));
    return true;
  });
  std::unordered_map<const dom::Node*, int> live_children;
  for (dom::Node* n : order)
    if (n->parent) ++live_children[n->parent];
  gone.clear();
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    dom::Node* n = *it;
    if (!n->parent || !jsoup_block(n->tag) || live_children[n] > 0) continue;
    bool has_text = false;
    for (const dom::Node* c : n->children)
      if (c->is_text() && !jsoup_text_node_blank(c->text)) has_text = true;
    if (!has_text) {
      gone.push_back(n);
      --live_children[n->parent];
    }
  }
  detach_all(gone);
}

class WutsiExtractor final : public Extractor {
 public:
  explicit WutsiExtractor(WutsiSettings s) : s_(s) {}
  std::string name() const override { return "WUTSI"; }
  std::string version() const override { return "1"; }
  Settings settings() const override { return {{"min_block_length", std::to_string(s_.min_block_length)}}; }

  Extraction extract(const Page& page) const override {
    if (!page.dom) throw ExtractError("WUTSI: page " + page.id + " has no parsed document");
    Extraction ex;
    dom::Document doc = page.dom->clone();
    sanitize(doc);
    const dom::Node* body = doc.body();
    if (!body || !attached(body, doc.root())) {
      ex.notes["empty"] = "body removed by the cleaning pass";
      return ex;
    }
    const long min_len = s_.min_block_length;
    // select(): leaves with more than min_len characters; their distinct parents.
    std::vector<const dom::Node*> parts;
    std::unordered_set<const dom::Node*> seen;
    dom::walk(body, [&](dom::Event e, const dom::Node* n) {
      if (e != dom::Event::Enter || n == body || !n->is_element()) return true;
      if (formatting_inline(n->tag)) return true;
      for (const dom::Node* c : n->children)
        if (c->is_element() && !formatting_inline(c->tag)) return true;
      if (utf16_length(jsoup_text(n)) > min_len && n->parent && seen.insert(n->parent).second)
        parts.push_back(n->parent);
      return true;
    });
    if (parts.empty()) {
      ex.notes["empty"] = "no block longer than the minimum";
      return ex;
    }
    // partition() and argmax(): the last part with the highest score.
    const dom::Node* max = nullptr;
    long best = -1;
    for (const dom::Node* p : parts) {
      long value = 0;
      for (const dom::Node* c : element_children(p)) {
        std::string t = jsoup_text(c);
        if (utf16_length(t) > min_len) value += wutsi_sentence_count(t);
      }
      if (value >= best) best = value, max = p;
    }
    // merge(): the parts containing the winner (itself included), in order.
    std::vector<const dom::Node*> merged;
    for (const dom::Node* p : parts) {
      for (const dom::Node* a = max; a; a = a->parent)
        if (a == p) {
          merged.push_back(p);
          break;
        }
    }
    // toHtml(): one part -> its child elements; several -> each, without the others.
    std::unordered_set<const dom::Node*> listed(merged.begin(), merged.end());
    auto append_blocks = [&](const dom::Node* r) {
      auto visit = [&](const dom::Node* n) {
        return (n != r && listed.count(n)) ? Visit::Skip : Visit::Enter;
      };
      auto segs = select_blocks(r, visit, [](const dom::Node*) { return true; });
      for (auto& s : segs) ex.segments.push_back(std::move(s));
    };
    if (merged.size() == 1) {
      auto kids = element_children(merged[0]);
      if (kids.empty()) append_blocks(merged[0]);
      for (const dom::Node* k : kids) append_blocks(k);
    } else {
      for (const dom::Node* m : merged) append_blocks(m);
    }
    return ex;
  }

 private:
  static bool attached(const dom::Node* n, const dom::Node* root) {
    for (; n; n = n->parent)
      if (n == root) return true;
    return false;
  }
  WutsiSettings s_;
};

}  // namespace

std::unique_ptr<Extractor> make_wutsi_extractor(const WutsiSettings& s) {
  return std::make_unique<WutsiExtractor>(s);
}

}  // namespace detour::eatiht

namespace detour {
SettingSpecs eat_settings() {
  const eatiht::EatSettings d;
  return {SettingSpec::integer("min_text_length", d.min_text_length, 0, 1000000,
                               "a text node must be longer than this (characters, normalize-space)"),
          SettingSpec::integer("max_candidate_text_bytes", static_cast<std::int64_t>(d.max_candidate_text_bytes), 1,
                               std::int64_t{1} << 40, "a candidate's text is cut after this many bytes")};
}
SettingSpecs wutsi_settings() {
  const eatiht::WutsiSettings d;
  return {SettingSpec::integer("min_block_length", d.min_block_length, 0, 1000000,
                               "a selected leaf must have more characters than this (UTF-16 units)")};
}
std::unique_ptr<Extractor> make_eat_extractor(const SettingValues& v) {
  eatiht::EatSettings s;
  s.min_text_length = static_cast<int>(v.integer("min_text_length"));
  s.max_candidate_text_bytes = static_cast<std::size_t>(v.integer("max_candidate_text_bytes"));
  return eatiht::make_eat_extractor(s);
}
std::unique_ptr<Extractor> make_wutsi_extractor(const SettingValues& v) {
  eatiht::WutsiSettings s;
  s.min_block_length = static_cast<int>(v.integer("min_block_length"));
  return eatiht::make_wutsi_extractor(s);
}
}  // namespace detour
