#include "harness/runner.h"

#include <fmt/format.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <iostream>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "corpora/corpus.h"
#include "extractors/ncleaner/ncleaner.h"
#include "reports/tables.h"

namespace detour::harness {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::vector<std::vector<std::string>> parse_chain_list(const std::string& list) {
  std::vector<std::vector<std::string>> chains;
  std::size_t s = 0;
  while (s < list.size()) {
    std::size_t c = list.find(',', s);
    if (c == std::string::npos) c = list.size();
    std::string item = list.substr(s, c - s);
    s = c + 1;
    if (item.empty()) continue;
    std::vector<std::string> stages;
    std::size_t a = 0;
    while (a <= item.size()) {
      std::size_t d = item.find('-', a);
      if (d == std::string::npos) d = item.size();
      std::string st = item.substr(a, d - a);
      a = d + 1;
      // Extractor names may themselves hold '-' (BP-DEF, CETD-TD): greedy join with
      // the previous stage when the joined name is a known extractor.
      if (!stages.empty()) {
        std::string joined = stages.back() + "-" + st;
        bool known = false;
        for (const auto& info : extractor_registry()) known = known || info.name == joined;
        if (known) {
          stages.back() = joined;
          continue;
        }
      }
      if (st.empty()) throw std::invalid_argument("empty stage in chain '" + item + "'");
      stages.push_back(st);
    }
    chains.push_back(std::move(stages));
  }
  return chains;
}

std::vector<std::vector<std::string>> all_pairs(const std::vector<std::string>& names) {
  std::vector<std::vector<std::string>> out;
  for (const auto& a : names)
    for (const auto& b : names)
      if (a != b) out.push_back({a, b});
  return out;
}

namespace {

std::string join(const std::vector<std::string>& v, const std::string& sep) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
  return s;
}

struct StageOut {
  bool ok = true;
  bool excluded = false;
  std::string reason;
  Extraction extraction;
  double millis = 0;
};

// Progress: a bar with rate and ETA on a terminal, plain lines otherwise.
class Progress {
 public:
  Progress(std::size_t total, bool enabled) : total_(total), enabled_(enabled && total > 0), start_(Clock::now()) {
    tty_ = isatty(STDERR_FILENO);
    if (enabled_) thread_ = std::thread([this] { loop(); });
  }
  ~Progress() { finish(); }
  void tick() { done_.fetch_add(1, std::memory_order_relaxed); }
  void finish() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard<std::mutex> l(m_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
    print(true);
  }

 private:
  void loop() {
    std::unique_lock<std::mutex> l(m_);
    while (!stop_) {
      cv_.wait_for(l, std::chrono::milliseconds(tty_ ? 250 : 5000));
      if (!stop_) print(false);
    }
  }
  void print(bool final) {
    std::size_t done = done_.load();
    double secs = std::chrono::duration<double>(Clock::now() - start_).count();
    double rate = secs > 0 ? done / secs : 0;
    double eta = rate > 0 ? (total_ - done) / rate : 0;
    if (tty_) {
      int width = 30;
      int filled = static_cast<int>(width * double(done) / double(total_));
      std::cerr << fmt::format("\r[{}{}] {}/{} pages  {:.1f} pages/s  ETA {:.0f} s   ", std::string(filled, '='),
                               std::string(width - filled, ' '), done, total_, rate, eta);
      if (final) std::cerr << "\n";
    } else {
      std::cerr << fmt::format("progress: {}/{} pages, {:.1f} pages/s, ETA {:.0f} s\n", done, total_, rate, eta);
    }
  }
  std::size_t total_;
  bool enabled_, tty_ = false, stop_ = false;
  Clock::time_point start_;
  std::atomic<std::size_t> done_{0};
  std::thread thread_;
  std::mutex m_;
  std::condition_variable cv_;
};

// "STAGE: reason", unless the extractor already named itself at the start.
std::string stage_reason(const std::string& stage, const std::string& what) {
  const std::string prefix = stage + ": ";
  return what.compare(0, prefix.size(), prefix) == 0 ? what : prefix + what;
}

}  // namespace

