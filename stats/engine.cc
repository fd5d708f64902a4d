// engine: Batch::run. The resampled sums of every cell of a batch are one matrix
// product W X (W: resamples x documents, the multiplicity of each document in each
// resample; X: documents x columns, six per cell: tp, fp, fn and the fixed-point
// per-document P, R, F1), computed in double precision on integer values below 2^53,
// hence exactly. Randomization trials sum the swapped documents' count differences
// through tables of the 256 subset sums of every 8 consecutive documents, one table
// lookup per 8 documents and trial. Intervals come from two order statistics per
// endpoint (selection, not a sort), p-values from counts.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>

#include "stats/clones.h"
#include "stats/rng.h"
#include "stats/stats.h"
#include "stats/quantile.h"

namespace detour::stats {
namespace {

constexpr std::size_t kColumns = 6;  // per cell: tp, fp, fn, fixed P, R, F1
constexpr std::size_t kPanel = 16;   // columns per panel of the product
constexpr std::size_t kRows = 8;     // resamples per tile
constexpr std::size_t kBlock = 16;   // resamples drawn together by one task

typedef double v8d __attribute__((vector_size(64)));
typedef double v4d __attribute__((vector_size(32)));
typedef std::int64_t v4q __attribute__((vector_size(32)));
// Four 64-bit lanes; a struct so that std::vector keeps its 32-byte alignment (the
// vector type's alignment is dropped as a template argument).
struct alignas(32) Q4 {
  v4q v;
};

// Unaligned vector loads and stores, as macros so that they are compiled for the
// target of the kernel using them.
#define DETOUR_LOAD(V, var, ptr) \
  V var;                         \
  std::memcpy(&var, ptr, sizeof(V))
#define DETOUR_STORE(ptr, var) std::memcpy(ptr, &var, sizeof var)

// One tile of the product: out[r][c] = sum_i w[r][i] x[i][c] for r < kRows,
// c < kPanel; w is kRows x n (row stride n), x is n x kPanel, out has row stride
// out_stride. The sum runs over the m documents rows[0..m) (ascending), or over all
// (m = n) when rows is null: a document whose row of x is zero adds exactly nothing.
#ifdef DETOUR_STATS_X86
// 8 x 16 with 16 accumulators of 8 doubles (AVX-512).
DETOUR_STATS_V4
void product_tile_v4(const double* w, std::size_t n, const std::uint32_t* rows, std::size_t m, const double* x,
                     double* out, std::size_t out_stride) {
  v8d acc[kRows][2] = {};
  for (std::size_t j = 0; j < m; ++j) {
    const std::size_t i = rows ? rows[j] : j;
    DETOUR_LOAD(v8d, x0, x + i * kPanel);
    DETOUR_LOAD(v8d, x1, x + i * kPanel + 8);
    for (std::size_t r = 0; r < kRows; ++r) {
      const double wi = w[r * n + i];
      acc[r][0] += wi * x0;
      acc[r][1] += wi * x1;
    }
  }
  for (std::size_t r = 0; r < kRows; ++r) {
    DETOUR_STORE(out + r * out_stride, acc[r][0]);
    DETOUR_STORE(out + r * out_stride + 8, acc[r][1]);
  }
}
#endif

// The same tile as four 4 x 8 sub-tiles, 8 accumulators of 4 doubles each (AVX2).
DETOUR_STATS_CLONES
void product_tile(const double* w, std::size_t n, const std::uint32_t* rows, std::size_t m, const double* x,
                  double* out, std::size_t out_stride) {
  for (std::size_t r0 = 0; r0 < kRows; r0 += 4)
    for (std::size_t c0 = 0; c0 < kPanel; c0 += 8) {
      v4d acc[4][2] = {};
      for (std::size_t j = 0; j < m; ++j) {
        const std::size_t i = rows ? rows[j] : j;
        DETOUR_LOAD(v4d, x0, x + i * kPanel + c0);
        DETOUR_LOAD(v4d, x1, x + i * kPanel + c0 + 4);
        for (std::size_t r = 0; r < 4; ++r) {
          const double wi = w[(r0 + r) * n + i];
          acc[r][0] += wi * x0;
          acc[r][1] += wi * x1;
        }
      }
      for (std::size_t r = 0; r < 4; ++r) {
        DETOUR_STORE(out + (r0 + r) * out_stride + c0, acc[r][0]);
        DETOUR_STORE(out + (r0 + r) * out_stride + c0 + 4, acc[r][1]);
      }
    }
}

using TileFn = void (*)(const double*, std::size_t, const std::uint32_t*, std::size_t, const double*, double*,
                        std::size_t);

TileFn pick_tile() {
#ifdef DETOUR_STATS_X86
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
      __builtin_cpu_supports("avx512cd"))
    return product_tile_v4;
#endif
  return product_tile;
}

// Randomization sums: acc[t] = sum over the documents i swapped in trial t of d[i],
// where d[i] holds up to 4 count differences (micro: tp, fp, fn; macro: one fixed-point
// value). d has words * 64 rows (zero beyond the real documents); bits is
// words x trials (bit j of bits[w][t]: document 64 w + j swapped in trial t); tables
// is scratch for 16 * 256 entries. A group of 8 documents whose differences are all
// zero adds nothing to any trial and is passed over (two systems that agree on most
// documents, as a task's decisions do, leave few groups to look up).
DETOUR_STATS_CLONES
void swap_sums(const Q4* d, std::size_t words, const std::uint64_t* bits, std::size_t trials, Q4* acc,
               Q4* tables) {
  for (std::size_t t = 0; t < trials; ++t) acc[t].v = v4q{};
  // Two words (16 tables) per pass over the trials; one for the last of an odd count.
  for (std::size_t w = 0; w < words; w += 2) {
    const std::size_t groups = w + 1 < words ? 16 : 8;
    // The 256 subset sums of each group of 8 documents, for the groups not all zero.
    unsigned live = 0;  // bit g: group g has a nonzero difference
    for (std::size_t g = 0; g < groups; ++g) {
      const Q4* dg = d + w * 64 + g * 8;
      v4q any{};
      for (std::size_t i = 0; i < 8; ++i) any |= dg[i].v;
      if (!(any[0] | any[1] | any[2] | any[3])) continue;
      live |= 1u << g;
      Q4* tab = tables + g * 256;
      tab[0].v = v4q{};
      for (unsigned v = 1; v < 256; ++v) tab[v].v = tab[v & (v - 1)].v + dg[std::countr_zero(v)].v;
    }
    if (live == 0) continue;
    const std::uint64_t* b0 = bits + w * trials;
    const std::uint64_t* b1 = groups == 16 ? b0 + trials : b0;
    if (live == 0xFFFFu) {
      for (std::size_t t = 0; t < trials; ++t) {
        const std::uint64_t x = b0[t], y = b1[t];
        v4q s = tables[x & 255].v + tables[8 * 256 + (y & 255)].v;
        for (std::size_t g = 1; g < 8; ++g)
          s += tables[g * 256 + ((x >> (8 * g)) & 255)].v + tables[(8 + g) * 256 + ((y >> (8 * g)) & 255)].v;
        acc[t].v += s;
      }
    } else {
      unsigned list[16];
      std::size_t count = 0;
      for (unsigned g = 0; g < 16; ++g)
        if ((live >> g) & 1) list[count++] = g;
      for (std::size_t t = 0; t < trials; ++t) {
        const std::uint64_t word[2] = {b0[t], b1[t]};
        v4q s{};
        for (std::size_t e = 0; e < count; ++e) {
          const unsigned g = list[e];
          s += tables[g * 256 + ((word[g >> 3] >> (8 * (g & 7))) & 255)].v;
        }
        acc[t].v += s;
      }
    }
  }
}

bool is_micro(Statistic s) { return static_cast<std::size_t>(s) < 3; }

double pick(const Prf& v, Statistic s) {
  switch (static_cast<std::size_t>(s) % 3) {
    case 0: return v.precision;
    case 1: return v.recall;
    default: return v.f1;
  }
}

// Mean of n fixed-point values (2^-k units) summing to q.
double fixed_mean(double q, int k, std::size_t n) { return std::ldexp(q, -k) / static_cast<double>(n); }

double lerp(double a, double b, double t) {
  const double diff = b - a;
  return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
}

// Linear interpolation between order statistics x_(lo) and x_(lo+1) at h = (size - 1) q.
struct Position {
  std::size_t lo;
  double t;
};
Position position(std::size_t size, double q) {
  const double h = static_cast<double>(size - 1) * q;
  const double floor_h = std::floor(h);
  return {static_cast<std::size_t>(floor_h), h - floor_h};
}

// The q_lo- and q_hi-quantiles (q_lo <= q_hi) of v, by selection; reorders v.
std::pair<double, double> quantiles(std::vector<double>& v, double q_lo, double q_hi) {
  const std::size_t size = v.size();
  const Position lo = position(size, q_lo), hi = position(size, q_hi);
  auto at = [&](std::size_t i) { return v.begin() + static_cast<std::ptrdiff_t>(i); };
  // x_(hi.lo) in place, everything after it larger or equal; then x_(lo.lo) among the
  // elements before it.
  std::nth_element(v.begin(), at(hi.lo), v.end());
  const double hi_a = v[hi.lo];
  const double hi_b = hi.lo + 1 < size ? *std::min_element(at(hi.lo + 1), v.end()) : hi_a;
  std::nth_element(v.begin(), at(lo.lo), at(hi.lo));
  const double lo_a = v[lo.lo];
  const double lo_b = lo.lo + 1 >= size ? lo_a : lo.lo < hi.lo ? *std::min_element(at(lo.lo + 1), at(hi.lo + 1)) : hi_b;
  // NumPy clips the upper index to the last element and computes a + (b - a) 0 = a
  // when t = 0.
  auto value = [](double a, double b, double t) { return t == 0 ? a : lerp(a, b, t); };
  return {value(lo_a, lo_b, lo.t), value(hi_a, hi_b, hi.t)};
}

// scipy.stats.permutation_test's tolerance for "at least as extreme".
double tolerance(double observed) { return std::max(1e-14, std::abs(1e-14 * observed)); }

void check_options(const BootstrapOptions& bs, const RandomizationOptions& ar) {
  if (bs.resamples == 0) throw std::invalid_argument("bootstrap needs at least one resample");
  if (!(bs.alpha > 0 && bs.alpha < 1))
    throw std::invalid_argument("alpha must be between 0 and 1 (got " + std::to_string(bs.alpha) + ")");
  (void)ar;
}

template <class F>
void parallel(std::size_t tasks, const F& f) {
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, tasks, 1), [&](const tbb::blocked_range<std::size_t>& r) {
    for (std::size_t i = r.begin(); i < r.end(); ++i) f(i);
  });
}

}  // namespace

