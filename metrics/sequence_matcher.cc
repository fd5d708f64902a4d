// sequence_matcher: fast and reference implementations of the Ratcliff/Obershelp
// matcher of CPython 3's Lib/difflib.py (SequenceMatcher with isjunk=None), checked
// against Python 3.11's difflib by tests/sequence_matcher_test.cc.
//
// The fast matcher keeps the exact order of operations of difflib but replaces its
// dictionaries by flat arrays:
//  * b2j is a CSR table over local (dense) token ids: offsets[id]..offsets[id+1]
//    index an ascending list of positions in b. Popular tokens get empty lists.
//  * Only rows of a whose element has a list are visited (a precomputed row list);
//    rows whose list misses [blo, bhi) are skipped by its first/last entries.
//  * j2len/newj2len become one thread-local table of (row stamp, length) pairs
//    indexed by j + 1, where row i of a call has stamp base + (i - alo). An entry
//    is valid for row i only if its stamp is that of row i - 1, so skipped rows and
//    older calls invalidate themselves: nothing is ever cleared.
//  * Each row walks only the window [blo, bhi) of its position list (two branch-free
//    binary searches, cached per token id for the call) and walks it in DESCENDING
//    j order, which lets the row write its new lengths into the same table it reads
//    the previous row from. difflib walks j ascending and keeps the first j reaching
//    a new maximum; walking descending with ">=" and committing the row's best after
//    the row gives the same answer.
#include "metrics/sequence_matcher.h"

#include <algorithm>
#include <cstddef>
#include <limits>
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

// difflib's popular rule: with autojunk and len(b) >= 200, elements occurring more
// than len(b) // 100 + 1 times are dropped from b2j.
inline bool is_popular(std::size_t count, std::size_t lb, bool autojunk) {
  return autojunk && lb >= 200 && count > lb / 100 + 1;
}

// Sorting, merging and the sentinel of get_matching_blocks (difflib 2.5+).
std::vector<MatchBlock> finish_blocks(std::vector<MatchBlock> blocks, int la, int lb) {
  std::sort(blocks.begin(), blocks.end(), [](const MatchBlock& x, const MatchBlock& y) {
    return std::tie(x.a, x.b, x.size) < std::tie(y.a, y.b, y.size);
  });
  std::vector<MatchBlock> out;
  out.reserve(blocks.size() + 1);
  MatchBlock cur{0, 0, 0};
  for (const MatchBlock& m : blocks) {
    if (cur.a + cur.size == m.a && cur.b + cur.size == m.b) {
      cur.size += m.size;
    } else {
      if (cur.size) out.push_back(cur);
      cur = m;
    }
  }
  if (cur.size) out.push_back(cur);
  out.push_back({la, lb, 0});
  return out;
}

std::vector<Opcode> opcodes_from_blocks(const std::vector<MatchBlock>& blocks) {
  std::vector<Opcode> answer;
  answer.reserve(blocks.size() * 2);
  int i = 0, j = 0;
  for (const MatchBlock& m : blocks) {
    if (i < m.a && j < m.b) {
      answer.push_back({OpTag::Replace, i, m.a, j, m.b});
    } else if (i < m.a) {
      answer.push_back({OpTag::Delete, i, m.a, j, m.b});
    } else if (j < m.b) {
      answer.push_back({OpTag::Insert, i, m.a, j, m.b});
    }
    i = m.a + m.size;
    j = m.b + m.size;
    if (m.size) answer.push_back({OpTag::Equal, m.a, i, m.b, j});
  }
  return answer;
}

