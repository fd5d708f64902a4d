// sequence_matcher: fast and reference implementations of the Ratcliff/Obershelp
// matcher of CPython 3's Lib/difflib.py (SequenceMatcher with isjunk=None), checked
// against Python 3.11's difflib by tests/sequence_matcher_test.cc.
//
// The fast matcher gives difflib's answers with less work:
//  * tokens become dense local ids; b2j (and, for large matchers, a2i) are CSR
//    tables over them. Popular tokens get empty lists.
//  * find_longest_match's DP (k(i, j) = k(i-1, j-1) + 1 over pairs) runs row by row
//    as difflib does, or column by column when the b range holds fewer lines than
//    the a range; both give difflib's winner (largest k, then first in row-major
//    order), see find_dp.
//  * large matchers (many pairs: CJK characters with autojunk off) also index every
//    maximal diagonal run of length >= q (q = 4, or 3 for > 65k distinct ids),
//    found through hashed q-grams of b. Inside a query rectangle a run clipped to
//    it has k = 1, 2, ..., M, so the DP's winner is the entry (top-edge pair,
//    left-edge pair or run start inside) with the largest clipped length M, then
//    smallest row, then column. If that M is >= q, the pairs outside the index
//    cannot matter and the DP is skipped; otherwise the DP runs as usual.
//  * the DP tables are per-thread and stamped per line, so nothing is cleared or
//    allocated per call.
#include "kernels/sequence_matcher.h"
#include "kernels/matching_blocks.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <limits>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <tuple>
#include <unordered_map>

namespace detour::metrics {

const char* op_name(OpTag tag) {
  switch (tag) {
    case OpTag::Equal: return "equal";
    case OpTag::Replace: return "replace";
    case OpTag::Delete: return "delete";
    case OpTag::Insert: return "insert";
  }
  return "?";
}

namespace {

}  // namespace

void check_ids(std::span<const std::int32_t> s, const char* which) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] < 0) {
      throw std::invalid_argument(std::string("SequenceMatcher: sequence ") + which +
                                  " has a negative token id at position " + std::to_string(i));
    }
  }
  if (s.size() > static_cast<std::size_t>(std::numeric_limits<int>::max() / 2)) {
    throw std::invalid_argument(std::string("SequenceMatcher: sequence ") + which +
                                " is too long");
  }
}

namespace {

// difflib's popular rule: with autojunk and len(b) >= 200, elements occurring more
// than len(b) // 100 + 1 times are dropped from b2j.
inline bool is_popular(std::size_t count, std::size_t lb, bool autojunk) {
  return autojunk && lb >= 200 && count > lb / 100 + 1;
}

// std::lower_bound without data-dependent branches (the comparisons of a search
// inside a position list are unpredictable). Requires first <= last.
inline const int* lower_bound_branchless(const int* first, const int* last, int key) {
  std::size_t len = static_cast<std::size_t>(last - first);
  if (len == 0) return first;
  while (len > 1) {
    const std::size_t half = len / 2;
    first = first[half] < key ? first + half : first;
    len -= half;
  }
  return first + (*first < key);
}

// Per-thread scratch of find(), shared by all matchers of a thread (so that const
// methods stay thread-safe and nothing is allocated per call):
//  * cells: the j2len table, entry j + 1 = (row stamp << 32) | length for b[j];
//  * windows: per local token id, the part of its position list inside the current
//    call's [blo, bhi), found by binary search the first time the id is met in a
//    call (valid while its stamp equals the call's).
// Stamps only grow, so no entry ever needs clearing, except when the 32-bit stamp
// wraps around.
struct Window {
  std::uint32_t stamp = 0;
  int lo = 0, hi = 0;
};

struct J2LenTable {
  std::vector<std::uint64_t> cells;
  std::vector<Window> windows;
  std::uint32_t stamp = 2;

