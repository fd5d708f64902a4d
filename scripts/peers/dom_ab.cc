// dom_ab: the A/B driver of scripts/peers/dom_ab.sh. Built twice, against two versions
// of html/dom.{h,cc}; parses every listed page with dom::Document::parse, prints
// the process CPU time per page for each pass, then writes one line per page (hash of
// to_html(root), node count, flattened elements, title hash) so that the two builds'
// trees can be compared byte for byte.
// Usage: dom_ab PAGE_LIST OUT_FILE [PASSES]   (PAGE_LIST lines: "<lang>\t<path>")
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "html/dom.h"

namespace {
double cpu_seconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: dom_ab PAGE_LIST OUT_FILE [PASSES]\n");
    return 2;
  }
  std::ifstream list(argv[1]);
  if (!list) {
    std::fprintf(stderr, "dom_ab: %s: cannot read\n", argv[1]);
    return 2;
  }
  std::vector<std::string> pages;
  for (std::string line; std::getline(list, line);) {
    if (line.empty()) continue;
    const std::string path = line.substr(line.find('\t') + 1);
    std::ifstream f(path, std::ios::binary);
    if (!f) {
      std::fprintf(stderr, "dom_ab: %s: cannot read\n", path.c_str());
      return 2;
    }
    std::stringstream ss;
    ss << f.rdbuf();
    pages.push_back(ss.str());
  }
  if (pages.empty()) {
    std::fprintf(stderr, "dom_ab: %s: no pages\n", argv[1]);
    return 2;
  }
  const int passes = argc > 3 ? std::atoi(argv[3]) : 2;
  for (int pass = 0; pass < passes; ++pass) {
    const double t0 = cpu_seconds();
    std::size_t nodes = 0;
    for (const auto& s : pages) nodes += detour::dom::Document::parse(s).node_count();
    const double t1 = cpu_seconds();
    std::printf("pass %d: %.3f ms/page CPU, %zu nodes\n", pass, (t1 - t0) * 1e3 / pages.size(), nodes);
  }
  FILE* out = std::fopen(argv[2], "w");
  if (!out) {
    std::fprintf(stderr, "dom_ab: %s: cannot write\n", argv[2]);
    return 2;
  }
  for (const auto& s : pages) {
    const auto d = detour::dom::Document::parse(s);
    std::fprintf(out, "%zx %zu %d %zx\n", std::hash<std::string>{}(detour::dom::to_html(d.root())),
                 d.node_count(), d.flattened_elements(), std::hash<std::string>{}(d.title()));
  }
  std::fclose(out);
  return 0;
}
