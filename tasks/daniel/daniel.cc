#include "tasks/daniel/daniel.h"

#include <unicode/uchar.h>
#include <unicode/ustring.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <stdexcept>

namespace detour::tasks::daniel {

namespace {

// Python's str.split on a literal separator (re.split of an escaped pattern).
std::vector<std::u32string_view> split(std::u32string_view s, std::u32string_view sep) {
  std::vector<std::u32string_view> out;
  std::size_t start = 0;
  for (;;) {
    std::size_t p = s.find(sep, start);
    if (p == std::u32string_view::npos) break;
    out.push_back(s.substr(start, p - start));
    start = p + sep.size();
  }
  out.push_back(s.substr(start));
  return out;
}

// Pieces of re.split(r"\. |</p>", s) longer than 2 code points.
std::size_t count_sentences(std::u32string_view s) {
  std::size_t count = 0, start = 0, i = 0;
  while (i < s.size()) {
    std::size_t sep = 0;
    if (s[i] == U'.' && i + 1 < s.size() && s[i + 1] == U' ') sep = 2;
    else if (s.substr(i, 4) == U"</p>") sep = 4;
    if (sep) {
      if (i - start > 2) ++count;
      i += sep;
      start = i;
    } else {
      ++i;
    }
  }
  if (s.size() - start > 2) ++count;
  return count;
}

// len(re.findall(r"\.[ <]", s)).
std::size_t count_sentence_ends(std::u32string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i + 1 < s.size(); ++i)
    if (s[i] == U'.' && (s[i + 1] == U' ' || s[i + 1] == U'<')) ++n;
  return n;
}

// Python's s[a:b] for 0 <= b <= len(s) and any a.
std::u32string_view py_slice(std::u32string_view s, std::int64_t a, std::int64_t b) {
  const std::int64_t n = static_cast<std::int64_t>(s.size());
  if (a < 0) a = std::max<std::int64_t>(0, a + n);
  if (b < 0) b = std::max<std::int64_t>(0, b + n);
  b = std::min(b, n);
  if (a >= b) return {};
  return s.substr(static_cast<std::size_t>(a), static_cast<std::size_t>(b - a));
}

// Python's c.lower() for one code point (full case mapping), as code points.
std::u32string lower(char32_t c) {
  if (c < 0x80) return std::u32string(1, (c >= U'A' && c <= U'Z') ? c + 32 : c);
  UChar in[2];
  int32_t in_len = 0;
  UBool error = false;
  U16_APPEND(in, in_len, 2, static_cast<UChar32>(c), error);
  if (error) return std::u32string(1, c);
  UChar out[8];
  UErrorCode status = U_ZERO_ERROR;
  int32_t n = u_strToLower(out, 8, in, in_len, "", &status);
  if (U_FAILURE(status) || n > 8) return std::u32string(1, c);
  std::u32string r;
  for (int32_t i = 0; i < n;) {
    UChar32 cp;
    U16_NEXT(out, i, n, cp);
    r += static_cast<char32_t>(cp);
  }
  return r;
}

bool same_first_letter(char32_t a, char32_t b, const Params& p) {
  if (a == b) return true;
  if (p.version == Version::Original)  // Python 2: unicode.lower(), one code point each
    return u_tolower(static_cast<UChar32>(a)) == u_tolower(static_cast<UChar32>(b));
  return lower(a) == lower(b);
}

// DAnIEL's get_score.
double score_of(double ratio, std::span<const double> d, const Params& p) {
  if (d.size() < 2) throw std::runtime_error("a candidate with fewer than two positions (DAnIEL raises IndexError)");
  if (ratio == 1) ratio = p.full_ratio;
  if (p.version == Version::Original) {
    if (d[0] == 1) return ratio;
    double score = d[1] <= 1 ? std::pow(ratio, 1 + d[0] * d[1]) : std::pow(ratio, 1 + d[0] * std::log(d[1]));
    if (std::none_of(d.begin(), d.end(), [](double x) { return x == 0 || x == 1; })) score -= p.headline_penalty;
    return score;
  }
  if (d[1] < 2) return std::min(ratio + p.header_bonus, 1.0);
  if (d[0] == 0) return std::min(ratio + p.title_bonus, 1.0);
  if (d[0] <= 2) return ratio;
  return std::pow(ratio, 1 + d[0] * d[1]);
}

// score_of without the ratio-of-1 rule: non-decreasing in the ratio for given
// positions, so the score of any candidate whose ratio (before the first-letter
// penalty) is at most `ratio` is at most this.
double score_bound(double ratio, std::span<const double> d, const Params& p) {
  if (p.version == Version::Original) {
    if (d[0] == 1) return ratio;
    double score = d[1] <= 1 ? std::pow(ratio, 1 + d[0] * d[1]) : std::pow(ratio, 1 + d[0] * std::log(d[1]));
    if (std::none_of(d.begin(), d.end(), [](double x) { return x == 0 || x == 1; })) score -= p.headline_penalty;
    return score;
  }
  if (d[1] < 2) return std::min(ratio + p.header_bonus, 1.0);
  if (d[0] == 0) return std::min(ratio + p.title_bonus, 1.0);
  if (d[0] <= 2) return ratio;
  return std::pow(ratio, 1 + d[0] * d[1]);
}

// A candidate before it is kept: its substring and positions as spans of shared
// buffers (most candidates are dropped, so none is copied out until the end).
struct Lite {
  double score;
  std::int32_t name;
  std::int32_t ss_begin, ss_len;    // in the joined text
  std::int32_t pos_begin, pos_len;  // in the positions pool
};

}  // namespace

