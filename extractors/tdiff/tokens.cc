#include "extractors/tdiff/tokens.h"

#include "base/site.h"
#include "base/utf8.h"

#include <unicode/uchar.h>

#include "extractors/blocks.h"

namespace detour::tdiff {
namespace {

bool is_single_char_token(UChar32 c) {
  if (u_hasBinaryProperty(c, UCHAR_IDEOGRAPHIC)) return true;
  UBlockCode b = ublock_getCode(c);
  return b == UBLOCK_HIRAGANA || b == UBLOCK_KATAKANA || b == UBLOCK_HANGUL_SYLLABLES;
}

}  // namespace

void split_tokens(std::string_view s, std::vector<std::string>& out) {
  std::string cur;
  const int32_t len = static_cast<int32_t>(s.size());
  int32_t i = 0;
  while (i < len) {
    const int32_t start = i;
    const utf8::Step st = utf8::decode(s, static_cast<std::size_t>(i));
    i += static_cast<int32_t>(st.len);
    const UChar32 c = static_cast<UChar32>(st.ok ? st.cp : 0xFFFD);
    if (u_isUWhiteSpace(c) || c == 0xA0 || c == 0x200B) {
      if (!cur.empty()) out.push_back(std::move(cur)), cur.clear();
    } else if (is_single_char_token(c)) {
      if (!cur.empty()) out.push_back(std::move(cur)), cur.clear();
      out.emplace_back(s.substr(start, i - start));
    } else {
      cur.append(s.substr(start, i - start));
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
}

TextTokens text_tokens(const dom::Node* root) {
  TextTokens t;
  if (!root) return t;
  dom::walk(root, [&](dom::Event e, const dom::Node* n) {
    if (e == dom::Event::Enter) return !is_invisible_element(n);
    if (e == dom::Event::Text) {
      const int idx = static_cast<int>(t.text_nodes.size());
      t.text_nodes.push_back(n);
      const std::size_t before = t.tokens.size();
      split_tokens(n->text, t.tokens);
      t.node.insert(t.node.end(), t.tokens.size() - before, idx);
    }
    return true;
  });
  return t;
}

std::string document_of(std::string_view id, std::string_view url) {
  if (id.size() > 10 && id[8] == '_' && !host_of(id, {}).empty()) return std::string(id.substr(id.rfind('_') + 1));
  if (!url.empty()) return std::string(url);
  return std::string(id);
}


}  // namespace detour::tdiff
