// `detour report`: the self-contained HTML report of one or more runs.
//   detour report RUN [RUN...] --out DIR [--corpus ROOT] [--format NAME]
//                 [--resamples N] [--seed N] [--raw-pages copy|none] [--compress yes|no]
//                 [--jobs N] [--title TEXT]
// A RUN is a run folder or a run of a results store (ID, STORE_FILE:ID), as `detour
// compare` and `detour gate` take them; a store keeps records, not output texts, so a
// store run's viewer aligns its outputs only when the folder it was run with still
// holds them. The gold texts and raw pages come from the run's corpus (the run names
// it; give --corpus when it moved). `detour run --report` writes the same into
// OUT/report.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <fmt/format.h>
#include <time.h>

#include <chrono>
#include <exception>
#include <functional>
#include <future>
#include <optional>
#include <iostream>
#include <map>
#include <memory>

#include "base/cpu_time.h"
#include "base/errors.h"
#include "base/io.h"
#include "cli/bench_options.h"
#include "cli/cli.h"
#include "cli/cli_report.h"
#include "corpora/corpus.h"
#include "corpora/decode.h"
#include "reports/html/html_report.h"
#include "store/store.h"

namespace detour::cli {

namespace fs = std::filesystem;

namespace {

// Gold texts and raw pages of a run's pages, from its corpus.
class CorpusPages : public reports::html::PageSource {
 public:
  CorpusPages(const reports::html::ReportRun& run, const std::string& root, corpora::Corpus corpus)
      : corpus_(std::move(corpus)) {
    std::map<std::pair<std::string, std::string>, const corpora::CorpusDoc*> by_key;
    std::map<std::string, std::vector<const corpora::CorpusDoc*>> by_id;
    for (const auto& d : corpus_.docs) {
      by_key.emplace(std::pair{d.lang, d.id}, &d);
      by_id[d.id].push_back(&d);
    }
    docs_.resize(run.pages(), nullptr);
    for (std::size_t i = 0; i < run.pages(); ++i) {
      if (auto it = by_key.find({run.langs[i], run.ids[i]}); it != by_key.end()) {
        docs_[i] = it->second;
      } else if (auto jt = by_id.find(run.ids[i]); jt != by_id.end() && jt->second.size() == 1) {
        docs_[i] = jt->second[0];  // a page the run gave a language (--lang)
      } else {
        ++missing_;
      }
    }
    where_ = root;
  }
  std::string gold(std::size_t page) const override { return corpora::load_gold_bytes(doc(page)); }
  std::string raw(std::size_t page) const override {
    const corpora::CorpusDoc& d = doc(page);
    return corpora::decode_page(corpora::load_page_raw(d), d.given_charset).utf8;
  }
  std::size_t missing() const { return missing_; }

