#include "metrics/cleaneval_text.h"

#include <bit>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>

#include "base/utf8.h"
#endif

namespace detour::metrics {
namespace {

// Python 2 re's \s on byte strings.
inline bool ascii_space(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// Step (1): delete ^\s*URL.*$ matches (re.MULTILINE).
std::string strip_url_lines(std::string_view t) {
  std::string out;
  out.reserve(t.size());
  std::size_t n = t.size();
  for (std::size_t p = 0; p < n;) {
    bool line_start = p == 0 || t[p - 1] == '\n';
    if (line_start) {
      std::size_t q = p;
      while (q < n && ascii_space(static_cast<unsigned char>(t[q]))) ++q;
      if (q + 3 <= n && t.compare(q, 3, "URL") == 0) {
        std::size_t r = q + 3;
        while (r < n && t[r] != '\n') ++r;
        p = r;  // the match [p, r) is deleted; scanning resumes at r
        continue;
      }
    }
    out += t[p++];
  }
  // A match can also be empty-free only; a text that is exactly at end is fine.
  return out;
}

inline bool marker_at(std::string_view t, std::size_t i) {
  if (i + 3 > t.size() || t[i] != '<' || t[i + 2] != '>') return false;
  char c = static_cast<char>(t[i + 1] | 0x20);
  return c == 'p' || c == 'h' || c == 'l';
}

}  // namespace

bool is_unicode_space(char32_t cp) {
  // Unicode's White_Space property outside ASCII (stable since Unicode 6.3; the
  // test checks it against ICU's u_isUWhiteSpace over every code point).
  if (cp < 0x85) return false;
  if (cp <= 0x3000) {
    if (cp == 0x85 || cp == 0xA0 || cp == 0x1680 || cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F ||
        cp == 0x3000)
      return true;
    return cp >= 0x2000 && cp <= 0x200A;
  }
  return false;
}

std::string cleaneval_normalize(std::string_view text, const CleanEvalOptions& opts) {
  // Step (1) only when a "URL" occurs at all (the common case has none).
  std::string stripped;
  std::string_view s = text;
  if (text.find("URL") != std::string_view::npos) {
    stripped = strip_url_lines(text);
    s = stripped;
  }
  // Steps (2)-(4) in one pass: control runs and whitespace runs become one space,
  // markers get a space on both sides ("\n<p> " then whitespace collapse). The
  // output is at most 2n + 2 bytes; write through a pointer.
  std::string out;
  out.resize(2 * s.size() + 2);
  char* o = out.data();
  bool pending_space = false;  // a whitespace/control run is open
  const char* p = s.data();
  const char* end = p + s.size();
  while (p < end) {
    unsigned char c = static_cast<unsigned char>(*p);
    if (c <= 0x20) {  // controls (0x00-0x1F, which include \t\n\v\f\r) and space
      pending_space = true;
      ++p;
      continue;
    }
    if (c == '<' && end - p >= 3 && p[2] == '>') {
      char k = static_cast<char>(p[1] | 0x20);
      if (k == 'p' || k == 'h' || k == 'l') {
        *o++ = ' ';  // the "\n" before the tag, merged with any open run
        if (opts.unlabelled) {
          *o++ = '<';
          *o++ = 'p';
          *o++ = '>';
        } else {
          *o++ = p[0];
          *o++ = p[1];
          *o++ = p[2];
        }
        pending_space = true;  // the " " after it
        p += 3;
        continue;
      }
    }
    if (pending_space) *o++ = ' ';
    pending_space = false;
    *o++ = static_cast<char>(c);
    ++p;
  }
  if (pending_space) *o++ = ' ';
  out.resize(static_cast<std::size_t>(o - out.data()));
  if (opts.ascii) {
    std::string kept;
    kept.reserve(out.size());
    for (char ch : out)
      if (static_cast<unsigned char>(ch) < 0x80) kept += ch;
    out.swap(kept);
  }
  return out;
}

std::vector<std::string_view> cleaneval_split(std::string_view t) {
  // re.split(r"\s+", t): fields between maximal whitespace runs, edges included.
  std::vector<std::string_view> tokens;
  tokens.reserve(t.size() / 5 + 2);
  std::size_t n = t.size(), start = 0, i = 0;
  while (i < n) {
    if (ascii_space(static_cast<unsigned char>(t[i]))) {
      tokens.push_back(t.substr(start, i - start));
      while (i < n && ascii_space(static_cast<unsigned char>(t[i]))) ++i;
      start = i;
    } else {
      ++i;
    }
  }
  tokens.push_back(t.substr(start, n - start));
  return tokens;
}

bool is_segment_marker(std::string_view token) { return marker_at(token, 0); }

// True when step (1) deletes something: some "URL" is preceded only by ASCII
// whitespace back to a line start (^\s*URL with re.MULTILINE; \s* may cross lines).
bool has_url_line(std::string_view t) {
  for (std::size_t q = t.find("URL"); q != std::string_view::npos; q = t.find("URL", q + 1)) {
    std::size_t r = q;
    bool newline = false;
    while (r > 0 && ascii_space(static_cast<unsigned char>(t[r - 1]))) {
      newline = newline || t[r - 1] == '\n';
      --r;
    }
    if (r == 0 || newline) return true;
  }
  return false;
}

bool cleaneval_tokens(std::string_view t, const CleanEvalOptions& opts, std::vector<std::string_view>& out) {
  if (opts.ascii || has_url_line(t)) return false;
  // The normalised text is: the words (maximal runs of bytes > 0x20, markers cut
  // out as words of their own) joined by single spaces, with one leading space when
  // the text starts with a separator byte or a marker and one trailing space when
  // it ends with one. re.split turns each edge space into an empty token.
  static constexpr std::string_view kP = "<p>";
  const std::size_t n = t.size();
  if (n == 0) {
    out.emplace_back(t.data(), 0);
    return true;
  }
  const char* d = t.data();
  auto is_marker = [&](std::size_t i) {
    if (i + 3 > n || d[i] != '<' || d[i + 2] != '>') return false;
    char k = static_cast<char>(d[i + 1] | 0x20);
    return k == 'p' || k == 'h' || k == 'l';
  };
  bool lead = static_cast<unsigned char>(d[0]) <= 0x20 || is_marker(0);
  if (lead) out.emplace_back(d, 0);
  bool last_is_word = false;  // the last item seen was a word
  std::size_t i = 0;
  while (i < n) {
    unsigned char c = static_cast<unsigned char>(d[i]);
    if (c <= 0x20) {  // separator run
      ++i;
      last_is_word = false;
      continue;
    }
    if (c == '<' && is_marker(i)) {
      out.push_back(opts.unlabelled ? kP : std::string_view(d + i, 3));
      i += 3;
      last_is_word = false;
      continue;
    }
    // A word: up to the next separator byte or marker. 16 bytes at a time while
    // they hold neither a byte <= 0x20 nor a '<'.
    std::size_t start = i++;
    while (i < n) {
#if defined(__SSE2__)
      if (i + 16 <= n) {
        const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d + i));
        const __m128i low = _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(0x20)), x);  // x <= 0x20
        const __m128i lt = _mm_cmpeq_epi8(x, _mm_set1_epi8('<'));
        const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(low, lt)));
        if (mask == 0) {
          i += 16;
          continue;
        }
        i += static_cast<std::size_t>(std::countr_zero(mask));
      }
