// bench_metrics_pairs: runs the bench_metrics kernels outside the detour command
// line, for the parity and speed scripts (scripts/bench_metrics/).
//
//   bench_metrics_pairs --metric M [--punkt DIR] PAIRS.jsonl > values.tsv
//     PAIRS.jsonl: one {"id": ..., "gold": ..., "output": ...} a line (UTF-8).
//     M: rouge-default (rouge-score's defaults: newline split, DefaultTokenizer),
//        rouge-lines-ws (newline split, whitespace tokens), rouge-wceb (WCEB: Punkt
//        split with the punkt_tab folder DIR, whitespace tokens, blank rule),
//        levenshtein (WCEB's token ratio), bow, shingle (Scrapinghub per page).
//        punkt-sentences (not a score: the Punkt sentences of gold and output as
//        JSON lists, with --punkt DIR).
//     Prints "id<TAB>value..." per pair (%.17g) and, on stderr, the scoring time.
//   bench_metrics_pairs --metric unicode-classes
//     For every code point: py_isspace, py_isword, py_isdecimal, py_isupper,
//     py_islower (0/1) and py_lower (hex), for unicode_classes_check.py.
//   bench_metrics_pairs --metric shingle-table --gold ground-truth.json
//                       --outputs DIR [--n-bootstrap N] [--seed S] [--per-page FILE]
//     The Scrapinghub table for every DIR/*.json (sorted by name), as evaluate.py
//     prints it.
#include <chrono>
#include <ctime>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "metrics/bench_metrics/bow.h"
#include "metrics/bench_metrics/punkt.h"
#include "metrics/bench_metrics/py_unicode.h"
#include "metrics/bench_metrics/rouge_lsum.h"
#include "metrics/bench_metrics/shingle.h"

namespace bm = detour::bench_metrics;
namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + p.string());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Pair {
  std::string id, gold, output;
};

std::vector<Pair> read_pairs(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + p.string());
  std::vector<Pair> out;
  std::string line;
  std::size_t lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (line.empty()) continue;
    try {
      auto j = nlohmann::json::parse(line);
      out.push_back({j.at("id").get<std::string>(), j.at("gold").get<std::string>(), j.at("output").get<std::string>()});
    } catch (const std::exception& e) {
      throw std::runtime_error(p.string() + ":" + std::to_string(lineno) + ": " + e.what());
    }
  }
  return out;
}

nlohmann::ordered_json parse_json_file(const fs::path& p) {
  const std::string text = read_file(p);
  try {
    return nlohmann::ordered_json::parse(text);
  } catch (const std::exception& e) {
    throw std::runtime_error(p.string() + ": not valid JSON: " + e.what());
  }
}

std::string body_of(const nlohmann::ordered_json& item) {
  if (!item.is_object()) return {};
  auto it = item.find("articleBody");
  if (it == item.end() || it->is_null()) return {};
  if (!it->is_string()) throw std::runtime_error("articleBody is not a string");
  return it->get<std::string>();
}

