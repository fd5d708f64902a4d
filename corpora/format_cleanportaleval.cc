// Reader "cleanportaleval": the CleanPortalEval data set, as the Web Content
// Extraction Benchmark (WCEB, Bevendorff et al. 2023) reads it (its
// CleanPortalEvalReader: CleanEval conventions over portal pages).
//
// Layout: ROOT/input/<name>.html (raw pages, optionally in CleanEval's
// <text ...> wrapper, removed when a page is loaded) and ROOT/GoldStandard/<name>.txt
// (gold text, CleanEval style, optionally starting with a "URL: ..." line, which
// gives the document's URL).
// Pairing: the file names without extension (.html/.htm/.txt); the id is that name.
// Language: none (""); `--lang` gives the corpus one.
// Detection: the same folders as the CleanEval 2007 final set, so it is chosen only
// for a root whose own name contains "portal" (any case); `--format cleanportaleval`
// forces it.
#include <algorithm>

#include "corpora/cleaneval2007.h"
#include "corpora/corpus.h"
#include "corpora/layout.h"

namespace detour::corpora {
namespace fs = std::filesystem;

bool detect_cleanportaleval(const fs::path& root) {
  std::string name = fs::absolute(root).lexically_normal().filename().string();
  if (name.empty()) name = fs::absolute(root).lexically_normal().parent_path().filename().string();
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
  return name.find("portal") != std::string::npos && is_dir(root / "input") && is_dir(root / "GoldStandard");
}

Corpus open_cleanportaleval(const fs::path& root, const OpenOptions&) {
  if (!is_dir(root / "input") && !is_dir(root / "GoldStandard"))
    fail(root, "no input/ or GoldStandard/ folder (not a CleanPortalEval layout)");
  Corpus c;
  c.root = root;
  pair_by_key(root / "input", root / "GoldStandard", "", stem_of, stem_of, c);
  c.cleaneval_gold = true;
  for (auto& d : c.docs)
    if (!d.gold_path.empty()) d.url = cleaneval2007::gold_file_url(d.gold_path);
  finish_corpus(c);
  return c;
}

}  // namespace detour::corpora
