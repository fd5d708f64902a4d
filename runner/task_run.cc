#include "runner/task_run.h"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <charconv>
#include <set>

#include "base/errors.h"
#include "base/strings.h"

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
    if (d.gold_path.empty() || d.html_path.empty()) continue;
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
    const std::string file = d->gold_path.filename().string();
    const fs::path by_lang = dir / d->lang / file;
    in.file = (!d->lang.empty() && fs::is_directory(dir / d->lang, ec)) ? by_lang : dir / file;
    s.docs.push_back(std::move(in));
  }
  return s;
}

TaskResults run_task(const TaskConfig& config, const corpora::Corpus& corpus,
                     const std::vector<const corpora::CorpusDoc*>& pages, const std::vector<TaskSystem>& systems) {
  const tasks::TaskInfo& info = tasks::find_task(config.task);
  TaskResults r;
  r.task = config.task;
  tasks::TaskSettings settings;
  settings.resources = task_resources(config, corpus.root);
  settings.params = config.params;
  std::unique_ptr<tasks::Task> task = info.make(settings);
  const fs::path ann_file = task_annotations(config, corpus.root);
  try {
    r.annotations = tasks::read_annotations(ann_file);
  } catch (const io::IoError& e) {
    throw ResourceError(e.what());
  }
  std::set<std::string> langs;
  std::vector<std::pair<std::string, std::string>> page_keys;
  for (const auto* d : pages) {
    langs.insert(d->lang);
    page_keys.emplace_back(d->lang, d->id);
  }
  r.languages.assign(langs.begin(), langs.end());
  task->prepare(r.languages);
  r.signature = task->signature() + "|ann:" + r.annotations.hash;
  // Orphans: annotations of the languages processed that name no page.
  for (const std::string& o : tasks::orphan_annotations(r.annotations, page_keys))
    if (langs.count(o.substr(0, o.find('/')))) r.orphans.push_back(o);

  const auto start = std::chrono::steady_clock::now();
  std::vector<tasks::DocInput> gold;
  for (const auto* d : pages) {
    tasks::DocInput in;
    in.lang = d->lang;
    in.id = d->id;
    in.file = d->gold_path;
    gold.push_back(std::move(in));
  }
  r.runs.push_back(tasks::run_task(*task, r.annotations, "reference", gold, config.jobs));
  for (const auto& s : systems) r.runs.push_back(tasks::run_task(*task, r.annotations, s.name, s.docs, config.jobs));
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
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
