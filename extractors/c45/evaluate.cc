// Node-level evaluation of the Lutz (2013) classifier: train on 66%, test on 34%,
// report the confusion matrix and per-class and support-weighted P/R/F1 as Weka
// prints them (Lutz evaluated with Weka's J48). See c45.h.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <random>

#include "extractors/c45/c45.h"

namespace detour::c45 {
namespace {

void finish(NodeReport& r) {
  const auto& m = r.confusion;
  long support[2] = {m[0][0] + m[0][1], m[1][0] + m[1][1]};
  long total = support[0] + support[1];
  for (int c = 0; c < 2; ++c) {
    long tp = m[c][c], predicted = m[0][c] + m[1][c];
    r.precision[c] = predicted ? static_cast<double>(tp) / predicted : 0.0;
    r.recall[c] = support[c] ? static_cast<double>(tp) / support[c] : 0.0;
    double s = r.precision[c] + r.recall[c];
    r.f1[c] = s > 0 ? 2 * r.precision[c] * r.recall[c] / s : 0.0;
    if (total) {
      double w = static_cast<double>(support[c]) / total;
      r.weighted_precision += w * r.precision[c];
      r.weighted_recall += w * r.recall[c];
      r.weighted_f1 += w * r.f1[c];
    }
  }
}

// Trains on the instances marked in `train` (per page, per node) and tests on the rest.
NodeReport run(const std::vector<LabelledPage>& pages, const std::vector<std::vector<char>>& train,
               const C45Settings& settings, std::uint64_t seed, std::string name) {
  NodeReport r;
  r.split = std::move(name);
  Dataset d;
  d.features = kFeatureCount;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0, 1);
  for (std::size_t p = 0; p < pages.size(); ++p) {
    bool any_train = false, any_test = false;
    for (std::size_t i = 0; i < pages[p].rows.size(); ++i) {
      if (!train[p][i]) {
        any_test = true;
        continue;
      }
      any_train = true;
      ++r.train_nodes;
      if (pages[p].labels[i] == 0 && settings.noise_keep < 1 && u(rng) >= settings.noise_keep) continue;
      d.add(pages[p].rows[i], pages[p].labels[i], pages[p].labels[i] ? settings.content_weight : 1.0);
    }
    r.train_pages += any_train;
    r.test_pages += any_test;
  }
  auto t0 = std::chrono::steady_clock::now();
  Tree tree = Tree::train(d, settings.tree);
  r.train_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.leaves = tree.leaves();
  r.depth = tree.depth();
  for (std::size_t p = 0; p < pages.size(); ++p)
    for (std::size_t i = 0; i < pages[p].rows.size(); ++i) {
      if (train[p][i]) continue;
      ++r.test_nodes;
      ++r.confusion[pages[p].labels[i]][tree.classify(pages[p].rows[i])];
    }
  finish(r);
  return r;
}

}  // namespace

std::vector<NodeReport> evaluate(const std::vector<LabelledPage>& pages, std::uint64_t seed,
                                 const C45Settings& settings) {
  std::vector<NodeReport> out;
  std::vector<std::vector<char>> train(pages.size());
  // (a) random split of the nodes.
  {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(0, 1);
    for (std::size_t p = 0; p < pages.size(); ++p) {
      train[p].resize(pages[p].rows.size());
      for (auto& t : train[p]) t = u(rng) < 0.66;
    }
    out.push_back(run(pages, train, settings, seed, "random-66/34 (nodes)"));
  }
  // (b) split by site: sites in a seeded random order, train until 66% of the pages.
  {
    std::map<std::string, int> per_site;
    for (const auto& p : pages) ++per_site[p.site];
    std::vector<std::string> sites;
    for (const auto& [s, n] : per_site) sites.push_back(s);
    std::mt19937_64 rng(seed);
    std::shuffle(sites.begin(), sites.end(), rng);
    std::map<std::string, bool> in_train;
    long taken = 0;
    for (const auto& s : sites) {
      bool t = taken < static_cast<long>(0.66 * pages.size());
      in_train[s] = t;
      if (t) taken += per_site[s];
    }
    for (std::size_t p = 0; p < pages.size(); ++p)
      std::fill(train[p].begin(), train[p].end(), in_train[pages[p].site]);
    out.push_back(run(pages, train, settings, seed, "by-site-66/34 (pages)"));
  }
  return out;
}

std::string format_reports(const std::vector<NodeReport>& reports) {
  std::string s;
  char line[512];
  for (const auto& r : reports) {
    std::snprintf(line, sizeof line,
                  "C45 node classification, split %s: train %ld nodes / %ld pages, test %ld nodes / %ld pages; "
                  "tree %d leaves, depth %d, trained in %.2f s\n",
                  r.split.c_str(), r.train_nodes, r.train_pages, r.test_nodes, r.test_pages, r.leaves, r.depth,
                  r.train_seconds);
    s += line;
    std::snprintf(line, sizeof line,
                  "  confusion: noise->noise %ld  noise->content %ld  content->content %ld  content->noise %ld\n",
                  r.confusion[0][0], r.confusion[0][1], r.confusion[1][1], r.confusion[1][0]);
    s += line;
    const char* names[2] = {"noise", "content"};
    for (int c = 0; c < 2; ++c) {
      std::snprintf(line, sizeof line, "  %-8s P %.4f  R %.4f  F1 %.4f\n", names[c], r.precision[c], r.recall[c],
                    r.f1[c]);
      s += line;
    }
    std::snprintf(line, sizeof line, "  weighted P %.4f  R %.4f  F1 %.4f\n", r.weighted_precision,
                  r.weighted_recall, r.weighted_f1);
    s += line;
  }
  return s;
}

}  // namespace detour::c45