#endif
      unsigned char w = static_cast<unsigned char>(d[i]);
      if (w <= 0x20 || (w == '<' && is_marker(i))) break;
      ++i;
    }
    out.emplace_back(d + start, i - start);
    last_is_word = true;
  }
  if (!last_is_word) out.emplace_back(d + n, 0);
  return true;
}

void text_only_words(std::string_view t, std::vector<std::string_view>& out) {
  const std::size_t n = t.size();
  const char* d = t.data();
  // Cached positions of the next '>' and '<' at or after a point, so that a text
  // of many '<' without '>' stays linear.
  std::size_t next_gt = 0, next_lt = 0;
  bool gt_valid = false, lt_valid = false;
  auto find_from = [&](char ch, std::size_t from, std::size_t& cache, bool& valid) {
    if (!valid || (cache != std::string_view::npos && cache < from)) {
      const void* p = from < n ? std::memchr(d + from, ch, n - from) : nullptr;
      cache = p ? static_cast<std::size_t>(static_cast<const char*>(p) - d) : std::string_view::npos;
      valid = true;
    }
    return cache;
  };
  std::size_t i = 0, start = 0;
  bool in_word = false;
  while (i < n) {
    unsigned char c = static_cast<unsigned char>(d[i]);
    if (c <= 0x20) {
      if (in_word) out.emplace_back(d + start, i - start);
      in_word = false;
      ++i;
      continue;
    }
    if (c == '<' && i + 1 < n) {
      unsigned char k = static_cast<unsigned char>(d[i + 1]);
      bool tagish = ((k | 0x20) >= 'a' && (k | 0x20) <= 'z') || k == '/' || k == '!' || k == '?';
      if (tagish) {
        std::size_t close = find_from('>', i + 1, next_gt, gt_valid);
        std::size_t open = find_from('<', i + 1, next_lt, lt_valid);
        if (close != std::string_view::npos && (open == std::string_view::npos || close < open)) {
          if (in_word) out.emplace_back(d + start, i - start);
          in_word = false;
          i = close + 1;
          continue;
        }
      }
    }
    if (!in_word) {
      in_word = true;
      start = i;
    }
    ++i;
  }
  if (in_word) out.emplace_back(d + start, n - start);
}

