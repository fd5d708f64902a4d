// CETD and CETD-TD; see cetd.h. Formulas and marking follow the authors' Qt code
// (FeiSun/ContentExtraction: textdensity.cpp, clean.cpp, window.cpp); written anew
// over our DOM, iteratively (no recursion), in O(elements) apart from re-marking.
#include "extractors/cetd/cetd.h"

#include <cmath>
#include <string_view>
#include <unordered_map>

#include "extractors/blocks.h"

namespace detour::cetd {
namespace {

bool is_ascii_space(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

// Code points after collapsing ASCII whitespace runs to one space and trimming.
long count_chars(std::string_view s) {
  long n = 0;
  bool seen = false, pending = false;
  for (unsigned char c : s) {
    if (is_ascii_space(c)) {
      pending = seen;
      continue;
    }
    if ((c & 0xC0) == 0x80) continue;  // UTF-8 continuation byte
    if (pending) ++n;
    pending = false;
    seen = true;
    ++n;
  }
  return n;
}

bool is_link_tag(const dom::Node* n) { return n->is("a") || n->is("button") || n->is("select"); }

bool never_rendered(std::string_view t) {
  return t == "script" || t == "style" || t == "noscript" || t == "template" || t == "head" ||
         t == "title" || t == "meta" || t == "link" || t == "base" || t == "iframe" ||
         t == "textarea" || t == "embed" || t == "param" || t == "area" || t == "datalist" ||
         t == "noembed" || t == "noframes" || t == "input" || t == "rp" || t == "object";
}

// Inline style contains display:none (whitespace and case ignored).
bool style_display_none(std::string_view style) {
  std::string s;
  s.reserve(style.size());
  for (unsigned char c : style)
    if (!is_ascii_space(c)) s += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  constexpr std::string_view key = "display:none";
  for (std::size_t pos = s.find(key); pos != std::string::npos; pos = s.find(key, pos + 1)) {
    bool start_ok = pos == 0 || s[pos - 1] == ';' || s[pos - 1] == '{';
    std::size_t end = pos + key.size();
    bool end_ok = end == s.size() || s[end] == ';' || s[end] == '!' || s[end] == '}';
    if (start_ok && end_ok) return true;
  }
  return false;
}

// L*lnL / ln(ln(ratio*L + e)); a non-positive denominator (ratio = 0) is taken as 1.
double stretch_value(long L, double ratio) {
  if (L <= 1) return 0.0;
  double l = static_cast<double>(L);
  double den = std::log(std::log(ratio * l + M_E));
  if (!(den > 0)) den = 1.0;
  return l * std::log(l) / den;
}

double composite_density(long C, long T, long LC, long LT, double ratio) {
  if (C == 0) return 0.0;
  long nLC = C - LC;
  if (T == 0) T = 1;
  if (LC == 0) LC = 1;
  if (LT == 0) LT = 1;
  if (nLC == 0) nLC = 1;
  double c = static_cast<double>(C);
  double num = (c / static_cast<double>(T)) *
               std::log(c * static_cast<double>(T) / (static_cast<double>(LC) * static_cast<double>(LT)));
  double den = std::log(std::log(c * static_cast<double>(LC) / static_cast<double>(nLC) + ratio * c + M_E));
  return num / den;
}

}  // namespace

bool is_hidden(const dom::Node* n, const CetdSettings& settings) {
  if (!n->is_element()) return false;
  if (never_rendered(n->tag)) return true;
  if (!settings.remove_hidden) return false;
  if (n->attr("hidden")) return true;
  if (const std::string* st = n->attr("style"); st && style_display_none(*st)) return true;
  return false;
}

// long function: the authors' steps in their order (counts, densities, DensitySum, then
// GetThreshold, MarkContent, FindMaxDensitySumTag), over arrays indexed by pre-order
// that every step shares; kept as one piece to read beside textdensity.cpp and clean.cpp.
Analysis analyze(const dom::Node* root, const CetdSettings& settings) {
  Analysis a;
  if (!root) return a;
  auto& el = a.elements;
  std::vector<long> direct;        // characters of text directly in the element
  std::vector<char> in_link;       // element is a link or inside one
  std::vector<char> has_children;  // has (kept) child elements
  std::vector<std::pair<int, long>> stretches;  // (element, L) text runs between children
  std::vector<long> run;           // current text run per open element
  std::vector<int> stack;          // open elements

  auto close_run = [&](int i) {
    if (run[i] > 0) stretches.push_back({i, run[i]});
    run[i] = 0;
  };

  dom::walk(root, [&](dom::Event e, const dom::Node* n) {
    switch (e) {
      case dom::Event::Enter: {
        if (n->type == dom::NodeType::Document) return true;
        if (n != root && is_hidden(n, settings)) return false;
        int i = static_cast<int>(el.size());
        ElementStats s;
        s.node = n;
        s.parent = stack.empty() ? -1 : stack.back();
        el.push_back(s);
        direct.push_back(0);
        run.push_back(0);
        has_children.push_back(0);
        bool link = is_link_tag(n) || (s.parent >= 0 && in_link[s.parent]);
        in_link.push_back(link);
        if (s.parent >= 0) {
          has_children[s.parent] = 1;
          close_run(s.parent);
        }
        stack.push_back(i);
        return true;
      }
      case dom::Event::Leave:
        if (!stack.empty() && el[stack.back()].node == n) {
          int i = stack.back();
          close_run(i);
          el[i].subtree_end = static_cast<int>(el.size());
          stack.pop_back();
        }
        return true;
      case dom::Event::Text:
        if (!stack.empty()) {
          long c = count_chars(n->text);
          direct[stack.back()] += c;
          run[stack.back()] += c;
        }
        return true;
      case dom::Event::Comment:
        return true;
    }
    return true;
  });
  if (el.empty()) return a;

  const bool plain = settings.density == Density::Plain;
  // Bottom-up counts (reverse pre-order visits children before parents). C_all counts
  // every character; nonlink counts characters outside links (authors' CountCharVariant).
  std::vector<long> c_all(el.size(), 0), nonlink(el.size(), 0);
  for (int i = static_cast<int>(el.size()) - 1; i >= 0; --i) {
    ElementStats& s = el[i];
    c_all[i] += direct[i];
    nonlink[i] = in_link[i] ? 0 : nonlink[i] + direct[i];
    if (in_link[i]) s.link_chars = c_all[i];  // a link and everything inside it
    if (is_link_tag(s.node)) s.link_tags = s.tags;  // LT of a link = its descendant elements
    if (s.parent >= 0) {
      int p = s.parent;
      c_all[p] += c_all[i];
      nonlink[p] += nonlink[i];
      el[p].tags += s.tags + 1;
      el[p].link_chars += s.link_chars;
      el[p].link_tags += s.link_tags;
      if (is_link_tag(s.node) ||
          (s.link_tags == s.tags && c_all[i] == s.link_chars && s.link_tags != 0))
        el[p].link_tags += 1;
    }
  }
  for (std::size_t i = 0; i < el.size(); ++i)
    el[i].chars = (plain && settings.plain_zero_link_chars) ? nonlink[i] : c_all[i];

  a.ratio = c_all[0] > 0 ? static_cast<double>(el[0].link_chars) / static_cast<double>(c_all[0]) : 0.0;

  // Densities.
  for (std::size_t i = 0; i < el.size(); ++i) {
    ElementStats& s = el[i];
    if (plain) {
      s.density = s.chars == 0 ? 0.0 : static_cast<double>(s.chars) / static_cast<double>(s.tags == 0 ? 1 : s.tags);
    } else {
      s.density = composite_density(s.chars, s.tags, s.link_chars, s.link_tags, a.ratio);
    }
  }
  // DensitySum.
  std::vector<long> child_chars(el.size(), 0);
  for (std::size_t i = 0; i < el.size(); ++i) {
    if (!has_children[i]) el[i].density_sum = el[i].density;
  }
  for (std::size_t i = 1; i < el.size(); ++i) {
    int p = el[i].parent;
    el[p].density_sum += el[i].density;
    child_chars[p] += el[i].chars;
  }
  for (std::size_t i = 0; i < el.size(); ++i) {
    if (!has_children[i]) continue;
    if (plain) {
      if (el[i].chars > child_chars[i]) el[i].density_sum += static_cast<double>(el[i].chars - child_chars[i]);
    }
  }
  if (!plain && settings.stretch_term) {
    for (auto [i, L] : stretches)
      if (has_children[i]) el[i].density_sum += stretch_value(L, a.ratio);
  }

  // best[i]: first element in pre-order of i's subtree with the subtree's largest sum.
  std::vector<int> best(el.size());
  for (int i = static_cast<int>(el.size()) - 1; i >= 0; --i) best[i] = i;
  {
    // Process children before parents; a parent keeps itself on ties (it comes first),
    // and among children the earliest keeps a tie.
    for (int i = static_cast<int>(el.size()) - 1; i >= 1; --i) {
      int p = el[i].parent;
      double vi = el[best[i]].density_sum;
      double vp = el[best[p]].density_sum;
      // Children are visited last-to-first, so `>=` lets an earlier child win a tie,
      // except against the parent itself.
      if (vi > vp || (vi == vp && best[p] != p)) best[p] = best[i];
    }
  }
  a.max_sum_index = best[0];

  // Threshold and marks (GetThreshold, MarkContent, FindMaxDensitySumTag).
  auto mark_subtree = [&](int t) {
    for (int k = t; k < el[t].subtree_end; ++k) el[k].mark = 1;
  };
  auto mark_path = [&](int t) {
    for (int p = el[t].parent; p >= 0; p = el[p].parent) el[p].mark = 2;
  };
  int target = a.max_sum_index;
  double threshold = el[target].density;
  mark_subtree(target);
  for (int p = el[target].parent; p >= 0; p = el[p].parent) threshold = std::min(threshold, el[p].density);
  mark_path(target);
  a.threshold = threshold;

  const double eps = 1e-12;
  for (int i = 0; i < static_cast<int>(el.size());) {
    if (el[i].mark != 1 && el[i].density - threshold > -eps) {
      int t = best[i];
      if (el[t].mark != 1) {
        mark_subtree(t);
        mark_path(t);
      }
      ++i;
    } else {
      i = el[i].subtree_end;
    }
  }
  return a;
}

std::vector<Segment> content_segments(const dom::Node* root, const Analysis& analysis,
                                      const CetdSettings& settings) {
  if (!root || analysis.elements.empty()) return {};
  const auto& el = analysis.elements;
  // Marks of the analysed elements (hidden ones are absent and so skipped).
  std::unordered_map<const dom::Node*, int> mark_of;
  mark_of.reserve(el.size() * 2);
  for (const auto& s : el) mark_of.emplace(s.node, s.mark);
  auto visit = [&](const dom::Node* n) {
    auto it = mark_of.find(n);
    return it == mark_of.end() || it->second == 0 ? Visit::Skip : Visit::Enter;
  };
  auto keep = [&](const dom::Node* t) {
    auto it = mark_of.find(t->parent);
    if (it == mark_of.end()) return false;
    return it->second == 1 || (it->second == 2 && settings.keep_path_text);
  };
  return select_blocks(root, visit, keep);
}

namespace {

class CetdExtractor final : public Extractor {
 public:
  CetdExtractor(CetdSettings s, std::string name) : s_(s), name_(std::move(name)) {}
  std::string name() const override { return name_; }
  std::string version() const override { return "1"; }
  Settings settings() const override {
    Settings out;
    out["density"] = s_.density == Density::Composite ? "composite" : "plain";
    out["keep_path_text"] = s_.keep_path_text ? "true" : "false";
    out["remove_hidden"] = s_.remove_hidden ? "true" : "false";
    if (s_.density == Density::Composite) out["stretch_term"] = s_.stretch_term ? "true" : "false";
    else out["plain_zero_link_chars"] = s_.plain_zero_link_chars ? "true" : "false";
    return out;
  }
  Extraction extract(const Page& page) const override {
    Extraction ex;
    if (!page.dom) throw ExtractError(name_ + ": page " + page.id + " has no parsed document");
    const dom::Node* body = page.dom->body();
    if (!body) body = page.dom->root();
    Analysis a = analyze(body, s_);
    if (a.max_sum_index < 0) {
      ex.notes["empty"] = "no elements under body";
      return ex;
    }
    ex.segments = content_segments(body, a, s_);
    return ex;
  }

