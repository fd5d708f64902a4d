#include "metrics/bench_metrics/shingle.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string_view>
#include <cstring>
#include <vector>

#include "metrics/bench_metrics/flat_table.h"
#include "metrics/bench_metrics/py_stats.h"
#include "metrics/bench_metrics/tokens.h"

namespace detour::bench_metrics {

namespace {

// A shingle of up to 4 token ids (unused slots -1).
struct Key {
  std::int32_t id[4];
  bool operator==(const Key& o) const {
    return id[0] == o.id[0] && id[1] == o.id[1] && id[2] == o.id[2] && id[3] == o.id[3];
  }
  std::uint64_t hash() const {
    std::uint64_t a, b;
    std::memcpy(&a, id, 8);
    std::memcpy(&b, id + 2, 8);
    return mix64(a ^ mix64(b + 0x9E3779B97F4A7C15ULL));
  }
};

// Shingle -> (count in gold, count in output), open addressing; an empty slot has
// id[0] == kEmpty (token ids are never negative, a short shingle pads with -1).
class ShingleCounts {
 public:
  static constexpr std::int32_t kEmpty = -2;
  explicit ShingleCounts(std::size_t expected) {
    std::size_t cap = 16;
    while (cap < 2 * expected + 2) cap *= 2;
    slots_.assign(cap, Slot{{{kEmpty, -1, -1, -1}}, 0, 0});
    mask_ = cap - 1;
  }
  void add(const Key& k, bool output) {
    std::size_t i = k.hash() & mask_;
    while (slots_[i].key.id[0] != kEmpty && !(slots_[i].key == k)) i = (i + 1) & mask_;
    Slot& s = slots_[i];
    s.key = k;
    (output ? s.out : s.gold) += 1;
  }
  template <typename F>
  void for_each(F&& f) const {
    for (const Slot& s : slots_) {
      if (s.key.id[0] != kEmpty) f(static_cast<std::uint64_t>(s.gold), static_cast<std::uint64_t>(s.out));
    }
  }