int shingle_table(const fs::path& gold_path, const fs::path& outputs, int n_bootstrap, std::uint64_t seed,
                  const std::string& per_page_path) {
  const auto gt = parse_json_file(gold_path);
  if (!gt.is_object()) throw std::runtime_error(gold_path.string() + ": expected an object of id -> {articleBody}");
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(outputs)) {
    if (e.path().extension() == ".json") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  std::ofstream per_page;
  if (!per_page_path.empty()) {
    per_page.open(per_page_path);
    per_page << "system\tid\ttp\tfp\tfn\tprecision\trecall\taccuracy\n";
  }
  std::printf("%-20s %-12s %-13s  %-13s  %-13s  %-13s\n", "", "version", "F1", "precision", "recall", "accuracy");
  double seconds = 0, cpu = 0;
  for (const auto& f : files) {
    auto data = parse_json_file(f);
    std::string version;
    if (data.is_object() && data.size() == 2 && data.contains("version") && data.contains("output") &&
        data["output"].is_object()) {
      version = data["version"].is_null() ? "" : data["version"].is_string() ? data["version"].get<std::string>()
                                                                             : data["version"].dump();
      data = nlohmann::ordered_json(data["output"]);
    }
    if (data.size() != gt.size()) throw std::runtime_error(f.string() + ": prediction keys do not match ground truth");
    std::vector<std::pair<std::string, std::string>> texts;
    for (const auto& [key, item] : gt.items()) {
      if (!data.contains(key)) throw std::runtime_error(f.string() + ": prediction keys do not match ground truth");
      std::string g, o;
      try {
        g = body_of(item);
      } catch (const std::exception& e) {
        throw std::runtime_error(gold_path.string() + ": item " + key + ": " + e.what());
      }
      try {
        o = body_of(data[key]);
      } catch (const std::exception& e) {
        throw std::runtime_error(f.string() + ": item " + key + ": " + e.what());
      }
      texts.emplace_back(std::move(g), std::move(o));
    }
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    std::vector<bm::ShinglePage> pages;
    for (const auto& [g, o] : texts) pages.push_back(bm::shingle_page(g, o));
    const auto s = bm::shingle_summary(pages, n_bootstrap, seed);
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    cpu += static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    std::printf("%-20s %-12s %.3f ± %.3f  %.3f ± %.3f  %.3f ± %.3f  %.3f ± %.3f\n", f.stem().string().c_str(),
                version.c_str(), s.f1, s.f1_std, s.precision, s.precision_std, s.recall, s.recall_std, s.accuracy,
                s.accuracy_std);
    std::fprintf(stderr, "%s\t%.17g\t%.17g\t%.17g\t%.17g\t%.17g\t%.17g\t%.17g\t%.17g\n", f.stem().string().c_str(),
                 s.f1, s.precision, s.recall, s.accuracy, s.f1_std, s.precision_std, s.recall_std, s.accuracy_std);
    if (per_page.is_open()) {
      std::size_t k = 0;
      for (const auto& [key, item] : gt.items()) {
        const auto& p = pages[k++];
        char buf[512];
        std::snprintf(buf, sizeof buf, "\t%.17g\t%.17g\t%.17g\t%.17g\t%.17g\t%.17g\n", p.tp, p.fp, p.fn, p.precision,
                      p.recall, p.accuracy);
        per_page << f.stem().string() << '\t' << key << buf;
      }
    }
  }
  std::fprintf(stderr, "scoring time (parsing excluded): %.3f s wall, %.3f s CPU\n", seconds, cpu);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string metric, punkt_dir, gold, outputs, per_page, pairs_path;
  int n_bootstrap = 1000;
  std::uint64_t seed = 0;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error("missing value after " + a);
      return argv[++i];
    };
    try {
      if (a == "--metric") metric = next();
      else if (a == "--punkt") punkt_dir = next();
      else if (a == "--gold") gold = next();
      else if (a == "--outputs") outputs = next();
      else if (a == "--per-page") per_page = next();
      else if (a == "--n-bootstrap") n_bootstrap = std::stoi(next());
      else if (a == "--seed") seed = std::stoull(next());
      else pairs_path = a;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "bench_metrics_pairs: %s\n", e.what());
      return 2;
    }
  }
  try {
    if (metric == "shingle-table") return shingle_table(gold, outputs, n_bootstrap, seed, per_page);
    if (metric == "unicode-classes") {
      // Per code point: isspace, \w, \d, isupper, islower and lower() as hex.
      for (char32_t cp = 0; cp < 0x110000; ++cp) {
        if (cp >= 0xD800 && cp <= 0xDFFF) continue;
        std::string low;
        for (char32_t x : bm::py_lower(std::u32string(1, cp))) {
          char b[16];
          std::snprintf(b, sizeof b, "%X.", static_cast<unsigned>(x));
          low += b;
        }
        std::printf("%X %d%d%d%d%d %s\n", static_cast<unsigned>(cp), bm::py_isspace(cp), bm::py_isword(cp),
                    bm::py_isdecimal(cp), bm::py_isupper(cp), bm::py_islower(cp), low.c_str());
      }
      return 0;
    }
    if (pairs_path.empty()) throw std::runtime_error("no pairs file given");
    const auto pairs = read_pairs(pairs_path);
    bm::PunktModel model;
    bm::RougeLsumOptions opts;
    if (metric == "rouge-default") {
      opts = bm::RougeLsumOptions::rouge_score_default();
    } else if (metric == "rouge-lines-ws") {
      opts.tokenizer = bm::RougeTokenizer::kWhitespace;
    } else if (metric == "rouge-wceb") {
      model = bm::PunktModel::load(punkt_dir.empty() ? std::string(bm::kDebianEnglishModel) : punkt_dir);
      opts = bm::RougeLsumOptions::wceb(model);
    } else if (metric == "punkt-sentences") {
      model = bm::PunktModel::load(punkt_dir.empty() ? std::string(bm::kDebianEnglishModel) : punkt_dir);
      for (const auto& p : pairs) {
        nlohmann::json g = nlohmann::json::array(), o = nlohmann::json::array();
        for (auto s : model.sentences(p.gold)) g.push_back(std::string(s));
        for (auto s : model.sentences(p.output)) o.push_back(std::string(s));
        std::printf("%s\t%s\t%s\n", p.id.c_str(), g.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str(),
                    o.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
      }
      return 0;
    } else if (metric != "levenshtein" && metric != "bow" && metric != "shingle") {
      throw std::runtime_error("unknown --metric '" + metric + "'");
    }
    std::vector<std::string> lines(pairs.size());
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    for (std::size_t k = 0; k < pairs.size(); ++k) {
      const auto& p = pairs[k];
      char buf[256];
      if (metric.rfind("rouge", 0) == 0) {
        const auto s = bm::rouge_lsum(p.gold, p.output, opts);
        std::snprintf(buf, sizeof buf, "\t%.17g\t%.17g\t%.17g", s.precision, s.recall, s.f1);
      } else if (metric == "levenshtein") {
        std::snprintf(buf, sizeof buf, "\t%.17g", bm::wceb_levenshtein_ratio(p.gold, p.output));
      } else if (metric == "bow") {
        const auto s = bm::bow_page(p.gold, p.output);
        std::snprintf(buf, sizeof buf, "\t%.17g\t%.17g\t%.17g", s.precision, s.recall, s.f1);
      } else {
        const auto s = bm::shingle_page(p.gold, p.output);
        std::snprintf(buf, sizeof buf, "\t%.17g\t%.17g\t%.17g\t%.17g\t%.17g\t%.17g", s.tp, s.fp, s.fn, s.precision,
                      s.recall, s.accuracy);
      }
      lines[k] = p.id + buf;
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    for (const auto& l : lines) std::printf("%s\n", l.c_str());
    std::fprintf(stderr, "%s: scored %zu pairs in %.3f s wall, %.3f s CPU (reading excluded)\n", metric.c_str(),
                 pairs.size(), secs, cpu);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_metrics_pairs: %s\n", e.what());
    return 1;
  }
  return 0;
}