std::pair<double, double> percentile_interval(std::vector<double>& v, double q_lo, double q_hi) {
  return quantiles(v, q_lo, q_hi);
}

// long function: the engine the header comment describes, as one body run in the
// caller's arena: the X matrix, the resample weights, the product, the order statistics
// and the randomization tables share sizes and buffers step to step.
Batch::Result Batch::run(const BootstrapOptions& bs, const RandomizationOptions& ar, unsigned threads) const {
  check_options(bs, ar);
  Result result;
  auto body = [&] {
    const std::size_t n = n_;
    const std::size_t B = bs.resamples;
    const std::size_t cells = cells_.size();
    const int k = scale_bits_;
    const std::size_t panels = (cells * kColumns + kPanel - 1) / kPanel;
    const std::size_t stride = panels * kPanel;  // columns of the sums matrix

    // X in panel-major order: panel p holds columns 16p..16p+15 of every document
    // (columns past the last cell are zero).
    std::vector<double> x(panels * n * kPanel, 0.0);
    parallel(cells, [&](std::size_t c) {
      const Cell& cell = cells_[c];
      for (std::size_t col = 0; col < kColumns; ++col) {
        const std::size_t g = c * kColumns + col;
        double* dst = x.data() + (g / kPanel) * n * kPanel + g % kPanel;
        for (std::size_t i = 0; i < n; ++i) {
          const std::int64_t v = col == 0   ? cell.docs[i].tp
                                 : col == 1 ? cell.docs[i].fp
                                 : col == 2 ? cell.docs[i].fn
                                            : cell.fixed[col - 3][i];
          dst[i * kPanel] = static_cast<double>(v);
        }
      }
    });

    // Per panel, the documents with a nonzero value in it, unless all are (`all`: the
    // tiles run over every document). A task's counts are zero on most documents (every
    // true negative).
    struct Live {
      bool all = false;
      std::vector<std::uint32_t> rows;
    };
    std::vector<Live> live(panels);
    parallel(panels, [&](std::size_t p) {
      std::vector<std::uint32_t>& l = live[p].rows;
      for (std::size_t i = 0; i < n; ++i) {
        const double* row = x.data() + (p * n + i) * kPanel;
        bool any = false;
        for (std::size_t c = 0; c < kPanel; ++c) any |= row[c] != 0;
        if (any) l.push_back(static_cast<std::uint32_t>(i));
      }
      live[p].all = l.size() == n;
      if (live[p].all) l = {};
    });

    // Per-resample statistics: values[(cell * 6 + statistic) * B + b]. Each task
    // draws the weights of kBlock resamples, multiplies them with every panel of X
    // and turns the sums into the six statistics of every cell.
    std::vector<double> values(cells * kStatistics * B);
    const std::size_t blocks = (B + kBlock - 1) / kBlock;
    static const TileFn tile = pick_tile();
    parallel(blocks, [&](std::size_t blk) {
      thread_local std::vector<double> w, sums;
      w.assign(kBlock * n, 0.0);
      sums.resize(kBlock * stride);
      const std::size_t b0 = blk * kBlock;
      const std::size_t rows = std::min(kBlock, B - b0);
      for (std::size_t r = 0; r < rows; ++r) {
        Rng rng = Rng::stream(bs.seed, Purpose::Bootstrap, b0 + r);
        double* wr = w.data() + r * n;
        for (std::size_t j = 0; j < n; ++j) wr[rng.below(n)] += 1.0;
      }
      const std::size_t tiles = (rows + kRows - 1) / kRows;
      for (std::size_t p = 0; p < panels; ++p)
        for (std::size_t r = 0; r < tiles; ++r)
          tile(w.data() + r * kRows * n, n, live[p].all ? nullptr : live[p].rows.data(),
               live[p].all ? n : live[p].rows.size(), x.data() + p * n * kPanel,
               sums.data() + r * kRows * stride + p * kPanel, stride);
      for (std::size_t c = 0; c < cells; ++c) {
        const ZeroRule rule = cells_[c].rule;
        double* out = values.data() + c * kStatistics * B + b0;
        for (std::size_t r = 0; r < rows; ++r) {
          const double* sr = sums.data() + r * stride + c * kColumns;
          const Prf v = prf(static_cast<std::int64_t>(sr[0]), static_cast<std::int64_t>(sr[1]),
                            static_cast<std::int64_t>(sr[2]), rule);
          out[0 * B + r] = v.precision;
          out[1 * B + r] = v.recall;
          out[2 * B + r] = v.f1;
          for (std::size_t m = 0; m < 3; ++m) out[(3 + m) * B + r] = fixed_mean(sr[3 + m], k, n);
        }
      }
    });
    x = {};

    // Totals on all documents (the exact-arithmetic observed values).
    struct Totals {
      Counts counts;
      std::array<std::int64_t, 3> fixed{};
    };
    std::vector<Totals> totals(cells);
    for (std::size_t c = 0; c < cells; ++c) {
      for (const Counts& d : cells_[c].docs) {
        totals[c].counts.tp += d.tp;
        totals[c].counts.fp += d.fp;
        totals[c].counts.fn += d.fn;
      }
      for (std::size_t m = 0; m < 3; ++m)
        for (std::int64_t q : cells_[c].fixed[m]) totals[c].fixed[m] += q;
    }
    auto exact_value = [&](std::size_t c, Statistic s) {
      const Totals& t = totals[c];
      if (is_micro(s)) return pick(prf(t.counts.tp, t.counts.fp, t.counts.fn, cells_[c].rule), s);
      return fixed_mean(static_cast<double>(t.fixed[static_cast<std::size_t>(s) - 3]), k, n);
    };

    const double q_lo = bs.alpha / 2, q_hi = 1 - bs.alpha / 2;
    const std::string cell_signature = bs.signature();
    result.cells.resize(cells);
    parallel(cells, [&](std::size_t c) {
      CellResult& r = result.cells[c];
      r.documents = n;
      r.signature = cell_signature;
      const Totals& t = totals[c];
      const Prf micro = prf(t.counts.tp, t.counts.fp, t.counts.fn, cells_[c].rule);
      std::vector<double> scratch(B);
      for (std::size_t s = 0; s < kStatistics; ++s) {
        Interval& iv = r.stats[s];
        iv.estimate = s < 3 ? pick(micro, static_cast<Statistic>(s)) : cells_[c].macro[s - 3];
        const double* v = values.data() + (c * kStatistics + s) * B;
        scratch.assign(v, v + B);
        std::tie(iv.lo, iv.hi) = quantiles(scratch, q_lo, q_hi);
      }
    });

    // Paired comparisons: bootstrap from the shared resamples.
    const std::size_t cmps = comparisons_.size();
    result.comparisons.resize(cmps);
    const std::string paired_signature = bs.paired_signature();
    parallel(cmps, [&](std::size_t i) {
      const Comparison& cmp = comparisons_[i];
      PairedResult& r = result.comparisons[i];
      const std::size_t s = static_cast<std::size_t>(cmp.statistic);
      r.statistic = cmp.statistic;
      r.documents = n;
      r.a = result.cells[cmp.a].stats[s].estimate;
      r.b = result.cells[cmp.b].stats[s].estimate;
      r.delta = r.a - r.b;
      r.bootstrap_signature = paired_signature;
      const double* va = values.data() + (cmp.a * kStatistics + s) * B;
      const double* vb = values.data() + (cmp.b * kStatistics + s) * B;
      std::vector<double> deltas(B);
      for (std::size_t b = 0; b < B; ++b) deltas[b] = va[b] - vb[b];
      const double d0 = exact_value(cmp.a, cmp.statistic) - exact_value(cmp.b, cmp.statistic);
      const double bound = std::abs(d0) - tolerance(d0);
      std::size_t extreme = 0;
      for (double d : deltas) extreme += std::abs(d - d0) >= bound;
      r.p_bootstrap = static_cast<double>(extreme + 1) / static_cast<double>(B + 1);
      std::tie(r.lo, r.hi) = quantiles(deltas, q_lo, q_hi);
      r.p_randomization = std::numeric_limits<double>::quiet_NaN();
    });

    // Approximate randomization.
    const std::size_t T = ar.trials;
    if (T == 0 || cmps == 0) return;
    const std::size_t words = (n + 63) / 64;
    std::vector<std::uint64_t> bits(words * T);  // bits[w * T + t]
    parallel((T + 255) / 256, [&](std::size_t blk) {
      for (std::size_t t = blk * 256; t < std::min(T, blk * 256 + 256); ++t) {
        Rng rng = Rng::stream(ar.seed, Purpose::Randomization, t);
        for (std::size_t w = 0; w < words; ++w) bits[w * T + t] = rng.next();
      }
    });
    const std::string ar_signature = ar.signature();
    parallel(cmps, [&](std::size_t i) {
      const Comparison& cmp = comparisons_[i];
      PairedResult& r = result.comparisons[i];
      const Cell& ca = cells_[cmp.a];
      const Cell& cb = cells_[cmp.b];
      const Statistic st = cmp.statistic;
      const double d0 = exact_value(cmp.a, st) - exact_value(cmp.b, st);
      const double bound = std::abs(d0) - tolerance(d0);
      std::size_t extreme = 0;
      thread_local std::vector<Q4> d, acc, tables;
      d.assign(words * 64, Q4{});
      acc.resize(T);
      tables.resize(16 * 256);
      if (is_micro(st)) {
        for (std::size_t j = 0; j < n; ++j)
          d[j].v = v4q{ca.docs[j].tp - cb.docs[j].tp, ca.docs[j].fp - cb.docs[j].fp, ca.docs[j].fn - cb.docs[j].fn, 0};
        swap_sums(d.data(), words, bits.data(), T, acc.data(), tables.data());
        const Counts& ta = totals[cmp.a].counts;
        const Counts& tb = totals[cmp.b].counts;
        for (std::size_t t = 0; t < T; ++t) {
          const v4q s = acc[t].v;
          const double da = pick(prf(ta.tp - s[0], ta.fp - s[1], ta.fn - s[2], ca.rule), st);
          const double db = pick(prf(tb.tp + s[0], tb.fp + s[1], tb.fn + s[2], cb.rule), st);
          extreme += std::abs(da - db) >= bound;
        }
      } else {
        const std::size_t m = static_cast<std::size_t>(st) - 3;
        for (std::size_t j = 0; j < n; ++j) d[j].v = v4q{ca.fixed[m][j] - cb.fixed[m][j], 0, 0, 0};
        swap_sums(d.data(), words, bits.data(), T, acc.data(), tables.data());
        const std::int64_t qa = totals[cmp.a].fixed[m], qb = totals[cmp.b].fixed[m];
        for (std::size_t t = 0; t < T; ++t) {
          const double da = fixed_mean(static_cast<double>(qa - acc[t].v[0]), k, n);
          const double db = fixed_mean(static_cast<double>(qb + acc[t].v[0]), k, n);
          extreme += std::abs(da - db) >= bound;
        }
      }
      r.p_randomization = static_cast<double>(extreme + 1) / static_cast<double>(T + 1);
      r.randomization_signature = ar_signature;
    });
  };
  if (threads > 0) {
    tbb::task_arena arena(static_cast<int>(threads));
    arena.execute(body);
  } else {
    body();
  }
  return result;
}

}  // namespace detour::stats
