// Reader "wceb": the datasets of the Web Content Extraction Benchmark (WCEB,
// Bevendorff, Gupta, Kiesel & Stein, SIGIR 2023;
// github.com/chatnoir-eu/web-content-extraction-benchmark) as its
// `convert-datasets` step writes them (extract.py: extract_ground_truth and
// extract_raw_html).
//
// Layout: ROOT/ground-truth/<dataset>.jsonl, one JSON object a line:
//   {"page_id": "<sha256 of the raw page>", "plaintext": "<gold text>",
//    "url": "..." (when known), "source": ["<dataset>", "<case>"]}
// and ROOT/html/<dataset>/<page_id>.html, the page re-encoded as UTF-8 (WCEB writes
// only pages with HTML). ROOT is WCEB's datasets/combined/; its parent datasets/ is
// accepted too.
// Pairing: a ground-truth line and html/<dataset>/<page_id>.html; the gold is the
// "plaintext" string (inline; null is "", as WCEB's eval.py reads it). Pages without
// a ground-truth line are documents without gold, with a warning.
// Datasets: each ground-truth file is one dataset (CorpusDoc::dataset), so that
// scores can be aggregated per dataset as WCEB does (--aggregate mean-median).
// Language: none (""; WCEB gives none); `--lang` gives the corpus one.
// Charset: the pages are UTF-8 whatever their meta tags say (WCEB reads them so).
// Model outputs (outputs/model-outputs/<dataset>/<model>.jsonl) are read as systems
// by corpora/system_outputs.h.
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "corpora/corpus.h"
#include "corpora/layout.h"

namespace detour::corpora {
namespace fs = std::filesystem;

namespace {

fs::path combined_root(const fs::path& root) {
  if (is_dir(root / "ground-truth")) return root;
  if (is_dir(root / "combined" / "ground-truth")) return root / "combined";
  return {};
}

bool longer_and_ends_with(const std::string& s, std::string_view e) {
  return s.size() > e.size() && s.compare(s.size() - e.size(), e.size(), e) == 0;
}

}  // namespace

bool detect_wceb(const fs::path& root) {
  fs::path r = combined_root(root);
  if (r.empty()) return false;
  for (const auto& f : io::list_files(r / "ground-truth"))
    if (longer_and_ends_with(f, ".jsonl")) return true;
  return false;
}

Corpus open_wceb(const fs::path& root, const OpenOptions&) {
  const fs::path r = combined_root(root);
  if (r.empty()) fail(root, "no ground-truth/ folder (not a WCEB converted dataset: datasets/combined/)");
  Corpus c;
  c.root = root;
  for (const auto& f : list_documents(r / "ground-truth")) {
    if (!longer_and_ends_with(f, ".jsonl")) continue;
    const std::string dataset = f.substr(0, f.size() - 6);
    const fs::path file = r / "ground-truth" / f;
    const fs::path html_dir = r / "html" / dataset;
    std::map<std::string, std::string> pages;  // page_id -> file name
    if (is_dir(html_dir))
      for (const auto& p : list_documents(html_dir)) pages.emplace(stem_of(p), p);
    std::istringstream in(text_of_file_bytes(read_doc_file(file), file));
    std::string line;
    std::size_t line_no = 0;
    std::map<std::string, std::size_t> seen;
    while (std::getline(in, line)) {
      ++line_no;
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      nlohmann::json j;
      try {
        j = nlohmann::json::parse(line);
      } catch (const nlohmann::json::exception& e) {
        fail(file, "line " + std::to_string(line_no) + ": invalid JSON: " + e.what());
      }
      auto id = j.find("page_id");
      if (!j.is_object() || id == j.end() || !id->is_string())
        fail(file, "line " + std::to_string(line_no) + ": no \"page_id\" string");
      const std::string pid = id->get<std::string>();
      if (auto [it, fresh] = seen.emplace(pid, line_no); !fresh) {
        c.warnings.push_back(dataset + "/" + pid + ": duplicate page_id (line " + std::to_string(line_no) +
                             ", first on line " + std::to_string(it->second) + "; ignored)");
        continue;
      }
      CorpusDoc d;
      d.dataset = dataset;
      d.id = pid;
      auto text = j.find("plaintext");
      if (text != j.end() && !text->is_null() && !text->is_string())
        fail(file, "line " + std::to_string(line_no) + ": \"plaintext\" is not a string");
      d.gold_inline = std::make_shared<const std::string>(
          text != j.end() && text->is_string() ? text->get<std::string>() : std::string());
      if (auto u = j.find("url"); u != j.end() && u->is_string()) d.url = u->get<std::string>();
      if (auto it = pages.find(pid); it != pages.end()) {
        d.html_path = html_dir / it->second;
        d.given_charset = "UTF-8";
        pages.erase(it);
      } else {
        c.warnings.push_back(dataset + "/" + pid + ": ground truth without page");
      }
      c.docs.push_back(std::move(d));
    }
    for (const auto& [pid, name] : pages) {
      CorpusDoc d;
      d.dataset = dataset;
      d.id = pid;
      d.html_path = html_dir / name;
      d.given_charset = "UTF-8";
      c.warnings.push_back(dataset + "/" + pid + ": page without ground truth");
      c.docs.push_back(std::move(d));
    }
  }
  if (c.docs.empty()) fail(r / "ground-truth", "no <dataset>.jsonl ground truth with any page");
  c.plain_text_gold = true;
  finish_corpus(c);
  return c;
}

}  // namespace detour::corpora
