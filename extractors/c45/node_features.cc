// Node features and gold labels for the Lutz (2013) classifier; see node_features.h.
#include "extractors/c45/node_features.h"

#include <unicode/uchar.h>

#include <unordered_map>

#include "base/utf8.h"
#include "extractors/cetd/cetd.h"
#include "extractors/justext/stoplist.h"
#include "kernels/sequence_matcher.h"

namespace detour::c45 {
namespace {

bool is_space(UChar32 c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0xA0 || u_isUWhiteSpace(c);
}

// Characters written without spaces between words: each is a token by itself.
bool is_solo_letter(UChar32 c) {
  if (u_hasBinaryProperty(c, UCHAR_IDEOGRAPHIC)) return true;
  UBlockCode b = ublock_getCode(c);
  return b == UBLOCK_HIRAGANA || b == UBLOCK_KATAKANA || b == UBLOCK_KATAKANA_PHONETIC_EXTENSIONS;
}

bool is_word_char(UChar32 c) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  if (is_solo_letter(c)) return false;
  return u_isalnum(c) || (U_GET_GC_MASK(c) & U_GC_M_MASK) != 0;
}

// Calls sink(token) for each token of `text`.
template <class Sink>
void for_each_token(std::string_view text, Sink&& sink) {
  const int32_t n = static_cast<int32_t>(text.size());
  int32_t i = 0, word_start = -1;
  while (i < n) {
    int32_t start = i;
    const utf8::Step st = utf8::decode(text, static_cast<std::size_t>(i));
    i += static_cast<int32_t>(st.len);
    const UChar32 c = static_cast<UChar32>(st.ok ? st.cp : 0xFFFD);
    if (is_word_char(c)) {
      if (word_start < 0) word_start = start;
      continue;
    }
    if (word_start >= 0) {
      sink(text.substr(word_start, start - word_start));
      word_start = -1;
    }
    if (!is_space(c)) sink(text.substr(start, i - start));
  }
  if (word_start >= 0) sink(text.substr(word_start));
}

bool is_url_noise(std::string_view t) {
  static const std::unordered_set<std::string_view> noise = {
      "http", "https", "www", "html", "htm", "shtml", "php", "asp", "aspx", "jsp", "cgi",
      "com", "org", "net", "index", "id", "cn", "ru", "pl", "gr", "uk", "co"};
  return noise.count(t) > 0;
}

void add_terms(std::string_view text, const justext::Stoplist* stop, bool url, QueryTerms& out) {
  for_each_token(text, [&](std::string_view tok) {
    std::string t = lower(tok);
    // t is well-formed: lower() replaced every malformed sequence.
    const utf8::Step st = utf8::decode(t, 0);
    const UChar32 first = static_cast<UChar32>(st.ok ? st.cp : 0xFFFD);
    bool single = st.len == t.size();
    if (single && !is_solo_letter(first)) return;
    if (stop && stop->contains(t)) return;
    if (url && is_url_noise(t)) return;
    out.insert(std::move(t));
  });
}

}  // namespace

const std::vector<std::string>& feature_names() {
  static const std::vector<std::string> names = {"CTD", "DensitySum", "QueryScore", "DirectMatches", "Depth"};
  return names;
}

std::string lower(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  const char* s = text.data();
  const int32_t n = static_cast<int32_t>(text.size());
  int32_t i = 0;
  while (i < n) {
    unsigned char b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      out += static_cast<char>(b >= 'A' && b <= 'Z' ? b + 32 : b);
      ++i;
      continue;
    }
    const utf8::Step st = utf8::decode(text, static_cast<std::size_t>(i));
    i += static_cast<int32_t>(st.len);
    utf8::append(out, static_cast<char32_t>(u_tolower(static_cast<UChar32>(st.ok ? st.cp : 0xFFFD))));
  }
  return out;
}

std::vector<std::string> tokenize(std::string_view text) {
  std::vector<std::string> out;
  for_each_token(text, [&](std::string_view t) { out.emplace_back(t); });
  return out;
}

QueryTerms query_terms(const Page& page, const justext::Stoplist* stop) {
  QueryTerms terms;
  if (page.dom) add_terms(page.dom->title(), stop, false, terms);
  add_terms(page.url, stop, true, terms);
  return terms;
}