  // Reserves room for b of length lb, nlocal token ids and `rows` fresh stamps;
  // returns the first stamp (its predecessor is never a live stamp).
  std::uint32_t begin_call(std::size_t lb, std::size_t rows, std::size_t nlocal) {
    if (cells.size() < lb + 1) cells.resize(lb + 1, 0);
    if (windows.size() < nlocal + 1) windows.resize(nlocal + 1);
    if (static_cast<std::uint64_t>(stamp) + rows + 2 >= std::numeric_limits<std::uint32_t>::max()) {
      std::fill(cells.begin(), cells.end(), 0);
      std::fill(windows.begin(), windows.end(), Window{});
      stamp = 2;
    }
    std::uint32_t first = stamp + 1;
    stamp += static_cast<std::uint32_t>(rows) + 2;
    return first;
  }
};

// Token ids below this go through a per-thread direct table (4 bytes per id).
constexpr std::int32_t kDirectIds = 1 << 24;

std::vector<int>& direct_table() {
  thread_local std::vector<int> table;
  return table;
}

J2LenTable& j2len_table() {
  thread_local J2LenTable table;
  return table;
}

}  // namespace

// ---------------------------------------------------------------------------
// Fast matcher.

namespace {

// One line of the DP, seen from either side: a row of a (`at` = i, list = positions
// of a[i] in b) or a column of b (`at` = j, list = positions of b[j] in a).
struct Line {
  int at;           // position in the sequence the line belongs to
  int id;           // local id: its list is pos[off[id]..off[id + 1])
  int first, last;  // first and last entries of that list, to skip lines cheaply
};

// A maximal diagonal run of pairs (a[r + t] == b[j + t], b[j + t] not popular,
// t < len) that cannot be extended up-left: (r - 1, j - 1) is not a pair.
struct Run {
  int r, j, len;
};

// The best entry of a longest-match query: difflib keeps the largest k and, among
// equal k, the first cell reaching it in row-major order. A diagonal segment that
// enters the query rectangle at (r, j) and has M cells inside reaches k = M at
// (r + M - 1, j + M - 1), so the winner is the largest M, then smallest r, then j.
struct Best {
  int size = 0, r = 0, j = 0;
  void offer(int m, int r0, int j0) {
    if (m > size || (m == size && m > 0 && (r0 < r || (r0 == r && j0 < j)))) {
      size = m;
      r = r0;
      j = j0;
    }
  }
};

}  // namespace

namespace {

// Per-thread scratch of the constructors (counts, CSR fill pointers), reused by
// every matcher of the thread so that building a matcher allocates only what it
// keeps.
struct BuildScratch {
  std::vector<int> acount, fill;
  std::vector<std::uint64_t> bkey;
};

BuildScratch& build_scratch() {
  thread_local BuildScratch s;
  return s;
}

template <class T>
void reset_to(std::vector<T>& v, std::size_t n, T value) {
  v.assign(n, value);  // keeps capacity: no allocation once the scratch is warm
}

// CSR lists per local id (ascending because positions ascend): the positions p of
// `ids` whose id has a non-zero count. `off` gets nlocal + 2 entries (id nlocal is
// an always-empty list).
void build_csr(const std::vector<int>& count, const std::vector<int>& ids, int nlocal,
               std::vector<int>& off, std::vector<int>& pos, std::vector<int>& fill_scratch) {
  const std::size_t n1 = static_cast<std::size_t>(nlocal) + 1;
  off.resize(n1 + 1);
  off[0] = 0;
  for (int id = 0; id < nlocal; ++id) off[id + 1] = off[id] + count[id];
  off[n1] = off[nlocal];
  pos.resize(static_cast<std::size_t>(off[nlocal]));
  fill_scratch.assign(off.begin(), off.end() - 1);
  int* fill = fill_scratch.data();
  for (std::size_t p = 0; p < ids.size(); ++p)
    if (ids[p] >= 0 && count[ids[p]]) pos[fill[ids[p]]++] = static_cast<int>(p);
}

}  // namespace

// The b side: everything that depends on b alone.
struct MatchTarget::Data {
  // bid[j]: local id of b[j] (dense, 0..nlocal-1). Token equality is id equality.
  std::vector<int> bid;
  int nlocal = 0;
  int popular = 0;
  bool autojunk = true;
  std::vector<char> pop;    // per local id: popular (autojunk); nlocal + 1 entries
  std::vector<int> bcount;  // per local id: entries of its b2j list (0 if popular)
  std::vector<int> boff, bpos;  // b2j as CSR lists (popular ids: empty)
  // global[l]: the caller's token id of local id l, to map a's tokens. `canonical`:
  // global[l] == l for every l (b's ids are already dense in first-occurrence
  // order, as the interners of metrics/metric.cc make gold ids), so a's ids map
  // to themselves (or to -1 when >= nlocal). `sorted`: global is sorted (the
  // sort-based path for huge ids), mapped by binary search.
  std::vector<std::int32_t> global;
  bool canonical = false;
  bool sorted = false;
  std::int32_t max_global = -1;

