#include "metrics/bench_metrics/punkt.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "metrics/bench_metrics/py_unicode.h"

namespace detour::bench_metrics {

namespace {

// Orthographic context flags (punkt.py _ORTHO_*).
constexpr int kBegUc = 1 << 1, kMidUc = 1 << 2, kUnkUc = 1 << 3;
constexpr int kBegLc = 1 << 4, kMidLc = 1 << 5, kUnkLc = 1 << 6;
constexpr int kUc = kBegUc + kMidUc + kUnkUc;
constexpr int kLc = kBegLc + kMidLc + kUnkLc;

using U32 = std::u32string;
using U32View = std::u32string_view;

bool is_sent_end(char32_t c) { return c == '.' || c == '?' || c == '!'; }

// PunktLanguageVars._re_non_word_chars: ) " ; } ] * : @ ' ( { [ and ? !.
bool is_non_word(char32_t c) {
  switch (c) {
    case ')': case '"': case ';': case '}': case ']': case '*': case ':': case '@':
    case '\'': case '(': case '{': case '[': case '?': case '!':
      return true;
    default:
      return false;
  }
}

// Characters that cannot start a word token (_re_word_start's negated class).
bool is_word_start_excluded(char32_t c) {
  switch (c) {
    case '(': case '"': case '`': case '{': case '[': case ':': case ';': case '&':
    case '#': case '*': case '@': case ')': case '}': case ']': case '-': case ',':
      return true;
    default:
      return false;
  }
}

// string.whitespace (ASCII), used by _get_last_whitespace_index.
bool is_ascii_ws(char32_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x0B || c == 0x0C; }

// Length of _re_multi_char_punct matched at s[pos] (0 when it does not match):
// -{2,} | \.{2,} | (?:\.\s){2,}\.
std::size_t multi_char_len(U32View s, std::size_t pos) {
  const std::size_t n = s.size();
  if (pos >= n) return 0;
  if (s[pos] == '-') {
    std::size_t e = pos;
    while (e < n && s[e] == '-') ++e;
    return e - pos >= 2 ? e - pos : 0;
  }
  if (s[pos] != '.') return 0;
  {
    std::size_t e = pos;
    while (e < n && s[e] == '.') ++e;
    if (e - pos >= 2) return e - pos;
  }
  std::size_t pairs = 0;
  while (pos + 2 * pairs + 1 < n && s[pos + 2 * pairs] == '.' && py_isspace(s[pos + 2 * pairs + 1])) ++pairs;
  if (pairs >= 2 && pos + 2 * pairs < n && s[pos + 2 * pairs] == '.') return 2 * pairs + 1;
  // Backtracking one pair: its '.' closes the match.
  if (pairs >= 3) return 2 * (pairs - 1) + 1;
  return 0;
}

// The lookahead that ends a word token at s[e].
bool word_ends_at(U32View s, std::size_t e) {
  const std::size_t n = s.size();
  if (e >= n) return true;  // $
  const char32_t c = s[e];
  if (py_isspace(c) || is_non_word(c) || multi_char_len(s, e)) return true;
  if (c == ',') {
    if (e + 1 >= n) return true;
    const char32_t d = s[e + 1];
    return py_isspace(d) || is_non_word(d) || multi_char_len(s, e + 1) != 0;
  }
  return false;
}

// PunktLanguageVars.word_tokenize (findall of the word-tokenizer regex) on a line.
void word_tokenize(U32View line, std::vector<U32View>& out) {
  const std::size_t n = line.size();
  std::size_t pos = 0;
  while (pos < n) {
    if (std::size_t mc = multi_char_len(line, pos)) {
      out.push_back(line.substr(pos, mc));
      pos += mc;
      continue;
    }
    const char32_t c = line[pos];
    if (py_isspace(c)) {
      ++pos;
      continue;
    }
    if (!is_word_start_excluded(c)) {
      std::size_t e = pos + 1;
      while (!word_ends_at(line, e)) ++e;  // s[e] is then a non-space: \S+? goes on
      out.push_back(line.substr(pos, e - pos));
      pos = e;
      continue;
    }
    out.push_back(line.substr(pos, 1));
    ++pos;
  }
}

std::string to_utf8(U32View s) { return encode_utf8(s); }

// PunktToken._get_type's number pattern ^-?[\.,]?\d[\d,\.-]*\.?$ on a lowered token.
bool is_numeric_type(U32View s) {
  std::size_t i = 0;
  if (i < s.size() && s[i] == '-') ++i;
  if (i < s.size() && (s[i] == '.' || s[i] == ',')) ++i;
  if (i >= s.size() || !py_isdecimal(s[i])) return false;
  for (++i; i < s.size(); ++i) {
    const char32_t c = s[i];
    if (!(py_isdecimal(c) || c == ',' || c == '.' || c == '-')) return false;
  }
  return true;
}

struct Token {
  U32View tok;
  std::string type;  // UTF-8
  bool period_final = false;
  bool sentbreak = false;
  bool abbr = false;
  bool ellipsis = false;

