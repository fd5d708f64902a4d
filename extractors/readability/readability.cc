// Port of readability-lxml 0.8.1 Document.summary() (see readability.h). Each step
// names the method of readability/readability.py it follows.
#include "extractors/readability/readability.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "extractors/readability/pytext.h"

namespace detour::readability {
namespace {

using dom::Document;
using dom::Node;
using dom::NodeType;

// REGEXES of readability.py (all searched case-insensitively).
const WordSet kUnlikely{"combx", "comment", "community", "disqus", "extra", "foot", "header",
                        "menu", "remark", "rss", "shoutbox", "sidebar", "sponsor", "ad-break",
                        "agegate", "pagination", "pager", "popup", "tweet", "twitter"};
const WordSet kMaybeCandidate{"and", "article", "body", "column", "main", "shadow"};
const WordSet kPositive{"article", "body", "content", "entry", "hentry", "main", "page",
                        "pagination", "post", "text", "blog", "story"};
const WordSet kNegative{"combx", "comment", "com-", "contact", "foot", "footer", "footnote",
                        "masthead", "media", "meta", "outbrain", "promo", "related", "scroll",
                        "shoutbox", "sidebar", "sponsor", "shopping", "tags", "tool", "widget"};

// videoRe: https?://(www\.)?(youtube|vimeo)\.com, case-insensitive.
bool is_video_url(std::string_view src) {
  std::string s;
  s.reserve(src.size());
  for (char c : src) s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (std::string_view host : {"youtube.com", "vimeo.com"})
    for (std::string_view scheme : {"http://", "https://"})
      for (std::string_view www : {"", "www."}) {
        std::string pat = std::string(scheme) + std::string(www) + std::string(host);
        if (s.find(pat) != std::string::npos) return true;
      }
  return false;
}

// The element parent, or nullptr at the top (lxml's getparent() of <html> is None).
Node* parent_element(const Node* n) {
  Node* p = n->parent;
  return p && p->is_element() ? p : nullptr;
}

// Elements strictly below `root` in document order; tag "" means every element
// (lxml's findall(".//tag")).
std::vector<Node*> find_all(Node* root, std::string_view tag = {}) {
  std::vector<Node*> out, stack;
  for (auto it = root->children.rbegin(); it != root->children.rend(); ++it) stack.push_back(*it);
  while (!stack.empty()) {
    Node* n = stack.back();
    stack.pop_back();
    if (!n->is_element()) continue;
    if (tag.empty() || n->tag == tag) out.push_back(n);
    for (auto it = n->children.rbegin(); it != n->children.rend(); ++it) stack.push_back(*it);
  }
  return out;
}

// Calls f(text) for every text node under n, in document order.
template <typename F>
void for_each_text(const Node* n, F&& f) {
  if (n->is_text()) {
    f(n->text);
    return;
  }
  std::vector<const Node*> stack(n->children.rbegin(), n->children.rend());
  while (!stack.empty()) {
    const Node* c = stack.back();
    stack.pop_back();
    if (c->is_text())
      f(c->text);
    else
      stack.insert(stack.end(), c->children.rbegin(), c->children.rend());
  }
}

// text_length() of readability.py: len(clean(text_content())).
std::size_t text_length(const Node* n) {
  CleanLengthCounter counter;
  for_each_text(n, [&](const std::string& t) { counter.feed(t); });
  return counter.result();
}

std::size_t commas_in(const Node* n) {
  std::size_t k = 0;
  for_each_text(n, [&](const std::string& t) { k += count_commas(t); });
  return k;
}

// lxml's elem.text: the text before the first child element.
std::string leading_text(const Node* n) {
  std::string s;
  for (const Node* c : n->children) {
    if (!c->is_text()) break;
    s += c->text;
  }
  return s;
}

bool is_blank_run(const std::vector<Node*>& texts) {
  for (const Node* t : texts)
    if (!py_blank(t->text)) return false;
  return true;
}

int class_weight(const Node* e) {
  int weight = 0;
  for (std::string_view name : {"class", "id"}) {
    const std::string* v = e->attr(name);
    if (!v || v->empty()) continue;
    if (kNegative.search(*v)) weight -= 25;
    if (kPositive.search(*v)) weight += 25;
  }
  return weight;
}

double link_density(Node* e) {
  std::size_t links = 0;
  for (Node* a : find_all(e, "a")) links += text_length(a);
  std::size_t total = text_length(e);
  return static_cast<double>(links) / static_cast<double>(std::max<std::size_t>(total, 1));
}

// score_node(): class weight plus a base by tag.
double initial_score(const Node* e) {
  double s = class_weight(e);
  std::string_view t = e->tag;
  if (t == "div" || t == "article") {
    s += 5;
  } else if (t == "pre" || t == "td" || t == "blockquote") {
    s += 3;
  } else if (t == "address" || t == "ol" || t == "ul" || t == "dl" || t == "dd" || t == "dt" ||
             t == "li" || t == "form" || t == "aside") {
    s -= 3;
  } else if ((t.size() == 2 && t[0] == 'h' && t[1] >= '1' && t[1] <= '6') || t == "th" ||
             t == "header" || t == "footer" || t == "nav") {
    s -= 5;
  }
  return s;
}

struct Candidates {
  std::unordered_map<const Node*, double> score;
  std::vector<Node*> order;  // insertion order (ties of the stable sort follow it)
  const double* find(const Node* n) const {
    auto it = score.find(n);
    return it == score.end() ? nullptr : &it->second;
  }
};

// Copies a subtree of another document into `dst` (iteratively); returns its root.
Node* import_subtree(Document& dst, const Node* src) {
  auto copy = [&](const Node* n) {
    Node* c = n->is_element() ? dst.create_element(n->tag)
              : n->is_text() ? dst.create_text(n->text)
                             : dst.create_comment(n->text);
    if (n->is_element()) c->attrs = n->attrs;
    return c;
  };
  Node* root = copy(src);
  std::vector<std::pair<const Node*, Node*>> stack{{src, root}};
  while (!stack.empty()) {
    auto [s, d] = stack.back();
    stack.pop_back();
    for (const Node* k : s->children) {
      Node* c = copy(k);
      Document::append_child(d, c);
      stack.push_back({k, c});
    }
  }
  return root;
}

// libxml2 (lxml) parses markup inside iframe, textarea, title, noembed, noframes
// and xmp, where HTML5 (gumbo) keeps it as text. Re-parse such text so that, e.g.,
// a <script> inside an <iframe> is an element the cleaner removes, as in lxml.
void reparse_raw_text(Document& doc) {
  std::vector<Node*> targets;
  std::vector<Node*> stack{doc.root()};
  while (!stack.empty()) {
    Node* n = stack.back();
    stack.pop_back();
    if (n->is_element() && (n->is("iframe") || n->is("textarea") || n->is("title") || n->is("noembed") ||
                            n->is("noframes") || n->is("xmp"))) {
      if (n->children.size() == 1 && n->children[0]->is_text() &&
          n->children[0]->text.find('<') != std::string::npos)
        targets.push_back(n);
      continue;
    }
    for (Node* c : n->children) stack.push_back(c);
  }
  for (Node* n : targets) {
    Document frag = Document::parse("<body>" + n->children[0]->text);
    Document::detach(n->children[0]);
    if (const Node* body = frag.body())
      for (const Node* k : body->children) Document::append_child(n, import_subtree(doc, k));
  }
}

// Cleaner(scripts, javascript, comments, style, links, processing_instructions) of
// cleaners.py plus summary()'s own script/style drop and the readabilityBody id.
void clean_document(Document& doc) {
  std::vector<Node*> drop;
  std::vector<Node*> stack{doc.root()};
  while (!stack.empty()) {
    Node* n = stack.back();
    stack.pop_back();
    if (n->type == NodeType::Comment ||
        (n->is("script") || n->is("style") || n->is("link"))) {
      drop.push_back(n);
      continue;
    }
    if (n->is_element())  // javascript=True drops on* attributes, style=True style ones
      std::erase_if(n->attrs, [](const dom::Attribute& a) {
        return a.name.starts_with("on") || a.name == "style";
      });
    if (n->is("body")) n->set_attr("id", "readabilityBody");
    for (Node* c : n->children) stack.push_back(c);
  }
  for (Node* n : drop) Document::detach(n);
}

// remove_unlikely_candidates()
void remove_unlikely_candidates(Document& doc) {
  for (Node* e : find_all(doc.root())) {
    const std::string* cls = e->attr("class");
    const std::string* id = e->attr("id");
    if ((!cls || cls->empty()) && (!id || id->empty())) continue;  // len("%s %s") < 2
    std::string s = (cls ? *cls : std::string()) + " " + (id ? *id : std::string());
    if (kUnlikely.search(s) && !kMaybeCandidate.search(s) && e->tag != "html" && e->tag != "body")
      Document::detach(e);
  }
}

// divToPElementsRe = <(a|blockquote|dl|div|img|ol|p|pre|table|ul), searched in the
// serialised children: any descendant whose tag name starts with one of these.
bool starts_block_pattern(std::string_view t) {
  if (t.empty()) return false;
  if (t[0] == 'a' || t[0] == 'p') return true;
  for (std::string_view p : {"blockquote", "dl", "div", "img", "ol", "table", "ul"})
    if (t.substr(0, p.size()) == p) return true;
  return false;
}

// transform_misused_divs_into_paragraphs()
void transform_misused_divs(Document& doc) {
  // Pass 1: a div with no such descendant becomes a p. Both div and p match the
  // pattern, so the flags can be computed once, bottom-up, before renaming.
  std::vector<Node*> all = find_all(doc.root());
  std::unordered_map<const Node*, bool> has_block;
  has_block.reserve(all.size());
  for (auto it = all.rbegin(); it != all.rend(); ++it) {
    Node* n = *it;
    bool found = false;
    for (const Node* c : n->children) {
      if (!c->is_element()) continue;
      if (starts_block_pattern(c->tag) || has_block[c]) {
        found = true;
        break;
      }
    }
    has_block[n] = found;
  }
  for (Node* n : all)
    if (n->is("div") && !has_block[n]) n->tag = std::string(1, 'p');

  // Pass 2: in the remaining divs, non-blank leading text and tails are wrapped in
  // new <p>s and child <br>s are dropped (their blank tails join the previous text).
  for (Node* div : find_all(doc.root(), "div")) {
    std::vector<Node*> old = std::move(div->children);
    div->children.clear();
    std::vector<Node*> rev;  // new children, last first
    std::vector<Node*> pending;  // text nodes after the current position, last first
    auto flush_tail = [&](bool wrap) {
      std::vector<Node*> texts(pending.rbegin(), pending.rend());
      pending.clear();
      if (texts.empty()) return;
      if (wrap && !is_blank_run(texts)) {
        Node* p = doc.create_element("p");
        for (Node* t : texts) {
          t->parent = p;
          p->children.push_back(t);
        }
        rev.push_back(p);
      } else {
        for (auto it = texts.rbegin(); it != texts.rend(); ++it) rev.push_back(*it);
      }
    };
    for (auto it = old.rbegin(); it != old.rend(); ++it) {
      Node* c = *it;
      if (c->is_text()) {
        pending.push_back(c);
        continue;
      }
      if (!c->is_element()) {
        flush_tail(false);
        rev.push_back(c);
        continue;
      }
      if (c->is("br")) {
        if (!is_blank_run(std::vector<Node*>(pending.begin(), pending.end()))) flush_tail(true);
        c->parent = nullptr;  // dropped; a blank tail stays pending
        continue;
      }
      flush_tail(true);
      rev.push_back(c);
    }
    flush_tail(true);  // the div's own leading text
    for (auto it = rev.rbegin(); it != rev.rend(); ++it) {
      (*it)->parent = div;
      div->children.push_back(*it);
    }
  }
}

// score_paragraphs()
Candidates score_paragraphs(Document& doc, const Options& opts) {
  Candidates c;
  for (std::string_view tag : {"p", "pre", "td"}) {
    for (Node* e : find_all(doc.root(), tag)) {
      Node* parent = parent_element(e);
      if (!parent) continue;
      Node* grand = parent_element(parent);
      std::size_t len = text_length(e);
      if (len < static_cast<std::size_t>(opts.min_text_length)) continue;
      if (!c.score.count(parent)) {
        c.score[parent] = initial_score(parent);
        c.order.push_back(parent);
      }
      if (grand && !c.score.count(grand)) {
        c.score[grand] = initial_score(grand);
        c.order.push_back(grand);
      }
      double s = 1.0 + static_cast<double>(commas_in(e) + 1) +
                 std::min(static_cast<double>(len) / 100.0, 3.0);
      c.score[parent] += s;
      if (grand) c.score[grand] += s / 2.0;
    }
  }
  for (Node* e : c.order) c.score[e] *= 1.0 - link_density(e);
  return c;
}

// select_best_candidate(): the highest score, earliest on ties.
Node* best_candidate(const Candidates& c) {
  Node* best = nullptr;
  double top = 0;
  for (Node* e : c.order) {
    double s = c.score.at(e);
    if (!best || s > top) {
      best = e;
      top = s;
    }
  }
  return best;
}

// get_article(): the best candidate and its qualifying siblings, each moved with
// its tail text, into a new <html><body><div>.
Node* get_article(Document& doc, const Candidates& c, Node* best) {
  double threshold = std::max(10.0, c.score.at(best) * 0.2);
  Node* html = doc.create_element("html");
  Node* body = doc.create_element("body");
  Node* div = doc.create_element("div");
  Document::append_child(html, body);
  Document::append_child(body, div);

  Node* parent = parent_element(best);
  std::vector<Node*> kids = parent ? parent->children : std::vector<Node*>{best};
  for (std::size_t i = 0; i < kids.size(); ++i) {
    Node* sib = kids[i];
    if (!sib->is_element()) continue;
    bool append = sib == best;
    if (const double* s = c.find(sib); s && *s >= threshold) append = true;
    if (sib->is("p")) {
      double ld = link_density(sib);
      std::string content = leading_text(sib);
      std::size_t len = code_points(content);
      if (len > 80 && ld < 0.25)
        append = true;
      else if (len <= 80 && ld == 0 && has_sentence_end(content))
        append = true;
    }
    if (!append) continue;
    Document::append_child(div, sib);
    if (!parent) continue;
    for (std::size_t j = i + 1; j < kids.size() && kids[j]->is_text(); ++j)
      Document::append_child(div, kids[j]);
  }
  return html;
}

void drop_all(Node* root, std::string_view tag) {
  for (Node* e : find_all(root, tag)) Document::detach(e);
}

// sanitize()
void sanitize(Document& doc, Node* node, const Candidates& cands, const Options& opts) {
  for (std::string_view h : {"h1", "h2", "h3", "h4", "h5", "h6"})
    for (Node* e : find_all(node, h))
      if (class_weight(e) < 0 || link_density(e) > 0.33) Document::detach(e);
  drop_all(node, "form");
  drop_all(node, "textarea");
  for (Node* e : find_all(node, "iframe")) {
    const std::string* src = e->attr("src");
    if (src && is_video_url(*src)) {
      while (!e->children.empty() && e->children.front()->is_text())
        Document::detach(e->children.front());
      Document::insert_before(e, doc.create_text("VIDEO"),
                              e->children.empty() ? nullptr : e->children.front());
    } else {
      Document::detach(e);
    }
  }

  const std::size_t min_len = static_cast<std::size_t>(opts.min_text_length);
  std::unordered_set<const Node*> allowed;
  for (std::string_view tag : {"table", "ul", "div", "aside", "header", "footer", "section"}) {
    std::vector<Node*> list = find_all(node, tag);
    for (auto it = list.rbegin(); it != list.rend(); ++it) {
      Node* el = *it;
      if (allowed.count(el)) continue;
      int weight = class_weight(el);
      const double* cs = cands.find(el);
      double content_score = cs ? *cs : 0.0;
      if (weight + content_score < 0) {
        Document::detach(el);
        continue;
      }
      if (commas_in(el) >= 10) continue;
      long p = 0, img = 0, li = -100, a = 0, embed = 0, input = 0;
      for (Node* d : find_all(el)) {
        const std::string_view t = d->tag;
        if (t == "p") ++p;
        else if (t == "img") ++img;
        else if (t == "li") ++li;
        else if (t == "a") ++a;
        else if (t == "embed") ++embed;
        else if (t == "input") {
          const std::string* type = d->attr("type");
          if (!type || *type != "hidden") ++input;
        }
      }
      std::size_t content_length = text_length(el);
      double ld = link_density(el);
      bool remove = false;
      if (p && img > 1 + p * 1.3) {
        remove = true;
      } else if (li > p && tag != "ol" && tag != "ul") {
        remove = true;
      } else if (static_cast<double>(input) > static_cast<double>(p) / 3.0) {
        remove = true;
      } else if (content_length < min_len && img == 0) {
        remove = true;
      } else if (content_length < min_len && img > 2) {
        remove = true;
      } else if (weight < 25 && ld > 0.2) {
        remove = true;
      } else if (weight >= 25 && ld > 0.5) {
        remove = true;
      } else if ((embed == 1 && content_length < 75) || embed > 1) {
        remove = true;
      } else if (content_length == 0) {
        remove = true;
        // Keep it when the nearest non-empty sibling on each side add up to > 1000.
        std::size_t sum = 0;
        bool any = false;
        if (Node* par = el->parent) {
          auto& ch = par->children;
          auto pos = std::find(ch.begin(), ch.end(), el);
          for (auto f = pos + 1; f < ch.end(); ++f) {
            if (!(*f)->is_element()) continue;
            if (std::size_t l = text_length(*f)) {
              sum += l;
              any = true;
              break;
            }
          }
          for (auto b = pos; b != ch.begin();) {
            --b;
            if (!(*b)->is_element()) continue;
            if (std::size_t l = text_length(*b)) {
              sum += l;
              any = true;
              break;
            }
          }
        }
        if (any && sum > 1000) {
          remove = false;
          for (std::string_view at : {"table", "ul", "div", "section"})
            for (Node* d : find_all(el, at)) allowed.insert(d);
        }
      }
      if (remove) Document::detach(el);
    }
  }
}

// clean_attributes() of cleaners.py drops width, height, style, *color,
// background*, and "o"/"on" attributes from the serialised HTML.
void strip_nuisance_attributes(Node* root) {
  std::vector<Node*> stack{root};
  while (!stack.empty()) {
    Node* n = stack.back();
    stack.pop_back();
    if (!n->is_element()) continue;
    std::erase_if(n->attrs, [](const dom::Attribute& a) {
      std::string_view k = a.name;
      if (k == "width" || k == "height" || k == "style" || k == "o" || k == "on" || k == "onn")
        return true;
      if (k.starts_with("background")) return true;
      if (k.ends_with("color")) {
        for (char c : k.substr(0, k.size() - 5))
          if (!(c == '-' || (c >= 'a' && c <= 'z'))) return false;
        return true;
      }
      return false;
    });
    for (Node* c : n->children) stack.push_back(c);
  }
}

Node* first_child_element(Node* n, std::string_view tag) {
  for (Node* c : n->children)
    if (c->is(tag)) return c;
  return nullptr;
}

}  // namespace

Summary summarize(const dom::Document& page, const Options& opts) {
  bool ruthless = true;
  for (;;) {
    Summary out;
    out.doc = page.clone();
    Document& doc = out.doc;
    reparse_raw_text(doc);
    clean_document(doc);
    if (ruthless) remove_unlikely_candidates(doc);
    transform_misused_divs(doc);
    Candidates cands = score_paragraphs(doc, opts);
    Node* best = best_candidate(cands);
    Node* article = nullptr;
    if (best) {
      out.best_score = cands.score.at(best);
      out.best_tag = best->tag;
      article = get_article(doc, cands, best);
    } else if (ruthless) {
      ruthless = false;
      continue;
    } else {
      Node* html = first_child_element(doc.root(), "html");
      Node* body = html ? first_child_element(html, "body") : nullptr;
      article = body ? body : (html ? html : doc.root());
      out.fallback_body = true;
    }
    sanitize(doc, article, cands, opts);
    strip_nuisance_attributes(article);
    out.html = dom::to_html(article);
    out.article = article;
    out.ruthless = ruthless;
    if (ruthless && code_points(out.html) < static_cast<std::size_t>(opts.retry_length)) {
      ruthless = false;
      continue;
    }
    return out;
  }
}

std::vector<Segment> summary_segments(const dom::Node* article) {
  std::vector<Segment> out;
  std::vector<SegmentKind> kinds{SegmentKind::Paragraph};
  std::string cur;
  auto flush = [&] {
    std::string t = collapse_whitespace(cur);
    cur.clear();
    if (!t.empty()) out.push_back({kinds.back(), std::move(t)});
  };
  auto is_block = [](const Node* n) {
    return n->is_element() && !n->is("br") && dom::is_block_element(n->tag);
  };
  dom::walk(article, [&](dom::Event e, const Node* n) {
    switch (e) {
      case dom::Event::Enter:
        if (n->is("br")) {
          cur += '\n';
        } else if (is_block(n)) {
          flush();
          const std::string_view t = n->tag;
          SegmentKind k = kinds.back();
          if (t.size() == 2 && t[0] == 'h' && t[1] >= '1' && t[1] <= '6')
            k = SegmentKind::Heading;
          else if (t == "li")
            k = SegmentKind::ListItem;
          else if (t == "p")
            k = SegmentKind::Paragraph;
          kinds.push_back(k);
        }
        return true;
      case dom::Event::Leave:
        if (is_block(n)) {
          flush();
          if (kinds.size() > 1) kinds.pop_back();
        }
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

}  // namespace detour::readability
