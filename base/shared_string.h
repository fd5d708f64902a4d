// shared_string: an immutable string whose copies share one text.
//
// A run's records name each page once per system (DocResult::lang and ::id): with 25
// systems, a 90-byte DANIEL id was held 25 times, some 50 MB at ten times DANIEL's
// pages. A SharedString copy costs a reference count, not an allocation. It reads
// as a `const std::string&` (implicit conversion, str()), compares with strings,
// string views and other SharedStrings by content, and is assigned from a string.
#pragma once

#include <compare>
#include <cstddef>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>

namespace detour {

class SharedString {
 public:
  SharedString() = default;
  SharedString(std::string s)  // NOLINT(google-explicit-constructor): reads as a string
      : text_(s.empty() ? nullptr : std::make_shared<const std::string>(std::move(s))) {}
  SharedString(const char* s) : SharedString(std::string(s)) {}  // NOLINT(google-explicit-constructor)
  explicit SharedString(std::string_view s) : SharedString(std::string(s)) {}

  const std::string& str() const { return text_ ? *text_ : empty_text(); }
  operator const std::string&() const { return str(); }  // NOLINT(google-explicit-constructor)
  operator std::string_view() const { return str(); }    // NOLINT(google-explicit-constructor)

  bool empty() const { return !text_; }
  std::size_t size() const { return text_ ? text_->size() : 0; }
  int compare(std::string_view o) const { return std::string_view(str()).compare(o); }
  const char* data() const { return str().data(); }
  const char* c_str() const { return str().c_str(); }
  std::string::const_iterator begin() const { return str().begin(); }
  std::string::const_iterator end() const { return str().end(); }

  friend bool operator==(const SharedString& a, const SharedString& b) {
    return a.text_ == b.text_ || a.str() == b.str();
  }
  friend bool operator==(const SharedString& a, std::string_view b) { return std::string_view(a.str()) == b; }
  friend bool operator==(const SharedString& a, const std::string& b) { return a.str() == b; }
  friend bool operator==(const SharedString& a, const char* b) { return a.str() == b; }
  friend std::strong_ordering operator<=>(const SharedString& a, const SharedString& b) {
    return a.str().compare(b.str()) <=> 0;
  }
  friend std::strong_ordering operator<=>(const SharedString& a, std::string_view b) {
    return std::string_view(a.str()).compare(b) <=> 0;
  }
  friend std::strong_ordering operator<=>(const SharedString& a, const std::string& b) {
    return a.str().compare(b) <=> 0;
  }
  friend std::strong_ordering operator<=>(const SharedString& a, const char* b) {
    return a.str().compare(b) <=> 0;
  }
  friend std::string operator+(const SharedString& a, std::string_view b) { return a.str() + std::string(b); }
  friend std::string operator+(const SharedString& a, char b) { return a.str() + b; }
  friend std::string operator+(std::string_view a, const SharedString& b) { return std::string(a) + b.str(); }
  friend std::string operator+(const std::string& a, const SharedString& b) { return a + b.str(); }
  friend std::string operator+(std::string&& a, const SharedString& b) { return std::move(a) + b.str(); }
  friend std::ostream& operator<<(std::ostream& os, const SharedString& s) { return os << s.str(); }

 private:
  static const std::string& empty_text() {
    static const std::string empty;
    return empty;
  }
  std::shared_ptr<const std::string> text_;
};

}  // namespace detour

template <>
struct std::hash<detour::SharedString> {
  std::size_t operator()(const detour::SharedString& s) const noexcept { return std::hash<std::string>()(s.str()); }
};
