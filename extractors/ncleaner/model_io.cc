// ncleaner/model_io: the versioned text model file (format in model.h).
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <system_error>

#include "extractors/ncleaner/model.h"

namespace detour::ncleaner {

namespace {

constexpr std::string_view kMagic = "detour-ncleaner-model";
constexpr int kFormatVersion = 1;

void write_counts(std::ostream& out, std::string_view name, const NGramModel& m) {
  out << name << ' ' << m.counts().size() << '\n';
  static const char* hex = "0123456789abcdef";
  for (const auto& [key, count] : m.counts()) {
    int k = static_cast<int>(key >> 56);
    out << k << ' ';
    for (int i = k - 1; i >= 0; --i) {
      unsigned b = static_cast<unsigned>((key >> (8 * i)) & 0xFF);
      out << hex[b >> 4] << hex[b & 15];
    }
    out << ' ' << count << '\n';
  }
}

class Reader {
 public:
  Reader(std::istream& in, const std::filesystem::path& path) : in_(in), path_(path) {}

  [[noreturn]] void fail(const std::string& why) const {
    throw ModelError(path_.string() + ":" + std::to_string(line_no_) + ": " + why);
  }
  std::string line() {
    std::string s;
    if (!std::getline(in_, s)) fail("unexpected end of file");
    ++line_no_;
    if (!s.empty() && s.back() == '\r') s.pop_back();
    return s;
  }
  // "<key> <value>" with the expected key; returns the value.
  std::string field(std::string_view key) {
    std::string s = line();
    if (s.size() < key.size() || s.compare(0, key.size(), key) != 0 ||
        (s.size() > key.size() && s[key.size()] != ' '))
      fail("expected '" + std::string(key) + " ...', got '" + s.substr(0, 60) + "'");
    return s.size() > key.size() ? s.substr(key.size() + 1) : std::string();
  }
  template <class T>
  T number(std::string_view key) {
    std::string v = field(key);
    T out{};
    auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    if (ec != std::errc() || p != v.data() + v.size()) fail("bad number for " + std::string(key) + ": '" + v + "'");
    return out;
  }
  double real(std::string_view key) {
    std::string v = field(key);
    try {
      std::size_t used = 0;
      double d = std::stod(v, &used);
      if (used != v.size() || !std::isfinite(d)) fail("bad number for " + std::string(key) + ": '" + v + "'");
      return d;
    } catch (const std::logic_error&) {
      fail("bad number for " + std::string(key) + ": '" + v + "'");
    }
  }
  std::unordered_map<std::uint64_t, std::int64_t> counts(std::string_view name, int n) {
    auto lines = number<std::size_t>(name);
    std::unordered_map<std::uint64_t, std::int64_t> out;
    out.reserve(lines);
    for (std::size_t i = 0; i < lines; ++i) {
      std::string s = line();
      std::istringstream ls(s);
      int k = 0;
      std::string hexbytes;
      long long c = 0;
      if (!(ls >> k >> hexbytes >> c)) fail("bad count line '" + s.substr(0, 60) + "'");
      if (k < 1 || k > n || hexbytes.size() != static_cast<std::size_t>(2 * k) || c <= 0)
        fail("bad count line '" + s.substr(0, 60) + "'");
      std::string bytes;
      for (int j = 0; j < k; ++j) {
        unsigned v = 0;
        auto [p, ec] = std::from_chars(hexbytes.data() + 2 * j, hexbytes.data() + 2 * j + 2, v, 16);
        if (ec != std::errc() || p != hexbytes.data() + 2 * j + 2) fail("bad hex bytes '" + hexbytes + "'");
        bytes += static_cast<char>(v);
      }
      if (!out.emplace(NGramModel::ngram_key(bytes), c).second) fail("duplicate k-gram '" + hexbytes + "'");
    }
    return out;
  }

 private:
  std::istream& in_;
  const std::filesystem::path& path_;
  int line_no_ = 0;
};

}  // namespace

void write_model(std::ostream& out, const Model& model) {
  const auto precision = out.precision(17);
  out << kMagic << ' ' << kFormatVersion << '\n'
      << "n " << model.options.n << '\n'
      << "mode " << model.options.mode << '\n'
      << "q " << model.options.q << '\n'
      << "bias " << model.options.bias << '\n'
      << "vocab " << model.clean.vocab() << '\n'
      << "pairs " << model.training_pairs << '\n';
  std::string prov = model.provenance;
  for (char& c : prov)
    if (c == '\n' || c == '\r') c = ' ';
  out << "provenance " << prov << '\n';
  write_counts(out, "clean", model.clean);
  write_counts(out, "dirty", model.dirty);
  out << "end\n";
  out.precision(precision);
}

void save(const Model& model, const std::filesystem::path& path) {
  std::filesystem::path tmp = path;
  tmp += ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw ModelError(path.string() + ": cannot open for writing");
    write_model(out, model);
    out.flush();
    if (!out) throw ModelError(path.string() + ": write failed");
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) throw ModelError(path.string() + ": cannot rename temporary file: " + ec.message());
}

Model load(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ModelError(path.string() + ": cannot open (missing or unreadable)");
  return read_model(in, path.string());
}

Model read_model(std::istream& in, const std::string& name) {
  const std::filesystem::path path = name;
  Reader r(in, path);
  std::string head = r.line();
  if (head.rfind(kMagic, 0) != 0) r.fail("not an ncleaner model file (no '" + std::string(kMagic) + "' header)");
  if (head != std::string(kMagic) + " " + std::to_string(kFormatVersion))
    r.fail("unsupported model format '" + head + "' (this build reads version " +
           std::to_string(kFormatVersion) + ")");
  Model m;
  m.options.n = r.number<int>("n");
  m.options.mode = r.number<int>("mode");
  m.options.q = r.real("q");
  m.options.bias = r.real("bias");
  try {
    validate(m.options);
  } catch (const std::invalid_argument& e) {
    r.fail(e.what());
  }
  int vocab = r.number<int>("vocab");
  if (vocab < 1 || vocab > 257) r.fail("vocab must be in 1..257");
  m.training_pairs = r.number<std::size_t>("pairs");
  m.provenance = r.field("provenance");
  auto clean = r.counts("clean", m.options.n);
  auto dirty = r.counts("dirty", m.options.n);
  if (r.line() != "end") r.fail("expected 'end'");
  m.clean = NGramModel(m.options.n, clean, vocab);
  m.dirty = NGramModel(m.options.n, dirty, vocab);
  return m;
}

}  // namespace detour::ncleaner