 private:
  const corpora::CorpusDoc& doc(std::size_t page) const {
    if (!docs_[page]) throw corpora::CorpusError("page " + std::to_string(page) + " of the run is not in the corpus at " + where_);
    return *docs_[page];
  }
  corpora::Corpus corpus_;
  std::vector<const corpora::CorpusDoc*> docs_;
  std::size_t missing_ = 0;
  std::string where_;
};

// The corpus results.json names (its provenance's, as load_report_run reads it), read
// ahead of the run folder; "" when it cannot be read (load_report_run then says why).
std::string corpus_named_by(const std::string& dir) {
  try {
    const nlohmann::json j = nlohmann::json::parse(io::read_file(fs::path(dir) / "results.json"));
    if (j.contains("provenance") && j["provenance"].contains("corpus")) return j["provenance"]["corpus"].get<std::string>();
  } catch (const std::exception&) {
  }
  return "";
}

// A run of a results store for the report: its records, and the run folder it was made
// with when that folder still holds this run (the same corpus fingerprint and system
// signatures in its results.json): its outputs/ and task tables.
reports::html::ReportRun store_report_run(const std::string& source, const StoreRunRef& ref) {
  store::Store st(ref.store, /*create=*/false);
  results::RunRecords records = st.records(ref.id);
  const store::RunSummary summary = st.summary(ref.id);
  fs::path dir;
  std::error_code ec;
  if (!summary.out_dir.empty() && fs::is_directory(summary.out_dir, ec)) {
    try {
      const nlohmann::json j = nlohmann::json::parse(io::read_file(fs::path(summary.out_dir) / "results.json"));
      const results::Provenance p = results::Provenance::from_json(j.at("provenance"));
      if (p.corpus_fingerprint == records.provenance.corpus_fingerprint && p.systems == records.provenance.systems)
        dir = summary.out_dir;
    } catch (const std::exception&) {  // not this run's folder (any more)
    }
  }
  return reports::html::report_run_from_records(std::move(records), source, dir, "store run " + std::to_string(ref.id));
}
}  // namespace

void write_report(const std::vector<std::string>& run_dirs, const std::string& out, const ReportArgs& a) {
  const auto t0 = std::chrono::steady_clock::now();
  const double c0 = process_cpu_seconds();
  if (a.raw_pages != "copy" && a.raw_pages != "none")
    throw UsageError("--raw-pages " + a.raw_pages + ": expected copy or none");
  if (a.compress != "yes" && a.compress != "no") throw UsageError("--compress " + a.compress + ": expected yes or no");
  if (a.resamples < 0) throw UsageError("--resamples must be 0 or more");
  reports::html::CarView car_view = reports::html::CarView::kLongWords;
  if (a.car_view == "all") car_view = reports::html::CarView::kAll;
  else if (a.car_view == "none") car_view = reports::html::CarView::kNone;
  else if (a.car_view != "long-words") throw UsageError("--car-view " + a.car_view + ": expected long-words, all or none");
  std::vector<std::unique_ptr<reports::html::ReportRun>> runs;
  std::vector<std::unique_ptr<CorpusPages>> sources;
  // The pages of the last run read, from its corpus at `root` (`open` gives it); an
  // error names the run and says to give the corpus's current place.
  auto add_source = [&](const std::string& dir, const std::string& root, const std::function<corpora::Corpus()>& open) {
    try {
      sources.push_back(std::make_unique<CorpusPages>(*runs.back(), root, open()));
    } catch (const UsageError&) {
      throw;
    } catch (const std::exception& e) {
      throw corpora::CorpusError(std::string(e.what()) + " (the corpus of run " + dir +
                                 "; give its current place with --corpus)");
    }
    if (sources.back()->missing() > 0)
      std::cerr << "note: " << sources.back()->missing() << " pages of " << dir << " are not in the corpus at " << root
                << " (shown without gold)\n";
  };
  for (const auto& dir : run_dirs) {
    // A store run (ID, STORE_FILE:ID): its records, and its folder's outputs when the
    // folder still holds them.
    if (auto ref = store_run_ref(dir)) {
      runs.push_back(std::make_unique<reports::html::ReportRun>(store_report_run(dir, *ref)));
      const auto& run = *runs.back();
      const std::string root = a.corpus.empty() ? run.corpus : a.corpus;
      if (root.empty()) throw UsageError(dir + ": the run names no corpus; give it with --corpus");
      add_source(dir, root, [&] { return corpora::open_corpus(root, a.open); });
      continue;
    }
    // The run folder and its corpus are read at the same time when the corpus is known
    // before the run is loaded (--corpus, or results.json read ahead); the errors come
    // in the same order as when they are read one after the other: the run's first.
    std::string root = a.corpus.empty() ? corpus_named_by(dir) : a.corpus;
    std::future<reports::html::ReportRun> loading;
    if (!root.empty()) loading = std::async(std::launch::async, [dir] { return reports::html::load_report_run(dir); });
    std::optional<corpora::Corpus> corpus;
    std::exception_ptr corpus_error;
    if (!root.empty()) {
      try {
        corpus = corpora::open_corpus(root, a.open);
      } catch (...) {
        corpus_error = std::current_exception();
      }
    }
    runs.push_back(std::make_unique<reports::html::ReportRun>(loading.valid() ? loading.get()
                                                                               : reports::html::load_report_run(dir)));
    const auto& run = *runs.back();
    if (root.empty()) root = run.corpus;  // results.json could not be read ahead
    if (root.empty()) throw UsageError(dir + ": results.json names no corpus; give it with --corpus");
    add_source(dir, root, [&] {
      if (corpus_error) std::rethrow_exception(corpus_error);
      return corpus ? std::move(*corpus) : corpora::open_corpus(root, a.open);
    });
  }
  reports::html::ReportOptions opt;
  opt.judge.resamples = static_cast<std::uint32_t>(a.resamples);
  opt.judge.seed = a.seed;
  opt.raw_pages = a.raw_pages == "copy";
  opt.compress = a.compress == "yes";
  opt.car_view = car_view;
  opt.threads = a.jobs > 0 ? static_cast<unsigned>(a.jobs) : 0;
  if (!a.title.empty()) opt.title = a.title;
  std::vector<const reports::html::ReportRun*> rp;
  std::vector<const reports::html::PageSource*> sp;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    rp.push_back(runs[k].get());
    sp.push_back(sources[k].get());
  }
  auto summary = reports::html::write_html_report(rp, sp, out, opt);
  for (const auto& w : summary.warnings) std::cerr << "warning: " << w << "\n";
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << fmt::format(
      "report of {} run(s), {} pages: {} files, {:.1f} MB (viewer pages {:.1f} MB, {} raw pages {:.1f} MB{}) in {:.2f} s "
      "({:.2f} s CPU: viewer pages {:.2f} s, raw pages {:.2f} s, the rest reading the runs and corpora, intervals, "
      "tables, overview)\n",
      summary.runs, summary.pages, summary.files, summary.bytes / 1e6, summary.page_bytes / 1e6, summary.raw_files,
      summary.raw_bytes / 1e6, opt.compress ? ", compressed" : "", secs, process_cpu_seconds() - c0,
      summary.pages_seconds, summary.raw_seconds);
  std::cout << "open " << (fs::absolute(out) / "index.html").string() << "\n";
}

