// Reader "flat": a corpus without language folders.
//
// Layouts: ROOT/html/<id> and ROOT/gold/<id> (either may be absent); or, with
// neither folder, the files of ROOT itself as pages without gold (for `extract` and
// `run` over pages alone; a warning says there is no gold).
// Pairing: as the DANIEL reader (exact name, else name without .html/.htm/.txt).
// Language: none (""); `--lang` gives the corpus one.
#include "corpora/corpus.h"
#include "corpora/layout.h"

namespace detour::corpora {
namespace fs = std::filesystem;

bool detect_flat(const fs::path& root) {
  if (!is_dir(root)) return false;
  if (is_dir(root / "html") || is_dir(root / "gold")) return true;
  return !io::list_files(root).empty();
}

Corpus open_flat(const fs::path& root, const OpenOptions&) {
  if (!is_dir(root)) fail(root, "not a folder (a corpus root was expected)");
  Corpus c;
  c.root = root;
  if (is_dir(root / "html") || is_dir(root / "gold")) {
    pair_by_name(root / "html", root / "gold", "", c);
  } else {
    std::vector<std::string> files = io::list_files(root);
    if (files.empty())
      fail(root, "not a corpus: no <lang>/html or <lang>/gold folders, no CleanEval 2007 folders, no pages");
    for (const auto& f : files) {
      CorpusDoc d;
      d.id = f;
      d.html_path = root / f;
      c.docs.push_back(std::move(d));
    }
    c.warnings.push_back(root.string() + ": flat folder of pages; no gold references");
  }
  finish_corpus(c);
  return c;
}

}  // namespace detour::corpora