std::string_view zoning_name(Zoning z) {
  switch (z) {
    case Zoning::Paragraphs: return "paragraphs";
    case Zoning::Lines: return "lines";
    case Zoning::OneZone: return "one-zone";
    case Zoning::TitleSplit: return "title-split";
    case Zoning::Thirds: return "thirds";
  }
  return "?";
}

std::string_view version_name(Version v) { return v == Version::Original ? "original" : "embeddia"; }

namespace {

// round(x, 5) exactly, without going through decimal strings: k = the number of
// 1e-5 steps below x, then x is compared with the midpoint (2k + 1) / 200000 through
// a fused multiply-add (the product is exact, the difference rounded once: its sign is
// exact). A tie goes to the even step (Python 3) or away from zero (Python 2).
double round_5(double x, bool half_away) {
  if (!std::isfinite(x) || std::fabs(x) >= 1e10) return x;
  const double ax = std::fabs(x);
  double k = std::floor(ax * 100000.0);
  while (k > 0 && std::fma(ax, 100000.0, -k) < 0) k -= 1;     // ax * 1e5 < k: one less
  while (std::fma(ax, 100000.0, -(k + 1)) >= 0) k += 1;          // ax * 1e5 >= k + 1: one more
  const double d = std::fma(ax, 200000.0, -(2 * k + 1));
  if (d > 0 || (d == 0 && (half_away || std::fmod(k, 2) != 0))) k += 1;
  const double r = k / 100000.0;
  return x < 0 ? -r : r;
}

}  // namespace

double round5(double x) { return round_5(x, false); }

double round5_half_away(double x) { return round_5(x, true); }

std::vector<std::u32string> zoning(std::u32string_view text, std::string_view lang, const Params& p, Zoning* how,
                                   bool* header_merged) {
  Zoning z_how = Zoning::Paragraphs;
  bool merged = false;
  std::vector<std::u32string_view> parts = split(text, U"<p>");
  if (parts.size() == 1) {
    parts = split(text, U"\n");
    z_how = Zoning::Lines;
  }
  std::vector<std::u32string> z;
  for (auto part : parts)
    if (!part.empty()) z.emplace_back(part);
  if (z.size() < static_cast<std::size_t>(p.min_zones)) {
    if (count_sentences(text) < static_cast<std::size_t>(p.min_sentences)) {
      z = {std::u32string(text)};
      z_how = Zoning::OneZone;
    } else if (z.size() == 2) {
      const std::size_t part = z[1].size() / 2;
      std::u32string second = z[1];
      z = {z[0], second.substr(0, part), second.substr(part)};
      z_how = Zoning::TitleSplit;
    } else {
      const std::size_t part = text.size() / 3;
      z = {std::u32string(text.substr(0, part)), std::u32string(text.substr(part, part)),
           std::u32string(text.substr(2 * part))};
      z_how = Zoning::Thirds;
    }
  } else if (p.version == Version::Embeddia && lang != p.no_header_merge) {
    if (count_sentence_ends(z[1]) < static_cast<std::size_t>(p.header_sentence_ends)) {
      // DAnIEL's [z[0], z[1] + z[2]] + z[2:]: the third zone also stays in place.
      z[1] += z[2];
      merged = true;
    }
  }
  if (how) *how = z_how;
  if (header_merged) *header_merged = merged;
  return z;
}

