// justext: jusText 3.0.2 port (see justext.h).
#include "extractors/justext/justext.h"

#include <cctype>
#include <string_view>

#include "extractors/justext/pytext.h"

namespace detour::justext {
namespace {

// lxml Cleaner settings jusText 3.0.2 uses (scripts, comments, style, embedded, forms,
// kill_tags=head): these elements go with their content ...
bool is_killed(std::string_view tag) {
  return tag == "head" || tag == "script" || tag == "style" || tag == "applet" ||
         tag == "button" || tag == "input" || tag == "select" || tag == "textarea";
}
// ... and these lose their tags but keep their content.
bool is_unwrapped(std::string_view tag) {
  return tag == "form" || tag == "iframe" || tag == "embed" || tag == "layer" ||
         tag == "object" || tag == "param";
}

// jusText's PARAGRAPH_TAGS: their start and end both close the current paragraph.
bool is_paragraph_tag(std::string_view t) {
  switch (t.size()) {
    case 1:
      return t == "p";
    case 2:
      return t == "dd" || t == "dl" || t == "dt" || t == "td" || t == "th" || t == "tr" ||
             t == "ul" || t == "li" ||
             (t[0] == 'h' && t[1] >= '1' && t[1] <= '6');
    case 3:
      return t == "col" || t == "div" || t == "pre";
    case 4:
      return t == "body" || t == "form";
    case 5:
      return t == "table" || t == "tfoot" || t == "thead";
    case 6:
      return t == "center" || t == "legend" || t == "option";
    case 7:
      return t == "caption";
    case 8:
      return t == "colgroup" || t == "fieldset" || t == "optgroup" || t == "textarea";
    case 10:
      return t == "blockquote";
    default:
      return false;
  }
}

bool is_word_byte(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '_' ||
         u >= 0x80;
}

// jusText's ParagraphMaker (an xml.sax ContentHandler fed by lxml.sax.saxify).
class ParagraphMaker {
 public:
  ParagraphMaker() { start_new_paragraph(); }

  void start_element(const std::string& name) {
    path_ends_.push_back(path_.size());
    if (!path_.empty()) path_.push_back('.');
    path_ += name;
    if (is_paragraph_tag(name) || (name == "br" && br_)) {
      // <br><br> separates paragraphs and is not counted as a tag of the paragraph.
      if (name == "br") --current_.tags_count;
      start_new_paragraph();
    } else {
      br_ = name == "br";
      if (br_)
        append_text(" ");
      else if (name == "a")
        link_ = true;
      ++current_.tags_count;
    }
  }

  void end_element(const std::string& name) {
    path_.resize(path_ends_.back());
    path_ends_.pop_back();
    if (is_paragraph_tag(name)) start_new_paragraph();
    if (name == "a") link_ = false;
  }

  void characters(std::string_view content) {
    if (py::is_blank(content)) return;
    const std::size_t before = raw_.size();
    py::normalize_whitespace(content, raw_);
    has_text_ = true;
    if (link_) current_.link_chars += py::length(std::string_view(raw_).substr(before));
    br_ = false;
  }

  std::vector<Paragraph> finish() {
    start_new_paragraph();
    return std::move(paragraphs_);
  }

 private:
  void append_text(std::string_view text) {
    raw_.append(text);
    has_text_ = true;
  }

  void start_new_paragraph() {
    if (has_text_) {
      current_.text = py::normalize_whitespace(py::strip(raw_));
      current_.length = py::length(current_.text);
      current_.dom_path = start_path_;
      paragraphs_.push_back(std::move(current_));
    }
    current_ = Paragraph{};
    start_path_.assign(path_);  // the path when the paragraph starts (reused buffer)
    raw_.clear();
    has_text_ = false;
  }

