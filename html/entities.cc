// entities: see entities.h.
#include "html/entities.h"

#include <unordered_map>

#include "html/dom.h"

namespace detour::html {

namespace {

bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '#';
}

// The longest reference HTML5 has is 33 bytes (&CounterClockwiseContourIntegral;);
// numeric ones with leading zeros may be longer, and are cut here: what follows the
// cut is text, as the tokenizer would leave it after a maximal reference.
constexpr std::size_t kMaxCandidate = 64;

// The candidate's decoding by gumbo: the text of a <textarea> holding it.
std::string parse_decode(std::string_view candidate) {
  std::string html = "<textarea>x";  // 'x': a newline right after <textarea> would be dropped
  html.append(candidate);
  const dom::Document doc = dom::Document::parse(html);
  std::string text;
  std::vector<const dom::Node*> stack{doc.root()};
  while (!stack.empty()) {
    const dom::Node* n = stack.back();
    stack.pop_back();
    if (n->is("textarea")) {
      for (const dom::Node* c : n->children)
        if (c->is_text()) text += c->text;
      break;
    }
    for (auto it = n->children.rbegin(); it != n->children.rend(); ++it) stack.push_back(*it);
  }
  return text.empty() ? std::string(candidate) : text.substr(1);
}

}  // namespace

std::size_t decode_reference(std::string_view s, std::size_t i, std::string& out) {
  std::size_t e = i + 1;
  while (e < s.size() && e - i < kMaxCandidate && name_char(s[e])) ++e;
  if (e == i + 1) return 0;
  if (e < s.size() && s[e] == ';') ++e;
  const std::string_view cand = s.substr(i, e - i);
  static constexpr std::pair<std::string_view, std::string_view> kCommon[] = {
      {"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&nbsp;", "\xC2\xA0"}};
  for (const auto& [ref, value] : kCommon)
    if (cand == ref) {
      out += value;
      return cand.size();
    }
  thread_local std::unordered_map<std::string, std::string> known;
  auto it = known.find(std::string(cand));
  if (it == known.end()) {
    if (known.size() >= 4096) known.clear();
    it = known.emplace(std::string(cand), parse_decode(cand)).first;
  }
  if (it->second == cand) return 0;
  out += it->second;
  return cand.size();
}

std::string decode_references(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  while (i < s.size()) {
    const std::size_t amp = s.find('&', i);
    if (amp == std::string_view::npos) {
      out.append(s.substr(i));
      break;
    }
    out.append(s.substr(i, amp - i));
    const std::size_t n = decode_reference(s, amp, out);
    if (n == 0) {
      out += '&';
      i = amp + 1;
    } else {
      i = amp + n;
    }
  }
  return out;
}

}  // namespace detour::html
