#include "tasks/daniel/repeats.h"

#include <divsufsort.h>

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

#include "base/utf8.h"

namespace detour::tasks {

void RepeatFinder::run(const std::vector<std::u32string_view>& strings) {
  text_.clear();
  string_of_.clear();
  end_at_.clear();
  for (std::size_t s = 0; s < strings.size(); ++s) {
    if (s) {
      text_ += U'\x02';
      string_of_.push_back(-1);
      end_at_.push_back(-1);
    }
    const std::int32_t end = static_cast<std::int32_t>(text_.size() + strings[s].size());
    text_ += strings[s];
    string_of_.insert(string_of_.end(), strings[s].size(), static_cast<std::int32_t>(s));
    end_at_.insert(end_at_.end(), strings[s].size(), end);
  }
  if (text_.size() >= static_cast<std::size_t>(INT32_MAX) / 4)
    throw std::length_error("text too long for the suffix array");
  build_suffix_array();
  build_lcp(strings.size());
  walk();
}

void RepeatFinder::build_suffix_array() {
  bytes_.clear();
  cp_of_byte_.clear();
  for (std::size_t i = 0; i < text_.size(); ++i) {
    std::size_t before = bytes_.size();
    utf8::append(bytes_, text_[i]);
    cp_of_byte_.insert(cp_of_byte_.end(), bytes_.size() - before, static_cast<std::int32_t>(i));
  }
  byte_sa_.resize(bytes_.size());
  sa_.clear();
  if (bytes_.empty()) return;
  if (divsufsort(reinterpret_cast<const sauchar_t*>(bytes_.data()), byte_sa_.data(),
                 static_cast<saidx_t>(bytes_.size())) != 0)
    throw std::runtime_error("divsufsort failed");
  sa_.reserve(text_.size());
  for (std::int32_t b : byte_sa_) {
    if ((static_cast<unsigned char>(bytes_[b]) & 0xC0) != 0x80) sa_.push_back(cp_of_byte_[b]);
  }
}

// rstr_max's step 2: Kasai's algorithm with each comparison bounded by the end of
// the string each suffix starts in. The first `strings` slots of the suffix array get
// rank 0, i.e. no LCP with their predecessor; a separator (end -1) keeps the value
// carried from the previous suffix.
void RepeatFinder::build_lcp(std::size_t strings) {
  const std::size_t n = sa_.size();
  rank_.assign(n, 0);
  lcp_.assign(n, 0);
  for (std::size_t i = strings; i < n; ++i) rank_[sa_[i]] = static_cast<std::int32_t>(i);
  std::int64_t l = 0;
  for (std::size_t j = 0; j < n; ++j) {
    if (l > 0) --l;
    const std::int32_t i = rank_[j];
    if (i == 0) {
      l = 0;
      continue;
    }
    const std::size_t j2 = static_cast<std::size_t>(sa_[i - 1]);
    while (static_cast<std::int64_t>(j) + l < end_at_[j] && static_cast<std::int64_t>(j2) + l < end_at_[j2] &&
           text_[j + l] == text_[j2 + l])
      ++l;
    lcp_[i - 1] = static_cast<std::int32_t>(l);
  }
}

// rstr_max's step 3. The stack holds runs of LCP levels: {levels, first slot, end};
// `top` is the sum of levels, the current LCP. When the LCP drops by m, the runs
// covering the top m levels are closed: each closed run reports the interval from its
// first slot to the current slot with the length it had at the top. A run cut in the
// middle is pushed back shortened, its end moved back by the levels removed.
void RepeatFinder::walk() {
  repeats_.clear();
  const std::size_t n = sa_.size();
  if (n == 0) return;
  struct Run {
    std::int32_t levels, start, end;
  };
  std::vector<Run> stack;
  std::int64_t top = 0;
  std::unordered_map<std::uint64_t, std::size_t> index;  // (end, count) -> repeats_ slot
  auto close = [&](std::int64_t m, std::int32_t slot_end) {
    std::int32_t prev_start = -1;
    Run run{0, 0, 0};
    while (m > 0) {
      run = stack.back();
      stack.pop_back();
      if (prev_start != run.start) {
        const std::int32_t count = slot_end - run.start + 1;
        const std::uint64_t key = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(run.end)) << 32) |
                                  static_cast<std::uint32_t>(count);
        auto [it, inserted] = index.try_emplace(key, repeats_.size());
        if (inserted) {
          repeats_.push_back({run.end, static_cast<std::int32_t>(top), run.start, count});
        } else if (repeats_[it->second].length < top) {
          repeats_[it->second].length = static_cast<std::int32_t>(top);
          repeats_[it->second].sa_start = run.start;
        }
        prev_start = run.start;
      }
      m -= run.levels;
      top -= run.levels;
    }
    if (m < 0) {
      stack.push_back({static_cast<std::int32_t>(-m), run.start, static_cast<std::int32_t>(run.end - run.levels - m)});
      top -= m;
    }
  };
  std::int64_t prev_len = 0;
  std::int32_t pos1 = sa_[0];
  std::size_t idx = 0;
  for (idx = 0; idx + 1 < n; ++idx) {
    const std::int32_t cur = lcp_[idx];
    const std::int32_t pos2 = sa_[idx + 1];
    const std::int32_t end = std::max(pos1, pos2) + cur;
    const std::int64_t d = prev_len - cur;
    if (d < 0) {
      stack.push_back({static_cast<std::int32_t>(-d), static_cast<std::int32_t>(idx), end});
      top += -d;
    } else if (d > 0) {
      close(d, static_cast<std::int32_t>(idx));
    } else if (top > 0 && end > stack.back().end) {
      stack.back().end = end;
    }
    prev_len = cur;
    pos1 = pos2;
  }
  // rstr_max's loop variable keeps its last value (n - 2; 0 when the loop never ran).
  const std::size_t last = n >= 2 ? n - 2 : 0;
  if (top > 0) close(top, static_cast<std::int32_t>(last + 1));
}

}  // namespace detour::tasks