// The matching-blocks driver of difflib: a LIFO queue of ranges, left range pushed
// before right range, so the right one is examined first.
template <class Finder>
std::vector<MatchBlock> matching_blocks(int la, int lb, Finder&& find) {
  struct Range { int alo, ahi, blo, bhi; };
  std::vector<Range> queue;
  queue.push_back({0, la, 0, lb});
  std::vector<MatchBlock> blocks;
  while (!queue.empty()) {
    Range r = queue.back();
    queue.pop_back();
    MatchBlock x = find(r.alo, r.ahi, r.blo, r.bhi);
    if (x.size) {
      blocks.push_back(x);
      if (r.alo < x.a && r.blo < x.b) queue.push_back({r.alo, x.a, r.blo, x.b});
      if (x.a + x.size < r.ahi && x.b + x.size < r.bhi)
        queue.push_back({x.a + x.size, r.ahi, x.b + x.size, r.bhi});
    }
  }
  return finish_blocks(std::move(blocks), la, lb);
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

struct SequenceMatcher::Impl {
  std::vector<std::int32_t> a, b;
  // CSR b2j over local ids 0..nlocal-1 (popular ids have empty lists); id
  // `nlocal` is an always-empty list.
  std::vector<int> offsets;  // nlocal + 2 entries
  std::vector<int> positions;
  // Rows of a whose element has a (non-popular) position list in b, ascending i;
  // rows absent from this list can never start or continue a match in the main
  // loop, so find() never visits them.
  struct Row {
    int i;            // position in a
    int id;           // local id of a[i]: its list is positions[offsets[id]..offsets[id + 1])
    int first, last;  // first and last entries of that list, to skip rows cheaply
  };
  std::vector<Row> rows;
  int nlocal = 0;
  int popular = 0;

  Impl(std::span<const std::int32_t> sa, std::span<const std::int32_t> sb, bool autojunk)
      : a(sa.begin(), sa.end()), b(sb.begin(), sb.end()) {
    check_ids(sa, "a");
    check_ids(sb, "b");
    const std::size_t lb = b.size();
    std::int32_t maxb = -1;
    for (std::int32_t t : b) maxb = std::max(maxb, t);

    // Local ids for b's tokens: through a per-thread token-id table (reset after
    // use) when ids are below kDirectIds, sort-based otherwise.
    std::vector<int> b_local(lb);
    std::vector<int>& direct = direct_table();
    std::vector<std::int32_t> sorted;
    const bool use_direct = maxb < kDirectIds;
    struct Reset {  // leaves the shared table all -1 again, even on exceptions
      std::vector<int>* table;
      std::span<const std::int32_t> b;
      ~Reset() {
        if (table)
          for (std::int32_t t : b) (*table)[static_cast<std::size_t>(t)] = -1;
      }
    } reset{use_direct ? &direct : nullptr, sb};
    if (use_direct) {
      if (direct.size() < static_cast<std::size_t>(maxb) + 1)
        direct.resize(static_cast<std::size_t>(maxb) + 1, -1);
      for (std::size_t j = 0; j < lb; ++j) {
        int& id = direct[b[j]];
        if (id < 0) id = nlocal++;
        b_local[j] = id;
      }
    } else {
      sorted.assign(b.begin(), b.end());
      std::sort(sorted.begin(), sorted.end());
      sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
      nlocal = static_cast<int>(sorted.size());
      for (std::size_t j = 0; j < lb; ++j)
        b_local[j] = static_cast<int>(std::lower_bound(sorted.begin(), sorted.end(), b[j]) -
                                      sorted.begin());
    }

    // Counts, popular rule, CSR (positions ascending because j ascends).
    std::vector<int> count(static_cast<std::size_t>(nlocal) + 1, 0);
    for (int id : b_local) ++count[id];
    std::vector<char> drop(static_cast<std::size_t>(nlocal) + 1, 0);
    for (int id = 0; id < nlocal; ++id) {
      if (is_popular(static_cast<std::size_t>(count[id]), lb, autojunk)) {
        drop[id] = 1;
        ++popular;
      }
    }
    offsets.assign(static_cast<std::size_t>(nlocal) + 2, 0);
    for (int id = 0; id < nlocal; ++id) offsets[id + 1] = offsets[id] + (drop[id] ? 0 : count[id]);
    offsets[nlocal + 1] = offsets[nlocal];
    positions.resize(static_cast<std::size_t>(offsets[nlocal]));
    std::vector<int> fill(offsets.begin(), offsets.end() - 1);
    for (std::size_t j = 0; j < lb; ++j) {
      int id = b_local[j];
      if (!drop[id]) positions[fill[id]++] = static_cast<int>(j);
    }

    for (std::size_t i = 0; i < a.size(); ++i) {
      std::int32_t t = a[i];
      int id = -1;
      if (use_direct) {
        if (t <= maxb) id = direct[t];
      } else {
        auto it = std::lower_bound(sorted.begin(), sorted.end(), t);
        if (it != sorted.end() && *it == t) id = static_cast<int>(it - sorted.begin());
      }
      if (id < 0 || drop[id]) continue;
      rows.push_back({static_cast<int>(i), id, positions[offsets[id]], positions[offsets[id + 1] - 1]});
    }
  }

  MatchBlock find(int alo, int ahi, int blo, int bhi) const {
    int besti = alo, bestj = blo, bestsize = 0;
    if (alo < ahi && blo < bhi) {
      J2LenTable& t = j2len_table();
      // Row i of this call has stamp base + (i - alo); rows not visited leave a gap
      // in the stamps, which is exactly difflib's "j2len only holds the last row".
      const std::uint32_t base =
          t.begin_call(b.size(), static_cast<std::size_t>(ahi - alo), static_cast<std::size_t>(nlocal));
      const std::uint32_t wstamp = base;  // unique to this call
      std::uint64_t* cells = t.cells.data();  // cells[j + 1] describes b[j]
      const int* pos = positions.data();
      const int* off = offsets.data();
      Window* win = t.windows.data();
      const Row* r = std::lower_bound(rows.data(), rows.data() + rows.size(), alo,
                                      [](const Row& x, int v) { return x.i < v; });
      const Row* rend = rows.data() + rows.size();
      for (; r != rend && r->i < ahi; ++r) {
        if (r->first >= bhi || r->last < blo) continue;
        Window& w = win[r->id];
        if (w.stamp != wstamp) {
          const int* lo = pos + off[r->id];
          const int* hi = pos + off[r->id + 1];
          if (r->first < blo) lo = lower_bound_branchless(lo, hi, blo);
          if (r->last >= bhi) hi = lower_bound_branchless(lo, hi, bhi);
          w = {wstamp, static_cast<int>(lo - pos), static_cast<int>(hi - pos)};
        }
        const int* first = pos + w.lo;
        const int* last = pos + w.hi;
        const int i = r->i;
        const std::uint32_t stamp = base + static_cast<std::uint32_t>(i - alo);
        const std::uint64_t prev = static_cast<std::uint64_t>(stamp - 1);
        const std::uint64_t mine = static_cast<std::uint64_t>(stamp) << 32;
        int row_best = bestsize + 1;  // a row must beat bestsize strictly
        int row_j = -1;
        for (const int* p = last; p != first;) {
          const int j = *--p;
          const std::uint64_t c = cells[j];  // describes b[j - 1] in the previous row
          // Branch-free: whether b[j - 1] matched in the previous row is unpredictable.
          const std::uint32_t live = -static_cast<std::uint32_t>((c >> 32) == prev);
          const std::uint32_t k32 = (static_cast<std::uint32_t>(c) & live) + 1;
          cells[j + 1] = mine | k32;
          const int k = static_cast<int>(k32);
          if (k >= row_best) {
            row_best = k;
            row_j = j;
          }
        }
        if (row_j >= 0) {
          bestsize = row_best;
          besti = i - row_best + 1;
          bestj = row_j - row_best + 1;
        }
      }
    }
    // Extend over equal elements (popular ones included) on both ends; with
    // isjunk=None difflib's junk passes are no-ops.
    const std::int32_t* pa = a.data();
    const std::int32_t* pb = b.data();
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
    : impl_(new Impl(a, b, autojunk)) {}

SequenceMatcher::~SequenceMatcher() { delete impl_; }

MatchBlock SequenceMatcher::find_longest_match(int alo, int ahi, int blo, int bhi) const {
  const int la = static_cast<int>(impl_->a.size()), lb = static_cast<int>(impl_->b.size());
  if (alo < 0 || blo < 0 || ahi > la || bhi > lb || alo > ahi || blo > bhi)
    throw std::out_of_range("SequenceMatcher::find_longest_match: range outside the sequences");
  return impl_->find(alo, ahi, blo, bhi);
}

std::vector<MatchBlock> SequenceMatcher::get_matching_blocks() const {
  return matching_blocks(static_cast<int>(impl_->a.size()), static_cast<int>(impl_->b.size()),
                         [this](int alo, int ahi, int blo, int bhi) {
                           return impl_->find(alo, ahi, blo, bhi);
                         });
}

std::vector<Opcode> SequenceMatcher::get_opcodes() const {
  return opcodes_from_blocks(get_matching_blocks());
}

int SequenceMatcher::popular_count() const { return impl_->popular; }

// ---------------------------------------------------------------------------
// Reference matcher: a line-by-line transcription of difflib with maps.

namespace reference {

SequenceMatcher::SequenceMatcher(std::span<const std::int32_t> a, std::span<const std::int32_t> b,
                                 bool autojunk)
    : a_(a.begin(), a.end()),
      b_(b.begin(), b.end()),
      autojunk_(autojunk) {
  check_ids(a, "a");
  check_ids(b, "b");
  for (std::size_t j = 0; j < b_.size(); ++j) b2j_[b_[j]].push_back(static_cast<int>(j));
  const std::size_t n = b_.size();
  if (autojunk_ && n >= 200) {
    const std::size_t ntest = n / 100 + 1;
    for (const auto& [elt, idxs] : b2j_)
      if (idxs.size() > ntest) popular_.insert(elt);
    for (std::int32_t elt : popular_) b2j_.erase(elt);
  }
}

MatchBlock SequenceMatcher::find_longest_match(int alo, int ahi, int blo, int bhi) const {
  int besti = alo, bestj = blo, bestsize = 0;
  std::unordered_map<int, int> j2len;
  for (int i = alo; i < ahi; ++i) {
    std::unordered_map<int, int> newj2len;
    auto found = b2j_.find(a_[i]);
    if (found == b2j_.end()) {
      j2len.clear();
      continue;
    }
    for (int j : found->second) {
      if (j < blo) continue;
      if (j >= bhi) break;
      auto it = j2len.find(j - 1);
      int k = (it == j2len.end() ? 0 : it->second) + 1;
      newj2len[j] = k;
      if (k > bestsize) {
        besti = i - k + 1;
        bestj = j - k + 1;
        bestsize = k;
      }
    }
    j2len = std::move(newj2len);
  }
  while (besti > alo && bestj > blo && a_[besti - 1] == b_[bestj - 1]) {
    besti -= 1;
    bestj -= 1;
    bestsize += 1;
  }
  while (besti + bestsize < ahi && bestj + bestsize < bhi &&
         a_[besti + bestsize] == b_[bestj + bestsize])
    bestsize += 1;
  return {besti, bestj, bestsize};
}

std::vector<MatchBlock> SequenceMatcher::get_matching_blocks() const {
  return matching_blocks(static_cast<int>(a_.size()), static_cast<int>(b_.size()),
                         [this](int alo, int ahi, int blo, int bhi) {
                           return find_longest_match(alo, ahi, blo, bhi);
                         });
}

std::vector<Opcode> SequenceMatcher::get_opcodes() const {
  return opcodes_from_blocks(get_matching_blocks());
}

}  // namespace reference

}  // namespace detour::metrics