  std::string path_;                    // dot-joined open elements
  std::vector<std::size_t> path_ends_;  // path_ length before each open element
  std::string start_path_;
  std::vector<Paragraph> paragraphs_;
  Paragraph current_;
  std::string raw_;  // concatenation of the paragraph's normalised text nodes
  bool has_text_ = false;
  bool link_ = false;
  bool br_ = false;
};

// Feeds the maker the events lxml.sax.saxify would produce for the cleaned tree:
// killed elements and comments vanish and unwrapped ones lose their tags, and the text
// around them merges into one text run, as it does in lxml's text/tail model.
void feed(const dom::Node* root, std::string_view root_name, ParagraphMaker& maker) {
  std::string pending;
  auto name_of = [&](const dom::Node* n) -> const std::string& {
    static thread_local std::string renamed;
    if (n != root || root_name.empty()) return n->tag;
    renamed.assign(root_name);
    return renamed;
  };
  auto flush = [&] {
    if (!pending.empty()) {
      maker.characters(pending);
      pending.clear();
    }
  };
  dom::walk(root, [&](dom::Event ev, const dom::Node* n) {
    switch (ev) {
      case dom::Event::Enter:
        if (n->type != dom::NodeType::Element) return true;
        if (is_killed(n->tag)) return false;
        if (is_unwrapped(n->tag)) return true;
        flush();
        maker.start_element(name_of(n));
        return true;
      case dom::Event::Leave:
        if (n->type != dom::NodeType::Element || is_killed(n->tag) || is_unwrapped(n->tag))
          return true;
        flush();
        maker.end_element(name_of(n));
        return true;
      case dom::Event::Text:
        pending += n->text;
        return true;
      case dom::Event::Comment:
        return true;
    }
    return true;
  });
  flush();
}

// True when a good paragraph starts within max_distance characters after i.
bool good_follows(std::size_t i, const std::vector<Paragraph>& ps, int max_distance) {
  std::size_t distance = 0;
  for (std::size_t j = i + 1; j < ps.size() && distance <= static_cast<std::size_t>(max_distance);
       ++j) {
    if (ps[j].class_type == Class::Good) return true;
    distance += ps[j].length;
  }
  return false;
}

}  // namespace

const char* class_name(Class c) {
  switch (c) {
    case Class::Short:
      return "short";
    case Class::NearGood:
      return "neargood";
    case Class::Good:
      return "good";
    case Class::Bad:
      return "bad";
  }
  return "?";
}

bool path_has_heading(const std::string& p) {
  for (std::size_t i = 0; i + 1 < p.size(); ++i) {
    if (p[i] != 'h' || p[i + 1] < '0' || p[i + 1] > '9') continue;
    if (i > 0 && is_word_byte(p[i - 1])) continue;
    if (i + 2 < p.size() && is_word_byte(p[i + 2])) continue;
    return true;
  }
  return false;
}

std::vector<Paragraph> make_paragraphs(const dom::Node* root, std::string_view root_name) {
  ParagraphMaker maker;
  if (root) feed(root, root_name, maker);
  return maker.finish();
}

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

bool starts_with_ci(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
  return true;
}

// lxml.html's defs.block_tags.
bool is_block_tag(std::string_view t) {
  static constexpr std::string_view k[] = {"address", "blockquote", "center", "dir", "div", "dl", "fieldset",
                                           "form", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "isindex", "menu",
                                           "noframes", "noscript", "ol", "p", "pre", "table", "ul"};
  for (auto x : k)
    if (t == x) return true;
  return false;
}

bool blank(const dom::Node* n) {
  for (char c : n->text)
    if (!is_space(c)) return false;
  return true;
}

}  // namespace

bool looks_like_full_html(std::string_view source) {
  std::size_t i = 0;
  while (i < source.size() && is_space(source[i])) ++i;
  const std::string_view rest = source.substr(i);
  return starts_with_ci(rest, "<html") || starts_with_ci(rest, "<!doctype");
}

bool str_parse_refused(std::string_view s) {
  // lxml refuses a str that begins with an XML declaration naming an encoding
  // (`^(<\?xml[^>]+)\s+encoding\s*=\s*["'][^"']*["']`).
  if (s.substr(0, 5) != "<?xml") return false;
  const std::size_t gt = s.find('>');
  const std::string_view decl = s.substr(0, gt == std::string_view::npos ? s.size() : gt);
  for (std::size_t p = decl.find("encoding"); p != std::string_view::npos; p = decl.find("encoding", p + 1)) {
    if (p < 6 || !is_space(decl[p - 1])) continue;
    std::size_t k = p + 8;
    while (k < decl.size() && is_space(decl[k])) ++k;
    if (k >= decl.size() || decl[k] != '=') continue;
    ++k;
    while (k < decl.size() && is_space(decl[k])) ++k;
    if (k < decl.size() && (decl[k] == '"' || decl[k] == '\'')) {
      const std::size_t q = decl.find_first_of("\"'", k + 1);
      if (q != std::string_view::npos) return true;
    }
  }
  return false;
}

Root fromstring_root(const dom::Document& doc, std::string_view source) {
  const dom::Node* html = doc.html();
  if (!html) return {doc.root(), {}};
  if (source.empty() || looks_like_full_html(source)) return {html, {}};
  const dom::Node* body = nullptr;
  for (const dom::Node* c : html->children) {
    if (c->is("head")) return {html, {}};  // some structure: the whole document
    if (!body && c->is("body")) body = c;
  }
  if (!body) return {html, {}};
  // The body's children as lxml counts them (elements, comments, processing
  // instructions) and its text before the first and after the last of them.
  const dom::Node* only = nullptr;
  int count = 0;
  bool stray_text = false;
  for (const dom::Node* c : body->children) {
    if (c->is_text()) {
      if (!blank(c)) stray_text = true;
      continue;
    }
    ++count;
    only = c;
  }
  if (count == 1 && !stray_text && only->is_element()) return {only, {}};
  bool block = false;
  dom::walk(body, [&](dom::Event e, const dom::Node* n) {
    if (e == dom::Event::Enter && n->is_element() && is_block_tag(n->tag)) block = true;
    return !block;
  });
  return {body, block ? "div" : "span"};
}