RunResult run(const RunConfig& cfg) {
  auto t0 = Clock::now();
  corpora::Corpus corpus = corpora::open_corpus(cfg.corpus);
  for (const auto& w : corpus.warnings) std::cerr << "note: " << w << "\n";
  std::vector<corpora::CorpusDoc> docs;
  for (const auto& d : corpus.docs) {
    if (!cfg.languages.empty() &&
        std::find(cfg.languages.begin(), cfg.languages.end(), d.lang) == cfg.languages.end())
      continue;
    if (d.gold_path.empty() || d.html_path.empty()) continue;  // reported in corpus warnings
    docs.push_back(d);
  }
  if (docs.empty()) throw std::runtime_error(cfg.corpus.string() + ": no (page, gold) pairs to run on");

  // Systems and their stages.
  std::vector<std::vector<std::string>> systems;
  for (const auto& e : cfg.extractors) systems.push_back({e});
  for (const auto& c : cfg.chains) systems.push_back(c);
  std::map<std::string, std::unique_ptr<Extractor>> stages;
  std::map<std::string, std::set<std::string>> stage_exclusions;  // stage -> "lang/id"
  for (const auto& sys : systems)
    for (const auto& st : sys) {
      if (stages.count(st)) continue;
      for (const auto& spec : cfg.externals)
        if (spec.name == st) stages[st] = make_external_extractor(spec);
      for (const auto& [name, path] : cfg.models)
        if (name == st) {
          stages[st] = make_ncleaner_model_extractor(path, name);
          std::error_code ec;
          if (fs::exists(path + ".pages", ec)) {
            std::string ids = corpora::read_file(path + ".pages");
            std::size_t a = 0;
            while (a < ids.size()) {
              std::size_t e = ids.find('\n', a);
              if (e == std::string::npos) e = ids.size();
              if (e > a) stage_exclusions[st].insert(ids.substr(a, e - a));
              a = e + 1;
            }
          }
        }
      if (!stages.count(st)) stages[st] = make_extractor(st);
    }
  auto ms = metrics::parse_metric_list(cfg.metrics);

  int threads = cfg.jobs > 0 ? cfg.jobs : static_cast<int>(tbb::info::default_concurrency());
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);

  const std::size_t n = docs.size();
  RunResult result;
  result.decode_notes.resize(n);
  for (const auto& d : docs) {
    result.doc_ids.push_back(d.id);
    result.doc_langs.push_back(d.lang);
    result.doc_out_names.push_back(d.gold_path.empty() ? d.id : d.gold_path.filename().string());
  }

  // Corpus-aware extractors (training, site grouping) see every page first.
  bool need_corpus = false;
  for (auto& [name, ex] : stages) need_corpus = need_corpus || ex->needs_corpus();
  std::vector<std::optional<Page>> preloaded(n);
  std::vector<std::string> gold(n);
  std::vector<std::string> load_error(n);
  auto load = [&](std::size_t i) {
    try {
      gold[i] = corpora::load_gold_bytes(docs[i]);
      preloaded[i] = corpora::load_page(docs[i]);
      const DecodeInfo& di = preloaded[i]->decode;
      result.decode_notes[i] = di.charset + " (" + di.source + (di.lossy ? ", lossy" : "") + ")";
    } catch (const std::exception& e) {
      load_error[i] = e.what();
      result.decode_notes[i] = "unreadable";
    }
  };
  if (need_corpus) {
    tbb::parallel_for(std::size_t{0}, n, load);
    CorpusContext ctx;
    ctx.seed = cfg.seed;
    for (std::size_t i = 0; i < n; ++i)
      if (preloaded[i]) ctx.entries.push_back({&*preloaded[i], gold[i]});
    for (auto& [name, ex] : stages)
      if (ex->needs_corpus()) ex->prepare(ctx);
  }
  for (auto& [name, ex] : stages)
    if (!ex->needs_corpus()) ex->prepare(CorpusContext{});

  result.systems.resize(systems.size());
  std::vector<std::vector<std::optional<DocResult>>> scored(systems.size(), std::vector<std::optional<DocResult>>(n));
  for (std::size_t s = 0; s < systems.size(); ++s) {
    result.systems[s].name = join(systems[s], "-");
    std::vector<std::string> sigs;
    for (const auto& st : systems[s]) sigs.push_back(stages[st]->signature());
    result.systems[s].signature = join(sigs, " > ");
    result.systems[s].pages.resize(n);
  }

  Progress progress(n, cfg.progress);
  auto work = [&](std::size_t i) {
    if (!need_corpus) load(i);
    std::map<std::string, StageOut> cache;  // chain prefix -> output
    metrics::PreparedText gold_text(gold[i]);  // tokenised once for all systems
    for (std::size_t s = 0; s < systems.size(); ++s) {
      PageOutcome& out = result.systems[s].pages[i];
      if (!load_error[i].empty()) {
        out.status = "failed";
        out.reason = load_error[i];
      } else {
        std::string prefix;
        const StageOut* prev = nullptr;
        for (const auto& st : systems[s]) {
          prefix += (prefix.empty() ? "" : "-") + st;
          auto it = cache.find(prefix);
          if (it == cache.end()) {
            StageOut so;
            if (prev && (!prev->ok || prev->excluded)) {
              so = *prev;
              so.extraction = {};
            } else {
              auto ts = Clock::now();
              try {
                if (!prev) {
                  so.extraction = stages[st]->extract(*preloaded[i]);
                } else {
                  const Extraction& pe = prev->extraction;
                  std::string html = pe.html.empty() ? render_html(pe.segments, preloaded[i]->dom->title()) : pe.html;
                  Page next = Page::from_html(preloaded[i]->id, std::move(html), preloaded[i]->lang);
                  next.url = preloaded[i]->url;
                  next.path = preloaded[i]->path;
                  so.extraction = stages[st]->extract(next);
                }
                if (auto ex = stage_exclusions.find(st);
                    ex != stage_exclusions.end() && ex->second.count(docs[i].lang + "/" + docs[i].id))
                  so.extraction.excluded = "training page of the model";
                if (so.extraction.excluded) {
                  so.excluded = true;
                  so.reason = *so.extraction.excluded;
                }
              } catch (const std::exception& e) {
                so.ok = false;
                so.reason = stage_reason(st, e.what());
              }
              so.millis = std::chrono::duration<double, std::milli>(Clock::now() - ts).count();
            }
            it = cache.emplace(prefix, std::move(so)).first;
          }
          prev = &it->second;
        }
        out.millis = prev->millis;
        out.notes = prev->extraction.notes;
        if (!prev->ok) {
          out.status = "failed";
          out.reason = prev->reason;
        } else if (prev->excluded) {
          out.status = "excluded";
          out.reason = prev->reason;
        } else {
          const Extraction& ex = prev->extraction;
          out.cleaneval = ex.cleaneval.empty() ? render_cleaneval(ex.segments) : ex.cleaneval;
        }
      }
      if (out.status != "excluded") {
        metrics::PreparedText sys_text(out.cleaneval);
        metrics::DocPair pair(sys_text, gold_text, cfg.score_options);
        DocResult r{docs[i].lang, docs[i].id, {}};
        for (const auto* m : ms) r.scores.push_back(m->score(pair));
        scored[s][i] = std::move(r);
      }
    }
    if (!need_corpus) preloaded[i].reset();  // streaming: free the page
    progress.tick();
  };
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 1), [&](const auto& r) {
    for (std::size_t i = r.begin(); i != r.end(); ++i) work(i);
  });
  progress.finish();

  for (std::size_t s = 0; s < systems.size(); ++s) {
    ScoreSet& set = result.systems[s].scores;
    set.metrics = ms;
    set.options = cfg.score_options;
    set.has_languages = corpus.format != "flat";
    for (std::size_t i = 0; i < n; ++i) {
      if (scored[s][i]) set.docs.push_back(std::move(*scored[s][i]));
      const PageOutcome& po = result.systems[s].pages[i];
      if (po.status == "failed")
        set.notes.push_back("failed, scored as empty output: " + docs[i].lang + "/" + docs[i].id + ": " + po.reason);
      else if (po.status == "excluded")
        set.notes.push_back("excluded: " + docs[i].lang + "/" + docs[i].id + ": " + po.reason);
    }
  }
  result.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return result;
}