  std::string type_no_period() const {
    // len(type) > 1 in code points; the last code point is '.' (one byte).
    if (!type.empty() && type.back() == '.' && type.size() > 1) return type.substr(0, type.size() - 1);
    return type;
  }
  std::string type_no_sentperiod() const { return sentbreak ? type_no_period() : type; }
  bool first_upper() const { return py_isupper(tok[0]); }
  bool first_lower() const { return py_islower(tok[0]); }
  bool is_initial() const {
    // [^\W\d]\.$ matched at the start.
    return tok.size() == 2 && tok[1] == '.' && py_isword(tok[0]) && !py_isdecimal(tok[0]);
  }
  bool is_ellipsis() const {
    if (tok.size() < 2) return false;
    for (char32_t c : tok) {
      if (c != '.') return false;
    }
    return true;
  }
};

Token make_token(U32View tok) {
  Token t;
  t.tok = tok;
  const U32 lower = py_lower(tok);
  t.type = is_numeric_type(lower) ? std::string("##number##") : to_utf8(lower);
  t.period_final = !tok.empty() && tok.back() == '.';
  return t;
}

void first_pass(Token& t, const PunktModel& model) {
  const U32View tok = t.tok;
  if (tok.size() == 1 && is_sent_end(tok[0])) {
    t.sentbreak = true;
  } else if (t.is_ellipsis()) {
    t.ellipsis = true;
  } else if (t.period_final && !(tok.size() >= 2 && tok[tok.size() - 2] == '.')) {
    const std::string key = to_utf8(py_lower(tok.substr(0, tok.size() - 1)));
    std::string last = key;
    if (auto dash = key.rfind('-'); dash != std::string::npos) last = key.substr(dash + 1);
    if (model.is_abbrev(key) || model.is_abbrev(last)) {
      t.abbr = true;
    } else {
      t.sentbreak = true;
    }
  }
}

enum class Ortho { kFalse, kTrue, kUnknown };

Ortho ortho_heuristic(const Token& t, const PunktModel& model) {
  if (t.tok.size() == 1) {
    switch (t.tok[0]) {
      case ';': case ':': case ',': case '.': case '!': case '?':
        return Ortho::kFalse;
      default:
        break;
    }
  }
  const int oc = model.ortho(t.type_no_sentperiod());
  if (t.first_upper() && (oc & kLc) && !(oc & kMidUc)) return Ortho::kTrue;
  if (t.first_lower() && ((oc & kUc) || !(oc & kBegLc))) return Ortho::kFalse;
  return Ortho::kUnknown;
}

void second_pass(Token& t1, const Token& t2, const PunktModel& model) {
  if (!t1.period_final) return;
  const std::string typ = t1.type_no_period();
  const std::string next_typ = t2.type_no_sentperiod();
  const bool initial = t1.is_initial();

  if (model.is_collocation(typ, next_typ)) {
    t1.sentbreak = false;
    t1.abbr = true;
    return;
  }
  if ((t1.abbr || t1.ellipsis) && !initial) {
    if (ortho_heuristic(t2, model) == Ortho::kTrue) {
      t1.sentbreak = true;
      return;
    }
    if (t2.first_upper() && model.is_sent_starter(next_typ)) {
      t1.sentbreak = true;
      return;
    }
  }
  if (initial || typ == "##number##") {
    const Ortho h = ortho_heuristic(t2, model);
    if (h == Ortho::kFalse) {
      t1.sentbreak = false;
      t1.abbr = true;
      return;
    }
    if (h == Ortho::kUnknown && initial && t2.first_upper() && !(model.ortho(next_typ) & kLc)) {
      t1.sentbreak = false;
      t1.abbr = true;
    }
  }
}

// PunktSentenceTokenizer.text_contains_sentbreak.
bool contains_sentbreak(U32View context, const PunktModel& model) {
  std::vector<U32View> words;
  std::size_t start = 0;
  while (start <= context.size()) {
    std::size_t nl = context.find(U'\n', start);
    if (nl == U32View::npos) nl = context.size();
    word_tokenize(context.substr(start, nl - start), words);
    start = nl + 1;
  }
  if (words.size() < 2) return false;
  std::vector<Token> toks;
  toks.reserve(words.size());
  for (U32View w : words) {
    toks.push_back(make_token(w));
    first_pass(toks.back(), model);
  }
  for (std::size_t i = 0; i + 1 < toks.size(); ++i) {
    second_pass(toks[i], toks[i + 1], model);
    if (toks[i].sentbreak) return true;
  }
  return false;
}

struct Candidate {
  std::size_t start;           // the mark
  std::size_t after_end;       // end of after_tok
  std::optional<std::size_t> next_tok;  // start of next_tok
};

}  // namespace

PunktModel::PunktModel(std::vector<std::string> abbrev_types,
                       std::vector<std::pair<std::string, std::string>> collocations,
                       std::vector<std::string> sent_starters,
                       std::vector<std::pair<std::string, int>> ortho_context) {
  for (auto& a : abbrev_types) abbrevs_.insert(std::move(a));
  for (auto& [a, b] : collocations) collocations_.insert(a + '\t' + b);
  for (auto& s : sent_starters) starters_.insert(std::move(s));
  for (auto& [k, v] : ortho_context) ortho_[k] |= v;
}

bool PunktModel::is_collocation(const std::string& a, const std::string& b) const {
  if (collocations_.empty()) return false;
  std::string key;
  key.reserve(a.size() + b.size() + 1);
  key += a;
  key += '\t';
  key += b;
  return collocations_.count(key) != 0;
}

std::string PunktModel::fingerprint() const {
  std::vector<std::string> entries;
  for (const auto& a : abbrevs_) entries.push_back("a\t" + a);
  for (const auto& c : collocations_) entries.push_back("c\t" + c);
  for (const auto& s : starters_) entries.push_back("s\t" + s);
  for (const auto& [k, v] : ortho_) entries.push_back("o\t" + k + "\t" + std::to_string(v));
  std::sort(entries.begin(), entries.end());
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const auto& e : entries) {
    for (unsigned char ch : e) {
      h ^= ch;
      h *= 0x100000001b3ULL;
    }
    h ^= 0xFF;
    h *= 0x100000001b3ULL;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

PunktModel PunktModel::load_tab(const std::filesystem::path& dir) {
  auto read_lines = [&](const char* name) {
    const auto path = dir / name;
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("punkt model: cannot read " + path.string());
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string data = ss.str();
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < data.size()) {
      std::size_t nl = data.find('\n', start);
      if (nl == std::string::npos) nl = data.size();
      lines.push_back(data.substr(start, nl - start));
      start = nl + 1;
    }
    return std::make_pair(path, lines);
  };
  auto split_tab = [](const std::filesystem::path& path, const std::string& line, std::size_t lineno) {
    const std::size_t tab = line.find('\t');
    if (tab == std::string::npos || line.find('\t', tab + 1) != std::string::npos) {
      throw std::runtime_error("punkt model: " + path.string() + ":" + std::to_string(lineno) +
                               ": expected two tab-separated fields");
    }
    return std::make_pair(line.substr(0, tab), line.substr(tab + 1));
  };
  std::vector<std::string> abbrevs, starters;
  std::vector<std::pair<std::string, std::string>> colls;
  std::vector<std::pair<std::string, int>> ortho;
  abbrevs = read_lines("abbrev_types.txt").second;
  starters = read_lines("sent_starters.txt").second;
  {
    auto [path, lines] = read_lines("collocations.tab");
    for (std::size_t i = 0; i < lines.size(); ++i) colls.push_back(split_tab(path, lines[i], i + 1));
  }
  {
    auto [path, lines] = read_lines("ortho_context.tab");
    for (std::size_t i = 0; i < lines.size(); ++i) {
      auto [k, v] = split_tab(path, lines[i], i + 1);
      int flags = 0;
      try {
        std::size_t used = 0;
        flags = std::stoi(v, &used);
        if (used != v.size()) throw std::invalid_argument("trailing characters");
      } catch (const std::exception&) {
        throw std::runtime_error("punkt model: " + path.string() + ":" + std::to_string(i + 1) +
                                 ": the second field is not an integer");
      }
      ortho.emplace_back(std::move(k), flags);
    }
  }
  return PunktModel(std::move(abbrevs), std::move(colls), std::move(starters), std::move(ortho));
}

PunktModel PunktModel::load_json(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("punkt model: cannot read " + file.string());
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error("punkt model: " + file.string() + ": invalid JSON: " + e.what());
  }
  auto object = [&](const char* key) -> const nlohmann::json& {
    auto it = j.find(key);
    if (it == j.end() || !it->is_object())
      throw std::runtime_error("punkt model: " + file.string() + ": no \"" + key + "\" object");
    return *it;
  };
  std::vector<std::string> abbrevs, starters;
  std::vector<std::pair<std::string, std::string>> colls;
  std::vector<std::pair<std::string, int>> ortho;
  for (const auto& [k, v] : object("AbbrevTypes").items()) abbrevs.push_back(k);
  for (const auto& [k, v] : object("SentStarters").items()) starters.push_back(k);
  for (const auto& [k, v] : object("Collocations").items()) {
    const std::size_t comma = k.find(',');
    if (comma == std::string::npos)
      throw std::runtime_error("punkt model: " + file.string() + ": collocation \"" + k + "\" is not \"a,b\"");
    colls.emplace_back(k.substr(0, comma), k.substr(comma + 1));
  }
  for (const auto& [k, v] : object("OrthoContext").items()) {
    if (!v.is_number_integer())
      throw std::runtime_error("punkt model: " + file.string() + ": ortho context of \"" + k + "\" is not an integer");
    ortho.emplace_back(k, v.get<int>());
  }
  return PunktModel(std::move(abbrevs), std::move(colls), std::move(starters), std::move(ortho));
}