void classify_paragraphs(std::vector<Paragraph>& paragraphs, const Stoplist& stoplist,
                         const Options& o) {
  std::string low;
  for (auto& p : paragraphs) {
    const auto words = py::split(p.text);
    p.words = words.size();
    p.stopwords = 0;
    if (!stoplist.empty()) {
      for (auto w : words) {
        py::lower(w, low);
        if (stoplist.contains(low)) ++p.stopwords;
      }
    }
    const double stopword_density =
        p.words == 0 ? 0.0 : static_cast<double>(p.stopwords) / static_cast<double>(p.words);
    const double link_density =
        p.length == 0 ? 0.0 : static_cast<double>(p.link_chars) / static_cast<double>(p.length);
    p.heading = !o.no_headings && path_has_heading(p.dom_path);

    if (link_density > o.max_link_density) {
      p.cf_class = Class::Bad;
    } else if (p.text.find("\xC2\xA9") != std::string::npos ||
               p.text.find("&copy") != std::string::npos) {
      p.cf_class = Class::Bad;
    } else if (p.dom_path.find("select") != std::string::npos) {
      p.cf_class = Class::Bad;
    } else if (p.length < static_cast<std::size_t>(o.length_low)) {
      p.cf_class = p.link_chars > 0 ? Class::Bad : Class::Short;
    } else if (stopword_density >= o.stopwords_high) {
      p.cf_class = p.length > static_cast<std::size_t>(o.length_high) ? Class::Good : Class::NearGood;
    } else if (stopword_density >= o.stopwords_low) {
      p.cf_class = Class::NearGood;
    } else {
      p.cf_class = Class::Bad;
    }
  }
}

void revise_paragraph_classification(std::vector<Paragraph>& ps, const Options& o) {
  for (auto& p : ps) p.class_type = p.cf_class;

  // Good headings (1.x only; see HeadingVariant).
  if (o.heading_variant == HeadingVariant::V1) {
    for (std::size_t i = 0; i < ps.size(); ++i) {
      if (ps[i].heading && ps[i].class_type == Class::Short &&
          good_follows(i, ps, o.max_heading_distance))
        ps[i].class_type = Class::NearGood;
    }
  }

  // Short paragraphs, decided on the classes before this pass. The nearest good/bad
  // (and good/bad/near-good) neighbours on each side are precomputed in O(n): a page
  // of many short paragraphs made the neighbour walks quadratic.
  const std::size_t n = ps.size();
  auto nearest = [&](bool ignore_neargood, int inc) {
    std::vector<Class> out(n, Class::Bad);  // the page edges count as bad
    Class last = Class::Bad;
    for (std::size_t k = 0; k < n; ++k) {
      std::size_t i = inc < 0 ? k : n - 1 - k;
      out[i] = last;
      Class c = ps[i].class_type;
      if (c == Class::Good || c == Class::Bad || (c == Class::NearGood && !ignore_neargood)) last = c;
    }
    return out;
  };
  {
    const auto prev_gb = nearest(true, -1), next_gb = nearest(true, +1);
    const auto prev_any = nearest(false, -1), next_any = nearest(false, +1);
    std::vector<std::pair<std::size_t, Class>> new_classes;
    for (std::size_t i = 0; i < n; ++i) {
      if (ps[i].class_type != Class::Short) continue;
      const Class prev = prev_gb[i];
      const Class next = next_gb[i];
      Class c;
      if (prev == Class::Good && next == Class::Good) {
        c = Class::Good;
      } else if (prev == Class::Bad && next == Class::Bad) {
        c = Class::Bad;
      } else if ((prev == Class::Bad && prev_any[i] == Class::NearGood) ||
                 (next == Class::Bad && next_any[i] == Class::NearGood)) {
        c = Class::Good;
      } else {
        c = Class::Bad;
      }
      new_classes.emplace_back(i, c);
    }
    for (const auto& [i, c] : new_classes) ps[i].class_type = c;
  }

  // Near-good paragraphs, in place and in order: the previous good/bad neighbour
  // includes the ones already revised; the next one is not revised yet.
  {
    const auto next_gb = nearest(true, +1);
    Class prev = Class::Bad;
    for (std::size_t i = 0; i < n; ++i) {
      if (ps[i].class_type == Class::NearGood)
        ps[i].class_type = (prev == Class::Bad && next_gb[i] == Class::Bad) ? Class::Bad : Class::Good;
      if (ps[i].class_type == Class::Good || ps[i].class_type == Class::Bad) prev = ps[i].class_type;
    }
  }

  // More good headings.
  for (std::size_t i = 0; i < ps.size(); ++i) {
    if (!(ps[i].heading && ps[i].class_type == Class::Bad && ps[i].cf_class != Class::Bad))
      continue;
    if (good_follows(i, ps, o.max_heading_distance)) ps[i].class_type = Class::Good;
  }
}

std::vector<Paragraph> justext(const dom::Document& doc, const Stoplist& stoplist,
                               const Options& options, std::string_view source) {
  const Root root = fromstring_root(doc, source);
  auto paragraphs = make_paragraphs(root.node, root.name);
  classify_paragraphs(paragraphs, stoplist, options);
  revise_paragraph_classification(paragraphs, options);
  return paragraphs;
}

}  // namespace detour::justext
