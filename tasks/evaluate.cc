#include "tasks/evaluate.h"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <set>

#include "base/io.h"

namespace detour::tasks {

std::string_view outcome_name(Outcome o) {
  switch (o) {
    case Outcome::TP: return "tp";
    case Outcome::FP: return "fp";
    case Outcome::FN: return "fn";
    case Outcome::TN: return "tn";
    case Outcome::None: break;
  }
  return "-";
}

std::string DecisionCache::key(std::string_view lang, std::string_view text) {
  std::string k;
  k.reserve(lang.size() + 1 + text.size());
  k.append(lang);
  k.push_back('\0');
  k.append(text);
  return k;
}

std::shared_ptr<const Decision> DecisionCache::find(std::string_view lang, std::string_view text) const {
  const std::string k = key(lang, text);
  std::lock_guard<std::mutex> lock(mu_);
  auto it = map_.find(k);
  return it == map_.end() ? nullptr : it->second;
}

std::shared_ptr<const Decision> DecisionCache::insert(std::string_view lang, std::string_view text, Decision decision) {
  std::string k = key(lang, text);
  auto d = std::make_shared<const Decision>(std::move(decision));
  std::lock_guard<std::mutex> lock(mu_);
  return map_.try_emplace(std::move(k), std::move(d)).first->second;
}

std::size_t DecisionCache::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return map_.size();
}

std::shared_ptr<const Decided> decide_text(const Task& task, std::string_view lang, std::string_view id,
                                           std::string_view text) {
  auto d = std::make_shared<Decided>();
  const auto start = std::chrono::steady_clock::now();
  try {
    d->decision = task.decide({lang, id, text});
  } catch (const std::exception& e) {
    d->error = e.what();
  }
  d->millis = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return d;
}

namespace {

// The decision of a document's text (read from its file when it has one), from the
// cache when the text was decided before.
void decide_input(const Task& task, const DocInput& in, DocRecord& r, DecisionCache* cache) {
  std::string from_file;
  std::string_view text = in.text;
  if (!in.file.empty()) {
    std::error_code ec;
    if (!std::filesystem::exists(in.file, ec)) {
      r.status = "missing";
      r.reason = "no output file " + in.file.string() + " (decided as an empty output)";
    } else {
      try {
        from_file = io::read_file(in.file);
        text = from_file;
      } catch (const std::exception& e) {
        r.status = "failed";
        r.reason = std::string(e.what()) + " (decided as an empty output)";
      }
    }
  }
  const auto start = std::chrono::steady_clock::now();
  std::shared_ptr<const Decision> known = cache ? cache->find(in.lang, text) : nullptr;
  if (known) {
    r.decision = *known;
  } else {
    try {
      r.decision = task.decide({in.lang, in.id, text});
      if (cache) cache->insert(in.lang, text, r.decision);
    } catch (const std::exception& e) {  // not cached: the id is in the reason
      r.status = "error";
      r.reason = e.what();
      r.decision = Decision{};
    }
  }
  r.millis = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void decide_one(const Task& task, const Annotations& annotations, const DocInput& in, DocRecord& r,
                DecisionCache* cache) {
  r.lang = in.lang;
  r.id = in.id;
  r.status = in.status;
  r.reason = in.reason;
  if (const Annotation* a = annotations.find(in.lang, in.id)) {
    r.gold = a->relevant ? 1 : 0;
    r.gold_label = a->label;
    r.gold_place = a->place;
  }
  if (in.status == "excluded") return;
  if (in.decided) {
    r.decision = in.decided->decision;
    if (!in.decided->error.empty()) {
      r.status = "error";
      r.reason = in.decided->error;
    }
    r.millis = in.decided->millis;
  } else {
    decide_input(task, in, r, cache);
  }
  if (r.gold < 0) {
    if (r.status == "ok") r.status = "unannotated";
    if (r.reason.empty()) r.reason = "no annotation for this page";
    return;
  }
  const bool pred = r.decision.relevant;
  r.outcome = r.gold ? (pred ? Outcome::TP : Outcome::FN) : (pred ? Outcome::FP : Outcome::TN);
}

bool has(const Decision& d, std::string_view c) {
  return std::find(d.conditions.begin(), d.conditions.end(), c) != d.conditions.end();
}

}  // namespace

TaskRun run_task(const Task& task, const Annotations& annotations, std::string system,
                 const std::vector<DocInput>& docs, int jobs, DecisionCache* cache) {
  TaskRun run;
  run.system = std::move(system);
  run.docs.resize(docs.size());
  auto body = [&](std::size_t i) { decide_one(task, annotations, docs[i], run.docs[i], cache); };
  if (jobs == 1) {
    for (std::size_t i = 0; i < docs.size(); ++i) body(i);
  } else {
    tbb::task_arena arena(jobs > 0 ? jobs : tbb::task_arena::automatic);
    arena.execute([&] { tbb::parallel_for(std::size_t{0}, docs.size(), body); });
  }
  return run;
}

TaskCounts count(const TaskRun& run, std::string_view lang) {
  TaskCounts c;
  for (const DocRecord& r : run.docs) {
    if (lang != "all" && r.lang != lang) continue;
    const Decision& d = r.decision;
    c.empty += has(d, "empty");
    c.no_p += has(d, "no-p");
    c.truncated += has(d, "truncated");
    c.invalid_utf8 += has(d, "invalid-utf8");
    c.failed += r.status == "failed";
    c.missing += r.status == "missing";
    c.excluded += r.status == "excluded";
    c.errors += r.status == "error";
    c.unannotated += r.gold < 0 && r.status != "excluded";
    switch (r.outcome) {
      case Outcome::TP:
        ++c.tp;
        c.label_match += d.label == r.gold_label;
        c.place_match += d.place == r.gold_place;
        break;
      case Outcome::FP: ++c.fp; break;
      case Outcome::FN: ++c.fn; break;
      case Outcome::TN: ++c.tn; break;
      case Outcome::None: continue;
    }
    ++c.documents;
  }
  // evaluate.py: everything 0 when there is no true positive (CleanEval's zero rule).
  c.prf = prf(static_cast<std::int64_t>(c.tp), static_cast<std::int64_t>(c.fp), static_cast<std::int64_t>(c.fn),
              ZeroRule::CleanEval);
  return c;
}

DocCounts doc_counts(const TaskRun& run, std::string_view lang) {
  DocCounts d;
  for (const DocRecord& r : run.docs) {
    if (!r.scored() || (lang != "all" && r.lang != lang)) continue;
    d.ids.push_back(r.lang + "/" + r.id);
    d.tp.push_back(r.outcome == Outcome::TP);
    d.fp.push_back(r.outcome == Outcome::FP);
    d.fn.push_back(r.outcome == Outcome::FN);
  }
  return d;
}

std::vector<std::string> orphan_annotations(const Annotations& annotations,
                                            const std::vector<std::pair<std::string, std::string>>& pages) {
  std::set<const Annotation*> found;
  for (const auto& [lang, id] : pages)
    if (const Annotation* a = annotations.find(lang, id)) found.insert(a);
  std::vector<std::string> out;
  for (const Annotation& a : annotations.items)
    if (!found.count(&a)) out.push_back(a.lang + "/" + a.id);
  return out;
}

}  // namespace detour::tasks