 private:
  CetdSettings s_;
  std::string name_;
};

}  // namespace

std::unique_ptr<Extractor> make_extractor(const CetdSettings& settings, std::string name) {
  return std::make_unique<CetdExtractor>(settings, std::move(name));
}

}  // namespace detour::cetd

namespace detour {
namespace {
SettingSpecs cetd_settings_of(cetd::Density density) {
  const cetd::CetdSettings d;
  SettingSpecs out;
  if (density == cetd::Density::Composite)
    out.push_back(SettingSpec::boolean("stretch_term", d.stretch_term,
                                       "add the authors' term for text outside child elements to DensitySum"));
  else
    out.push_back(SettingSpec::boolean("plain_zero_link_chars", d.plain_zero_link_chars,
                                       "characters inside links count 0"));
  out.push_back(SettingSpec::boolean("keep_path_text", d.keep_path_text,
                                     "keep text directly in the elements on the path to content"));
  out.push_back(SettingSpec::boolean("remove_hidden", d.remove_hidden,
                                     "remove elements hidden by style display:none or `hidden` first"));
  return out;
}
cetd::CetdSettings cetd_options_of(const SettingValues& v, cetd::Density density) {
  cetd::CetdSettings s;
  s.density = density;
  if (density == cetd::Density::Composite) s.stretch_term = v.boolean("stretch_term");
  else s.plain_zero_link_chars = v.boolean("plain_zero_link_chars");
  s.keep_path_text = v.boolean("keep_path_text");
  s.remove_hidden = v.boolean("remove_hidden");
  return s;
}
}  // namespace

SettingSpecs cetd_settings() { return cetd_settings_of(cetd::Density::Composite); }
SettingSpecs cetd_td_settings() { return cetd_settings_of(cetd::Density::Plain); }
std::unique_ptr<Extractor> make_cetd_extractor(const SettingValues& v) {
  return cetd::make_extractor(cetd_options_of(v, cetd::Density::Composite), "CETD");
}
std::unique_ptr<Extractor> make_cetd_td_extractor(const SettingValues& v) {
  return cetd::make_extractor(cetd_options_of(v, cetd::Density::Plain), "CETD-TD");
}
}  // namespace detour