PageNodes compute_nodes(const Page& page, const QueryTerms& terms, bool keep_tokens) {
  PageNodes out;
  if (!page.dom || !page.dom->body()) return out;
  const dom::Node* body = page.dom->body();
  const cetd::CetdSettings cs;  // CETD defaults: composite density, stretch term
  cetd::Analysis an = cetd::analyze(body, cs);
  auto& el = out.elements;
  el.resize(an.elements.size());
  for (std::size_t i = 0; i < an.elements.size(); ++i) {
    const auto& s = an.elements[i];
    NodeElement& e = el[i];
    e.node = s.node;
    e.parent = s.parent;
    e.subtree_end = s.subtree_end;
    e.depth = s.parent < 0 ? 0 : el[s.parent].depth + 1;
    e.f[kCTD] = static_cast<float>(s.density);
    e.f[kDensitySum] = static_cast<float>(s.density_sum);
    e.f[kDepth] = static_cast<float>(e.depth);
  }
  if (el.empty()) return out;

  // Same walk as cetd::analyze, so the k-th element entered is elements[k].
  std::vector<int> stack;
  int next = 0;
  std::string lowered;
  dom::walk(body, [&](dom::Event ev, const dom::Node* n) {
    switch (ev) {
      case dom::Event::Enter:
        if (n != body && cetd::is_hidden(n, cs)) return false;
        if (next >= static_cast<int>(el.size()) || el[next].node != n) return false;  // defensive
        stack.push_back(next++);
        return true;
      case dom::Event::Leave:
        if (!stack.empty() && el[stack.back()].node == n) stack.pop_back();
        return true;
      case dom::Event::Text: {
        if (stack.empty()) return true;
        NodeText t;
        t.node = n;
        t.element = stack.back();
        for_each_token(n->text, [&](std::string_view tok) {
          ++t.tokens;
          if (!terms.empty() && terms.count(lower(tok))) ++t.matches;
          if (keep_tokens) out.token_strings.emplace_back(tok);
        });
        if (t.tokens > 0) out.texts.push_back(t);
        return true;
      }
      case dom::Event::Comment:
        return true;
    }
    return true;
  });

  std::vector<double> query(el.size(), 0.0);
  for (const NodeText& t : out.texts) {
    NodeElement& e = el[t.element];
    e.tokens += t.tokens;
    e.f[kDirectMatches] += static_cast<float>(t.matches);
    if (t.matches == 0) continue;
    for (int a = t.element; a >= 0; a = el[a].parent)
      query[a] += static_cast<double>(t.matches) / (e.depth + 1 - el[a].depth);
  }
  for (int i = static_cast<int>(el.size()) - 1; i > 0; --i) el[el[i].parent].tokens += el[i].tokens;
  for (std::size_t i = 0; i < el.size(); ++i) {
    el[i].f[kQueryScore] = static_cast<float>(query[i]);
    el[i].has_text = el[i].tokens > 0;
  }
  return out;
}

int label_nodes(PageNodes& nodes, std::string_view gold_cleaneval) {
  std::unordered_map<std::string, std::int32_t> ids;
  auto intern = [&](std::string_view t) {
    auto [it, fresh] = ids.try_emplace(std::string(t), static_cast<std::int32_t>(ids.size()));
    return it->second;
  };
  std::vector<std::int32_t> a, b;
  a.reserve(nodes.token_strings.size());
  for (const auto& t : nodes.token_strings) a.push_back(intern(t));
  for (const Segment& s : parse_cleaneval(gold_cleaneval))
    for_each_token(s.text, [&](std::string_view t) { b.push_back(intern(t)); });

  std::vector<char> matched(a.size(), 0);
  int total = 0;
  if (!a.empty() && !b.empty()) {
    metrics::SequenceMatcher sm(a, b, /*autojunk=*/false);
    for (const auto& blk : sm.get_matching_blocks())
      for (int k = 0; k < blk.size; ++k) matched[blk.a + k] = 1, ++total;
  }
  auto& el = nodes.elements;
  for (auto& e : el) e.content_tokens = 0, e.label = 0;
  std::size_t pos = 0;
  for (NodeText& t : nodes.texts) {
    int m = 0;
    for (int k = 0; k < t.tokens && pos + k < matched.size(); ++k) m += matched[pos + k];
    pos += t.tokens;
    t.content = 2 * m > t.tokens;
    if (t.content) el[t.element].content_tokens += t.tokens;
  }
  for (int i = static_cast<int>(el.size()) - 1; i > 0; --i) el[el[i].parent].content_tokens += el[i].content_tokens;
  for (auto& e : el) e.label = 2 * e.content_tokens > e.tokens ? 1 : 0;
  return total;
}

}  // namespace detour::c45