std::vector<Candidate> candidates(const std::vector<std::u32string>& zones,
                                  const std::vector<std::u32string>& names, bool location, const Params& p,
                                  RepeatFinder& finder, std::size_t keep, std::size_t* total) {
  std::vector<std::u32string_view> strings;
  strings.reserve(zones.size() + names.size());
  for (const auto& z : zones) strings.push_back(z);
  for (const auto& n : names) strings.push_back(n);
  finder.run(strings);

  const std::u32string& text = finder.text();
  const std::u32string_view tv(text);
  const auto& sa = finder.suffix_array();
  const auto& string_of = finder.string_of();
  const std::int32_t nz = static_cast<std::int32_t>(zones.size());
  const std::int32_t nn = static_cast<std::int32_t>(names.size());
  const bool weak = zones.size() == 1;

  thread_local std::vector<std::int32_t> outside, occur, inter;
  thread_local std::vector<std::uint32_t> seen;
  thread_local std::vector<double> pool;
  thread_local std::vector<Lite> lites;
  // Slots whose suffix starts outside the zones (a name, or a separator).
  outside.assign(sa.size() + 1, 0);
  for (std::size_t i = 0; i < sa.size(); ++i) {
    const std::int32_t s = string_of[sa[i]];
    outside[i + 1] = outside[i] + (s < 0 || s >= nz ? 1 : 0);
  }
  seen.assign(zones.size() + names.size() + 1, 0);  // last slot: separators
  std::uint32_t stamp = 0;
  pool.clear();
  lites.clear();
  const double penalty = location ? p.location_penalty : p.disease_penalty;

  for (const Repeat& r : finder.repeats()) {
    if (outside[r.sa_start + r.count] == outside[r.sa_start]) continue;  // no name: no candidate
    ++stamp;
    occur.clear();
    inter.clear();
    for (std::int32_t o = r.sa_start; o < r.sa_start + r.count; ++o) {
      const std::int32_t s = string_of[sa[o]];
      const std::size_t slot = s < 0 ? seen.size() - 1 : static_cast<std::size_t>(s);
      if (seen[slot] == stamp) continue;
      seen[slot] = stamp;
      occur.push_back(s);
      if (s >= 0 && s < nz) inter.push_back(s);
    }
    const bool has_inter = inter.size() > 1 && occur.size() > inter.size();
    const bool weak_and_repeat = weak && std::find(occur.begin(), occur.end(), 0) != occur.end();
    if (!has_inter && !weak_and_repeat) continue;

    const std::u32string_view ss = py_slice(tv, std::int64_t{r.end} - r.length, r.end);
    const std::int32_t ss_begin = static_cast<std::int32_t>(ss.data() - tv.data());
    const std::size_t pos_begin = pool.size();
    const bool original = p.version == Version::Original;
    if (inter.size() > 1) {
      for (std::int32_t z : inter) pool.push_back(original ? std::min(z, nz - 1 - z) : z);
    } else {
      // Positions of the non-overlapping occurrences in the whole joined text.
      const double len = static_cast<double>(text.size());
      for (std::size_t pos = tv.find(ss); pos != std::u32string_view::npos && !ss.empty();
           pos = tv.find(ss, pos + ss.size())) {
        const double x = static_cast<double>(pos);
        pool.push_back(original ? round5_half_away(std::min(x, len - x) / len) : round5(x / len));
      }
    }
    std::sort(pool.begin() + pos_begin, pool.end());
    const std::span<const double> dist(pool.data() + pos_begin, pool.size() - pos_begin);

    for (std::int32_t s : occur) {
      if (s >= 0 && s < nz) continue;
      std::int64_t id = std::int64_t{s} - nz;
      if (id < 0) id += nn;  // Python's negative index (a separator inside the interval)
      if (id < 0 || id >= nn) throw std::runtime_error("a repeat outside the lists (DAnIEL raises IndexError)");
      const std::u32string& name = names[static_cast<std::size_t>(id)];
      double ratio = static_cast<double>(ss.size()) / static_cast<double>(name.size());
      if (!ss.empty() && !name.empty() && !same_first_letter(ss[0], name[0], p)) ratio = std::max(0.0, ratio - penalty);
      lites.push_back({score_of(ratio, dist, p), static_cast<std::int32_t>(id), ss_begin,
                       static_cast<std::int32_t>(ss.size()), static_cast<std::int32_t>(pos_begin),
                       static_cast<std::int32_t>(dist.size())});
    }
  }
  if (total) *total = lites.size();
  // Python's sorted(..., reverse=True) on [score, name, substring, positions]. Elements
  // equal in all four are indistinguishable, so the order among them does not matter.
  auto better = [&](const Lite& a, const Lite& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.name != b.name) return names[a.name] > names[b.name];
    const std::u32string_view sa_ = tv.substr(a.ss_begin, a.ss_len), sb = tv.substr(b.ss_begin, b.ss_len);
    if (sa_ != sb) return sa_ > sb;
    return std::lexicographical_compare(pool.begin() + b.pos_begin, pool.begin() + b.pos_begin + b.pos_len,
                                        pool.begin() + a.pos_begin, pool.begin() + a.pos_begin + a.pos_len);
  };
  const std::size_t k = std::min(keep, lites.size());
  std::partial_sort(lites.begin(), lites.begin() + static_cast<std::ptrdiff_t>(k), lites.end(), better);
  std::vector<Candidate> out(k);
  for (std::size_t i = 0; i < k; ++i) {
    const Lite& l = lites[i];
    out[i].score = l.score;
    out[i].name = l.name;
    out[i].substring = std::u32string(tv.substr(l.ss_begin, l.ss_len));
    out[i].positions.assign(pool.begin() + l.pos_begin, pool.begin() + l.pos_begin + l.pos_len);
  }
  return out;
}