void add_report_options(CLI::App* cmd, ReportArgs& a) {
  cmd->add_option("--resamples", a.resamples, "bootstrap resamples of the intervals (0: none; the ties follow the run's settings, as table4.*)")
      ->capture_default_str();
  cmd->add_option("--resample-seed", a.seed, "seed of the bootstrap")->capture_default_str();
  cmd->add_option("--raw-pages", a.raw_pages,
                  "copy the raw pages into the report (copy: once per corpus, whatever the runs) or not (none)")
      ->capture_default_str();
  cmd->add_option("--compress", a.compress,
                  "the files loaded on demand (page lists, viewer and raw pages) gzip-compressed, inflated by the "
                  "browser (yes), or plain scripts for browsers without DecompressionStream (no)")
      ->capture_default_str();
  cmd->add_option("--car-view", a.car_view,
                  "pages whose characters are aligned in the viewer (car): long-words (pages whose words average "
                  "over 12 characters: unsegmented scripts), all, none")
      ->capture_default_str();
  cmd->add_option("--title", a.title, "the report's title");
}

void add_report_command(CLI::App& app) {
  struct Args {
    std::vector<std::string> runs;
    std::string out, corpus;
    ReportArgs report;
    BenchArgs bench;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("report", "a self-contained HTML report (tables, charts, per-page viewer) of run folders");
  cmd->add_option("runs", args->runs,
                  "runs: run folders (`detour run --out`) or store runs (ID, STORE_FILE:ID); the first is the reference of "
                  "the deltas")
      ->required();
  cmd->add_option("--out", args->out, "folder to write the report to (DIR/index.html)")->required();
  cmd->add_option("--corpus", args->corpus, "the runs' corpus, when it is no longer where results.json says");
  cmd->add_option("--jobs", args->report.jobs, "threads (default: every core)");
  add_report_options(cmd, args->report);
  add_bench_options(cmd, args->bench, "--format", /*scoring=*/false);
  cmd->callback([args, cmd] {
    if (cmd->count("--jobs")) check_jobs(args->report.jobs);
    args->report.corpus = args->corpus;
    args->report.open = open_options(args->bench);
    write_report(args->runs, args->out, args->report);
  });
}

}  // namespace detour::cli
