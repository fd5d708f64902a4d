// Hidden helpers (tag [.ted_export], never run by ctest) for comparing our tree edit
// distance (kernels/tree_edit/ted.h) with the APTED peers outside the repository
// (scripts/ted_peers/run.sh drives them through environment variables):
//
//  - export: TED_EXPORT_DIR=<dir> picks real same-site DANIEL page pairs whose DOM
//    trees have about 100, 500, 1000, 3000 and 10000 nodes (TED_EXPORT_SIZES, comma-
//    separated, overrides the list) and writes each tree in bracket notation
//    (<dir>/<size>_a.tree, <size>_b.tree, one line each) plus <dir>/pairs.tsv
//    (size, nodes_a, nodes_b, id_a, id_b). Trees are the whole DOM as bench_ted.cc
//    builds them (dom_tree with whitespace text and comments kept; labels = tag names,
//    "#text", "#comment", "#document"), so the peers see exactly our labels; unit
//    costs. The two pages of a pair share a site and are different documents (not two
//    crawls of one URL). The pair chosen for size N minimises the larger of
//    |log(n_a / N)| and |log(n_b / N)|, so for N larger than any page it is the largest
//    same-site pair (its real sizes are in pairs.tsv).
//  - run: TED_RUN_A=<file> TED_RUN_B=<file> parses both bracket files and times
//    ted() only (parsing excluded), TED_REPS times (default 1); prints one line per
//    repetition: "nodes A B distance D seconds S strategy X bytes N cells N band K
//    band_runs R" (TedStats).
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "base/site.h"
#include "corpora/corpus.h"
#include "extractors/tdiff/tokens.h"
#include "kernels/tree_edit/ted.h"
#include "html/dom_tree.h"
#include "tests/test_util.h"

using namespace detour;

namespace {

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct PageTree {
  std::string id, site, doc;
  ted::Tree tree;
};

void export_pairs(const std::filesystem::path& shared, const std::filesystem::path& out) {
  std::vector<int> sizes = {100, 500, 1000, 3000, 10000};
  if (std::string s = env("TED_EXPORT_SIZES"); !s.empty()) {
    sizes.clear();
    std::stringstream ss(s);
    for (std::string part; std::getline(ss, part, ',');) sizes.push_back(std::stoi(part));
  }
  const auto corpus = corpora::open_corpus(shared / "corpora" / "daniel");
  ted::LabelDict dict;
  ted::DomTreeOptions full;  // the same trees as bench/bench_ted.cc
  full.whitespace_text = true;
  full.comments = true;
  std::map<std::string, std::vector<PageTree>> by_site;
  for (const auto& d : corpus.docs) {
    if (d.html_path.empty()) continue;
    const std::string site = site_of(d.id, d.url);
    if (site.empty()) continue;
    auto page = corpora::load_page(d);
    by_site[site].push_back({d.lang + "/" + d.id, site, tdiff::document_of(d.id, d.url),
                             ted::dom_tree(page.dom->root(), dict, full)});
  }
  std::size_t odd_labels = 0;
  for (std::size_t i = 0; i < dict.size(); ++i)
    if (dict.label(static_cast<std::int32_t>(i)).find_first_of("{}\\") != std::string::npos) ++odd_labels;
  std::filesystem::create_directories(out);
  std::ofstream tsv(out / "pairs.tsv");
  tsv << "size\tnodes_a\tnodes_b\tid_a\tid_b\n";
  for (int n : sizes) {
    const PageTree* best_a = nullptr;
    const PageTree* best_b = nullptr;
    double best = 1e300;
    for (const auto& [site, pages] : by_site)
      for (std::size_t i = 0; i < pages.size(); ++i)
        for (std::size_t j = i + 1; j < pages.size(); ++j) {
          if (pages[i].doc == pages[j].doc) continue;
          const double score = std::max(std::abs(std::log(pages[i].tree.n() / double(n))),
                                        std::abs(std::log(pages[j].tree.n() / double(n))));
          if (score < best) {
            best = score;
            best_a = &pages[i];
            best_b = &pages[j];
          }
        }
    REQUIRE(best_a != nullptr);
    if (best_a->tree.n() < best_b->tree.n()) std::swap(best_a, best_b);
    std::ofstream(out / (std::to_string(n) + "_a.tree")) << ted::to_bracket(best_a->tree, dict) << "\n";
    std::ofstream(out / (std::to_string(n) + "_b.tree")) << ted::to_bracket(best_b->tree, dict) << "\n";
    tsv << n << '\t' << best_a->tree.n() << '\t' << best_b->tree.n() << '\t' << best_a->id << '\t'
        << best_b->id << '\n';
    std::cout << "size " << n << ": " << best_a->tree.n() << " x " << best_b->tree.n() << " nodes, "
              << best_a->id << " / " << best_b->id << "\n";
  }
  std::cout << by_site.size() << " sites; " << odd_labels
            << " labels contain '{', '}' or '\\' (escaped in the files)\n";
  CHECK(tsv.good());
}

void run_pair(const std::string& a, const std::string& b) {
  ted::LabelDict dict;
  const ted::Tree f = ted::parse_bracket(read_file(a), dict);
  const ted::Tree g = ted::parse_bracket(read_file(b), dict);
  int reps = 1;
  if (std::string r = env("TED_REPS"); !r.empty()) reps = std::max(1, std::stoi(r));
  for (int i = 0; i < reps; ++i) {
    ted::TedStats st;
    const auto t0 = std::chrono::steady_clock::now();
    const int d = ted::ted(f, g, &st);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << "nodes " << f.n() << " " << g.n() << " distance " << d << " seconds " << s << " strategy "
              << st.strategy << " bytes " << st.bytes << " cells " << st.subproblems << " band " << st.band
              << " band_runs " << st.band_runs << std::endl;
    CHECK(d >= 0);
  }
}

}  // namespace

TEST_CASE("export DANIEL same-site pairs for the APTED peers and time our TED", "[.ted_export]") {
  if (const std::string a = env("TED_RUN_A"), b = env("TED_RUN_B"); !a.empty() && !b.empty()) {
    run_pair(a, b);
    return;
  }
  const std::string dir = env("TED_EXPORT_DIR");
  if (dir.empty()) {
    WARN("set TED_EXPORT_DIR (export) or TED_RUN_A and TED_RUN_B (run); see scripts/ted_peers/run.sh");
    return;
  }
  DETOUR_REQUIRE_SHARED(shared);
  export_pairs(shared, dir);
}