  // The hashed q-grams of b (packed local ids + 1, so a key match is an exact
  // match), chained by start position ascending; built on first need by a matcher
  // with many pairs (see SequenceMatcher::Impl::build_runs).
  struct QIndex {
    int q = 0, bits = 0;  // q == 0: no index possible (too many distinct ids)
    std::uint64_t mask = 0;
    std::size_t cap = 0;
    int shift = 0;
    std::vector<std::uint64_t> keys;  // 0 = empty slot
    std::vector<int> head, next;
    std::size_t slot_of(std::uint64_t key) const {
      std::size_t h = static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift);
      while (keys[h] != 0 && keys[h] != key) h = (h + 1) & (cap - 1);
      return h;
    }
  };
  mutable std::once_flag qonce;
  mutable QIndex qi;

  Data(std::span<const std::int32_t> b, bool aj) : autojunk(aj) {
    check_ids(b, "b");
    const std::size_t lb = b.size();
    std::int32_t maxb = -1;
    for (std::int32_t t : b) maxb = std::max(maxb, t);
    max_global = maxb;
    bid.resize(lb);
    // Local ids for b's tokens: through a per-thread token-id table (reset after
    // use) when ids are below kDirectIds, sort-based otherwise.
    if (maxb < kDirectIds) {
      std::vector<int>& direct = direct_table();
      if (direct.size() < static_cast<std::size_t>(maxb) + 1)
        direct.resize(static_cast<std::size_t>(maxb) + 1, -1);
      for (std::size_t j = 0; j < lb; ++j) {
        int& id = direct[static_cast<std::size_t>(b[j])];
        if (id < 0) {
          id = nlocal++;
          global.push_back(b[j]);
        }
        bid[j] = id;
      }
      for (std::int32_t g : global) direct[static_cast<std::size_t>(g)] = -1;
    } else {
      global.assign(b.begin(), b.end());
      std::sort(global.begin(), global.end());
      global.erase(std::unique(global.begin(), global.end()), global.end());
      nlocal = static_cast<int>(global.size());
      for (std::size_t j = 0; j < lb; ++j)
        bid[j] = static_cast<int>(std::lower_bound(global.begin(), global.end(), b[j]) - global.begin());
      sorted = true;
    }
    canonical = true;
    for (int l = 0; l < nlocal && canonical; ++l) canonical = global[static_cast<std::size_t>(l)] == l;

    // Counts and the popular rule.
    const std::size_t n1 = static_cast<std::size_t>(nlocal) + 1;
    bcount.assign(n1, 0);
    for (int id : bid) ++bcount[static_cast<std::size_t>(id)];
    pop.assign(n1, 0);
    for (int id = 0; id < nlocal; ++id) {
      if (is_popular(static_cast<std::size_t>(bcount[id]), lb, autojunk)) {
        pop[id] = 1;
        bcount[id] = 0;
        ++popular;
      }
    }
    build_csr(bcount, bid, nlocal, boff, bpos, build_scratch().fill);
  }

  // a's tokens as local ids of b (-1: not in b).
  void map_a(std::span<const std::int32_t> a, std::vector<int>& aid) const {
    aid.resize(a.size());
    const std::size_t la = a.size();
    if (canonical) {
      const std::uint32_t n = static_cast<std::uint32_t>(nlocal);
      for (std::size_t i = 0; i < la; ++i) aid[i] = static_cast<std::uint32_t>(a[i]) < n ? a[i] : -1;
    } else if (sorted) {
      for (std::size_t i = 0; i < la; ++i) {
        auto it = std::lower_bound(global.begin(), global.end(), a[i]);
        aid[i] = it != global.end() && *it == a[i] ? static_cast<int>(it - global.begin()) : -1;
      }
    } else {
      std::vector<int>& direct = direct_table();  // all -1 between calls
      // This thread's table may be smaller than the one that built the target.
      if (direct.size() < static_cast<std::size_t>(max_global) + 1)
        direct.resize(static_cast<std::size_t>(max_global) + 1, -1);
      const std::int32_t limit = static_cast<std::int32_t>(direct.size());
      for (int l = 0; l < nlocal; ++l) direct[static_cast<std::size_t>(global[static_cast<std::size_t>(l)])] = l;
      for (std::size_t i = 0; i < la; ++i) aid[i] = a[i] < limit ? direct[static_cast<std::size_t>(a[i])] : -1;
      for (std::int32_t g : global) direct[static_cast<std::size_t>(g)] = -1;
    }
  }

  const QIndex& qindex() const {
    std::call_once(qonce, [this] { build_qindex(); });
    return qi;
  }

  void build_qindex() const {
    const std::size_t lb = bid.size();
    if (nlocal < (1 << 16) - 1) {
      qi.q = 4;
      qi.bits = 16;
    } else if (nlocal < (1 << 21) - 1) {
      qi.q = 3;
      qi.bits = 21;
    } else {
      return;  // q stays 0: no index
    }
    const int q = qi.q, bits = qi.bits;
    qi.mask = bits * q == 64 ? ~0ULL : ((1ULL << (bits * q)) - 1);
    qi.cap = 16;
    while (qi.cap < 2 * lb) qi.cap <<= 1;
    qi.shift = 64 - std::countr_zero(qi.cap);
    qi.keys.assign(qi.cap, 0);
    qi.head.assign(qi.cap, -1);
    qi.next.assign(lb, -1);
    std::vector<std::uint64_t>& bkey = build_scratch().bkey;
    reset_to<std::uint64_t>(bkey, lb, 0);
    // q-grams of b, keyed by their start; inserted with descending start so each
    // chain lists starts ascending.
    std::uint64_t key = 0;
    int valid = 0;
    for (std::size_t t = 0; t < lb; ++t) {
      const int id = bid[t];
      if (pop[id]) {
        valid = 0;
        continue;
      }
      key = ((key << bits) | static_cast<std::uint64_t>(id + 1)) & qi.mask;
      if (++valid >= q) bkey[t + 1 - static_cast<std::size_t>(q)] = key;
    }
    for (std::size_t p = lb; p-- > 0;) {
      const std::uint64_t k = bkey[p];
      if (!k) continue;
      const std::size_t h = qi.slot_of(k);
      qi.keys[h] = k;
      qi.next[p] = qi.head[h];
      qi.head[h] = static_cast<int>(p);
    }
  }
};

