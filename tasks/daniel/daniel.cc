#include "tasks/daniel/daniel.h"

#include <unicode/uchar.h>
#include <unicode/ustring.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
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

bool same_first_letter(char32_t a, char32_t b) { return a == b || lower(a) == lower(b); }

// DAnIEL's get_score.
double score_of(double ratio, std::span<const double> d, const Params& p) {
  if (d.size() < 2) throw std::runtime_error("a candidate with fewer than two positions (DAnIEL raises IndexError)");
  if (ratio == 1) ratio = p.full_ratio;
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

double round5(double x) {
  if (!std::isfinite(x)) return x;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.5f", x);
  return std::strtod(buf, nullptr);
}

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
  } else if (lang != p.no_header_merge) {
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
    if (inter.size() > 1) {
      for (std::int32_t z : inter) pool.push_back(z);
    } else {
      // Positions of the non-overlapping occurrences in the whole joined text.
      for (std::size_t pos = tv.find(ss); pos != std::u32string_view::npos && !ss.empty();
           pos = tv.find(ss, pos + ss.size()))
        pool.push_back(round5(static_cast<double>(pos) / static_cast<double>(text.size())));
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
      if (!ss.empty() && !name.empty() && !same_first_letter(ss[0], name[0])) ratio = std::max(0.0, ratio - penalty);
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

Analysis analyze(std::u32string_view text, std::string_view lang, const Lists& lists, const Params& p,
                 RepeatFinder& finder) {
  Analysis a;
  std::vector<std::u32string> zones = zoning(text, lang, p, &a.zoning, &a.header_merged);
  a.zones = zones.size();
  a.diseases = candidates(zones, lists.diseases, false, p, finder, kKeptCandidates, &a.disease_candidates);
  if (a.diseases.empty()) return a;
  a.locations = candidates(zones, lists.locations, true, p, finder, kKeptCandidates, &a.location_candidates);
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
