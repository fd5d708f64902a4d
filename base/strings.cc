// strings: lists and name suggestions (see strings.h).
#include "base/strings.h"

#include <algorithm>
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
  std::string out;
  out.reserve(field.size());
  for (char c : field) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      default: out += c;
    }
  }
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

}  // namespace detour
