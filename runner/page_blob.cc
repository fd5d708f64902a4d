// page_blob: see page_blob.h.
#include "runner/page_blob.h"

#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace detour::harness {

namespace {

// Statuses as one byte; any other text (none today) follows a 0xFF byte.
constexpr const char* kStatuses[] = {"ok", "failed", "excluded"};
constexpr std::uint32_t kSameAsId = 0xFFFFFFFFu;

class Writer {
 public:
  explicit Writer(std::string& out) : out_(out) {}
  template <typename T>
  void raw(T v) {
    char b[sizeof v];
    std::memcpy(b, &v, sizeof v);
    out_.append(b, sizeof v);
  }
  void text(std::string_view s) {
    raw(static_cast<std::uint32_t>(s.size()));
    out_.append(s);
  }

 private:
  std::string& out_;
};

class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  template <typename T>
  T raw() {
    need(sizeof(T));
    T v;
    std::memcpy(&v, in_.data(), sizeof v);
    in_.remove_prefix(sizeof v);
    return v;
  }
  std::string text() { return std::string(view(raw<std::uint32_t>())); }
  std::string_view view(std::uint32_t n) {
    need(n);
    std::string_view s = in_.substr(0, n);
    in_.remove_prefix(n);
    return s;
  }
  bool done() const { return in_.empty(); }

 private:
  void need(std::size_t n) const {
    if (in_.size() < n) throw std::logic_error("page record cut short");
  }
  std::string_view in_;
};

}  // namespace

std::string pack_page(const store::PageEntry& page, std::string_view id, std::string_view out_name) {
  std::string out;
  Writer w(out);
  w.text(id);
  if (out_name == id) w.raw(kSameAsId);
  else w.text(out_name);
  w.text(page.decode_note);
  w.raw(static_cast<std::uint32_t>(page.systems.size()));
  for (const store::SystemEntry& s : page.systems) {
    std::uint8_t code = 0xFF;
    for (std::uint8_t c = 0; c < 3; ++c)
      if (s.status == kStatuses[c]) code = c;
    w.raw(code);
    if (code == 0xFF) w.text(s.status);
    w.text(s.reason);
    w.raw(static_cast<std::uint32_t>(s.notes.size()));
    for (const auto& [k, v] : s.notes) {
      w.text(k);
      w.text(v);
    }
    w.raw(s.millis);
    w.raw(s.gold_hash);
    w.raw(static_cast<std::uint8_t>(s.scores.has_value()));
    if (!s.scores) continue;
    w.raw(static_cast<std::uint32_t>(s.scores->size()));
    for (const metrics::DocScore& d : *s.scores) {
      w.raw(d.tp);
      w.raw(d.fp);
      w.raw(d.fn);
      w.raw(static_cast<std::uint32_t>(d.values.size()));
      for (double v : d.values) w.raw(v);
    }
  }
  out.shrink_to_fit();
  return out;
}

UnpackedPage unpack_page(std::string_view blob) {
  UnpackedPage u;
  Reader r(blob);
  u.id = r.text();
  if (const auto n = r.raw<std::uint32_t>(); n == kSameAsId) u.out_name = u.id;
  else u.out_name = std::string(r.view(n));
  u.page.decode_note = r.text();
  u.page.systems.resize(r.raw<std::uint32_t>());
  for (store::SystemEntry& s : u.page.systems) {
    const auto code = r.raw<std::uint8_t>();
    s.status = code < 3 ? std::string(kStatuses[code]) : r.text();
    s.reason = r.text();
    for (auto n = r.raw<std::uint32_t>(); n > 0; --n) {
      std::string k = r.text();
      s.notes[std::move(k)] = r.text();
    }
    s.millis = r.raw<double>();
    s.gold_hash = r.raw<std::uint64_t>();
    if (!r.raw<std::uint8_t>()) continue;
    s.scores.emplace(r.raw<std::uint32_t>());
    for (metrics::DocScore& d : *s.scores) {
      d.tp = r.raw<std::int64_t>();
      d.fp = r.raw<std::int64_t>();
      d.fn = r.raw<std::int64_t>();
      d.values.resize(r.raw<std::uint32_t>());
      for (double& v : d.values) v = r.raw<double>();
    }
  }
  if (!r.done()) throw std::logic_error("page record with bytes after its end");
  return u;
}

}  // namespace detour::harness
