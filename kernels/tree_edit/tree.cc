#include "kernels/tree_edit/tree.h"

#include <algorithm>
#include <utility>


namespace detour::ted {

std::int32_t LabelDict::id(std::string_view label) {
  auto it = ids_.find(std::string(label));
  if (it != ids_.end()) return it->second;
  auto id = static_cast<std::int32_t>(labels_.size());
  labels_.emplace_back(label);
  ids_.emplace(labels_.back(), id);
  return id;
}

Tree Tree::from_preorder(const std::vector<std::int32_t>& labels,
                         const std::vector<std::int32_t>& parents) {
  const int n = static_cast<int>(labels.size());
  if (parents.size() != labels.size()) throw TreeError("from_preorder: labels and parents differ in length");
  Tree t;
  if (n == 0) {
    t.child_begin.push_back(0);
    return t;
  }
  if (parents[0] != -1) throw TreeError("from_preorder: node 0 must be the root (parent -1)");
  // Children lists in preorder numbering (CSR).
  std::vector<std::int32_t> count(n + 1, 0);
  for (int i = 1; i < n; ++i) {
    if (parents[i] < 0 || parents[i] >= i)
      throw TreeError("from_preorder: node " + std::to_string(i) + " has invalid parent " +
                      std::to_string(parents[i]));
    ++count[parents[i] + 1];
  }
  for (int i = 0; i < n; ++i) count[i + 1] += count[i];
  std::vector<std::int32_t> pre_kids(n > 0 ? n - 1 : 0), fill(count.begin(), count.end() - 1);
  for (int i = 1; i < n; ++i) pre_kids[fill[parents[i]]++] = i;
  // Preorder children are increasing; a node's subtree occupies a contiguous preorder
  // range, so postorder number = (preorder end of subtree) - 1 - ... computed by DFS.
  std::vector<std::int32_t> post(n);
  std::vector<std::pair<std::int32_t, std::int32_t>> stack;  // (node, next child slot)
  stack.reserve(64);
  stack.push_back({0, count[0]});
  int next = 0;
  while (!stack.empty()) {
    auto& [v, slot] = stack.back();
    if (slot < count[v + 1]) {
      int c = pre_kids[slot++];
      stack.push_back({c, count[c]});
    } else {
      post[v] = next++;
      stack.pop_back();
    }
  }
  t.label.resize(n);
  t.parent.resize(n);
  t.size.assign(n, 1);
  t.lld.resize(n);
  t.child_begin.assign(n + 1, 0);
  t.kids.resize(n - 1);
  for (int i = 0; i < n; ++i) {
    int p = post[i];
    t.label[p] = labels[i];
    t.parent[p] = parents[i] < 0 ? -1 : post[parents[i]];
    t.child_begin[p + 1] = count[i + 1] - count[i];
  }
  for (int i = 0; i < n; ++i) t.child_begin[i + 1] += t.child_begin[i];
  for (int i = 0; i < n; ++i) {
    int p = post[i], out = t.child_begin[p];
    for (int s = count[i]; s < count[i + 1]; ++s) t.kids[out++] = post[pre_kids[s]];
  }
  for (int i = 0; i < n; ++i) {
    t.lld[i] = t.children_count(i) == 0 ? i : t.lld[t.children(i)[0]];
    if (t.parent[i] >= 0) t.size[t.parent[i]] += t.size[i];
  }
  return t;
}

namespace {
// Preorder listing, children visited in order or reversed.
void preorder(const Tree& t, bool reversed, std::vector<std::int32_t>& labels,
              std::vector<std::int32_t>& parents) {
  labels.clear();
  parents.clear();
  if (t.empty()) return;
  labels.reserve(t.n());
  parents.reserve(t.n());
  std::vector<std::pair<std::int32_t, std::int32_t>> stack;  // (node, parent preorder id)
  stack.push_back({t.n() - 1, -1});
  while (!stack.empty()) {
    auto [v, p] = stack.back();
    stack.pop_back();
    auto me = static_cast<std::int32_t>(labels.size());
    labels.push_back(t.label[v]);
    parents.push_back(p);
    const std::int32_t* c = t.children(v);
    int k = t.children_count(v);
    if (reversed)
      for (int i = 0; i < k; ++i) stack.push_back({c[i], me});
    else
      for (int i = k - 1; i >= 0; --i) stack.push_back({c[i], me});
  }
}
}  // namespace

void Tree::to_preorder(std::vector<std::int32_t>& labels, std::vector<std::int32_t>& parents) const {
  preorder(*this, false, labels, parents);
}

Tree Tree::mirrored() const {
  std::vector<std::int32_t> l, p;
  preorder(*this, true, l, p);
  return from_preorder(l, p);
}

Tree Tree::preorder_prefix(int max_nodes) const {
  std::vector<std::int32_t> l, p;
  preorder(*this, false, l, p);
  if (max_nodes < static_cast<int>(l.size())) {
    l.resize(std::max(0, max_nodes));
    p.resize(std::max(0, max_nodes));
  }
  return from_preorder(l, p);
}

Tree parse_bracket(std::string_view s, LabelDict& dict) {
  std::vector<std::int32_t> labels, parents, open;
  std::size_t i = 0;
  auto fail = [&](const std::string& why) {
    throw TreeError("bracket notation at offset " + std::to_string(i) + ": " + why);
  };
  auto skip_ws = [&] {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t')) ++i;
  };
  skip_ws();
  if (i == s.size()) return Tree::from_preorder(labels, parents);
  while (true) {
    skip_ws();
    if (i >= s.size()) break;
    if (s[i] == '{') {
      if (open.empty() && !labels.empty()) fail("a second root");
      ++i;
      std::string label;
      while (i < s.size() && s[i] != '{' && s[i] != '}') {
        if (s[i] == '\\' && i + 1 < s.size()) ++i;
        label += s[i++];
      }
      parents.push_back(open.empty() ? -1 : open.back());
      labels.push_back(dict.id(label));
      open.push_back(static_cast<std::int32_t>(labels.size() - 1));
    } else if (s[i] == '}') {
      if (open.empty()) fail("unbalanced '}'");
      open.pop_back();
      ++i;
    } else {
      fail(std::string("unexpected character '") + s[i] + "'");
    }
  }
  if (!open.empty()) fail("missing '}'");
  return Tree::from_preorder(labels, parents);
}

std::string to_bracket(const Tree& t, const LabelDict& dict) {
  std::vector<std::int32_t> l, p;
  t.to_preorder(l, p);
  std::string out;
  std::vector<std::int32_t> open;
  for (std::size_t i = 0; i < l.size(); ++i) {
    while (!open.empty() && open.back() != p[i]) {
      out += '}';
      open.pop_back();
    }
    out += '{';
    for (char c : dict.label(l[i])) {
      if (c == '{' || c == '}' || c == '\\') out += '\\';
      out += c;
    }
    open.push_back(static_cast<std::int32_t>(i));
  }
  out.append(open.size(), '}');
  return out;
}

}  // namespace detour::ted