void write_run(const RunConfig& cfg, const RunResult& r) {
  if (cfg.out.empty()) return;
  const fs::path& dir = cfg.out;
  fs::create_directories(dir);
  nlohmann::json j;
  nlohmann::json systems = nlohmann::json::object();
  std::string per_doc = "system\tlang\tid\tstatus\tmetric\ttp\tfp\tfn\n";
  std::string failures = "system\tlang\tid\tstatus\treason\n";
  std::string timings = "system\tlang\tid\tmillis\n";
  std::vector<reports::SystemScores> table_input;
  std::vector<std::string> metric_names;
  for (const auto& sys : r.systems) {
    nlohmann::json sj = to_json(sys.scores, false);
    sj["extractor_signature"] = sys.signature;
    nlohmann::json fails = nlohmann::json::array();
    for (std::size_t i = 0; i < sys.pages.size(); ++i) {
      const PageOutcome& p = sys.pages[i];
      fs::path out_path = dir / "outputs" / sys.name / r.doc_langs[i] / r.doc_out_names[i];
      if (p.status != "excluded") {
        fs::create_directories(out_path.parent_path());
        corpora::write_file_atomic(out_path, p.cleaneval, /*durable=*/false);
      }
      if (p.status != "ok") {
        fails.push_back({{"lang", r.doc_langs[i]}, {"id", r.doc_ids[i]}, {"status", p.status}, {"reason", p.reason}});
        failures += fmt::format("{}\t{}\t{}\t{}\t{}\n", sys.name, r.doc_langs[i], r.doc_ids[i], p.status, p.reason);
      }
      timings += fmt::format("{}\t{}\t{}\t{:.3f}\n", sys.name, r.doc_langs[i], r.doc_ids[i], p.millis);
    }
    for (const auto& d : sys.scores.docs)
      for (std::size_t mi = 0; mi < sys.scores.metrics.size(); ++mi)
        per_doc += fmt::format("{}\t{}\t{}\tok\t{}\t{}\t{}\t{}\n", sys.name, d.lang, d.id, sys.scores.metrics[mi]->name,
                               d.scores[mi].tp, d.scores[mi].fp, d.scores[mi].fn);
    sj["failures"] = std::move(fails);
    systems[sys.name] = std::move(sj);
    reports::SystemScores ss;
    ss.system = sys.name;
    metric_names.clear();
    for (const auto* m : sys.scores.metrics) metric_names.emplace_back(m->name);
    for (const auto& lang : language_keys(sys.scores)) {
      std::vector<std::pair<std::string, metrics::Aggregate>> ms;
      for (std::size_t mi = 0; mi < sys.scores.metrics.size(); ++mi)
        ms.emplace_back(std::string(sys.scores.metrics[mi]->name), aggregate_metric(sys.scores, mi, lang));
      ss.by_lang.emplace_back(lang, std::move(ms));
    }
    table_input.push_back(std::move(ss));
  }
  j["systems"] = std::move(systems);
  j["corpus"] = cfg.corpus.string();
  j["documents"] = r.doc_ids.size();
  if (!r.systems.empty()) j["signature"] = metrics::run_signature(r.systems[0].scores.metrics, cfg.score_options);
  corpora::write_file_atomic(dir / "results.json", j.dump(2) + "\n");
  corpora::write_file_atomic(dir / "per_doc.tsv", per_doc);
  corpora::write_file_atomic(dir / "failures.tsv", failures);
  corpora::write_file_atomic(dir / "timings.tsv", timings);
  std::string sig = r.systems.empty() ? "" : j["signature"].get<std::string>();
  using reports::TableFormat;
  for (auto [fmt_, ext] : {std::pair{TableFormat::Tsv, "tsv"}, {TableFormat::Markdown, "md"}, {TableFormat::Latex, "tex"}}) {
    corpora::write_file_atomic(dir / (std::string("table2.") + ext), reports::table2(table_input, metric_names, fmt_, sig));
    corpora::write_file_atomic(dir / (std::string("table4.") + ext), reports::table4(table_input, metric_names, fmt_, sig));
  }
}

}  // namespace detour::harness