MatchTarget::MatchTarget(std::span<const std::int32_t> b, bool autojunk)
    : d_(std::make_unique<Data>(b, autojunk)) {}
MatchTarget::~MatchTarget() = default;
std::size_t MatchTarget::size() const { return d_->bid.size(); }
bool MatchTarget::autojunk() const { return d_->autojunk; }
int MatchTarget::popular_count() const { return d_->popular; }

struct SequenceMatcher::Impl {
  // The b side (owned when the matcher was built from b itself).
  std::unique_ptr<MatchTarget> own;
  const MatchTarget::Data& T;
  // Shorthands for T's members.
  const std::vector<int>& bid;
  const std::vector<char>& pop;
  const std::vector<int>& boff;
  const std::vector<int>& bpos;
  const int nlocal;
  const int popular;
  // aid[i]: the local id of a[i], or -1 when a[i] does not occur in b. (i, j) is
  // a pair (a cell difflib's DP visits) when aid[i] == bid[j] and that id is not
  // popular.
  std::vector<int> aid;
  // a2i as CSR lists per local id (positions in a; built for large matchers).
  std::vector<int> aoff, apos;
  std::vector<Line> rows;  // rows of a with a non-empty b2j list, ascending i
  std::vector<Line> cols;  // columns of b with a non-empty a2i list, ascending j
  // Maximal runs of length >= run_q, sorted by (r, j); built only when the matcher
  // has many pairs (see build_runs). run_q == 0: no index.
  std::vector<Run> runs;
  int run_q = 0;
  bool large = false;  // columns and run index built
  std::size_t npairs = 0;  // pairs (i, j) of the whole matrix

  Impl(std::span<const std::int32_t> a, std::unique_ptr<MatchTarget> target)
      : Impl(a, *target->d_) {
    own = std::move(target);
  }