namespace {

// Per-thread scratch of candidates_by_index: one record per index node, valid when its
// stamp is the current one. za, zb: the zones of the two smallest positions among the
// distinct zones the substring occurs in (-1: none yet).
struct Seen {
  std::uint32_t stamp = 0;
  std::int32_t za = -1, zb = -1;
  std::uint32_t left = 0, right = 0;
  std::uint64_t mask = 0;  // the zones, when there are 64 or fewer
};

// Contexts seen on one side: unset, one character, or diverse (absorbing).
inline std::uint32_t merge_context(std::uint32_t ctx, std::uint32_t seen) {
  return ctx == seen ? ctx : ctx == NameIndex::kUnset ? seen : NameIndex::kDiverse;
}

}  // namespace

std::optional<std::vector<Candidate>> candidates_by_index(const std::vector<std::u32string>& zones,
                                                          const std::vector<std::u32string>& names,
                                                          const NameIndex& index, bool location, const Params& p,
                                                          std::size_t keep) {
  if (!index.usable() || zones.empty()) return std::nullopt;
  // One zone (a weak structure): a repeat in the zone and a name is a candidate, its
  // positions those of its occurrences in the joined text. An empty zone has none.
  const bool weak = zones.size() == 1;
  if (weak && zones[0].empty()) return std::vector<Candidate>{};
  thread_local std::vector<Seen> seen;
  thread_local std::uint32_t stamp = 0;
  thread_local std::vector<std::vector<std::int32_t>> by_depth;  // touched nodes by depth
  if (seen.size() < index.nodes()) seen.resize(index.nodes());
  if (++stamp == 0) {  // the stamps wrapped: clear them
    for (auto& s : seen) s.stamp = 0;
    stamp = 1;
  }
  for (auto& d : by_depth) d.clear();
  const bool original = p.version == Version::Original;
  const std::int32_t nz = static_cast<std::int32_t>(zones.size());
  auto pos_of = [&](std::int32_t z) { return original ? std::min(z, nz - 1 - z) : z; };
  // (position, zone) order: the two smallest positions of distinct zones.
  auto add_zone = [&](Seen& r, std::int32_t z) {
    if (z < 0 || z == r.za || z == r.zb) return;
    auto less = [&](std::int32_t x, std::int32_t y) {
      return pos_of(x) != pos_of(y) ? pos_of(x) < pos_of(y) : x < y;
    };
    if (r.za < 0 || less(z, r.za)) {
      r.zb = r.za;
      r.za = z;
    } else if (r.zb < 0 || less(z, r.zb)) {
      r.zb = z;
    }
  };
  auto touch = [&](std::int32_t u) -> Seen& {
    Seen& r = seen[static_cast<std::size_t>(u)];
    if (r.stamp != stamp) {
      r.stamp = stamp;
      r.za = r.zb = -1;
      r.mask = 0;
      r.left = index.left(u);  // what the names alone say
      r.right = index.right(u);
      const std::size_t d = static_cast<std::size_t>(index.depth(u));
      if (by_depth.size() <= d) by_depth.resize(d + 1);
      by_depth[d].push_back(u);
    }
    return r;
  };
  // The longest name substring ending at each position of each zone: its zone and its
  // neighbours there.
  for (std::int32_t z = 0; z < nz; ++z) {
    const std::u32string& t = zones[static_cast<std::size_t>(z)];
    std::int32_t state = 0;
    for (std::size_t i = 0; i < t.size(); ++i) {
      const char32_t c = t[i];
      if (c < 3) return std::nullopt;  // rstr_max's separator quirks: the suffix-array way
      state = index.next(state, index.slot(c));
      if (state == 0) continue;
      Seen& r = touch(state);
      if (nz <= 64) r.mask |= std::uint64_t{1} << z;  // the two smallest read from it below
      else if (r.za != z && r.zb != z) add_zone(r, z);
      const std::size_t e = i + 1, start = e - static_cast<std::size_t>(index.depth(state));
      r.right = merge_context(r.right, e < t.size() ? static_cast<std::uint32_t>(t[e]) + 1 : NameIndex::kDiverse);
      r.left = merge_context(r.left, start > 0 ? static_cast<std::uint32_t>(t[start - 1]) + 1 : NameIndex::kDiverse);
    }
  }
  // Each occurrence of a node is one of its one-shorter suffix (its failure link),
  // ending at the same place (the same right neighbour) and preceded by the node's
  // first character: pass the zones and contexts down the failure tree, deepest first.
  for (std::size_t d = by_depth.size(); d-- > 2;) {
    for (std::size_t k = 0; k < by_depth[d].size(); ++k) {
      const std::int32_t v = by_depth[d][k];
      const Seen rv = seen[static_cast<std::size_t>(v)];
      Seen& ru = touch(index.fail(v));
      if (nz <= 64) {
        ru.mask |= rv.mask;
      } else {
        add_zone(ru, rv.za);
        add_zone(ru, rv.zb);
      }
      ru.right = merge_context(ru.right, rv.right);
      const char32_t first = names[static_cast<std::size_t>(index.ref_name(v))][static_cast<std::size_t>(index.ref_start(v))];
      ru.left = merge_context(ru.left, static_cast<std::uint32_t>(first) + 1);
    }
  }
  // The candidates: maximal repeats in two zones or more and in a name; the best `keep`.
  const double penalty = location ? p.location_penalty : p.disease_penalty;
  const double bonus = std::max({p.header_bonus, p.title_bonus, 0.0});
  struct Best {
    double score;
    std::int32_t name, node;
  };
  std::vector<Best> best;
  thread_local std::vector<double> weak_pool;  // one-zone positions of the nodes weighed
  weak_pool.clear();
  auto substring = [&](std::int32_t node) {
    return std::u32string_view(names[static_cast<std::size_t>(index.ref_name(node))])
        .substr(static_cast<std::size_t>(index.ref_start(node)), static_cast<std::size_t>(index.depth(node)));
  };
  // Python's order on [score, name, substring]: (name, substring) is unique.
  auto better = [&](const Best& a, const Best& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.name != b.name) return names[static_cast<std::size_t>(a.name)] > names[static_cast<std::size_t>(b.name)];
    return substring(a.node) > substring(b.node);
  };
  // Longest first: the best candidates come early and the bound below skips the rest.
  for (std::size_t depth_at = by_depth.size(); depth_at-- > 1;) {
    for (std::int32_t u : by_depth[depth_at]) {
      Seen& r = seen[static_cast<std::size_t>(u)];
      if (r.left != NameIndex::kDiverse || r.right != NameIndex::kDiverse) continue;
      // No score above min(1, the best ratio + a bonus): skip what cannot be kept.
      const double depth = static_cast<double>(index.depth(u));
      if (best.size() == keep &&
          std::min(1.0, depth / static_cast<double>(index.shortest_name(u)) + bonus) < best.front().score)
        continue;
      std::span<const double> d;
      double two[2];
      if (weak) {
        // Python's finditer over zone + U+0002 + the joined names, positions / length.
        const std::u32string_view ss = substring(u);
        const std::u32string& zone = zones[0];
        const double len = static_cast<double>(zone.size() + 1 + index.joined_length());
        const std::size_t at = weak_pool.size();
        auto add = [&](double x) {
          weak_pool.push_back(original ? round5_half_away(std::min(x, len - x) / len) : round5(x / len));
        };
        for (std::size_t q = zone.find(ss); q != std::u32string::npos; q = zone.find(ss, q + ss.size()))
          add(static_cast<double>(q));
        for (const std::int32_t* q = index.joined_begin(u); q != index.joined_end(u); ++q)
          add(static_cast<double>(zone.size() + 1) + *q);
        std::sort(weak_pool.begin() + static_cast<std::ptrdiff_t>(at), weak_pool.end());
        r.za = static_cast<std::int32_t>(at);  // where its positions are
        r.zb = static_cast<std::int32_t>(weak_pool.size() - at);
        d = std::span<const double>(weak_pool.data() + at, weak_pool.size() - at);
      } else {
        if (nz <= 64) {
          if (std::popcount(r.mask) < 2) continue;
          for (std::uint64_t m = r.mask; m; m &= m - 1) add_zone(r, std::countr_zero(m));
        }
        if (r.zb < 0) continue;
        two[0] = static_cast<double>(pos_of(r.za));
        two[1] = static_cast<double>(pos_of(r.zb));
        d = std::span<const double>(two, 2);
      }
      for (const std::int32_t* k = index.names_begin(u); k != index.names_end(u); ++k) {
        const std::u32string& name = names[static_cast<std::size_t>(*k)];
        double ratio = depth / static_cast<double>(name.size());
        const double bound = score_bound(ratio, d, p);
        if (best.size() == keep && bound < best.front().score) break;  // shortest names first: ratios fall
        const bool same = index.same_first(u, static_cast<std::size_t>(k - index.names_begin(u)));
        if (!same) ratio = std::max(0.0, ratio - penalty);
        const Best b{same && ratio != 1 ? bound : score_of(ratio, d, p), *k, u};
        if (best.size() < keep) {
          best.push_back(b);
          std::push_heap(best.begin(), best.end(), better);  // the worst kept on top
        } else if (keep > 0 && better(b, best.front())) {
          std::pop_heap(best.begin(), best.end(), better);
          best.back() = b;
          std::push_heap(best.begin(), best.end(), better);
        }
      }
    }
  }
  std::sort(best.begin(), best.end(), better);
  std::vector<Candidate> out(best.size());
  for (std::size_t i = 0; i < best.size(); ++i) {
    out[i].score = best[i].score;
    out[i].name = best[i].name;
    out[i].substring = std::u32string(substring(best[i].node));
    const Seen& r = seen[static_cast<std::size_t>(best[i].node)];
    if (weak) {
      out[i].positions.assign(weak_pool.begin() + r.za, weak_pool.begin() + r.za + r.zb);
      continue;
    }
    const std::uint64_t mask = r.mask;
    for (std::int32_t z = 0; z < nz; ++z)
      if (nz <= 64 ? (mask >> z) & 1 : zones[static_cast<std::size_t>(z)].find(out[i].substring) != std::u32string::npos)
        out[i].positions.push_back(static_cast<double>(pos_of(z)));
    std::sort(out[i].positions.begin(), out[i].positions.end());
  }
  return out;
}

