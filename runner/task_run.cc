#include "runner/task_run.h"

#include <fmt/core.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <charconv>
#include <cmath>
#include <memory>
#include <mutex>
#include <set>
#include <unordered_map>

#include "base/cpu_time.h"
#include "base/errors.h"
#include "base/io.h"
#include "base/strings.h"
#include "reports/judge.h"
#include "reports/tables.h"
#include "stats/kendall.h"
#include "stats/stats.h"

namespace detour::harness {

namespace fs = std::filesystem;

namespace {

fs::path first_existing(const std::vector<fs::path>& candidates, bool folder, const std::string& what) {
  std::error_code ec;
  for (const auto& p : candidates)
    if (folder ? fs::is_directory(p, ec) : fs::is_regular_file(p, ec)) return p;
  std::vector<std::string> tried;
  for (const auto& p : candidates) tried.push_back(p.string());
  throw ResourceError(what + " not found (tried " + join(tried, ", ") + ")");
}

std::string number(double v) {
  char buf[32];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

std::string evidence_field(const tasks::Decision& d) {
  std::string out;
  for (const auto& [k, v] : d.evidence) out += (out.empty() ? "" : "; ") + k + "=" + v;
  return out;
}

}  // namespace

fs::path task_resources(const TaskConfig& c, const fs::path& root) {
  // A task told to use lists built into it (daniel: lists=embeddia) needs no folder.
  if (auto it = c.params.find("lists"); it != c.params.end() && it->second != "folder" && c.resources.empty()) return {};
  if (!c.resources.empty()) return first_existing({c.resources}, true, "task resources folder");
  return first_existing({root / "tasks" / c.task / "resources", root / ".." / ".." / "resources" / c.task}, true,
                        "resources of task " + c.task);
}

fs::path task_annotations(const TaskConfig& c, const fs::path& root) {
  if (!c.annotations.empty()) return first_existing({c.annotations}, false, "annotation file");
  return first_existing({root / "tasks" / c.task / "annotations.json", root / "annotations.json"}, false,
                        "annotations of task " + c.task);
}

std::vector<const corpora::CorpusDoc*> task_pages(const corpora::Corpus& corpus,
                                                  const std::vector<std::string>& languages) {
  std::vector<const corpora::CorpusDoc*> pages;
  for (const auto& d : corpus.docs) {
    if (!d.has_gold() || !d.has_page()) continue;
    if (!languages.empty() && std::find(languages.begin(), languages.end(), d.lang) == languages.end()) continue;
    pages.push_back(&d);
  }
  return pages;
}

TaskSystem folder_system(const std::string& name, const fs::path& dir,
                         const std::vector<const corpora::CorpusDoc*>& pages) {
  TaskSystem s;
  s.name = name;
  std::error_code ec;
  for (const auto* d : pages) {
    tasks::DocInput in;
    in.lang = d->lang;
    in.id = d->id;
    const std::string file = d->gold_path.empty() || d->gold_filter ? d->id : d->gold_path.filename().string();  // as runner.cc names outputs
    const fs::path by_lang = dir / d->lang / file;
    in.file = (!d->lang.empty() && fs::is_directory(dir / d->lang, ec)) ? by_lang : dir / file;
    s.docs.push_back(std::move(in));
  }
  return s;
}

// A task made and prepared for the pages it will see, with its annotations.
struct TaskSetup {
  std::unique_ptr<tasks::Task> task;
  tasks::Annotations annotations;
  std::vector<std::string> languages;  // sorted
  std::vector<std::string> orphans;
  std::string signature;
};

namespace {

std::unique_ptr<TaskSetup> make_setup(const TaskConfig& config, const corpora::Corpus& corpus,
                                      const std::vector<const corpora::CorpusDoc*>& pages) {
  const tasks::TaskInfo& info = tasks::find_task(config.task);
  auto setup = std::make_unique<TaskSetup>();
  tasks::TaskSettings settings;
  settings.resources = task_resources(config, corpus.root);
  settings.params = config.params;
  setup->task = info.make(settings);
  const fs::path ann_file = task_annotations(config, corpus.root);
  try {
    setup->annotations = tasks::read_annotations(ann_file);
  } catch (const io::IoError& e) {
    throw ResourceError(e.what());
  }
  std::set<std::string> langs;
  std::vector<std::pair<std::string, std::string>> page_keys;
  for (const auto* d : pages) {
    langs.insert(d->lang);
    page_keys.emplace_back(d->lang, d->id);
  }
  setup->languages.assign(langs.begin(), langs.end());
  setup->task->prepare(setup->languages);
  setup->signature = setup->task->signature() + "|ann:" + setup->annotations.hash;
  // Orphans: annotations of the languages processed that name no page.
  for (const std::string& o : tasks::orphan_annotations(setup->annotations, page_keys))
    if (langs.count(o.substr(0, o.find('/')))) setup->orphans.push_back(o);
  return setup;
}

// The reference row and the systems' rows. `gold_decided`: per page, the gold text's
// decision made during the run, or null (the gold is read then).
TaskResults run_setup(const TaskConfig& config, TaskSetup& setup, const std::vector<const corpora::CorpusDoc*>& pages,
                      const std::vector<TaskSystem>& systems,
                      const std::vector<std::shared_ptr<const tasks::Decided>>& gold_decided) {
  TaskResults r;
  r.task = config.task;
  r.judgments = config.judgments;
  r.annotations = std::move(setup.annotations);
  r.languages = setup.languages;
  r.orphans = setup.orphans;
  r.signature = setup.signature;
  const auto start = std::chrono::steady_clock::now();
  std::vector<tasks::DocInput> gold;
  std::vector<std::string> gold_texts(pages.size());
  for (std::size_t i = 0; i < pages.size(); ++i) {
    tasks::DocInput in;
    in.lang = pages[i]->lang;
    in.id = pages[i]->id;
    if (i < gold_decided.size() && gold_decided[i]) {
      in.decided = gold_decided[i];
    } else {
      try {
        gold_texts[i] = corpora::load_gold_bytes(*pages[i]);
      } catch (const std::exception& e) {
        in.status = "failed";
        in.reason = std::string(e.what()) + " (decided as an empty text)";
      }
      in.text = gold_texts[i];
    }
    gold.push_back(std::move(in));
  }
  tasks::DecisionCache cache;  // a text met again (equal outputs of two systems) is decided once
  const tasks::Task& task = *setup.task;
  r.runs.push_back(tasks::run_task(task, r.annotations, "reference", gold, config.jobs, &cache));
  for (const auto& s : systems)
    r.runs.push_back(tasks::run_task(task, r.annotations, s.name, s.docs, config.jobs, &cache));
  r.decided = cache.size();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

// The pages of a run's corpus as the task sees them (the run's --lang given to pages
// without a language).
struct RunPages {
  corpora::Corpus corpus;
  std::vector<const corpora::CorpusDoc*> pages;
};

std::unique_ptr<RunPages> run_pages(const CorpusSelection& selection) {
  auto rp = std::make_unique<RunPages>();
  rp->corpus = corpora::open_corpus(selection.corpus, selection.open);
  if (!selection.lang.empty())
    for (auto& d : rp->corpus.docs)
      if (d.lang.empty()) d.lang = selection.lang;
  rp->pages = task_pages(rp->corpus, selection.languages);
  return rp;
}

}  // namespace

TaskResults run_task(const TaskConfig& config, const corpora::Corpus& corpus,
                     const std::vector<const corpora::CorpusDoc*>& pages, const std::vector<TaskSystem>& systems) {
  std::unique_ptr<TaskSetup> setup = make_setup(config, corpus, pages);
  return run_setup(config, *setup, pages, systems, {});
}

void check_task(const TaskConfig& config, const fs::path& corpus_root, const std::vector<std::string>& languages) {
  const tasks::TaskInfo& info = tasks::find_task(config.task);
  tasks::TaskSettings settings;
  settings.resources = task_resources(config, corpus_root);
  settings.params = config.params;
  std::unique_ptr<tasks::Task> task = info.make(settings);
  const fs::path ann = task_annotations(config, corpus_root);
  try {
    tasks::read_annotations(ann);
  } catch (const io::IoError& e) {
    throw ResourceError(e.what());
  }
  std::vector<std::string> langs = languages;
  if (langs.empty()) {
    corpora::Corpus corpus = corpora::open_corpus(corpus_root);
    langs = corpus.languages;
  }
  task->prepare(langs);
}

TaskDuringRun::TaskDuringRun(const TaskConfig& config, const CorpusSelection& corpus, const fs::path& out)
    : outputs_written_(!out.empty()) {
  const double cpu0 = process_cpu_seconds();  // before the run: the process does this alone
  const std::unique_ptr<RunPages> rp = run_pages(corpus);
  setup_ = make_setup(config, rp->corpus, rp->pages);
  cpu_ns_ += static_cast<std::int64_t>((process_cpu_seconds() - cpu0) * 1e9);
}

TaskDuringRun::~TaskDuringRun() = default;

// A page's texts waiting to be decided: each distinct text once (slot 0 the gold
// text, s + 1 system s; -1: none).
struct TaskDuringRun::Waiting {
  std::size_t k = 0;
  std::string lang, id;
  std::vector<std::string> texts;
  std::vector<int> slot_text;
};

struct TaskDuringRun::Batch {
  std::vector<Waiting> pages;
  std::size_t bytes = 0;
};

void TaskDuringRun::page(const CompletedPage& page) {
  const std::int64_t cpu0 = thread_cpu_ns();
  struct AddCpu {
    std::atomic<std::int64_t>& to;
    std::int64_t from;
    ~AddCpu() { to.fetch_add(thread_cpu_ns() - from, std::memory_order_relaxed); }
  } add_cpu{cpu_ns_, cpu0};
  std::call_once(sized_, [&] { pages_.resize(page.pages); });
  std::vector<std::string>& outputs = *page.outputs;
  const corpora::CorpusDoc& doc = *page.doc;
  const std::size_t systems = page.statuses.size();
  if (page.k >= pages_.size() || outputs.size() != systems) return;
  Waiting w;
  w.k = page.k;
  w.lang = doc.lang;
  w.id = doc.id;
  w.slot_text.assign(systems + 1, -1);
  // A text met again on the page (equal outputs of two systems, an output equal to the
  // gold) is decided once.
  // An output the run does not keep is moved, not copied.
  auto add = [&](std::size_t slot, std::string_view text, std::string* spare = nullptr) {
    for (std::size_t t = 0; t < w.texts.size(); ++t)
      if (w.texts[t] == text) {
        w.slot_text[slot] = static_cast<int>(t);
        return;
      }
    w.slot_text[slot] = static_cast<int>(w.texts.size());
    if (spare) w.texts.push_back(std::move(*spare));
    else w.texts.emplace_back(text);
  };
  try {
    add(0, corpora::load_gold_bytes(doc));
  } catch (const std::exception&) {
    // decided after the run, where the failure is recorded
  }
  for (std::size_t s = 0; s < systems; ++s) {
    const std::string& status = page.statuses[s];
    if (status == "excluded") continue;
    // As after the run: a written run's failed page has no output file (an empty text).
    if (!outputs_written_ || status == "ok") add(s + 1, outputs[s], page.spare_outputs ? &outputs[s] : nullptr);
    else add(s + 1, std::string_view());
  }
  // Pages are decided by batches, so that the task's tables stay in the caches from one
  // text to the next (a batch holds some megabytes of text per thread).
  Batch& batch = batches_.local();
  for (const auto& t : w.texts) batch.bytes += t.size();
  batch.pages.push_back(std::move(w));
  if (batch.bytes >= kBatchBytes) decide(batch);  // its CPU time counted here
}

void TaskDuringRun::decide(Batch& batch) {
  const auto start = std::chrono::steady_clock::now();
  std::size_t decided = 0;
  for (const Waiting& w : batch.pages) {
    std::vector<std::shared_ptr<const tasks::Decided>> made(w.texts.size());
    for (std::size_t t = 0; t < w.texts.size(); ++t) made[t] = tasks::decide_text(*setup_->task, w.lang, w.id, w.texts[t]);
    decided += made.size();
    std::vector<std::shared_ptr<const tasks::Decided>> slots(w.slot_text.size());
    for (std::size_t slot = 0; slot < slots.size(); ++slot)
      if (w.slot_text[slot] >= 0) slots[slot] = made[static_cast<std::size_t>(w.slot_text[slot])];
    pages_[w.k] = std::move(slots);
  }
  batch.pages.clear();
  batch.bytes = 0;
  decided_.fetch_add(decided);
  nanos_.fetch_add(static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count()));
}

void TaskDuringRun::finish(int jobs) {
  std::vector<Batch*> left;
  for (Batch& b : batches_)
    if (!b.pages.empty()) left.push_back(&b);
  auto body = [&](std::size_t i) { decide(*left[i]); };
  if (jobs == 1) {
    for (std::size_t i = 0; i < left.size(); ++i) body(i);
  } else {
    tbb::task_arena arena(jobs > 0 ? jobs : tbb::task_arena::automatic);
    arena.execute([&] { tbb::parallel_for(std::size_t{0}, left.size(), body); });
  }
}

TaskResults run_task_on_run(const TaskConfig& config, const CorpusSelection& corpus, const fs::path& out,
                            const RunResult& run, TaskDuringRun* during) {
  const double cpu0 = process_cpu_seconds();  // the run is over: the process does this alone
  const std::unique_ptr<RunPages> rp = run_pages(corpus);
  const auto& pages = rp->pages;
  if (pages.size() != run.doc_ids.size())
    throw std::logic_error("task: the corpus changed during the run (" + std::to_string(pages.size()) + " pages, " +
                           std::to_string(run.doc_ids.size()) + " run)");
  // The decisions made during the run, per page (none for a page it did not decide).
  if (during) during->finish(config.jobs);
  const std::vector<std::vector<std::shared_ptr<const tasks::Decided>>> none;
  const auto& decided = during ? during->pages_ : none;
  auto decided_at = [&](std::size_t i, std::size_t slot) -> std::shared_ptr<const tasks::Decided> {
    return i < decided.size() && slot < decided[i].size() ? decided[i][slot] : nullptr;
  };
  std::vector<TaskSystem> systems;
  for (std::size_t s = 0; s < run.systems.size(); ++s) {
    const auto& sys = run.systems[s];
    TaskSystem ts;
    ts.name = sys.name;
    for (std::size_t i = 0; i < pages.size(); ++i) {
      tasks::DocInput in;
      in.lang = run.doc_langs[i];
      in.id = run.doc_ids[i];
      in.status = sys.pages[i].status;
      in.reason = sys.pages[i].reason;
      in.decided = decided_at(i, s + 1);
      // A failed page's output is empty. A run with --out writes each output as its page
      // completes and keeps only the file (pages of a resumed run are files only).
      if (in.decided) {
      } else if (!run.outputs_written) {
        in.text = run.outputs[s][i];
      } else if (in.status == "ok") {
        in.file = results::output_file(out, sys.name, run.doc_langs[i], run.doc_out_names[i]);
      }
      ts.docs.push_back(std::move(in));
    }
    systems.push_back(std::move(ts));
  }
  std::vector<std::shared_ptr<const tasks::Decided>> gold_decided(pages.size());
  for (std::size_t i = 0; i < pages.size(); ++i) gold_decided[i] = decided_at(i, 0);
  std::unique_ptr<TaskSetup> own;
  TaskSetup* setup = during ? during->setup_.get() : (own = make_setup(config, rp->corpus, pages)).get();
  TaskResults r = run_setup(config, *setup, pages, systems, gold_decided);
  if (during) {
    r.decided += during->decided_.load();
    r.seconds += static_cast<double>(during->nanos_.load()) * 1e-9;
    r.cpu_seconds += static_cast<double>(during->cpu_ns_.load()) * 1e-9;
  }
  r.cpu_seconds += process_cpu_seconds() - cpu0;
  return r;
}

namespace {

std::string pct(double v) { return fmt::format("{:.2f}", 100 * v); }

const metrics::MetricInfo* task_metric(const std::string& task) {
  // One MetricInfo per task name, alive for the process (tables keep pointers to it).
  static std::mutex mu;
  static std::map<std::string, std::unique_ptr<metrics::MetricInfo>> infos;
  std::lock_guard<std::mutex> lock(mu);
  auto& info = infos[task];
  if (!info) {
    static std::map<std::string, std::string> names;  // stable storage of the names
    const std::string& name = names.emplace(task, task).first->second;
    info = std::make_unique<metrics::MetricInfo>();
    info->name = name;
    info->description = "downstream task: decisions on the relevant class scored against annotations";
    info->tokenisation = "task";
    info->normalisation = "task";
    info->zero_rule = ZeroRule::CleanEval;
    info->score = nullptr;
    info->per_doc = metrics::PerDoc::kCounts;
    info->family = "task";
  }
  return info.get();
}

}  // namespace

std::vector<results::ScoreSet> task_score_sets(const TaskResults& r) {
  const metrics::MetricInfo* m = task_metric(r.task);
  std::vector<results::ScoreSet> sets(r.runs.size());
  for (std::size_t s = 0; s < r.runs.size(); ++s) {
    results::ScoreSet& set = sets[s];
    set.metrics = {m};
    set.has_languages = true;
    set.written_signature = set.written_metric_signatures.emplace_back(r.signature);
    for (const tasks::DocRecord& d : r.runs[s].docs) {
      if (!d.scored()) continue;
      results::DocResult doc;
      doc.lang = d.lang;
      doc.id = d.id;
      metrics::DocScore sc;
      sc.tp = d.outcome == tasks::Outcome::TP;
      sc.fp = d.outcome == tasks::Outcome::FP;
      sc.fn = d.outcome == tasks::Outcome::FN;
      doc.scores.push_back(std::move(sc));
      set.docs.push_back(std::move(doc));
    }
  }
  return sets;
}

namespace {

// The judgments of Table 3: every cell's intervals, each system against the reference,
// the best system of each language against the others.
struct Table3Judged {
  std::vector<results::ScoreSet> sets;
  std::vector<reports::SystemScores> systems;  // the runs, "reference" first
  std::vector<std::string> langs;              // languages, then "all"
  reports::Verdicts verdicts;
  // Per language: the ranked non-baseline systems (run index, F1), the request index of
  // each system against the reference and of each ranked system but the best against
  // the best.
  std::map<std::string, std::vector<std::pair<std::size_t, double>>> ranked;
  std::map<std::pair<std::string, std::size_t>, std::size_t> vs_reference, vs_best;
};

Table3Judged judge_table3(const TaskResults& r) {
  Table3Judged j;
  j.sets = task_score_sets(r);
  const metrics::MetricInfo* m = task_metric(r.task);
  for (std::size_t s = 0; s < r.runs.size(); ++s)
    j.systems.push_back({r.runs[s].system, &j.sets[s],
                         s > 0 && reports::is_baseline(r.runs[s].system, r.judgments.baselines)});
  j.langs = r.languages;
  j.langs.push_back("all");
  reports::JudgeRequest request;
  request.intervals = true;
  std::size_t family = 0;
  for (const auto& lang : j.langs) {
    auto& ranked = j.ranked[lang];
    for (std::size_t s = 1; s < r.runs.size(); ++s) {
      const auto a = results::aggregate_metric(j.sets[s], 0, lang);
      if (a.documents == 0) continue;
      request.comparisons.push_back({s, 0, lang, m, stats::Statistic::MicroF1, family});
      j.vs_reference[{lang, s}] = request.comparisons.size() - 1;
      if (!j.systems[s].baseline) ranked.emplace_back(s, a.micro.f1);
    }
    ++family;
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
    for (std::size_t k = 1; k < ranked.size(); ++k) {
      request.comparisons.push_back({ranked[0].first, ranked[k].first, lang, m, stats::Statistic::MicroF1, family});
      j.vs_best[{lang, ranked[k].first}] = request.comparisons.size() - 1;
    }
    ++family;
  }
  j.verdicts = reports::judge(j.systems, j.langs, request, reports::JudgeOptions::from(r.judgments));
  std::vector<results::ScoreSet*> ptrs;
  for (auto& set : j.sets) ptrs.push_back(&set);
  reports::store_intervals(j.verdicts, ptrs, j.langs);
  return j;
}

std::string percent_alpha(double alpha) { return fmt::format("{:g}", 100 * (1 - alpha)); }

}  // namespace

Table3 table3(const TaskResults& r) {
  Table3Judged j = judge_table3(r);
  const double alpha = r.judgments.alpha;
  Table3 out;
  reports::Table t;
  t.title = "Table 3 - task " + r.task + ": P, R and F1 of the relevant class";
  t.intervals = reports::IntervalStyle::Bounds;
  t.add_column("system", "", reports::Align::Left);
  for (const auto& l : j.langs)
    for (const char* k : {"P", "R", "F1"}) t.add_column(k, l);
  std::size_t tests = 0;
  for (std::size_t s = 0; s < r.runs.size(); ++s) {
    reports::Row& row = t.add_row();
    reports::Cell name = reports::Cell::text(r.runs[s].system);
    if (j.systems[s].baseline) name.mark(reports::kBaseline);
    row.push_back(std::move(name));
    for (const auto& l : j.langs) {
      const auto a = results::aggregate_metric(j.sets[s], 0, l);
      if (a.documents == 0) {
        row.insert(row.end(), {reports::Cell::empty(), reports::Cell::empty(), reports::Cell::empty()});
        continue;
      }
      row.push_back(reports::percent_cell(j.sets[s], 0, l, 0, a.micro.precision, true));
      row.push_back(reports::percent_cell(j.sets[s], 0, l, 1, a.micro.recall, true));
      reports::Cell f1 = reports::percent_cell(j.sets[s], 0, l, 2, a.micro.f1, true);
      const auto& ranked = j.ranked[l];
      if (!ranked.empty() && ranked[0].first == s) f1.mark(reports::kBest);
      if (auto it = j.vs_best.find({l, s}); it != j.vs_best.end()) {
        const auto& cr = j.verdicts.comparisons[it->second];
        if (cr.judged && !reports::differ(cr, alpha)) f1.mark(reports::kTied);
      }
      row.push_back(std::move(f1));
    }
  }
  for (const auto& cr : j.verdicts.comparisons) tests += cr.judged;
  const reports::JudgeOptions jo = reports::JudgeOptions::from(r.judgments);
  t.notes.push_back(fmt::format(
      "intervals: {}% percentile bootstrap over documents ({} resamples); best: the highest F1 among the systems "
      "(not the reference, never a baseline); tied: not significantly different from the best; paired tests in "
      "table3_tests. Rule: {}",
      percent_alpha(alpha), r.judgments.resamples, reports::verdict_rule(jo)));
  t.notes.push_back(std::string(stats::pairing_rule()));
  if (std::string caution = reports::resolution_note(j.verdicts); !caution.empty()) t.notes.push_back(caution);
  out.table.tables.push_back(std::move(t));
  out.table.signatures.push_back("task " + r.signature);
  out.table.signatures.push_back(reports::JudgeOptions::from(r.judgments).bootstrap.signature());
  out.table.signatures.push_back(reports::verdict_signature(jo));

  // The paired tests.
  reports::Table p;
  p.title = "Table 3 - paired tests: F1 differences (points) against the reference and against the best system";
  p.intervals = reports::IntervalStyle::Bounds;
  p.add_column("system", "", reports::Align::Left);
  for (const auto& l : j.langs)
    for (const char* k : {"F1 - ref", "p ref", "F1 - best", "p best"}) p.add_column(k, l);
  const std::string sig = "task " + r.signature;
  auto delta_cell = [&](const reports::ComparisonResult& cr) {
    results::Score sc(100 * cr.paired.delta, sig);
    sc = sc.with_interval(100 * cr.paired.lo, 100 * cr.paired.hi, cr.paired.bootstrap_signature);
    return reports::Cell::number(sc, 2);
  };
  auto p_cell = [&](const reports::ComparisonResult& cr) {
    reports::Cell c = reports::Cell::number(results::Score(cr.p(), sig), 4);
    if (reports::differ(cr, alpha)) c.mark(reports::kBest);
    return c;
  };
  for (std::size_t s = 1; s < r.runs.size(); ++s) {
    reports::Row& row = p.add_row();
    reports::Cell name = reports::Cell::text(r.runs[s].system);
    if (j.systems[s].baseline) name.mark(reports::kBaseline);
    row.push_back(std::move(name));
    for (const auto& l : j.langs) {
      auto ref = j.vs_reference.find({l, s});
      if (ref != j.vs_reference.end() && j.verdicts.comparisons[ref->second].judged) {
        const auto& cr = j.verdicts.comparisons[ref->second];
        row.push_back(delta_cell(cr));
        row.push_back(p_cell(cr));
      } else {
        row.insert(row.end(), {reports::Cell::empty(), reports::Cell::empty()});
      }
      auto best = j.vs_best.find({l, s});
      if (best != j.vs_best.end() && j.verdicts.comparisons[best->second].judged) {
        const auto& cr = j.verdicts.comparisons[best->second];
        // The comparison is best - system: shown as system - best.
        reports::ComparisonResult flipped = cr;
        flipped.paired.delta = 0.0 - cr.paired.delta;  // 0 - x: no negative zero
        flipped.paired.lo = 0.0 - cr.paired.hi;
        flipped.paired.hi = 0.0 - cr.paired.lo;
        row.push_back(delta_cell(flipped));
        row.push_back(p_cell(cr));
      } else {
        const auto& ranked = j.ranked[l];
        const bool is_best = !ranked.empty() && ranked[0].first == s;
        row.push_back(is_best ? reports::Cell::text("best") : reports::Cell::empty());
        row.push_back(reports::Cell::empty());
      }
    }
  }
  p.notes.push_back(fmt::format(
      "F1 - ref: the system's F1 minus the reference's (the task on the gold texts), F1 - best: minus the best system's "
      "of the language, with their {}% paired bootstrap intervals; p: the paired test's p-value of the F1 "
      "difference; best-marked p: the two differ ({} tests in the table). Rule: {}",
      percent_alpha(alpha), tests, reports::verdict_rule(jo)));
  p.notes.push_back(std::string(stats::pairing_rule()));
  out.tests.tables.push_back(std::move(p));
  out.tests.signatures = out.table.signatures;
  out.tests.signatures.push_back(reports::JudgeOptions::from(r.judgments).bootstrap.paired_signature());
  return out;
}

std::vector<reports::SystemScores> table4_task_systems(const TaskResults& r,
                                                       const std::vector<results::ScoreSet>& sets) {
  std::vector<reports::SystemScores> systems;
  for (std::size_t s = 1; s < r.runs.size() && s < sets.size(); ++s)
    systems.push_back({r.runs[s].system, &sets[s], reports::is_baseline(r.runs[s].system, r.judgments.baselines)});
  return systems;
}

std::string table4_task(const TaskResults& r, bool markdown) {
  std::vector<std::string> langs = r.languages;
  langs.push_back("all");
  std::string out = markdown ? "### Table 4 - task group: best system per language (task F1)\n\n"
                               "| language | task best | task F1 | reference F1 |\n|---|---|---:|---:|\n"
                             : "language\ttask_best\ttask_F1\treference_F1\n";
  for (const auto& l : langs) {
    double best = -1;
    std::vector<std::string> names;
    for (std::size_t s = 1; s < r.runs.size(); ++s) {
      // A baseline (GOLD, ALL, NONE, --baselines) is never the best, as in Table 4.
      if (reports::is_baseline(r.runs[s].system, r.judgments.baselines)) continue;
      const double f = tasks::count(r.runs[s], l).prf.f1;
      if (f > best) {
        best = f;
        names.assign(1, r.runs[s].system);
      } else if (f == best) {
        names.push_back(r.runs[s].system);
      }
    }
    const std::string who = names.empty() ? "-" : join(names, ", ");
    const std::string f1 = names.empty() ? "-" : pct(best);
    const std::string ref = r.runs.empty() ? "-" : pct(tasks::count(r.runs[0], l).prf.f1);
    out += markdown ? "| " + l + " | " + who + " | " + f1 + " | " + ref + " |\n"
                    : tsv_escape(l) + "\t" + tsv_escape(who) + "\t" + f1 + "\t" + ref + "\n";
  }
  out += markdown ? "\ntask " + r.signature + "\n" : "# task " + r.signature + "\n";
  return out;
}

Correlations correlations(const RunResult& run, const TaskResults& task) {
  Correlations c;
  const stats::BootstrapOptions bs;
  std::vector<std::string> langs = task.languages;
  langs.push_back("all");
  std::vector<const metrics::MetricInfo*> ms;
  if (!run.systems.empty())
    for (const auto* m : run.systems[0].scores.metrics)
      if (m->per_doc == metrics::PerDoc::kCounts) ms.push_back(m);
  c.json["signature"] = "task:" + task.task + "|stat:micro-f1|" + stats::BootstrapOptions{}.signature();
  c.json["systems"] = nlohmann::json::array();
  for (const auto& sys : run.systems) c.json["systems"].push_back(sys.name);
  nlohmann::json by_lang = nlohmann::json::object();
  c.markdown = "| metric |";
  for (const auto& l : langs) c.markdown += " " + l + " |";
  c.markdown += "\n|---|";
  for (std::size_t i = 0; i < langs.size(); ++i) c.markdown += "---|";
  c.markdown += "\n";
  std::map<std::string, std::map<std::string, std::string>> cells;  // metric -> lang -> text
  // Each system's intrinsic scores by page of the run (null: not scored).
  std::unordered_map<std::string, std::size_t> page_of;
  for (std::size_t i = 0; i < run.doc_ids.size(); ++i) page_of.emplace(run.doc_langs[i] + '\0' + run.doc_ids[i], i);
  std::vector<std::vector<const results::DocResult*>> scored(run.systems.size(),
                                                              std::vector<const results::DocResult*>(run.doc_ids.size()));
  std::vector<std::vector<std::size_t>> metric_at(run.systems.size());  // per system: each metric's place
  for (std::size_t s = 0; s < run.systems.size(); ++s) {
    const auto& set = run.systems[s].scores;
    for (const auto& d : set.docs)
      if (auto it = page_of.find(d.lang + '\0' + d.id); it != page_of.end()) scored[s][it->second] = &d;
    for (const auto* m : ms) {
      std::size_t mi = 0;
      while (mi < set.metrics.size() && set.metrics[mi] != m) ++mi;
      metric_at[s].push_back(mi);
    }
  }
  for (const auto& l : langs) {
    // Documents scored intrinsically for every system and scored by the task for
    // every system (annotated, not excluded), in run order.
    std::vector<std::size_t> docs;
    for (std::size_t i = 0; i < run.doc_ids.size(); ++i) {
      if (l != "all" && run.doc_langs[i] != l) continue;
      bool ok = true;
      for (std::size_t s = 0; s < run.systems.size() && ok; ++s) {
        ok = run.systems[s].pages[i].status != "excluded" && task.runs[s + 1].docs[i].scored();
      }
      if (ok) docs.push_back(i);
    }
    nlohmann::json lj = nlohmann::json::object();
    // x[metric][system]: the counts of the documents under the metric; y[system]: the task's.
    std::vector<std::vector<std::vector<stats::Counts>>> x(
        ms.size(), std::vector<std::vector<stats::Counts>>(run.systems.size()));
    std::vector<std::vector<stats::Counts>> y(run.systems.size());
    std::vector<ZeroRule> rules;
    for (const auto* m : ms) rules.push_back(m->zero_rule);
    for (std::size_t s = 0; s < run.systems.size(); ++s) {
      for (std::size_t i : docs) {
        const results::DocResult* d = scored[s][i];
        for (std::size_t q = 0; q < ms.size(); ++q) {
          const std::size_t mi = metric_at[s][q];
          const metrics::DocScore* ds = d && mi < d->scores.size() ? &d->scores[mi] : nullptr;
          x[q][s].push_back(ds ? stats::Counts{ds->tp, ds->fp, ds->fn} : stats::Counts{});
        }
        const auto o = task.runs[s + 1].docs[i].outcome;
        y[s].push_back({o == tasks::Outcome::TP, o == tasks::Outcome::FP, o == tasks::Outcome::FN});
      }
    }
    std::vector<stats::RankCorrelation> rcs;
    if (run.systems.size() >= 2 && !docs.empty() && !ms.empty())
      rcs = stats::kendall_bootstrap_many(x, rules, y, ZeroRule::CleanEval, stats::Statistic::MicroF1, bs);
    for (std::size_t q = 0; q < ms.size(); ++q) {
      const auto* m = ms[q];
      nlohmann::json cell;
      std::string text = "-";
      if (q < rcs.size()) {
        const auto& rc = rcs[q];
        auto num = [](double v) { return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v); };
        cell = {{"tau", num(rc.tau)}, {"lo", num(rc.lo)}, {"hi", num(rc.hi)}, {"systems", rc.systems},
                {"documents", rc.documents}, {"undefined_resamples", rc.undefined}};
        text = std::isnan(rc.tau) ? "undefined"
                                  : fmt::format("{:.3f} [{:.3f}, {:.3f}]", rc.tau, rc.lo, rc.hi);
      }
      lj[std::string(m->name)] = cell;
      cells[std::string(m->name)][l] = text;
    }
    by_lang[l] = lj;
  }
  c.json["languages"] = by_lang;
  for (const auto* m : ms) {
    c.markdown += "| " + std::string(m->name) + " |";
    for (const auto& l : langs) c.markdown += " " + cells[std::string(m->name)][l] + " |";
    c.markdown += "\n";
  }
  c.markdown += "\nKendall tau-b between the systems' micro F1 under each metric and their task F1 (" +
                c.json["signature"].get<std::string>() + ")\n";
  return c;
}

void write_task(const fs::path& dir, const TaskResults& r, const RunResult* run, const Table3& t3) {
  fs::create_directories(dir);
  io::write_file_atomic(dir / "task_per_doc.tsv", task_per_doc_tsv(r));
  io::write_file_atomic(dir / "task.json", task_json(r).dump(1) + "\n");
  io::write_file_atomic(dir / "table3.md", reports::write(t3.table, "md"));
  io::write_file_atomic(dir / "table3.tsv", reports::write(t3.table, "tsv"));
  io::write_file_atomic(dir / "table3.json", reports::write(t3.table, "json"));  // the model, marks kept (the report)
  io::write_file_atomic(dir / "table3_tests.md", reports::write(t3.tests, "md"));
  io::write_file_atomic(dir / "table3_tests.tsv", reports::write(t3.tests, "tsv"));
  io::write_file_atomic(dir / "table3.json", reports::write(t3.table, "json"));  // the model, unrounded
  io::write_file_atomic(dir / "table3_tests.json", reports::write(t3.tests, "json"));
  io::write_file_atomic(dir / "table4_task.md", table4_task(r, true));
  io::write_file_atomic(dir / "table4_task.tsv", table4_task(r, false));
  if (run) {
    const Correlations c = correlations(*run, r);
    io::write_file_atomic(dir / "correlation.json", c.json.dump(1) + "\n");
    io::write_file_atomic(dir / "correlation.md", c.markdown);
  }
}

std::string task_per_doc_tsv(const TaskResults& r) {
  std::string out =
      "system\tlang\tid\tstatus\tgold\tdecision\toutcome\tlabel\tplace\tscore\tgold_label\tgold_place\tconditions\t"
      "evidence\treason\n";
  for (const auto& run : r.runs) {
    for (const auto& d : run.docs) {
      const bool decided = d.status != "excluded";
      out += tsv_escape(run.system) + "\t" + tsv_escape(d.lang) + "\t" + tsv_escape(d.id) + "\t" + d.status + "\t" +
             (d.gold < 0 ? "-" : d.gold ? "1" : "0") + "\t" + (decided ? (d.decision.relevant ? "1" : "0") : "-") +
             "\t" + std::string(tasks::outcome_name(d.outcome)) + "\t" + tsv_escape(d.decision.label) + "\t" +
             tsv_escape(d.decision.place) + "\t" + (decided ? number(d.decision.score) : "-") + "\t" +
             tsv_escape(d.gold_label) + "\t" + tsv_escape(d.gold_place) + "\t" +
             tsv_escape(join(d.decision.conditions, ",")) + "\t" + tsv_escape(evidence_field(d.decision)) + "\t" +
             tsv_escape(d.reason) + "\n";
    }
  }
  return out;
}

namespace {

nlohmann::json counts_json(const tasks::TaskCounts& c) {
  return {{"documents", c.documents},
          {"tp", c.tp},
          {"fp", c.fp},
          {"fn", c.fn},
          {"tn", c.tn},
          {"precision", c.prf.precision},
          {"recall", c.prf.recall},
          {"f1", c.prf.f1},
          {"label_match", c.label_match},
          {"place_match", c.place_match},
          {"conditions",
           {{"empty", c.empty}, {"no_p", c.no_p}, {"truncated", c.truncated}, {"invalid_utf8", c.invalid_utf8}}},
          {"status",
           {{"failed", c.failed},
            {"missing", c.missing},
            {"excluded", c.excluded},
            {"error", c.errors},
            {"unannotated", c.unannotated}}}};
}

}  // namespace

nlohmann::json task_json(const TaskResults& r) {
  nlohmann::json j;
  j["task"] = r.task;
  j["signature"] = r.signature;
  j["annotations"] = {{"path", r.annotations.path.string()},
                      {"hash", r.annotations.hash},
                      {"warnings", r.annotations.warnings}};
  j["orphans"] = r.orphans;
  nlohmann::json systems = nlohmann::json::object();
  for (const auto& run : r.runs) {
    nlohmann::json langs = nlohmann::json::object();
    for (const auto& l : r.languages) langs[l] = counts_json(tasks::count(run, l));
    langs["all"] = counts_json(tasks::count(run, "all"));
    systems[run.system] = {{"languages", langs}};
  }
  j["systems"] = systems;
  return j;
}

std::string task_summary(const TaskResults& r) {
  std::string out = fmt::format("task {}: {} annotations ({} without a page of the corpus){}\n", r.task,
                                r.annotations.items.size(), r.orphans.size(),
                                r.annotations.warnings.empty()
                                    ? ""
                                    : fmt::format(", {} entries skipped", r.annotations.warnings.size()));
  for (const auto& run : r.runs) {
    const tasks::TaskCounts c = tasks::count(run, "all");
    out += fmt::format(
        "  {}: {} scored (tp {} fp {} fn {} tn {}), P {:.2f} R {:.2f} F1 {:.2f}; empty {}, no <p> {}, truncated {}, "
        "invalid UTF-8 {}, failed {}, missing {}, excluded {}, errors {}, unannotated {}\n",
        run.system, c.documents, c.tp, c.fp, c.fn, c.tn, 100 * c.prf.precision, 100 * c.prf.recall, 100 * c.prf.f1,
        c.empty, c.no_p, c.truncated, c.invalid_utf8, c.failed, c.missing, c.excluded, c.errors, c.unannotated);
  }
  return out;
}

std::string task_problem(const TaskResults& r) {
  for (const auto& run : r.runs)
    if (tasks::count(run, "all").documents > 0) return "";
  return "task " + r.task + ": no document was scored (no page of the corpus has an annotation in " +
         r.annotations.path.string() + ")";
}

}  // namespace detour::harness
