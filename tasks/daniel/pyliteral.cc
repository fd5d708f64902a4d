#include "tasks/daniel/pyliteral.h"

#include <cstdint>
#include <cstdlib>

#include "base/utf8.h"

namespace detour::tasks {

namespace {

class Parser {
 public:
  explicit Parser(std::string_view s) : s_(s) {}

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
    bool raw = false;
    while (s_[pos_] != '\'' && s_[pos_] != '"') {
      if (s_[pos_] == 'r' || s_[pos_] == 'R') raw = true;
      ++pos_;
    }
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
        case 'x': cp = hex(2); break;
        case 'u': cp = hex(4); break;
        case 'U': cp = hex(8); break;
        case 'N': fail("\\N{...} escapes are not supported");
        default:
          if (e >= '0' && e <= '7') {
            cp = e - '0';
            for (int i = 0; i < 2 && pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '7'; ++i)
              cp = cp * 8 + (s_[pos_++] - '0');
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
  std::size_t pos_ = 0;
};

}  // namespace

nlohmann::ordered_json parse_py_literal(std::string_view text) { return Parser(text).document(); }

}  // namespace detour::tasks
