// Zhang & Shasha (1989), "Simple fast algorithms for the editing distance between
// trees and related problems": the textbook form with keyroots and a forest-distance
// table per keyroot pair. Deliberately plain; used as the reference in tests.
#include <algorithm>
#include <vector>

#include "reference/zhang_shasha.h"

namespace detour::ted {

int ted_zhang_shasha(const Tree& f, const Tree& g) {
  const int n = f.n(), m = g.n();
  if (n == 0) return m;
  if (m == 0) return n;
  auto keyroots = [](const Tree& t) {
    // Nodes with no ancestor sharing their leftmost leaf: the root and every node
    // that is not the first child of its parent.
    std::vector<int> k;
    for (int i = 0; i < t.n(); ++i)
      if (t.parent[i] < 0 || t.lld[t.parent[i]] != t.lld[i]) k.push_back(i);
    return k;
  };
  std::vector<int> kf = keyroots(f), kg = keyroots(g);
  std::vector<std::vector<int>> td(n, std::vector<int>(m, 0));
  for (int k1 : kf) {
    for (int k2 : kg) {
      const int l1 = f.lld[k1], l2 = g.lld[k2];
      const int rows = k1 - l1 + 2, cols = k2 - l2 + 2;
      std::vector<std::vector<int>> fd(rows, std::vector<int>(cols, 0));
      for (int x = 1; x < rows; ++x) fd[x][0] = fd[x - 1][0] + 1;
      for (int y = 1; y < cols; ++y) fd[0][y] = fd[0][y - 1] + 1;
      for (int x = 1; x < rows; ++x) {
        const int i = l1 + x - 1;
        for (int y = 1; y < cols; ++y) {
          const int j = l2 + y - 1;
          if (f.lld[i] == l1 && g.lld[j] == l2) {
            int ren = f.label[i] == g.label[j] ? 0 : 1;
            fd[x][y] = std::min({fd[x - 1][y] + 1, fd[x][y - 1] + 1, fd[x - 1][y - 1] + ren});
            td[i][j] = fd[x][y];
          } else {
            int px = f.lld[i] - l1, py = g.lld[j] - l2;
            fd[x][y] = std::min({fd[x - 1][y] + 1, fd[x][y - 1] + 1, fd[px][py] + td[i][j]});
          }
        }
      }
    }
  }
  return td[n - 1][m - 1];
}

}  // namespace detour::ted