void index_lists(Lists& lists, const Params& p) {
  static const Params embeddia, original = [] {
    Params o;
    o.version = Version::Original;
    return o;
  }();
  auto same = p.version == Version::Original
                  ? +[](char32_t a, char32_t b) { return same_first_letter(a, b, original); }
                  : +[](char32_t a, char32_t b) { return same_first_letter(a, b, embeddia); };
  lists.disease_index = std::make_shared<const NameIndex>(lists.diseases, same);
  lists.location_index = std::make_shared<const NameIndex>(lists.locations, same);
}

Analysis analyze(std::u32string_view text, std::string_view lang, const Lists& lists, const Params& p,
                 RepeatFinder& finder) {
  Analysis a;
  std::vector<std::u32string> zones = zoning(text, lang, p, &a.zoning, &a.header_merged);
  a.zones = zones.size();
  auto find = [&](const std::vector<std::u32string>& names, const std::shared_ptr<const NameIndex>& index,
                  bool location) {
    if (index)
      if (auto c = candidates_by_index(zones, names, *index, location, p)) return std::move(*c);
    return candidates(zones, names, location, p, finder);
  };
  a.diseases = find(lists.diseases, lists.disease_index, false);
  if (a.diseases.empty()) return a;
  a.locations = find(lists.locations, lists.location_index, true);
  if (a.locations.empty() || a.locations[0].score < p.location_min) {
    a.location = lists.default_location;
    a.default_location = true;
  } else {
    a.location = lists.locations[a.locations[0].name];
  }
  a.relevant = a.diseases[0].score >= p.ratio;
  return a;
}

}  // namespace detour::tasks::daniel
