#include "tasks/daniel/name_index.h"

#include <algorithm>
#include <map>

namespace detour::tasks::daniel {

namespace {

std::uint32_t merge(std::uint32_t ctx, std::uint32_t seen) {
  if (ctx == NameIndex::kUnset) return seen;
  if (ctx == NameIndex::kDiverse || seen == NameIndex::kDiverse || ctx != seen) return NameIndex::kDiverse;
  return ctx;
}

}  // namespace

NameIndex::NameIndex(const std::vector<std::u32string>& names, bool (*same_first)(char32_t, char32_t),
                     std::size_t max_cells) {
  // The alphabet, in order of first appearance.
  dense_.assign(0x10000, 0);
  std::uint32_t letters = 0;
  for (const auto& n : names) {
    if (n.empty()) return;
    for (char32_t c : n) {
      if (c < 3) return;
      if (slot(c)) continue;
      if (++letters >= 0xFFFF) return;
      if (c < 0x10000) dense_[c] = static_cast<std::uint16_t>(letters);
      else sparse_[c] = letters;
    }
  }
  width_ = letters + 1;

  // The suffix trie, children in a map while building.
  std::vector<std::map<std::uint32_t, std::int32_t>> children(1);
  depth_.assign(1, 0);
  ref_name_.assign(1, -1);
  ref_start_.assign(1, 0);
  left_.assign(1, kDiverse);
  right_.assign(1, kDiverse);
  std::vector<std::vector<std::int32_t>> name_lists(1), starts(1);  // starts: offsets in the joined names
  std::size_t offset = 0;
  for (std::size_t k = 0; k < names.size(); ++k) {
    const std::u32string& n = names[k];
    if (k) ++offset;  // the separator
    for (std::size_t i = 0; i < n.size(); ++i) {
      std::int32_t node = 0;
      for (std::size_t j = i; j < n.size(); ++j) {
        const std::uint32_t a = slot(n[j]);
        auto [it, added] = children[node].try_emplace(a, static_cast<std::int32_t>(depth_.size()));
        if (added) {
          children.emplace_back();
          depth_.push_back(depth_[node] + 1);
          ref_name_.push_back(static_cast<std::int32_t>(k));
          ref_start_.push_back(static_cast<std::int32_t>(i));
          left_.push_back(kUnset);
          right_.push_back(kUnset);
          name_lists.emplace_back();
          starts.emplace_back();
        }
        node = it->second;
        starts[static_cast<std::size_t>(node)].push_back(static_cast<std::int32_t>(offset + i));
        // The occurrence n[i..j]: its neighbours in the name (an edge: diverse).
        left_[node] = merge(left_[node], i == 0 ? kDiverse : static_cast<std::uint32_t>(n[i - 1]) + 1);
        right_[node] = merge(right_[node], j + 1 == n.size() ? kDiverse : static_cast<std::uint32_t>(n[j + 1]) + 1);
        auto& l = name_lists[node];
        if (l.empty() || l.back() != static_cast<std::int32_t>(k)) l.push_back(static_cast<std::int32_t>(k));
      }
    }
    offset += n.size();
  }
  joined_length_ = offset;
  const std::size_t nodes = depth_.size();
  if (nodes > max_cells / width_) return;

  // Breadth-first numbering: the shallow nodes, where a text's walk spends its time,
  // get the first rows of the transition table.
  std::vector<std::int32_t> order(1, 0), renum(nodes, 0);
  order.reserve(nodes);
  for (std::size_t q = 0; q < order.size(); ++q)
    for (const auto& [a, child] : children[static_cast<std::size_t>(order[q])]) order.push_back(child);
  for (std::size_t i = 0; i < nodes; ++i) renum[static_cast<std::size_t>(order[i])] = static_cast<std::int32_t>(i);
  auto permute = [&](auto& v) {
    auto old = v;
    for (std::size_t i = 0; i < nodes; ++i) v[i] = std::move(old[static_cast<std::size_t>(order[i])]);
  };
  permute(depth_);
  permute(ref_name_);
  permute(ref_start_);
  permute(left_);
  permute(right_);
  permute(name_lists);
  permute(starts);
  permute(children);
  for (auto& c : children)
    for (auto& [a, child] : c) child = renum[static_cast<std::size_t>(child)];

  // Aho-Corasick: failure links and the full transition table, in that order.
  fail_.assign(nodes, 0);
  std::vector<std::int32_t> delta(nodes * width_, 0);
  for (std::size_t u = 0; u < nodes; ++u) {
    const std::int32_t f = fail_[u];
    if (u > 0)
      std::copy_n(delta.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(f) * width_), width_,
                  delta.begin() + static_cast<std::ptrdiff_t>(u * width_));
    for (const auto& [a, child] : children[u]) {
      fail_[static_cast<std::size_t>(child)] = u == 0 ? 0 : delta[static_cast<std::size_t>(f) * width_ + a];
      delta[u * width_ + a] = child;
    }
  }
  // A non-letter (slot 0) leads back to the root from anywhere.
  for (std::size_t u = 0; u < nodes; ++u) delta[u * width_] = 0;
  if (nodes <= 0x10000) {
    delta16_.assign(delta.begin(), delta.end());
  } else {
    delta32_ = std::move(delta);
  }

  // Non-overlapping occurrences, left to right (starts are ascending already).
  joined_at_.assign(1, 0);
  for (std::size_t u = 0; u < nodes; ++u) {
    std::int32_t free_from = 0;
    for (std::int32_t st : starts[u]) {
      if (u == 0 || st < free_from) continue;
      joined_pool_.push_back(st);
      free_from = st + depth_[u];
    }
    joined_at_.push_back(static_cast<std::int32_t>(joined_pool_.size()));
  }
  names_at_.assign(1, 0);
  for (std::size_t u = 0; u < nodes; ++u) {
    auto& l = name_lists[u];
    // Shortest first: the ratio |substring| / |name| only falls along the list.
    std::stable_sort(l.begin(), l.end(), [&](std::int32_t a, std::int32_t b) {
      return names[static_cast<std::size_t>(a)].size() < names[static_cast<std::size_t>(b)].size();
    });
    pool_.insert(pool_.end(), l.begin(), l.end());
    for (std::int32_t k : l) {
      const char32_t first = names[static_cast<std::size_t>(ref_name_[u])][static_cast<std::size_t>(ref_start_[u])];
      same_first_.push_back(u == 0 || same_first(first, names[static_cast<std::size_t>(k)][0]));
    }
    names_at_.push_back(static_cast<std::int32_t>(pool_.size()));
    std::int32_t shortest = 0;
    for (std::int32_t k : l) {
      const auto len = static_cast<std::int32_t>(names[static_cast<std::size_t>(k)].size());
      if (shortest == 0 || len < shortest) shortest = len;
    }
    shortest_.push_back(std::max(shortest, 1));
  }
  usable_ = true;
}

}  // namespace detour::tasks::daniel