  Impl(std::span<const std::int32_t> a, const MatchTarget::Data& t)
      : T(t), bid(t.bid), pop(t.pop), boff(t.boff), bpos(t.bpos), nlocal(t.nlocal), popular(t.popular) {
    check_ids(a, "a");
    const std::size_t la = a.size(), lb = bid.size();
    T.map_a(a, aid);
    rows.reserve(la);
    for (std::size_t i = 0; i < la; ++i) {
      const int id = aid[i];
      if (id < 0 || T.bcount[id] == 0) continue;
      rows.push_back({static_cast<int>(i), id, bpos[boff[id]], bpos[boff[id + 1] - 1]});
      npairs += static_cast<std::size_t>(T.bcount[id]);
    }
    // Small matchers (few pairs: words, autojunk on) stop here: the row DP alone is
    // cheapest for them. Large ones also get columns and the run index.
    large = npairs >= 2 * (la + lb) && npairs >= 2000;
    if (!large) return;
    BuildScratch& s = build_scratch();
    reset_to(s.acount, static_cast<std::size_t>(nlocal) + 1, 0);
    for (int id : aid)
      if (id >= 0 && !pop[id]) ++s.acount[id];
    build_csr(s.acount, aid, nlocal, aoff, apos, s.fill);
    cols.reserve(static_cast<std::size_t>(boff[nlocal]));
    for (std::size_t j = 0; j < lb; ++j) {
      const int id = bid[j];
      if (s.acount[id] == 0) continue;
      cols.push_back({static_cast<int>(j), id, apos[aoff[id]], apos[aoff[id + 1] - 1]});
    }
    build_runs();
  }

  // Length of the run of pairs from (i, j), at most lim.
  int extend(int i, int j, int lim) const {
    const int* pa = aid.data() + i;
    const int* pb = bid.data() + j;
    int n = 0;
    if (popular == 0) {
      while (n < lim && pa[n] == pb[n]) ++n;
    } else {
      while (n < lim && pa[n] == pb[n] && !pop[pb[n]]) ++n;
    }
    return n;
  }
  bool is_pair(int i, int j) const { return aid[i] == bid[j] && !pop[bid[j]]; }

  // The run index, built when the matrix has many pairs (CJK characters with
  // autojunk off): all maximal runs of length >= q, found by looking a's q-grams
  // up in the target's q-gram index of b instead of walking all pairs.
  void build_runs() {
    const auto& qi = T.qindex();
    const int q = qi.q;
    if (q == 0) return;
    const std::size_t la = aid.size(), lb = bid.size();
    if (la < static_cast<std::size_t>(q) || lb < static_cast<std::size_t>(q)) return;
    std::uint64_t key = 0;
    int valid = 0;
    for (std::size_t t = 0; t < la; ++t) {
      const int id = aid[t];
      if (id < 0 || pop[id]) {
        valid = 0;
        continue;
      }
      key = ((key << qi.bits) | static_cast<std::uint64_t>(id + 1)) & qi.mask;
      if (++valid < q) continue;
      const std::size_t h = qi.slot_of(key);
      if (qi.keys[h] == 0) continue;
      const int i = static_cast<int>(t) + 1 - q;
      for (int j = qi.head[h]; j >= 0; j = qi.next[static_cast<std::size_t>(j)]) {
        if (i > 0 && j > 0 && is_pair(i - 1, j - 1)) continue;  // not a run start
        const int lim = static_cast<int>(std::min(la - static_cast<std::size_t>(i), lb - static_cast<std::size_t>(j)));
        runs.push_back({i, j, q + extend(i + q, j + q, lim - q)});
      }
    }
    run_q = q;
  }
  // Longest match through the run index: candidates are the pairs on the top row
  // and left column of the rectangle (segments entering through its edges) and the
  // indexed run starts inside it. Exact when the answer is >= run_q (any segment
  // not examined is a run of length < run_q); returns size 0 otherwise.
  Best find_by_runs(int alo, int ahi, int blo, int bhi) const {
    Best best{0, alo, blo};
    // Top edge: pairs (alo, j), j in [blo, bhi).
    if (const int id = aid[alo]; id >= 0 && !pop[id]) {
      const int* lo = std::lower_bound(bpos.data() + boff[id], bpos.data() + boff[id + 1], blo);
      const int* hi = bpos.data() + boff[id + 1];
      for (; lo != hi && *lo < bhi; ++lo) {
        const int lim = std::min(ahi - alo, bhi - *lo);
        if (lim < best.size) break;
        best.offer(extend(alo, *lo, lim), alo, *lo);
      }
    }
    // Left edge: pairs (i, blo), i in (alo, ahi).
    if (const int id = bid[blo]; !pop[id]) {
      const int* lo = std::upper_bound(apos.data() + aoff[id], apos.data() + aoff[id + 1], alo);
      const int* hi = apos.data() + aoff[id + 1];
      for (; lo != hi && *lo < ahi; ++lo) {
        const int lim = std::min(ahi - *lo, bhi - blo);
        if (lim < best.size) break;
        best.offer(extend(*lo, blo, lim), *lo, blo);
      }
    }
    // Indexed runs starting inside, rows (alo, ahi).
    const Run* r = std::upper_bound(runs.data(), runs.data() + runs.size(), alo,
                                    [](int v, const Run& x) { return v < x.r; });
    const Run* end = runs.data() + runs.size();
    for (; r != end && ahi - r->r >= best.size && r->r < ahi; ++r) {
      if (r->j < blo || r->j >= bhi || r->len < best.size) continue;
      best.offer(std::min({r->len, ahi - r->r, bhi - r->j}), r->r, r->j);
    }
    if (best.size < run_q) best.size = 0;
    return best;
  }

