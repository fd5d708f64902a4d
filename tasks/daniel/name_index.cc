#include "tasks/daniel/name_index.h"

#include <algorithm>
#include <tuple>
#include <type_traits>
#include <unordered_map>

namespace detour::tasks::daniel {

// long function: the index is built in steps that hand each other large local tables
// (alphabet, trie, breadth-first order, failure links, occurrences), each step under its
// own comment; split, they would pass those tables around or keep them as members.
NameIndex::NameIndex(const std::vector<const std::vector<std::u32string>*>& lists,
                     bool (*same_first)(char32_t, char32_t), std::size_t max_cells) {
  lists_ = lists.size();
  if (lists_ == 0 || lists_ > 8) return;  // Node::lists holds a bit per list
  const std::size_t nl = lists_;
  // The alphabet, the letters the names use most first (then in order of first
  // appearance): a text's letters are mostly those, so that a reading keeps to the first
  // cache line of each row of transitions (the rows are whole lines, below).
  std::unordered_map<char32_t, std::size_t> count;
  std::vector<char32_t> alphabet;
  for (const auto* names : lists) {
    for (const auto& n : *names) {
      if (n.empty() || n.size() > 0xFFFF) return;  // Node::depth holds 16 bits
      for (char32_t c : n) {
        if (c < 3) return;
        if (count[c]++ == 0) alphabet.push_back(c);
      }
    }
  }
  if (alphabet.size() >= 0xFFFF) return;
  std::stable_sort(alphabet.begin(), alphabet.end(), [&](char32_t a, char32_t b) { return count[a] > count[b]; });
  dense_.assign(0x10000, 0);
  std::uint32_t letters = 0;
  for (char32_t c : alphabet) {
    ++letters;
    if (c < 0x10000) dense_[c] = static_cast<std::uint16_t>(letters);
    else sparse_[c] = letters;
  }
  // Slot 0 (a character in no name) and the letters, rounded up to whole cache lines
  // of 16-bit states (the table's rows start on line boundaries).
  width_ = (letters + 1 + 31) / 32 * 32;

  // The suffix trie, in creation order (renumbered breadth-first below): its edges in
  // a hash table while building, and per (node, list) what the names say.
  struct Edge {
    std::int32_t parent;
    std::uint32_t slot;
    std::int32_t child;
  };
  std::unordered_map<std::uint64_t, std::int32_t> child_of;
  std::vector<Edge> edges;
  std::vector<std::int32_t> depth(1, 0), at(1, 0);
  std::vector<char32_t> first(1, 0);
  std::vector<std::uint8_t> lists_of(1, 0);
  std::vector<std::uint32_t> left(nl, kDiverse), right(nl, kDiverse);
  std::vector<std::vector<std::int32_t>> name_lists(nl), starts(nl);  // starts: offsets in the joined names
  joined_length_.assign(nl, 0);
  for (std::size_t k = 0; k < nl; ++k) {
    const auto& names = *lists[k];
    std::size_t offset = 0;
    for (std::size_t m = 0; m < names.size(); ++m) {
      const std::u32string& n = names[m];
      if (m) ++offset;  // the separator
      const std::int32_t base = static_cast<std::int32_t>(text_.size());
      text_ += n;
      for (std::size_t i = 0; i < n.size(); ++i) {
        std::int32_t node = 0;
        for (std::size_t j = i; j < n.size(); ++j) {
          const std::uint32_t a = slot(n[j]);
          const std::uint64_t key = (static_cast<std::uint64_t>(node) << 32) | a;
          auto [it, added] = child_of.try_emplace(key, static_cast<std::int32_t>(depth.size()));
          if (added) {
            // Too many nodes for the table: give up now rather than after the trie.
            if (depth.size() >= max_cells / width_) return;
            edges.push_back({node, a, it->second});
            depth.push_back(depth[static_cast<std::size_t>(node)] + 1);
            at.push_back(base + static_cast<std::int32_t>(i));
            first.push_back(n[i]);
            lists_of.push_back(0);
            left.insert(left.end(), nl, kUnset);
            right.insert(right.end(), nl, kUnset);
            name_lists.resize(name_lists.size() + nl);
            starts.resize(starts.size() + nl);
          }
          node = it->second;
          const std::size_t c = static_cast<std::size_t>(node) * nl + k;
          lists_of[static_cast<std::size_t>(node)] |= static_cast<std::uint8_t>(1u << k);
          starts[c].push_back(static_cast<std::int32_t>(offset + i));
          // The occurrence n[i..j]: its neighbours in the name (an edge: diverse).
          left[c] = merge(left[c], i == 0 ? kDiverse : static_cast<std::uint32_t>(n[i - 1]) + 1);
          right[c] = merge(right[c], j + 1 == n.size() ? kDiverse : static_cast<std::uint32_t>(n[j + 1]) + 1);
          auto& l = name_lists[c];
          if (l.empty() || l.back() != static_cast<std::int32_t>(m)) l.push_back(static_cast<std::int32_t>(m));
        }
      }
      offset += n.size();
    }
    joined_length_[k] = offset;
  }
  child_of = {};
  const std::size_t nodes = depth.size();
  if (nodes > max_cells / width_) return;

  // Children by parent, in slot order.
  std::sort(edges.begin(), edges.end(),
            [](const Edge& a, const Edge& b) { return std::tie(a.parent, a.slot) < std::tie(b.parent, b.slot); });
  std::vector<std::int32_t> first_edge(nodes + 1, 0);
  for (const Edge& e : edges) ++first_edge[static_cast<std::size_t>(e.parent) + 1];
  for (std::size_t u = 0; u < nodes; ++u) first_edge[u + 1] += first_edge[u];

  // Breadth-first numbering: the shallow nodes, where a text's walk spends its time,
  // get the first rows of the transition table.
  std::vector<std::int32_t> order(1, 0), renum(nodes, 0);
  order.reserve(nodes);
  for (std::size_t q = 0; q < order.size(); ++q) {
    const auto u = static_cast<std::size_t>(order[q]);
    for (std::int32_t e = first_edge[u]; e < first_edge[u + 1]; ++e) order.push_back(edges[static_cast<std::size_t>(e)].child);
  }
  for (std::size_t i = 0; i < nodes; ++i) renum[static_cast<std::size_t>(order[i])] = static_cast<std::int32_t>(i);
  node_.resize(nodes);
  at_.resize(nodes);
  cell_.resize(nodes * nl + 1);
  for (std::size_t i = 0; i < nodes; ++i) {
    const auto o = static_cast<std::size_t>(order[i]);
    node_[i].depth = static_cast<std::uint16_t>(depth[o]);
    at_[i] = at[o];
    node_[i].first = first[o];
    node_[i].lists = lists_of[o];
    for (std::size_t k = 0; k < nl; ++k) {
      cell_[i * nl + k].left = left[o * nl + k];
      cell_[i * nl + k].right = right[o * nl + k];
    }
  }
  max_depth_ = nodes ? node_.back().depth : 0;  // breadth-first: the last is the deepest

  // Aho-Corasick: failure links and the full transition table, in that order, built in
  // 16-bit states when there are 65536 nodes or fewer.
  auto build = [&](auto& delta) {
    delta.assign(nodes * width_, 0);
    for (std::size_t u = 0; u < nodes; ++u) {
      const std::int32_t f = node_[u].fail;
      if (u > 0)
        std::copy_n(delta.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(f) * width_), width_,
                    delta.begin() + static_cast<std::ptrdiff_t>(u * width_));
      const auto o = static_cast<std::size_t>(order[u]);
      for (std::int32_t e = first_edge[o]; e < first_edge[o + 1]; ++e) {
        const Edge& ed = edges[static_cast<std::size_t>(e)];
        const std::int32_t child = renum[static_cast<std::size_t>(ed.child)];
        node_[static_cast<std::size_t>(child)].fail =
            u == 0 ? 0 : static_cast<std::int32_t>(delta[static_cast<std::size_t>(f) * width_ + ed.slot]);
        delta[u * width_ + ed.slot] = static_cast<std::remove_reference_t<decltype(delta[0])>>(child);
      }
    }
    // A non-letter (slot 0) leads back to the root from anywhere.
    for (std::size_t u = 0; u < nodes; ++u) delta[u * width_] = 0;
  };
  if (nodes <= 0x10000) {
    build(delta16_);
  } else {
    build(delta32_);
  }

