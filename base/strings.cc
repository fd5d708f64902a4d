// strings: lists and name suggestions (see strings.h).
#include "base/strings.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cctype>


namespace detour {

std::vector<std::string> split_list(std::string_view s, char sep) {
  std::vector<std::string> out;
  for (std::size_t a = 0; a < s.size();) {
    auto c = s.find(sep, a);
    if (c == std::string_view::npos) c = s.size();
    if (c > a) out.emplace_back(s.substr(a, c - a));
    a = c + 1;
  }
  return out;
}

std::string tsv_escape(std::string_view field) {
  // The runs between characters to escape are copied whole (most fields are one run).
  auto special = [](char c) { return c == '\\' || c == '\t' || c == '\n' || c == '\r'; };
  std::string out;
  std::size_t a = 0;
  for (std::size_t i = 0; i < field.size(); ++i) {
    const char c = field[i];
    if (!special(c)) continue;
    if (out.empty()) out.reserve(field.size() + 8);
    out.append(field.data() + a, i - a);
    const char escaped[2] = {'\\', c == '\\' ? '\\' : c == '\t' ? 't' : c == '\n' ? 'n' : 'r'};
    out.append(escaped, 2);
    a = i + 1;
  }
  if (a == 0) return std::string(field);
  out.append(field.data() + a, field.size() - a);
  return out;
}

std::string join(const std::vector<std::string>& items, std::string_view sep) {
  std::string s;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) s += sep;
    s += items[i];
  }
  return s;
}

namespace {
std::size_t distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) == std::tolower(static_cast<unsigned char>(b[j - 1]));
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (same ? 0 : 1)});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}
}  // namespace

std::string nearest_name(std::string_view name, const std::vector<std::string>& known) {
  std::string best;
  std::size_t best_d = static_cast<std::size_t>(-1);
  for (const auto& k : known) {
    std::size_t d = distance(name, k);
    if (d < best_d) {
      best_d = d;
      best = k;
    }
  }
  std::size_t limit = std::max<std::size_t>(2, name.size() / 3);
  return best_d <= limit ? best : std::string();
}

std::string unknown_name_message(std::string_view what, std::string_view name,
                                 const std::vector<std::string>& known) {
  std::string msg = "unknown " + std::string(what) + " '" + std::string(name) + "' (";
  if (std::string near = nearest_name(name, known); !near.empty()) msg += "did you mean '" + near + "'? ";
  return msg + "known: " + join(known, ", ") + ")";
}

std::optional<std::size_t> parse_byte_size(std::string_view text) {
  constexpr std::uint64_t kMax = std::uint64_t{64} << 30;
  std::size_t i = 0;
  std::uint64_t n = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    n = n * 10 + static_cast<std::uint64_t>(text[i] - '0');
    if (n > kMax) return std::nullopt;
    ++i;
  }
  if (i == 0) return std::nullopt;
  std::string unit;
  for (; i < text.size(); ++i) unit += static_cast<char>(std::toupper(static_cast<unsigned char>(text[i])));
  int shift = -1;
  if (unit.empty() || unit == "B") shift = 0;
  else if (unit == "K" || unit == "KB" || unit == "KIB") shift = 10;
  else if (unit == "M" || unit == "MB" || unit == "MIB") shift = 20;
  else if (unit == "G" || unit == "GB" || unit == "GIB") shift = 30;
  if (shift < 0 || n == 0 || n > (kMax >> shift)) return std::nullopt;
  return static_cast<std::size_t>(n << shift);
}

std::string format_bytes(std::size_t bytes) {
  if (bytes >= (std::size_t{1} << 30) && bytes % (std::size_t{1} << 30) == 0) return std::to_string(bytes >> 30) + " GiB";
  if (bytes >= (std::size_t{1} << 20) && bytes % (std::size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= (std::size_t{1} << 10) && bytes % (std::size_t{1} << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
}

std::string approx_bytes(std::size_t bytes) {
  char buf[64];
  if (bytes >= (std::size_t{1} << 30))
    std::snprintf(buf, sizeof buf, "%.1f GiB", static_cast<double>(bytes) / (1 << 30));
  else if (bytes >= (std::size_t{1} << 20))
    std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
  else if (bytes >= 1024)
    std::snprintf(buf, sizeof buf, "%.1f KiB", static_cast<double>(bytes) / 1024);
  else
    return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
  return buf;
}

}  // namespace detour