  // difflib's DP, row by row (i ascending) or, when the b range holds fewer lines
  // than the a range, column by column (j ascending) with the same result: k(i, j)
  // only depends on the diagonal predecessor, and the winner is chosen by the rule
  // of Best. Lines are walked in descending order of their list so that each line
  // writes its new lengths into the same table it reads the previous line from.
  //  * cells: entry p + 1 = (line stamp << 32) | length for position p of the
  //    other sequence, where line x of a call has stamp base + (x - lo). An entry
  //    is valid for line x only if its stamp is that of line x - 1, so skipped lines
  //    and older calls invalidate themselves.
  //  * each line walks only the window [olo, ohi) of its list (two branch-free
  //    binary searches, cached per token id for the call).
  template <bool kByRow>
  Best find_dp(const Line* ln, const Line* lend, int lo, int olo, int ohi, std::size_t lines) const {
    J2LenTable& t = j2len_table();
    const std::uint32_t base =
        t.begin_call(std::max(aid.size(), bid.size()), lines, static_cast<std::size_t>(nlocal));
    const std::uint32_t wstamp = base;  // unique to this call
    std::uint64_t* cells = t.cells.data();
    const int* pos = kByRow ? bpos.data() : apos.data();
    const int* off = kByRow ? boff.data() : aoff.data();
    Window* win = t.windows.data();
    int bestk = 0, best_at = -1, best_end = 0;  // best_end: position in the other sequence
    const int hi = lo + static_cast<int>(lines);
    for (; ln != lend && ln->at < hi; ++ln) {
      if (ln->first >= ohi || ln->last < olo) continue;
      Window& w = win[ln->id];
      if (w.stamp != wstamp) {
        const int* wlo = pos + off[ln->id];
        const int* whi = pos + off[ln->id + 1];
        if (ln->first < olo) wlo = lower_bound_branchless(wlo, whi, olo);
        if (ln->last >= ohi) whi = lower_bound_branchless(wlo, whi, ohi);
        w = {wstamp, static_cast<int>(wlo - pos), static_cast<int>(whi - pos)};
      }
      const int* first = pos + w.lo;
      const int* last = pos + w.hi;
      const std::uint32_t stamp = base + static_cast<std::uint32_t>(ln->at - lo);
      const std::uint64_t prev = static_cast<std::uint64_t>(stamp - 1);
      const std::uint64_t mine = static_cast<std::uint64_t>(stamp) << 32;
      // By row: a line must beat bestk strictly (a later row never wins a tie). By
      // column: a tie wins when it ends on an earlier row, so equal k is kept and
      // decided after the line.
      int line_best = kByRow ? bestk + 1 : std::max(bestk, 1);
      int line_p = -1;
      for (const int* p = last; p != first;) {
        const int x = *--p;
        const std::uint64_t c = cells[x];  // describes x - 1 on the previous line
        // Branch-free: whether x - 1 matched on the previous line is unpredictable.
        const std::uint32_t live = -static_cast<std::uint32_t>((c >> 32) == prev);
        const std::uint32_t k32 = (static_cast<std::uint32_t>(c) & live) + 1;
        cells[x + 1] = mine | k32;
        const int k = static_cast<int>(k32);
        if (k >= line_best) {
          line_best = k;
          line_p = x;
        }
      }
      if (line_p >= 0) {
        if (kByRow || line_best > bestk || line_p < best_end) {
          bestk = line_best;
          best_at = ln->at;
          best_end = line_p;
        }
      }
    }
    if (best_at < 0) return Best{};
    if (kByRow) return Best{bestk, best_at - bestk + 1, best_end - bestk + 1};
    return Best{bestk, best_end - bestk + 1, best_at - bestk + 1};
  }

