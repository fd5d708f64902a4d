#include "tasks/daniel/daniel.h"

#include <unicode/uchar.h>
#include <unicode/ustring.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <stdexcept>

namespace detour::tasks::daniel {

namespace {

// Pieces of re.split(r"\. |</p>", s) longer than 2 code points.
std::size_t count_sentences(std::u32string_view s) {
  std::size_t count = 0, start = 0, i = 0;
  while (i < s.size()) {
    std::size_t sep = 0;
    if (s[i] == U'.' && i + 1 < s.size() && s[i + 1] == U' ') sep = 2;
    else if (s[i] == U'<' && s.substr(i, 4) == U"</p>") sep = 4;
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

// score_of without the ratio-of-1 rule: non-decreasing in the ratio for given
// positions, so the score of any candidate whose ratio (before the first-letter
// penalty) is at most `ratio` is at most this.
inline double embeddia_bound(double ratio, double d0, double d1, const Params& p) {
  if (d1 < 2) return std::min(ratio + p.header_bonus, 1.0);
  if (d0 == 0) return std::min(ratio + p.title_bonus, 1.0);
  if (d0 <= 2) return ratio;
  return std::pow(ratio, 1 + d0 * d1);
}

// At least ratio ^ e for ratio in [0, 1] and a whole e of 13 or more (the embeddia
// score past the first three zones, e = 1 + d0 d1), without pow: ratio ^ min(e, 64) (no
// less) by squarings, raised by a relative 1e-13, well above the rounding of the
// squarings (64 roundings at most) and of pow (under an ulp).
inline double pow_ceiling(double ratio, double e) {
  unsigned k = e < 64 ? static_cast<unsigned>(e) : 64;
  double power = 1, base = ratio;
  for (; k; k >>= 1, base *= base)
    if (k & 1) power *= base;
  return power * (1 + 1e-13);
}

double score_bound(double ratio, std::span<const double> d, const Params& p) {
  if (p.version == Version::Original) {
    if (d[0] == 1) return ratio;
    double score = d[1] <= 1 ? std::pow(ratio, 1 + d[0] * d[1]) : std::pow(ratio, 1 + d[0] * std::log(d[1]));
    if (std::none_of(d.begin(), d.end(), [](double x) { return x == 0 || x == 1; })) score -= p.headline_penalty;
    return score;
  }
  return embeddia_bound(ratio, d[0], d[1], p);
}

// DAnIEL's get_score.
double score_of(double ratio, std::span<const double> d, const Params& p) {
  if (d.size() < 2) throw std::runtime_error("a candidate with fewer than two positions (DAnIEL raises IndexError)");
  if (ratio == 1) ratio = p.full_ratio;
  return score_bound(ratio, d, p);
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

namespace {

// A text's zones as views of the text, but the merged header (stored here). Reused
// from text to text (one per thread).
struct ZoneViews {
  std::vector<std::u32string_view> parts, zones;
  std::u32string merged;
};

// Python's str.split on a literal separator (re.split of an escaped pattern), into out.
void split_into(std::u32string_view s, std::u32string_view sep, std::vector<std::u32string_view>& out) {
  out.clear();
  std::size_t start = 0;
  for (;;) {
    std::size_t p = s.find(sep, start);
    if (p == std::u32string_view::npos) break;
    out.push_back(s.substr(start, p - start));
    start = p + sep.size();
  }
  out.push_back(s.substr(start));
}

// Step 1 (daniel.h): the zones of `text` into zv.zones.
void zone_views(std::u32string_view text, std::string_view lang, const Params& p, ZoneViews& zv, Zoning* how,
                bool* header_merged) {
  Zoning z_how = Zoning::Paragraphs;
  bool merged = false;
  split_into(text, U"<p>", zv.parts);
  if (zv.parts.size() == 1) {
    split_into(text, U"\n", zv.parts);
    z_how = Zoning::Lines;
  }
  auto& z = zv.zones;
  z.clear();
  for (auto part : zv.parts)
    if (!part.empty()) z.push_back(part);
  if (z.size() < static_cast<std::size_t>(p.min_zones)) {
    if (count_sentences(text) < static_cast<std::size_t>(p.min_sentences)) {
      z.assign(1, text);
      z_how = Zoning::OneZone;
    } else if (z.size() == 2) {
      const std::u32string_view second = z[1];
      const std::size_t part = second.size() / 2;
      z = {z[0], second.substr(0, part), second.substr(part)};
      z_how = Zoning::TitleSplit;
    } else {
      const std::size_t part = text.size() / 3;
      z = {text.substr(0, part), text.substr(part, part), text.substr(2 * part)};
      z_how = Zoning::Thirds;
    }
  } else if (p.version == Version::Embeddia && lang != p.no_header_merge) {
    if (count_sentence_ends(z[1]) < static_cast<std::size_t>(p.header_sentence_ends)) {
      // DAnIEL's [z[0], z[1] + z[2]] + z[2:]: the third zone also stays in place.
      zv.merged.assign(z[1]);
      zv.merged.append(z[2]);
      z[1] = zv.merged;
      merged = true;
    }
  }
  if (how) *how = z_how;
  if (header_merged) *header_merged = merged;
}

}  // namespace

std::vector<std::u32string> zoning(std::u32string_view text, std::string_view lang, const Params& p, Zoning* how,
                                   bool* header_merged) {
  ZoneViews zv;
  zone_views(text, lang, p, zv, how, header_merged);
  return std::vector<std::u32string>(zv.zones.begin(), zv.zones.end());
}

namespace {

std::vector<Candidate> candidates(std::span<const std::u32string_view> zones,
                                  const std::vector<std::u32string>& names, bool location, const Params& p,
                                  RepeatFinder& finder, std::size_t keep = kKeptCandidates,
                                  std::size_t* total = nullptr) {
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



}  // namespace

std::vector<Candidate> candidates(const std::vector<std::u32string>& zones,
                                  const std::vector<std::u32string>& names, bool location, const Params& p,
                                  RepeatFinder& finder, std::size_t keep, std::size_t* total) {
  const std::vector<std::u32string_view> views(zones.begin(), zones.end());
  return candidates(views, names, location, p, finder, keep, total);
}

namespace {

// The highest bonus a candidate's position can add to its ratio.
double max_bonus(const Params& p) { return std::max({p.header_bonus, p.title_bonus, 0.0}); }

// No candidate of a substring of `depth` code points scores above this, with `shortest`
// the length of the shortest name holding it (score_bound never exceeds the ratio plus
// the bonus, and is at most 1 past a ratio of 1).
inline double score_ceiling(std::int32_t depth, std::int32_t shortest, double bonus) {
  return std::min(1.0, static_cast<double>(depth) / static_cast<double>(shortest) + bonus);
}

// What one reading of a text's zones shows of an index's nodes: one record per node,
// zero for a node not seen (a node seen has a zone). The contexts are the text's alone
// (the names' depend on the list and are merged in when a list's candidates are
// weighed). The zones a node occurs in are the bits of `mask` when there are 64 zones
// or fewer; else mask is 1 and the node's TwoZones hold them.
struct Seen {
  std::uint64_t mask = 0;
  std::uint32_t left = 0, right = 0;  // NameIndex contexts (kUnset = 0)
};

// More than 64 zones: the zones of the two smallest positions a node occurs in (-1:
// none yet).
struct TwoZones {
  std::int32_t za = -1, zb = -1;
};

// One reading (per thread: reused from text to text).
struct Reading {
  std::vector<Seen, HugePageAllocator<Seen>> seen;  // per node: zero but for the nodes in by_depth
  std::vector<TwoZones> two;       // per node, when wide: unset but for the nodes in by_depth
  bool wide = false;               // more than 64 zones
  std::vector<std::int32_t> first_seen;  // scratch: the nodes met reading, in order (one more slot)
  std::vector<std::vector<std::int32_t>> by_depth;  // the nodes seen (root aside), by depth
  // The nodes seen that may be candidates (in two zones or more, or in the one zone; in
  // a list), deepest first, in by_depth's order within a depth: for each, the lists
  // holding it (bit k: list k) and, for lists 0 and 1, the highest score any of its
  // candidates there can reach, min(1, |substring| / |the shortest name holding it| +
  // the highest bonus), so that the weighing sorts and skips them without reading the
  // index. Whether one is maximal for a list is asked when it is weighed.
  struct Kept {
    std::int32_t node;
    std::uint8_t lists;
    double bound[2];
  };
  std::vector<Kept> kept;
};

// A zone's position: its index, or (the original) its distance to the nearer end.
std::int32_t position(std::int32_t z, std::int32_t zones, const Params& p) {
  return p.version == Version::Original ? std::min(z, zones - 1 - z) : z;
}

// Adds zone z to the two smallest in (position, zone) order.
void add_zone(TwoZones& r, std::int32_t z, std::int32_t zones, const Params& p) {
  if (z < 0 || z == r.za || z == r.zb) return;
  auto less = [&](std::int32_t x, std::int32_t y) {
    const std::int32_t px = position(x, zones, p), py = position(y, zones, p);
    return px != py ? px < py : x < y;
  };
  if (r.za < 0 || less(z, r.za)) {
    r.zb = r.za;
    r.za = z;
  } else if (r.zb < 0 || less(z, r.zb)) {
    r.zb = z;
  }
}

// Reads the zones with the index: every node occurring in them gets its zones and the
// characters around its occurrences. False (nothing usable) when a zone holds a
// character below U+0003 (rstr_max's separator quirks: the suffix-array way).
template <class Next>
bool read_zones_with(std::span<const std::u32string_view> zones, const NameIndex& index, const Params& p,
                     Reading& rd, Next next) {
  constexpr std::uint32_t kUnset = NameIndex::kUnset, kDiverse = NameIndex::kDiverse;
  const std::size_t nodes = index.nodes();
  // What the last reading left (of this index or another: the records of its nodes).
  for (auto& d : rd.by_depth) {
    for (std::int32_t u : d) {
      rd.seen[static_cast<std::size_t>(u)] = Seen{};
      if (rd.wide) rd.two[static_cast<std::size_t>(u)] = TwoZones{};
    }
    d.clear();
  }
  if (!rd.seen.empty()) rd.seen[0] = Seen{};
  if (rd.seen.size() < nodes) rd.seen.resize(nodes);
  if (rd.first_seen.size() < nodes + 1) rd.first_seen.resize(nodes + 1);
  const std::size_t depths = static_cast<std::size_t>(index.max_depth()) + 1;
  if (rd.by_depth.size() < depths) rd.by_depth.resize(depths);
  const std::int32_t nz = static_cast<std::int32_t>(zones.size());
  const bool wide = nz > 64;
  rd.wide = wide;
  if (wide && rd.two.size() < nodes) rd.two.resize(nodes);
  Seen* const seen = rd.seen.data();
  TwoZones* const two = rd.two.data();
  std::int32_t* const first_seen = rd.first_seen.data();
  // A character below U+0003 (in no name) anywhere: nothing usable.
  for (const auto& zone : zones) {
    std::uint32_t below3 = 0;
    for (const char32_t c : zone) below3 |= c < 3;
    if (below3) return false;
  }
  // The longest name substring ending at each position of each zone (the state): its
  // zone and its neighbours there (a zone edge: diverse). On the left: diverse,
  // whatever the text. The character before this occurrence (c) followed by the node's
  // substring (s) is no name substring (else the state would be cs or longer), while
  // each occurrence of s in a name of a list holding s is preceded by a name edge
  // (diverse) or by a character a with as a name substring: a != c. (Every direct
  // occurrence is read before the failure tree.)
  // One character, without a branch on the text: its state's record takes the zone
  // (bit) and the right neighbour (rc: the next character + 1, or diverse at the
  // zone's end); a node met for the first time (no zone yet) is appended to
  // first_seen, in order. A character in no name leads to the root, whose record is
  // written and then cleared.
  std::size_t met = 0;
  auto read = [&](std::int32_t& state, char32_t c, std::uint32_t rc, std::uint64_t bit) -> std::int32_t {
    state = next(state, c);
    Seen& r = seen[state];
    const std::uint64_t m = r.mask;
    first_seen[met] = state;
    met += m == 0;
    r.mask = m | bit;
    const std::uint32_t rr = r.right;
    r.right = rr == rc || rr == kUnset ? rc : kDiverse;
    return state;
  };
  if (!wide) {
    for (std::int32_t z = 0; z < nz; ++z) {
      const std::u32string_view zone = zones[static_cast<std::size_t>(z)];
      if (zone.empty()) continue;
      const char32_t* const t = zone.data();
      const std::size_t last = zone.size() - 1;
      const std::uint64_t bit = std::uint64_t{1} << z;
      std::int32_t state = 0;
      for (std::size_t i = 0; i < last; ++i) read(state, t[i], static_cast<std::uint32_t>(t[i + 1]) + 1, bit);
      read(state, t[last], kDiverse, bit);
    }
  } else {
    // More than 64 zones: read in (position, zone) order, so that the first two zones a
    // node is met in are the two smallest (add_zone's order).
    const bool ends = p.version == Version::Original;  // positions: distances to the nearer end
    for (std::int32_t k = 0; k < nz; ++k) {
      const std::int32_t z = !ends ? k : k % 2 == 0 ? k / 2 : nz - 1 - k / 2;
      const std::u32string_view zone = zones[static_cast<std::size_t>(z)];
      std::int32_t state = 0;
      for (std::size_t i = 0; i < zone.size(); ++i) {
        const std::uint32_t rc = i + 1 < zone.size() ? static_cast<std::uint32_t>(zone[i + 1]) + 1 : kDiverse;
        TwoZones& q = two[read(state, zone[i], rc, 1)];
        if (q.zb < 0 && q.za != z) (q.za < 0 ? q.za : q.zb) = z;
      }
    }
  }
  seen[0] = Seen{};
  if (wide) two[0] = TwoZones{};
  // The nodes met, by depth; on the left, every direct occurrence is diverse (see above).
  // The records of the nodes kAhead places on are asked for in advance (here and below).
  constexpr std::size_t kAhead = 8;
  for (std::size_t k = 0; k < met; ++k) {
    if (k + kAhead < met) index.prefetch(first_seen[k + kAhead]);
    if (const std::int32_t u = first_seen[k]) {
      seen[u].left = kDiverse;
      rd.by_depth[static_cast<std::size_t>(index.depth(u))].push_back(u);
    }
  }
  // Each occurrence of a node is one of its one-shorter suffix (its failure link),
  // ending at the same place (the same right neighbour) and preceded by the node's
  // first character: pass the zones and contexts down the failure tree, deepest first.
  // A node's record is complete when its depth is reached (its failure-tree children
  // are one deeper): the nodes that may be candidates are kept then.
  rd.kept.clear();
  const double bonus = max_bonus(p);
  // Whether the node is maximal for a list (its contexts in the text and in the list's
  // names, merged, diverse on both sides) is left to the weighing, which asks it only of
  // the nodes whose ceiling it cannot pass over: most are passed over.
  auto keep = [&](std::int32_t v, const Seen& r) {
    if (nz > 1 && (wide ? two[v].zb < 0 : (r.mask & (r.mask - 1)) == 0)) return;  // in one zone of several
    const std::uint32_t in = index.lists_of(v);
    if (!in) return;
    Reading::Kept kv{v, static_cast<std::uint8_t>(in), {0, 0}};
    for (std::size_t k = 0; k < 2; ++k)
      if ((in >> k) & 1) kv.bound[k] = score_ceiling(index.depth(v), index.shortest_name(v, k), bonus);
    rd.kept.push_back(kv);
  };
  // A node's failure link is the node one shorter (every substring of a name is a node),
  // so the nodes of depth d only add to depth d - 1's list.
  for (std::size_t d = depths; d-- > 2;) {
    const std::vector<std::int32_t>& at = rd.by_depth[d];
    std::vector<std::int32_t>& shorter = rd.by_depth[d - 1];
    const std::size_t n = at.size();
    for (std::size_t k = 0; k < n; ++k) {
      if (k + 2 * kAhead < n) {
        index.prefetch(at[k + 2 * kAhead]);
        __builtin_prefetch(&seen[at[k + 2 * kAhead]]);
      }
      if (k + kAhead < n) __builtin_prefetch(&seen[index.fail(at[k + kAhead])]);
      const std::int32_t v = at[k];
      const Seen rv = seen[v];
      keep(v, rv);
      const std::int32_t f = index.fail(v);
      Seen& ru = seen[f];
      if (ru.mask == 0) shorter.push_back(f);
      ru.mask |= rv.mask;
      if (wide) {
        add_zone(two[f], two[v].za, nz, p);
        add_zone(two[f], two[v].zb, nz, p);
      }
      ru.right = NameIndex::merge(ru.right, rv.right);
      ru.left = NameIndex::merge(ru.left, static_cast<std::uint32_t>(index.first(v)) + 1);
    }
  }
  if (depths > 1)
    for (std::int32_t v : rd.by_depth[1]) keep(v, seen[v]);
  return true;
}

bool read_zones(std::span<const std::u32string_view> zones, const NameIndex& index, const Params& p, Reading& rd) {
  if (const std::uint16_t* delta = index.delta16()) {
    const std::uint16_t* const slots = index.dense_slots();
    const std::size_t width = index.width();
    return read_zones_with(zones, index, p, rd, [&](std::int32_t state, char32_t c) -> std::int32_t {
      const std::uint32_t s = c < 0x10000 ? slots[c] : index.slot(c);
      return delta[static_cast<std::size_t>(state) * width + s];
    });
  }
  return read_zones_with(zones, index, p, rd, [&](std::int32_t state, char32_t c) { return index.step(state, c); });
}

// The zones each of `nodes` occurs in: bit j % 64 of found[(j / 64) * zones + z] when
// nodes[j] occurs in zone z (one reading of the zones per 64 nodes). A substring occurs
// where it is a suffix of the state (the longest name substring ending there), that is
// on the state's failure chain: each state's nodes on its chain, as bits, are worked
// out once (from its failure link's).
void zones_of(std::span<const std::u32string_view> zones, const NameIndex& index, std::span<const std::int32_t> nodes,
              std::vector<std::uint64_t>& found) {
  const std::size_t groups = (nodes.size() + 63) / 64;
  found.assign(groups * zones.size(), 0);
  struct Memo {
    std::uint32_t stamp = 0;
    std::uint64_t bits = 0;
  };
  thread_local std::vector<Memo> memo;
  thread_local std::uint32_t stamp = 0;
  if (memo.size() < index.nodes()) memo.resize(index.nodes());
  for (std::size_t g = 0; g < groups; ++g) {
    const std::span<const std::int32_t> group = nodes.subspan(g * 64, std::min<std::size_t>(64, nodes.size() - g * 64));
    if (++stamp == 0) {
      for (auto& m : memo) m = Memo{};
      stamp = 1;
    }
    memo[0] = {stamp, 0};  // the root: no node
    auto bits_of = [&](std::int32_t state) {
      std::int32_t path[64];  // a chain is at most max_depth + 1 long; memoised in pieces beyond
      std::size_t n = 0;
      std::int32_t s = state;
      std::uint64_t bits = 0;
      for (;;) {
        while (memo[static_cast<std::size_t>(s)].stamp != stamp && n < 64) {
          path[n++] = s;
          s = index.fail(s);
        }
        if (memo[static_cast<std::size_t>(s)].stamp == stamp) break;
        // A chain longer than 64: this piece from the nodes it has met.
        for (std::size_t i = 0; i < n; ++i)
          for (std::size_t j = 0; j < group.size(); ++j) bits |= static_cast<std::uint64_t>(group[j] == path[i]) << j;
        n = 0;
      }
      std::uint64_t chain = memo[static_cast<std::size_t>(s)].bits;
      while (n > 0) {
        const std::int32_t u = path[--n];
        for (std::size_t j = 0; j < group.size(); ++j) chain |= static_cast<std::uint64_t>(group[j] == u) << j;
        memo[static_cast<std::size_t>(u)] = {stamp, chain};
      }
      return bits | chain;
    };
    auto scan = [&](auto next) {
      for (std::size_t z = 0; z < zones.size(); ++z) {
        std::uint64_t bits = 0;
        std::int32_t state = 0;
        for (const char32_t c : zones[z]) {
          state = next(state, c);
          const Memo& m = memo[static_cast<std::size_t>(state)];
          bits |= m.stamp == stamp ? m.bits : bits_of(state);
        }
        found[g * zones.size() + z] = bits;
      }
    };
    if (const std::uint16_t* delta = index.delta16()) {
      const std::uint16_t* const slots = index.dense_slots();
      const std::size_t width = index.width();
      scan([&](std::int32_t state, char32_t c) -> std::int32_t {
        const std::uint32_t s = c < 0x10000 ? slots[c] : index.slot(c);
        return delta[static_cast<std::size_t>(state) * width + s];
      });
    } else {
      scan([&](std::int32_t state, char32_t c) { return index.step(state, c); });
    }
  }
}

// One list of the index to weigh after a reading: its number in the index, its names,
// whether it is the locations list (the first-letter penalty), and its candidates.
struct Weighed {
  std::size_t k = 0;
  const std::vector<std::u32string>* names = nullptr;
  bool location = false;
  std::vector<Candidate> out;  // the best `keep`, best first
};

// Steps 2 and 3 for lists of the index after a reading of the zones, in one pass over
// the nodes read: each list's best `keep` candidates, best first, into its `out`.
// long function: the hot loop of the task, one pass; its per-list heaps, orders and
// weak-structure positions are local types that only this pass uses.
void weigh(const Reading& rd, std::span<const std::u32string_view> zones, const NameIndex& index,
           std::span<Weighed> lists, const Params& p, std::size_t keep, bool positions = true) {
  // One zone (a weak structure): a repeat in the zone and a name is a candidate, its
  // positions those of its occurrences in the joined text.
  const bool weak = zones.size() == 1;
  const bool original = p.version == Version::Original;
  const std::int32_t nz = static_cast<std::int32_t>(zones.size());
  const double bonus = max_bonus(p);
  struct Best {
    double score;
    std::int32_t name, node;
    std::int32_t pos_at, pos_len;  // one zone: its positions in weak_pool
  };
  // Python's order on [score, name, substring]: (name, substring) is unique.
  struct Better {
    const std::vector<std::u32string>* names;
    const NameIndex* index;
    bool operator()(const Best& a, const Best& b) const {
      if (a.score != b.score) return a.score > b.score;
      if (a.name != b.name) return (*names)[static_cast<std::size_t>(a.name)] > (*names)[static_cast<std::size_t>(b.name)];
      return index->substring(a.node) > index->substring(b.node);
    }
  };
  struct List {
    std::size_t k;
    const std::vector<std::u32string>* names;
    double penalty;
    Better better;
    std::vector<Best> best;
  };
  std::array<List, 2> state;
  const std::size_t nl = std::min(lists.size(), state.size());
  for (std::size_t j = 0; j < nl; ++j)
    state[j] = {lists[j].k, lists[j].names, lists[j].location ? p.location_penalty : p.disease_penalty,
                Better{lists[j].names, &index}, {}};
  thread_local std::vector<double> weak_pool;  // one-zone positions of the nodes weighed
  weak_pool.clear();
  // The candidates: maximal repeats in two zones or more and in a name, among the nodes
  // the reading kept, by their score ceilings: in kBands bands, highest first (longest
  // first within a band), so that the best come early and the bounds below skip the
  // rest, band by band once every list has `keep` candidates above the band. The order
  // changes nothing else: the candidates kept are the best in a total order.
  constexpr std::size_t kBands = 64;  // a power of two: ceiling * kBands is exact
  auto top = [&](const Reading::Kept& kv) {
    double c = 0;
    for (std::size_t j = 0; j < nl; ++j)
      if ((kv.lists >> state[j].k) & 1) c = std::max(c, state[j].k < 2 ? kv.bound[state[j].k] : 1.0);
    return c;
  };
  // Each node's band, highest first (0: the ceilings from 63/64 to 1), then the nodes
  // in band order.
  thread_local std::vector<std::uint32_t> band_at, order, band_end;
  band_at.resize(rd.kept.size());
  band_end.assign(kBands + 1, 0);
  for (std::size_t q = 0; q < rd.kept.size(); ++q) {
    const std::size_t from_lowest = std::min(kBands - 1, static_cast<std::size_t>(top(rd.kept[q]) * kBands));
    band_at[q] = static_cast<std::uint32_t>(kBands - 1 - from_lowest);
    ++band_end[band_at[q] + 1];
  }
  for (std::size_t b = 0; b < kBands; ++b) band_end[b + 1] += band_end[b];
  order.resize(rd.kept.size());
  {
    thread_local std::vector<std::uint32_t> fill;
    fill.assign(band_end.begin(), band_end.end() - 1);
    for (std::size_t q = 0; q < rd.kept.size(); ++q) order[fill[band_at[q]]++] = static_cast<std::uint32_t>(q);
  }
  auto all_full_above = [&](double ceiling) {
    if (keep == 0) return false;
    for (std::size_t j = 0; j < nl; ++j)
      if (state[j].best.size() < keep || !(ceiling < state[j].best.front().score)) return false;
    return true;
  };
  constexpr std::size_t kAhead = 8;  // the records of the nodes kAhead places on are asked for now
  std::size_t band = 0;  // the band of order[i]: highest first
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (i == band_end[band + 1] || i == 0) {
      while (i == band_end[band + 1]) ++band;
      // Every ceiling in this band and below is at most (kBands - band) / kBands.
      if (all_full_above(static_cast<double>(kBands - band) / kBands)) break;
    }
    if (i + 2 * kAhead < order.size()) {
      const std::int32_t w = rd.kept[order[i + 2 * kAhead]].node;
      index.prefetch(w);
      index.prefetch_cells(w);
      __builtin_prefetch(&rd.seen[static_cast<std::size_t>(w)]);
    }
    if (i + kAhead < order.size()) {
      const Reading::Kept& kw = rd.kept[order[i + kAhead]];
      for (std::size_t j = 0; j < nl; ++j)
        if ((kw.lists >> state[j].k) & 1) index.prefetch_names(kw.node, state[j].k);
    }
    const Reading::Kept& kv = rd.kept[order[i]];
    const std::int32_t u = kv.node;
    const Seen& r = rd.seen[static_cast<std::size_t>(u)];
    const double depth = static_cast<double>(index.depth(u));
    double two[2];
    bool two_known = false;
    double power = 0;  // the embeddia score's exponent past the first three zones (else 0)
    for (std::size_t j = 0; j < nl; ++j) {
      List& l = state[j];
      // In the list (the reading kept only nodes in two zones or more, or in the one zone).
      if (!((kv.lists >> l.k) & 1)) continue;
      // No score above min(1, the best ratio + a bonus): skip what cannot be kept.
      if (l.best.size() == keep && keep > 0 &&
          (l.k < 2 ? kv.bound[l.k] : score_ceiling(index.depth(u), index.shortest_name(u, l.k), bonus)) <
              l.best.front().score)
        continue;
      // Maximal for the list: the contexts of the text and of the list's names, merged,
      // diverse on both sides.
      if (NameIndex::merge(r.left, index.left(u, l.k)) != NameIndex::kDiverse ||
          NameIndex::merge(r.right, index.right(u, l.k)) != NameIndex::kDiverse)
        continue;
      std::span<const double> d;
      std::int32_t pos_at = 0, pos_len = 0;
      if (weak) {
        // Python's finditer over zone + U+0002 + the joined names, positions / length.
        const std::u32string_view ss = index.substring(u);
        const std::u32string_view zone = zones[0];
        const double len = static_cast<double>(zone.size() + 1 + index.joined_length(l.k));
        const std::size_t at = weak_pool.size();
        auto add = [&](double x) {
          weak_pool.push_back(original ? round5_half_away(std::min(x, len - x) / len) : round5(x / len));
        };
        for (std::size_t q = zone.find(ss); q != std::u32string_view::npos; q = zone.find(ss, q + ss.size()))
          add(static_cast<double>(q));
        for (const std::int32_t* q = index.joined_begin(u, l.k); q != index.joined_end(u, l.k); ++q)
          add(static_cast<double>(zone.size() + 1) + *q);
        std::sort(weak_pool.begin() + static_cast<std::ptrdiff_t>(at), weak_pool.end());
        pos_at = static_cast<std::int32_t>(at);
        pos_len = static_cast<std::int32_t>(weak_pool.size() - at);
        d = std::span<const double>(weak_pool.data() + at, weak_pool.size() - at);
      } else {
        if (!two_known) {
          // The two smallest positions of distinct zones: positions only rise (the
          // original: rise, then fall) with the zone, so they are among the two
          // first and the two last zones.
          TwoZones two_zones;
          if (nz <= 64 && !original) {  // positions rise with the zone: the two lowest bits
            const std::uint64_t m = r.mask;
            two_zones.za = std::countr_zero(m);
            two_zones.zb = std::countr_zero(m & (m - 1));
          } else if (nz <= 64) {
            const std::uint64_t m = r.mask;
            const int lo = std::countr_zero(m), hi = 63 - std::countl_zero(m);
            add_zone(two_zones, lo, nz, p);
            add_zone(two_zones, std::countr_zero(m & (m - 1)), nz, p);
            add_zone(two_zones, hi, nz, p);
            add_zone(two_zones, 63 - std::countl_zero(m & ~(std::uint64_t{1} << hi)), nz, p);
          } else {
            two_zones = rd.two[static_cast<std::size_t>(u)];
          }
          if (two_zones.zb < 0) break;  // in one zone: no list's candidate
          two[0] = static_cast<double>(position(two_zones.za, nz, p));
          two[1] = static_cast<double>(position(two_zones.zb, nz, p));
          two_known = true;
          if (!original && two[0] > 2) power = 1 + two[0] * two[1];
        }
        d = std::span<const double>(two, 2);
      }
      for (const NameIndex::NameRef* m = index.names_begin(u, l.k); m != index.names_end(u, l.k); ++m) {
        double ratio = depth / static_cast<double>(m->size);
        if (power >= 13 && ratio <= 1 && l.best.size() == keep && pow_ceiling(ratio, power) < l.best.front().score)
          break;  // as below, without pow
        const double bound = original ? score_bound(ratio, d, p) : embeddia_bound(ratio, d[0], d[1], p);
        if (l.best.size() == keep && bound < l.best.front().score) break;  // shortest names first: ratios fall
        const bool same = m->same_first;
        if (!same) ratio = std::max(0.0, ratio - l.penalty);
        const Best b{same && ratio != 1 ? bound : score_of(ratio, d, p), m->name, u, pos_at, pos_len};
        if (l.best.size() < keep) {
          l.best.push_back(b);
          std::push_heap(l.best.begin(), l.best.end(), l.better);  // the worst kept on top
        } else if (keep > 0 && l.better(b, l.best.front())) {
          std::pop_heap(l.best.begin(), l.best.end(), l.better);
          l.best.back() = b;
          std::push_heap(l.best.begin(), l.best.end(), l.better);
        }
      }
    }
  }
  // More than 64 zones: the zones of the candidates kept, from one more reading.
  thread_local std::vector<std::int32_t> wide_nodes;
  thread_local std::vector<std::uint64_t> wide_found;
  wide_nodes.clear();
  if (positions && !weak && nz > 64) {
    for (std::size_t j = 0; j < nl; ++j)
      for (const Best& b : state[j].best)
        if (std::find(wide_nodes.begin(), wide_nodes.end(), b.node) == wide_nodes.end()) wide_nodes.push_back(b.node);
    zones_of(zones, index, wide_nodes, wide_found);
  }
  for (std::size_t j = 0; j < nl; ++j) {
    auto& best = state[j].best;
    std::sort(best.begin(), best.end(), state[j].better);
    std::vector<Candidate>& out = lists[j].out;
    out.assign(best.size(), Candidate{});
    for (std::size_t i = 0; i < best.size(); ++i) {
      out[i].score = best[i].score;
      out[i].name = best[i].name;
      out[i].substring = std::u32string(index.substring(best[i].node));
      if (!positions) continue;
      if (weak) {
        out[i].positions.assign(weak_pool.begin() + best[i].pos_at, weak_pool.begin() + best[i].pos_at + best[i].pos_len);
        continue;
      }
      const std::uint64_t mask = rd.seen[static_cast<std::size_t>(best[i].node)].mask;
      const std::size_t at =
          nz > 64 ? static_cast<std::size_t>(std::find(wide_nodes.begin(), wide_nodes.end(), best[i].node) - wide_nodes.begin())
                  : 0;
      const std::uint64_t bit = std::uint64_t{1} << (at % 64);
      const std::uint64_t* const found = wide_found.data() + (at / 64) * static_cast<std::size_t>(nz);
      for (std::int32_t z = 0; z < nz; ++z)
        if (nz <= 64 ? (mask >> z) & 1 : (found[z] & bit) != 0)
          out[i].positions.push_back(static_cast<double>(position(z, nz, p)));
      std::sort(out[i].positions.begin(), out[i].positions.end());
    }
  }
}

}  // namespace

std::optional<std::vector<Candidate>> candidates_by_index(const std::vector<std::u32string>& zones,
                                                          const std::vector<std::u32string>& names,
                                                          const NameIndex& index, std::size_t list, bool location,
                                                          const Params& p, std::size_t keep) {
  if (!index.usable() || zones.empty() || list >= index.lists()) return std::nullopt;
  const std::vector<std::u32string_view> views(zones.begin(), zones.end());
  thread_local Reading rd;
  if (!read_zones(views, index, p, rd)) return std::nullopt;
  Weighed w{list, &names, location, {}};
  weigh(rd, views, index, std::span<Weighed>(&w, 1), p, keep);
  return std::move(w.out);
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
  lists.index = std::make_shared<const NameIndex>(
      std::vector<const std::vector<std::u32string>*>{&lists.diseases, &lists.locations}, same);
  lists.disease_index = lists.location_index = nullptr;
  if (lists.index->usable()) return;
  // Too large together (or a name the index cannot take): one index per list.
  lists.index = nullptr;
  lists.disease_index = std::make_shared<const NameIndex>(lists.diseases, same);
  lists.location_index = std::make_shared<const NameIndex>(lists.locations, same);
}

Analysis analyze(std::u32string_view text, std::string_view lang, const Lists& lists, const Params& p,
                 RepeatFinder& finder, bool positions, std::size_t keep) {
  keep = std::max<std::size_t>(keep, 1);
  Analysis a;
  thread_local ZoneViews zv;
  zone_views(text, lang, p, zv, &a.zoning, &a.header_merged);
  const std::span<const std::u32string_view> zones(zv.zones);
  a.zones = zones.size();
  // One reading of the text and one pass over what it shows for both lists when they
  // share an index (the locations are then weighed even when no disease is found).
  thread_local Reading rd;
  if (lists.index && lists.index->usable() && read_zones(zones, *lists.index, p, rd)) {
    std::array<Weighed, 2> w{Weighed{0, &lists.diseases, false, {}}, Weighed{1, &lists.locations, true, {}}};
    weigh(rd, zones, *lists.index, w, p, keep, positions);
    a.diseases = std::move(w[0].out);
    if (a.diseases.empty()) return a;
    a.locations = std::move(w[1].out);
  } else {
    auto find = [&](const std::vector<std::u32string>& names, const std::shared_ptr<const NameIndex>& own,
                    bool location) {
      if (!lists.index && own && own->usable() && read_zones(zones, *own, p, rd)) {
        Weighed w{0, &names, location, {}};
        weigh(rd, zones, *own, std::span<Weighed>(&w, 1), p, keep, positions);
        return std::move(w.out);
      }
      return candidates(zones, names, location, p, finder, keep);
    };
    a.diseases = find(lists.diseases, lists.disease_index, false);
    if (a.diseases.empty()) return a;
    a.locations = find(lists.locations, lists.location_index, true);
  }
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
