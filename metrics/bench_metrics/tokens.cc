#include "metrics/bench_metrics/tokens.h"

#include <array>

#include "metrics/bench_metrics/py_unicode.h"

namespace detour::bench_metrics {

namespace {

// Calls f(begin, end, cp) for each code point of `utf8` (byte offsets).
template <typename F>
void for_each_code_point(std::string_view utf8, F&& f) {
  std::size_t i = 0;
  while (i < utf8.size()) {
    char32_t cp;
    const std::size_t len = next_code_point(utf8, i, cp);
    f(i, i + len, cp);
    i += len;
  }
}

// \w over ASCII: [A-Za-z0-9_].
constexpr auto kAsciiWord = [] {
  std::array<bool, 128> t{};
  for (int c = 0; c < 128; ++c) {
    t[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  }
  return t;
}();

}  // namespace

std::vector<std::string_view> whitespace_tokens(std::string_view utf8) {
  std::vector<std::string_view> out;
  std::size_t start = std::string_view::npos;
  for_each_code_point(utf8, [&](std::size_t b, std::size_t, char32_t cp) {
    if (py_isspace(cp)) {
      if (start != std::string_view::npos) {
        out.push_back(utf8.substr(start, b - start));
        start = std::string_view::npos;
      }
    } else if (start == std::string_view::npos) {
      start = b;
    }
  });
  if (start != std::string_view::npos) out.push_back(utf8.substr(start));
  return out;
}

std::vector<std::string> rouge_default_tokens(std::string_view utf8) {
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) {
      out.push_back(std::move(cur));
      cur.clear();
    }
  };
  for_each_code_point(utf8, [&](std::size_t, std::size_t, char32_t cp) {
    if ((cp >= 'a' && cp <= 'z') || (cp >= '0' && cp <= '9')) {
      cur.push_back(static_cast<char>(cp));
    } else if (cp >= 'A' && cp <= 'Z') {
      cur.push_back(static_cast<char>(cp - 'A' + 'a'));
    } else if (cp == 0x212A) {  // KELVIN SIGN -> "k"
      cur.push_back('k');
    } else if (cp == 0x130) {  // LATIN CAPITAL I WITH DOT ABOVE -> "i" + U+0307
      cur.push_back('i');
      flush();
    } else {
      flush();
    }
  });
  flush();
  return out;
}

std::vector<std::string_view> word_tokens(std::string_view utf8) {
  std::vector<std::string_view> out;
  out.reserve(utf8.size() / 8 + 1);
  std::size_t start = std::string_view::npos;
  std::size_t i = 0;
  const std::size_t n = utf8.size();
  while (i < n) {
    const auto b = static_cast<unsigned char>(utf8[i]);
    bool word;
    std::size_t len = 1;
    if (b < 0x80) {
      word = kAsciiWord[b];
    } else {
      char32_t cp;
      len = next_code_point(utf8, i, cp);
      word = py_isword(cp);
    }
    if (word) {
      if (start == std::string_view::npos) start = i;
    } else if (start != std::string_view::npos) {
      out.push_back(utf8.substr(start, i - start));
      start = std::string_view::npos;
    }
    i += len;
  }
  if (start != std::string_view::npos) out.push_back(utf8.substr(start));
  return out;
}

std::vector<std::string> lower_word_tokens(std::string_view utf8) {
  std::u32string cps;
  append_code_points(utf8, cps);
  const std::u32string lower = py_lower(cps);
  std::vector<std::string> out;
  std::string cur;
  for (char32_t cp : lower) {
    if (py_isword(cp)) {
      append_utf8(cp, cur);
    } else if (!cur.empty()) {
      out.push_back(std::move(cur));
      cur.clear();
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

bool is_blank(std::string_view utf8) {
  bool blank = true;
  for_each_code_point(utf8, [&](std::size_t, std::size_t, char32_t cp) {
    if (!py_isspace(cp)) blank = false;
  });
  return blank;
}

}  // namespace detour::bench_metrics
