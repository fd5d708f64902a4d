#include "tasks/daniel/pyliteral.h"

#include <cstdint>
#include <cstdlib>

#include "base/utf8.h"

namespace detour::tasks {

namespace {

class Parser {
 public:
  Parser(std::string_view s, bool python2) : s_(s), python2_(python2) {}

  nlohmann::ordered_json document() {
    skip();
    nlohmann::ordered_json v = value();
    skip();
    if (pos_ < s_.size()) fail("unexpected text after the literal");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& why) const {
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i < pos_ && i < s_.size(); ++i) {
      if (s_[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    throw PyLiteralError("line " + std::to_string(line) + ", column " + std::to_string(col) + ": " + why);
  }

  // Whitespace, comments and backslash line continuations.
  void skip() {
    while (pos_ < s_.size()) {
      char c = s_[pos_];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
        ++pos_;
      } else if (c == '#') {
        while (pos_ < s_.size() && s_[pos_] != '\n') ++pos_;
      } else if (c == '\\' && pos_ + 1 < s_.size() && (s_[pos_ + 1] == '\n' || s_[pos_ + 1] == '\r')) {
        pos_ += 2;
      } else if (s_.substr(pos_, 3) == "\xEF\xBB\xBF") {  // a BOM
        pos_ += 3;
      } else {
        break;
      }
    }
  }

  bool starts_string() const {
    std::size_t p = pos_;
    while (p < s_.size() && p < pos_ + 2 && std::string_view("uUrRbB").find(s_[p]) != std::string_view::npos) ++p;
    return p < s_.size() && (s_[p] == '\'' || s_[p] == '"');
  }

  nlohmann::ordered_json value() {
    if (pos_ >= s_.size()) fail("unexpected end of text");
    char c = s_[pos_];
    if (c == '{') return dict();
    if (c == '[') return sequence(']');
    if (c == '(') return sequence(')');
    if (starts_string()) return strings();
    if (c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9')) return number();
    for (auto [word, v] : {std::pair<std::string_view, nlohmann::ordered_json>{"True", true}, {"False", false},
                           {"None", nullptr}, {"true", true}, {"false", false}, {"null", nullptr}}) {
      if (s_.substr(pos_, word.size()) == word) {
        pos_ += word.size();
        return v;
      }
    }
    fail(std::string("unexpected character '") + c + "'");
  }

  nlohmann::ordered_json dict() {
    ++pos_;
    nlohmann::ordered_json obj = nlohmann::ordered_json::object();
    for (;;) {
      skip();
      if (pos_ < s_.size() && s_[pos_] == '}') {
        ++pos_;
        return obj;
      }
      nlohmann::ordered_json key = value();
      std::string k;
      if (key.is_string()) {
        k = key.get<std::string>();
      } else if (key.is_number() || key.is_boolean() || key.is_null()) {
        k = key.dump();
      } else {
        fail("a dict key that is not a string or a number");
      }
      skip();
      if (pos_ >= s_.size() || s_[pos_] != ':') fail("expected ':' after a dict key");
      ++pos_;
      skip();
      obj[k] = value();
      skip();
      if (pos_ < s_.size() && s_[pos_] == ',') {
        ++pos_;
      } else if (pos_ < s_.size() && s_[pos_] == '}') {
        continue;
      } else {
        fail("expected ',' or '}' in a dict");
      }
    }
  }

  nlohmann::ordered_json sequence(char close) {
    ++pos_;
    nlohmann::ordered_json arr = nlohmann::ordered_json::array();
    for (;;) {
      skip();
      if (pos_ < s_.size() && s_[pos_] == close) {
        ++pos_;
        return arr;
      }
      arr.push_back(value());
      skip();
      if (pos_ < s_.size() && s_[pos_] == ',') {
        ++pos_;
      } else if (pos_ < s_.size() && s_[pos_] == close) {
        continue;
      } else {
        fail(std::string("expected ',' or '") + close + "'");
      }
    }
  }

  nlohmann::ordered_json number() {
    std::size_t start = pos_;
    if (s_[pos_] == '-' || s_[pos_] == '+') ++pos_;
    bool is_float = false;
    while (pos_ < s_.size()) {
      char c = s_[pos_];
      if ((c >= '0' && c <= '9') || c == '_') {
        ++pos_;
      } else if (c == '.' || c == 'e' || c == 'E') {
        is_float = true;
        ++pos_;
        if ((c == 'e' || c == 'E') && pos_ < s_.size() && (s_[pos_] == '-' || s_[pos_] == '+')) ++pos_;
      } else {
        break;
      }
    }
    std::string digits;
    for (char c : s_.substr(start, pos_ - start))
      if (c != '_') digits += c;
    char* end = nullptr;
    if (is_float) {
      double d = std::strtod(digits.c_str(), &end);
      if (end != digits.c_str() + digits.size()) fail("bad number '" + digits + "'");
      return d;
    }
    long long v = std::strtoll(digits.c_str(), &end, 10);
    if (end != digits.c_str() + digits.size() || digits.empty()) fail("bad number '" + digits + "'");
    return v;
  }

  // One or more adjacent string literals, concatenated.
  nlohmann::ordered_json strings() {
    std::string out;
    do {
      one_string(out);
      skip();
    } while (pos_ < s_.size() && starts_string());
    return out;
  }

  std::uint32_t hex(std::size_t digits) {
    if (pos_ + digits > s_.size()) fail("truncated escape");
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < digits; ++i) {
      char c = s_[pos_ + i];
      v <<= 4;
      if (c >= '0' && c <= '9') v |= c - '0';
      else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
      else fail("bad hex digit in an escape");
    }
    pos_ += digits;
    return v;
  }

  void one_string(std::string& out) {
    bool raw = false, unicode = false;
    while (s_[pos_] != '\'' && s_[pos_] != '"') {
      if (s_[pos_] == 'r' || s_[pos_] == 'R') raw = true;
      if (s_[pos_] == 'u' || s_[pos_] == 'U') unicode = true;
      ++pos_;
    }
    // Python 2's str literal: bytes; no \u, \U, \N escapes (kept as written), and
    // \x and octal escapes give one byte each.
    const bool bytes = python2_ && !unicode;
    char q = s_[pos_];
    bool triple = s_.substr(pos_, 3) == std::string(3, q);
    pos_ += triple ? 3 : 1;
    std::uint32_t pending_high = 0;  // a \uD800-\uDBFF escape waiting for its low half
    auto flush_high = [&] {
      if (pending_high) utf8::append(out, 0xFFFD);
      pending_high = 0;
    };
    for (;;) {
      if (pos_ >= s_.size()) fail("unterminated string");
      char c = s_[pos_];
      if (c == q && (!triple || s_.substr(pos_, 3) == std::string(3, q))) {
        pos_ += triple ? 3 : 1;
        flush_high();
        return;
      }
      if (!triple && (c == '\n' || c == '\r')) fail("line break inside a string");
      if (c != '\\' || raw) {
        flush_high();
        out += c;
        ++pos_;
        if (raw && c == '\\' && pos_ < s_.size()) out += s_[pos_++];
        continue;
      }
      ++pos_;
      if (pos_ >= s_.size()) fail("unterminated string");
      char e = s_[pos_++];
      std::uint32_t cp = 0;
      bool is_cp = true;
      switch (e) {
        case '\n': is_cp = false; break;  // line continuation
        case '\r':
          if (pos_ < s_.size() && s_[pos_] == '\n') ++pos_;
          is_cp = false;
          break;
        case '\\': cp = '\\'; break;
        case '\'': cp = '\''; break;
        case '"': cp = '"'; break;
        case 'a': cp = 7; break;
        case 'b': cp = 8; break;
        case 'f': cp = 12; break;
        case 'n': cp = 10; break;
        case 'r': cp = 13; break;
        case 't': cp = 9; break;
        case 'v': cp = 11; break;
        case 'x':
          cp = hex(2);
          if (bytes) {
            flush_high();
            out += static_cast<char>(cp);
            is_cp = false;
          }
          break;
        case 'u':
        case 'U':
        case 'N':
          if (bytes) {  // not escapes in a Python 2 str
            flush_high();
            out += '\\';
            out += e;
            is_cp = false;
            break;
          }
          if (e == 'N') fail("\\N{...} escapes are not supported");
          cp = hex(e == 'u' ? 4 : 8);
          break;
        default:
          if (e >= '0' && e <= '7') {
            cp = e - '0';
            for (int i = 0; i < 2 && pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '7'; ++i)
              cp = cp * 8 + (s_[pos_++] - '0');
            if (bytes) {
              flush_high();
              out += static_cast<char>(cp & 0xFF);
              is_cp = false;
            }
          } else {  // unknown escapes keep their backslash, as Python does
            flush_high();
            out += '\\';
            out += e;
            is_cp = false;
          }
      }
      if (!is_cp) continue;
      if (cp >= 0xD800 && cp <= 0xDBFF) {
        flush_high();
        pending_high = cp;
        continue;
      }
      if (cp >= 0xDC00 && cp <= 0xDFFF && pending_high) {
        cp = 0x10000 + ((pending_high - 0xD800) << 10) + (cp - 0xDC00);
        pending_high = 0;
      } else {
        flush_high();
      }
      if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
      utf8::append(out, cp);
    }
  }

  std::string_view s_;
  bool python2_ = false;
  std::size_t pos_ = 0;
};

}  // namespace

nlohmann::ordered_json parse_py_literal(std::string_view text, bool python2) {
  return Parser(text, python2).document();
}

namespace {

// CPython 2.7's string_hash with the hash secret 0 (no -R): a C long.
std::int64_t py2_hash(const std::string& key) {
  if (key.empty()) return 0;
  std::uint64_t x = static_cast<std::uint64_t>(static_cast<unsigned char>(key[0])) << 7;
  for (unsigned char c : key) x = (1000003u * x) ^ c;
  x ^= static_cast<std::uint64_t>(key.size());
  std::int64_t h = static_cast<std::int64_t>(x);
  return h == -1 ? -2 : h;
}

// dictresize's table size for `minused` entries: the smallest power of two (from 8)
// above it.
std::size_t table_size(std::size_t minused) {
  std::size_t n = 8;
  while (n <= minused) n <<= 1;
  return n;
}

// insertdict_clean / lookdict_string without dummies: the first free slot of the probe.
void place(std::vector<std::ptrdiff_t>& table, std::int64_t hash, std::ptrdiff_t item) {
  const std::size_t mask = table.size() - 1;
  std::size_t i = static_cast<std::size_t>(hash) & mask;
  for (std::size_t perturb = static_cast<std::size_t>(hash); table[i & mask] >= 0; perturb >>= 5)
    i = (i << 2) + i + perturb + 1;
  table[i & mask] = item;
}

}  // namespace

std::vector<std::size_t> python2_dict_order(const std::vector<std::string>& keys) {
  std::vector<std::int64_t> hash(keys.size());
  for (std::size_t k = 0; k < keys.size(); ++k) hash[k] = py2_hash(keys[k]);
  // _PyDict_NewPresized(n): a larger table only when n > 5.
  std::vector<std::ptrdiff_t> table(keys.size() > 5 ? table_size(keys.size()) : 8, -1);
  std::size_t used = 0;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    place(table, hash[k], static_cast<std::ptrdiff_t>(k));
    ++used;  // fill == used: no deletions
    if (used * 3 >= table.size() * 2) {  // PyDict_SetItem: resize to (used > 50000 ? 2 : 4) * used
      std::vector<std::ptrdiff_t> old;
      old.swap(table);
      table.assign(table_size((used > 50000 ? 2 : 4) * used), -1);
      for (std::ptrdiff_t item : old)
        if (item >= 0) place(table, hash[static_cast<std::size_t>(item)], item);
    }
  }
  std::vector<std::size_t> order;
  for (std::ptrdiff_t item : table)
    if (item >= 0) order.push_back(static_cast<std::size_t>(item));
  return order;
}

}  // namespace detour::tasks