  MatchBlock find(int alo, int ahi, int blo, int bhi) const {
    int besti = alo, bestj = blo, bestsize = 0;
    if (alo < ahi && blo < bhi) {
      Best best;
      if (run_q > 0 && std::min(ahi - alo, bhi - blo) >= run_q) best = find_by_runs(alo, ahi, blo, bhi);
      if (best.size == 0) {
        auto by_at = [](const Line& x, int v) { return x.at < v; };
        const Line* r0 = std::lower_bound(rows.data(), rows.data() + rows.size(), alo, by_at);
        const Line* r1 = rows.data() + rows.size();
        bool by_row = true;
        if (large) {
          r1 = std::lower_bound(r0, r1, ahi, by_at);
          const Line* c0 = std::lower_bound(cols.data(), cols.data() + cols.size(), blo, by_at);
          const Line* c1 = std::lower_bound(c0, cols.data() + cols.size(), bhi, by_at);
          if (c1 - c0 < r1 - r0) {
            by_row = false;
            best = find_dp<false>(c0, c1, blo, alo, ahi, static_cast<std::size_t>(bhi - blo));
          }
        }
        if (by_row) best = find_dp<true>(r0, r1, alo, blo, bhi, static_cast<std::size_t>(ahi - alo));
      }
      if (best.size > 0) {
        besti = best.r;
        bestj = best.j;
        bestsize = best.size;
      }
    }
    // Extend over equal elements (popular ones included) on both ends; with
    // isjunk=None difflib's junk passes are no-ops.
    const int* pa = aid.data();  // ids: equal ids are equal tokens, popular or not
    const int* pb = bid.data();
    while (besti > alo && bestj > blo && pa[besti - 1] == pb[bestj - 1]) {
      --besti;
      --bestj;
      ++bestsize;
    }
    while (besti + bestsize < ahi && bestj + bestsize < bhi &&
           pa[besti + bestsize] == pb[bestj + bestsize])
      ++bestsize;
    return {besti, bestj, bestsize};
  }
};

SequenceMatcher::SequenceMatcher(std::span<const std::int32_t> a, std::span<const std::int32_t> b,
                                 bool autojunk)
    : impl_(new Impl(a, std::make_unique<MatchTarget>(b, autojunk))) {}

SequenceMatcher::SequenceMatcher(std::span<const std::int32_t> a, const MatchTarget& b)
    : impl_(new Impl(a, *b.d_)) {}

SequenceMatcher::~SequenceMatcher() { delete impl_; }

MatchBlock SequenceMatcher::find_longest_match(int alo, int ahi, int blo, int bhi) const {
  const int la = static_cast<int>(impl_->aid.size()), lb = static_cast<int>(impl_->bid.size());
  if (alo < 0 || blo < 0 || ahi > la || bhi > lb || alo > ahi || blo > bhi)
    throw std::out_of_range("SequenceMatcher::find_longest_match: range outside the sequences");
  return impl_->find(alo, ahi, blo, bhi);
}

std::vector<MatchBlock> SequenceMatcher::get_matching_blocks() const {
  return matching_blocks(static_cast<int>(impl_->aid.size()), static_cast<int>(impl_->bid.size()),
                         [this](int alo, int ahi, int blo, int bhi) {
                           return impl_->find(alo, ahi, blo, bhi);
                         });
}

std::vector<Opcode> SequenceMatcher::get_opcodes() const {
  return opcodes_from_blocks(get_matching_blocks());
}

int SequenceMatcher::popular_count() const { return impl_->popular; }



}  // namespace detour::metrics
