// bytes: a compact binary form for state that detour writes and reads back itself
// (the prepared state of corpus-aware extractors kept in a run folder, the messages
// between a run and its worker processes). Little-endian fixed-width integers,
// doubles as their IEEE-754 bits (exact), strings and vectors with a 64-bit length.
// Not a file format for other programs: a reader checks only that the bytes are
// long enough, and a mismatch of writer and reader versions is the caller's to
// detect (a magic string and a version in front).
//
// ByteReader throws ByteError on truncated input or a length beyond what is left,
// never reads past the end, and never allocates more than the input could hold.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace detour {

class ByteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ByteWriter {
 public:
  void u8(std::uint8_t v) { out_.push_back(static_cast<char>(v)); }
  void u32(std::uint32_t v) { put(v); }
  void u64(std::uint64_t v) { put(v); }
  void i64(std::int64_t v) { put(static_cast<std::uint64_t>(v)); }
  void f64(double v) {
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    put(bits);
  }
  void f32(float v) {
    std::uint32_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    put(bits);
  }
  void boolean(bool v) { u8(v ? 1 : 0); }
  void str(std::string_view s) {
    u64(s.size());
    out_.append(s.data(), s.size());
  }
  void strings(const std::vector<std::string>& v) {
    u64(v.size());
    for (const auto& s : v) str(s);
  }
  // Appends bytes as they are (no length).
  void raw(std::string_view s) { out_.append(s.data(), s.size()); }

  const std::string& bytes() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  template <class T>
  void put(T v) {
    char b[sizeof(T)];
    for (std::size_t i = 0; i < sizeof(T); ++i) b[i] = static_cast<char>((v >> (8 * i)) & 0xFF);
    out_.append(b, sizeof b);
  }
  std::string out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view in) : in_(in) {}
  std::uint8_t u8() { return static_cast<std::uint8_t>(take(1)[0]); }
  std::uint32_t u32() { return get<std::uint32_t>(); }
  std::uint64_t u64() { return get<std::uint64_t>(); }
  std::int64_t i64() { return static_cast<std::int64_t>(get<std::uint64_t>()); }
  double f64() {
    std::uint64_t bits = get<std::uint64_t>();
    double v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
  }
  float f32() {
    std::uint32_t bits = get<std::uint32_t>();
    float v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
  }
  bool boolean() { return u8() != 0; }
  std::string str() { return std::string(view()); }
  // A string's bytes without copying (valid while the input is).
  std::string_view view() {
    const std::uint64_t n = u64();
    if (n > left()) throw ByteError("truncated: a string of " + std::to_string(n) + " bytes, " + std::to_string(left()) + " left");
    return take(static_cast<std::size_t>(n));
  }
  std::vector<std::string> strings() {
    const std::uint64_t n = count(8);
    std::vector<std::string> v;
    v.reserve(static_cast<std::size_t>(n));
    for (std::uint64_t i = 0; i < n; ++i) v.push_back(str());
    return v;
  }
  // The bytes of a list ByteWriter::strings wrote, checked but not copied:
  // ByteReader(them).strings() reads the list (valid while the input is).
  std::string_view strings_bytes() {
    const std::size_t start = pos_;
    for (std::uint64_t n = count(8); n > 0; --n) view();
    return in_.substr(start, pos_ - start);
  }
  // A count of items each at least `min_bytes` long: refused when the input cannot
  // hold that many (so that a corrupt count never makes a huge allocation).
  std::uint64_t count(std::size_t min_bytes) {
    const std::uint64_t n = u64();
    if (min_bytes > 0 && n > left() / min_bytes) throw ByteError("truncated: " + std::to_string(n) + " items announced");
    return n;
  }
  std::size_t left() const { return in_.size() - pos_; }
  bool done() const { return pos_ == in_.size(); }

 private:
  std::string_view take(std::size_t n) {
    if (n > left()) throw ByteError("truncated: " + std::to_string(n) + " bytes wanted, " + std::to_string(left()) + " left");
    std::string_view s = in_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  template <class T>
  T get() {
    std::string_view b = take(sizeof(T));
    T v = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) v |= static_cast<T>(static_cast<unsigned char>(b[i])) << (8 * i);
    return v;
  }
  std::string_view in_;
  std::size_t pos_ = 0;
};

}  // namespace detour