 private:
  struct Slot {
    Key key;
    std::uint32_t gold, out;
  };
  std::vector<Slot> slots_;
  std::size_t mask_;
};

inline double nan() { return std::numeric_limits<double>::quiet_NaN(); }

}  // namespace

ShinglePage shingle_page(std::string_view gold, std::string_view output, int ngram_n) {
  if (ngram_n < 1 || ngram_n > 4) throw std::invalid_argument("shingle: n-gram size must be 1..4");
  const auto gt = word_tokens(gold);
  const auto pt = word_tokens(output);
  StringInterner ids;
  auto intern = [&](const std::vector<std::string_view>& toks) {
    std::vector<std::int32_t> out;
    out.reserve(toks.size());
    for (auto t : toks) out.push_back(ids.id(t));
    return out;
  };
  const auto g = intern(gt);
  const auto p = intern(pt);

  ShingleCounts counts(g.size() + p.size());
  auto add = [&](const std::vector<std::int32_t>& toks, bool pred) {
    const std::size_t n = static_cast<std::size_t>(ngram_n);
    const std::size_t count = toks.size() >= n ? toks.size() - n + 1 : 1;
    for (std::size_t i = 0; i < count; ++i) {
      Key k{{-1, -1, -1, -1}};
      const std::size_t len = std::min(n, toks.size() - i);
      if (len == 0) continue;  // an empty text: no shingle
      for (std::size_t j = 0; j < len; ++j) k.id[j] = toks[i + j];
      counts.add(k, pred);
    }
  };
  add(g, false);
  add(p, true);

  ShinglePage r;
  counts.for_each([&](std::uint64_t t, std::uint64_t q) {
    r.tp_count += std::min(t, q);
    r.fp_count += q > t ? q - t : 0;
    r.fn_count += t > q ? t - q : 0;
  });
  r.tp = static_cast<double>(r.tp_count);
  r.fp = static_cast<double>(r.fp_count);
  r.fn = static_cast<double>(r.fn_count);
  const double s = r.tp + r.fp + r.fn;
  if (s > 0) {
    r.tp /= s;
    r.fp /= s;
    r.fn /= s;
  }
  // precision_score / recall_score on the normalised values.
  if (r.fp == 0 && r.fn == 0) {
    r.precision = r.recall = 1.0;
  } else {
    r.precision = (r.tp == 0 && r.fp == 0) ? 0.0 : r.tp / (r.tp + r.fp);
    r.recall = (r.tp == 0 && r.fn == 0) ? 0.0 : r.tp / (r.tp + r.fn);
  }
  r.has_precision = r.tp + r.fp > 0;
  r.has_recall = r.tp + r.fn > 0;
  r.accuracy = gt == pt ? 1.0 : 0.0;
  return r;
}

namespace {

struct Means {
  double precision, recall, f1, accuracy;
};

Means means_of(std::span<const ShinglePage> pages, std::span<const std::size_t> idx,
               std::vector<double>& pbuf, std::vector<double>& rbuf, std::vector<double>& abuf) {
  pbuf.clear();
  rbuf.clear();
  abuf.clear();
  for (std::size_t i : idx) {
    const ShinglePage& p = pages[i];
    if (p.has_precision) pbuf.push_back(p.precision);
    if (p.has_recall) rbuf.push_back(p.recall);
    abuf.push_back(p.accuracy);
  }
  Means m;
  m.precision = python_mean(pbuf);
  m.recall = python_mean(rbuf);
  m.f1 = m.precision + m.recall > 0 ? 2 * m.precision * m.recall / (m.precision + m.recall) : nan();
  m.accuracy = python_mean(abuf);
  return m;
}

}  // namespace

ShingleSummary shingle_summary(std::span<const ShinglePage> pages, int n_bootstrap, std::uint64_t seed) {
  ShingleSummary s;
  s.pages = pages.size();
  s.n_bootstrap = n_bootstrap;
  s.seed = seed;
  for (const auto& p : pages) {
    s.precision_pages += p.has_precision;
    s.recall_pages += p.has_recall;
  }
  std::vector<double> pbuf, rbuf, abuf;
  std::vector<std::size_t> all(pages.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  const Means m = means_of(pages, all, pbuf, rbuf, abuf);
  s.precision = m.precision;
  s.recall = m.recall;
  s.f1 = m.f1;
  s.accuracy = m.accuracy;
  if (n_bootstrap <= 0 || pages.empty()) return s;

  PyRandom rng(seed);
  std::vector<double> bf, bp, br, ba;
  std::vector<std::size_t> idx(pages.size());
  const auto n = static_cast<std::int64_t>(pages.size());
  for (int b = 0; b < n_bootstrap; ++b) {
    for (auto& i : idx) i = static_cast<std::size_t>(rng.randint(0, n - 1));
    const Means bm = means_of(pages, idx, pbuf, rbuf, abuf);
    bf.push_back(bm.f1);
    bp.push_back(bm.precision);
    br.push_back(bm.recall);
    ba.push_back(bm.accuracy);
  }
  auto sd = [](const std::vector<double>& v) { return v.size() > 1 ? python_stdev(v) : 0.0; };
  s.f1_std = sd(bf);
  s.precision_std = sd(bp);
  s.recall_std = sd(br);
  s.accuracy_std = sd(ba);
  return s;
}

}  // namespace detour::bench_metrics

namespace detour::bench_metrics {

std::string shingle_signature(int n_bootstrap, std::uint64_t seed) {
  return "shingle|ref=scrapinghub-evaluate.py|n=4|tokens=re-w+|agg=f1-of-means|bootstrap=" +
         std::to_string(n_bootstrap) + "|seed=" + std::to_string(seed) + "|rng=python-mt19937";
}

}  // namespace detour::bench_metrics