  // Per (node, list): non-overlapping occurrences in the joined names, left to right
  // (starts are ascending already), and the names, shortest first.
  joined_at_.assign(1, 0);
  for (std::size_t u = 0; u < nodes; ++u) {
    const auto o = static_cast<std::size_t>(order[u]);
    for (std::size_t k = 0; k < nl; ++k) {
      const auto& names = *lists[k];
      const std::size_t c = o * nl + k;
      std::int32_t free_from = 0;
      for (std::int32_t st : starts[c]) {
        if (u == 0 || st < free_from) continue;
        joined_pool_.push_back(st);
        free_from = st + node_[u].depth;
      }
      joined_at_.push_back(static_cast<std::int32_t>(joined_pool_.size()));
      auto& l = name_lists[c];
      // Shortest first: the ratio |substring| / |name| only falls along the list.
      std::stable_sort(l.begin(), l.end(), [&](std::int32_t a, std::int32_t b) {
        return names[static_cast<std::size_t>(a)].size() < names[static_cast<std::size_t>(b)].size();
      });
      cell_[u * nl + k].names_at = static_cast<std::int32_t>(pool_.size());
      for (std::int32_t m : l) {
        const std::u32string& name = names[static_cast<std::size_t>(m)];
        pool_.push_back({m, static_cast<std::uint16_t>(name.size()), u == 0 || same_first(node_[u].first, name[0])});
      }
      std::int32_t shortest = 0;
      for (std::int32_t m : l) {
        const auto len = static_cast<std::int32_t>(names[static_cast<std::size_t>(m)].size());
        if (shortest == 0 || len < shortest) shortest = len;
      }
      cell_[u * nl + k].shortest = std::max(shortest, 1);
      if (k < 2) node_[u].shortest[k] = static_cast<std::uint16_t>(std::max(shortest, 1));
    }
  }
  cell_.back().names_at = static_cast<std::int32_t>(pool_.size());
  usable_ = true;
}

}  // namespace detour::tasks::daniel
