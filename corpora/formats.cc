// The corpus reader table (see format.h): one line per reader, most specific layout
// first. Readers are defined in their own files (format_*.cc, cleaneval2007.cc).
#include "base/errors.h"
#include "base/strings.h"
#include "corpora/cleaneval2007.h"
#include "corpora/format.h"

namespace detour::corpora {
namespace fs = std::filesystem;

#define DETOUR_READER(x)                 \
  bool detect_##x(const fs::path& root); \
  Corpus open_##x(const fs::path& root, const OpenOptions& opts);
DETOUR_READER(jsonl)
DETOUR_READER(scrapinghub)
DETOUR_READER(wceb)
DETOUR_READER(l3s_gn1)
DETOUR_READER(dragnet)
DETOUR_READER(cleanportaleval)
DETOUR_READER(daniel)
DETOUR_READER(flat)
#undef DETOUR_READER

const std::vector<CorpusFormat>& corpus_formats() {
  static const std::vector<CorpusFormat> table = {
      {"jsonl", "a .jsonl file: one {id, html, gold, lang?} object a line", detect_jsonl, open_jsonl},
      {"scrapinghub", "ground-truth.json (articleBody per id) + html/<id>.html.gz (article-extraction-benchmark)",
       detect_scrapinghub, open_scrapinghub},
      {"wceb", "WCEB converted datasets: ground-truth/<dataset>.jsonl + html/<dataset>/<page_id>.html", detect_wceb,
       open_wceb},
      {"l3s-gn1", "original/<name>.html + annotated/<name>.html (gold: x-nc-sel classes, as WCEB)", detect_l3s_gn1,
       open_l3s_gn1},
      {"dragnet", "HTML/<name>.html + Corrected/<name>.html.corrected.txt (comments separator)", detect_dragnet,
       open_dragnet},
      {"cleanportaleval", "input/<name>.html + GoldStandard/<name>.txt (root named *portal*)", detect_cleanportaleval,
       open_cleanportaleval},
      {"cleaneval2007", "CleanEval 2007: <lang>_original/ + <lang>_cleaned/, input/ + gold_std/ or GoldStandard/, ...",
       cleaneval2007::looks_like, cleaneval2007::open},
      {"daniel", "<lang>/html/<id> + <lang>/gold/<id> (DANIEL, detour's own layout)", detect_daniel, open_daniel},
      {"flat", "html/<id> + gold/<id>, or a folder of pages", detect_flat, open_flat},
  };
  return table;
}

const CorpusFormat& find_corpus_format(std::string_view name) {
  for (const auto& f : corpus_formats())
    if (f.name == name) return f;
  std::vector<std::string> known;
  for (const auto& f : corpus_formats()) known.emplace_back(f.name);
  throw UsageError(unknown_name_message("corpus format", name, known));
}

const CorpusFormat* detect_corpus_format(const fs::path& root) {
  for (const auto& f : corpus_formats())
    if (f.detect(root)) return &f;
  return nullptr;
}

}  // namespace detour::corpora