PunktModel PunktModel::load(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return load_tab(path);
  if (!std::filesystem::exists(path, ec)) throw std::runtime_error("punkt model: " + path.string() + ": no such file or folder");
  return load_json(path);
}

std::vector<std::pair<std::size_t, std::size_t>> PunktModel::sentence_spans(std::string_view text) const {
  const DecodedText d = decode_utf8(text);
  const U32View s = d.cps;
  const std::size_t n = s.size();

  // 1. Candidates (period_context_re().finditer).
  std::vector<Candidate> cands;
  for (std::size_t p = 0; p + 1 < n; ++p) {
    if (!is_sent_end(s[p])) continue;
    if (is_non_word(s[p + 1])) {
      cands.push_back({p, p + 2, std::nullopt});
    } else if (py_isspace(s[p + 1])) {
      std::size_t q = p + 1;
      while (q < n && py_isspace(s[q])) ++q;
      if (q == n) continue;
      std::size_t r = q;
      while (r < n && !py_isspace(s[r])) ++r;
      cands.push_back({p, r, q});
    }
  }

  // 2.-4. Contexts (_match_potential_end_contexts) and breaks (_slices_from_text).
  std::vector<std::pair<std::size_t, std::size_t>> slices;
  std::size_t last_break = 0;
  auto consider = [&](const Candidate& m, std::size_t word_begin, std::size_t word_end) {
    U32 context(s.substr(word_begin, word_end - word_begin));
    context += s.substr(m.start, m.after_end - m.start);
    if (!contains_sentbreak(context, *this)) return;
    slices.emplace_back(last_break, m.start + 1);
    last_break = m.next_tok ? *m.next_tok : m.start + 1;
  };
  std::size_t prev_begin = 0, prev_end = 0;
  const Candidate* prev = nullptr;
  for (const Candidate& m : cands) {
    // Last ASCII whitespace in s[prev_end, m.start); NLTK's helper returns 0 both
    // for "none" and for "at index 0".
    std::size_t idx = 0;
    for (std::size_t k = m.start; k > prev_end; --k) {
      if (is_ascii_ws(s[k - 1])) {
        idx = k - 1 - prev_end;
        break;
      }
    }
    const std::size_t word_begin = idx ? idx + prev_end + 1 : prev_begin;
    if (prev && prev_end <= word_begin) consider(*prev, prev_begin, prev_end);
    prev = &m;
    prev_begin = word_begin;
    prev_end = m.start;
  }
  if (prev) consider(*prev, prev_begin, prev_end);
  std::size_t end = n;
  while (end > 0 && py_isspace(s[end - 1])) --end;
  slices.emplace_back(last_break, end);

  // 5. _realign_boundaries.
  std::vector<std::pair<std::size_t, std::size_t>> spans;
  std::size_t realign = 0;
  for (std::size_t k = 0; k < slices.size(); ++k) {
    const std::size_t b1 = slices[k].first + realign, e1 = slices[k].second;
    if (k + 1 == slices.size()) {
      if (b1 < e1) spans.emplace_back(b1, e1);
      continue;
    }
    const auto [b2, e2] = slices[k + 1];
    // ["\')\]}]+?(?:\s+|(?=--)|$) matched at the start of s[b2, e2).
    std::size_t closers = 0, match_end = 0;
    bool matched = false;
    for (std::size_t i = b2; i < e2; ++i) {
      const char32_t c = s[i];
      if (!(c == '"' || c == '\'' || c == ')' || c == ']' || c == '}')) break;
      ++closers;
      const std::size_t after = i + 1;
      if (after < e2 && py_isspace(s[after])) {
        std::size_t w = after;
        while (w < e2 && py_isspace(s[w])) ++w;
        match_end = w - b2;
        matched = true;
      } else if ((after + 1 < e2 && s[after] == '-' && s[after + 1] == '-') || after == e2) {
        match_end = after - b2;
        matched = true;
      }
      if (matched) break;
    }
    if (matched) {
      spans.emplace_back(b1, b2 + closers);
      realign = match_end;
    } else {
      realign = 0;
      if (b1 < e1) spans.emplace_back(b1, e1);
    }
  }

  std::vector<std::pair<std::size_t, std::size_t>> bytes;
  bytes.reserve(spans.size());
  for (auto [b, e] : spans) bytes.emplace_back(d.offsets[b], d.offsets[e]);
  return bytes;
}

std::vector<std::string_view> PunktModel::sentences(std::string_view text) const {
  std::vector<std::string_view> out;
  for (auto [b, e] : sentence_spans(text)) out.push_back(text.substr(b, e - b));
  return out;
}

}  // namespace detour::bench_metrics