std::string text_only_normalize(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t next_gt = 0, next_lt = 0;  // 0: not searched yet (no '<' at -1)
  bool pending_space = false;
  std::size_t n = text.size();
  for (std::size_t i = 0; i < n;) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '<' && i + 1 < n) {
      unsigned char d = static_cast<unsigned char>(text[i + 1]);
      bool tagish = (d | 0x20) >= 'a' && (d | 0x20) <= 'z';
      tagish = tagish || d == '/' || d == '!' || d == '?';
      if (tagish) {
        // Cached next '>' / '<' (a flood of unclosed '<' stays linear).
        if (next_gt != std::string_view::npos && next_gt < i + 1) next_gt = text.find('>', i + 1);
        if (next_lt != std::string_view::npos && next_lt < i + 1) next_lt = text.find('<', i + 1);
        std::size_t close = next_gt, next_open = next_lt;
        if (close != std::string_view::npos && (next_open == std::string_view::npos || close < next_open)) {
          pending_space = true;
          i = close + 1;
          continue;
        }
      }
    }
    if (c < 0x20 || c == ' ') {
      pending_space = true;
      ++i;
      continue;
    }
    if (pending_space && !out.empty()) out += ' ';
    pending_space = false;
    out += static_cast<char>(c);
    ++i;
  }
  return out;
}

std::vector<std::string_view> split_words(std::string_view t) {
  std::vector<std::string_view> words;
  std::size_t n = t.size(), i = 0;
  while (i < n) {
    while (i < n && ascii_space(static_cast<unsigned char>(t[i]))) ++i;
    std::size_t start = i;
    while (i < n && !ascii_space(static_cast<unsigned char>(t[i]))) ++i;
    if (i > start) words.push_back(t.substr(start, i - start));
  }
  return words;
}

std::vector<char32_t> non_space_code_points(std::string_view s) {
  std::vector<char32_t> out;
  out.reserve(s.size());
  append_non_space_code_points(s, out);
  return out;
}

void append_non_space_code_points(std::string_view s, std::vector<char32_t>& out) {
  for (std::size_t i = 0; i < s.size();) {
    const utf8::Step st = utf8::decode(s, i);
    if (!st.ok) {  // each byte of a malformed sequence is one unit of its own
      out.push_back(0x110000 + st.cp);
      ++i;
      continue;
    }
    i += st.len;
    const char32_t cp = st.cp;
    if (cp < 0x80 ? ascii_space(static_cast<unsigned char>(cp)) || cp < 0x20 : is_unicode_space(cp))
      continue;
    out.push_back(cp);
  }
}

}  // namespace detour::metrics
