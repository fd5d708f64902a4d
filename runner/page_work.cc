// page_work: see page_work.h.
#include "runner/page_work.h"

#include <time.h>

#include <cmath>
#include <string_view>
#include <unordered_map>

#include "base/strings.h"
#include "corpora/decode.h"
#include "html/page.h"

namespace detour::harness {

std::string budget_reason(double seconds, const std::string& label) {
  std::string amount = std::to_string(seconds);
  while (amount.size() > 1 && amount.back() == '0') amount.pop_back();
  if (!amount.empty() && amount.back() == '.') amount.pop_back();
  return "time budget of " + amount + " s exceeded in " + label;
}

std::string memory_reason(std::size_t budget, const std::string& label) {
  (void)budget;  // the bound is watched from outside the process (runner/memory_bound.h)
  return "out of memory in " + label + " (an allocation failed)";
}

namespace {

std::string decode_note(const Page& page) {
  const DecodeInfo& di = page.decode;
  std::string note = corpora::describe_decoding(di);
  if (!di.neutralised.empty()) note += "; " + di.neutralised;
  return note;
}

// The page offered to the stages that take requests ahead (PageJob::ahead).
void offer_ahead(const PageJob& job, const Page& page) {
  for (const Extractor* ex : job.ahead) {
    try {
      ex->send_ahead(page);
    } catch (const std::exception&) {  // (it does not throw; the page is asked for in any case)
    }
  }
}

// A page in work: the page and its gold, loaded here or kept from the learning pass
// (KeptPages), or why it could not be loaded.
struct PageInWork {
  std::string load_error;    // "" when the page loaded
  // The gold, which the page carries for the GOLD baseline (Page::gold).
  std::shared_ptr<std::string> gold = std::make_shared<std::string>();
  std::optional<Page> page;  // loaded here, or
  Page* held = nullptr;      // kept from the learning pass (KeptPages)
  const Page* pg = nullptr;  // the page the stages read
  PageInWork() = default;
  PageInWork(const PageInWork&) = delete;
  PageInWork& operator=(const PageInWork&) = delete;
  ~PageInWork() {  // a kept page's other parsers' trees and its gold, not kept after its work
    if (held) {
      html::reset_trees(*held);
      held->gold.reset();
    }
  }
};

// The page and its gold loaded (or taken from the kept pages) and its trees parsed
// into `w`, its decoding note into out.decode_note; a page that cannot be loaded,
// or whose load is over the stage budget, leaves w.load_error set (its gold still
// read when it can be: a failed page is scored as an empty output).
void load_for_work(const PageJob& job, std::size_t index, const corpora::CorpusDoc& doc, const PageForced& forced,
                   PageProgress& progress, PageInWork& w, PageResult& out, PageAhead* ahead, bool sends) {
  if (auto it = forced.failed.find("load"); it != forced.failed.end()) {
    w.load_error = it->second;
    out.decode_note = "unreadable";
    try {
      *w.gold = corpora::load_gold_bytes(doc);  // a failed page is scored as an empty output
    } catch (const std::exception&) {
    }
    return;
  }
  progress.stage("load", "loading the page");
  const double cpu0 = thread_cpu_seconds();
  try {
    if (job.kept && index < job.kept->pages.size() && job.kept->pages[index]) {
      // Loaded by the learning pass: used as it is (not copied: copying every page's
      // text measured slower, the heap being full of the kept pages), its other
      // parsers' trees dropped after the page (~PageInWork).
      w.held = job.kept->pages[index].get();
      *w.gold = job.kept->golds[index];
      w.held->gold = w.gold;
      w.pg = w.held;
    } else {
      *w.gold = corpora::load_gold_bytes(doc);
      if (ahead && ahead->page && ahead->page_index == index) {
        w.page = std::move(*ahead->page);  // loaded during the page before (send_ahead)
      } else {
        w.page = corpora::load_page(doc, job.limits);
      }
      w.page->gold = w.gold;
      w.pg = &*w.page;
    }
    out.page_bytes = w.pg->html.size();
    if (sends) offer_ahead(job, *w.pg);  // the tools begin it while its trees are parsed
    html::parse_trees(*w.pg, job.parsers);  // each tree kind the systems read, once
    out.decode_note = decode_note(*w.pg);
  } catch (const corpora::PageRefused& e) {
    w.load_error = e.what();
    out.decode_note = "refused";
    w.pg = nullptr;
  } catch (const dom::TreeLimitError& e) {  // markup that makes a parser blow up (html/dom.h)
    w.page.reset();
    w.pg = nullptr;
    w.load_error = e.what();
    out.decode_note = "refused";
  } catch (const std::bad_alloc&) {
    w.page.reset();
    w.pg = nullptr;
    w.load_error = memory_reason(job.memory_budget, "loading the page");
    out.decode_note = "unreadable";
  } catch (const std::exception& e) {
    w.load_error = e.what();
    out.decode_note = "unreadable";
    w.pg = nullptr;
  }
  if (w.pg && job.stage_budget > 0 && thread_cpu_seconds() - cpu0 > job.stage_budget) {
    w.page.reset();
    w.pg = nullptr;
    w.load_error = budget_reason(job.stage_budget, "loading the page");
    out.decode_note = "unreadable";
  }
}

// The next page (ahead->next) loaded, or taken from the kept pages, and sent to the
// tools that take pages ahead, while they do this one; kept in `ahead` for its own work.
// A page that cannot be loaded is not sent (its own work finds out why).
void send_next(const PageJob& job, PageProgress& progress, PageAhead& ahead) {
  const std::size_t next = *ahead.next;
  progress.stage("send ahead", "loading the next page ahead");
  const Page* pg = nullptr;
  if (job.kept && next < job.kept->pages.size() && job.kept->pages[next]) {
    pg = job.kept->pages[next].get();
  } else {
    try {
      ahead.page = corpora::load_page(*ahead.next_doc, job.limits);
      ahead.page_index = next;
      pg = &*ahead.page;
    } catch (const std::exception&) {
      return;
    }
  }
  offer_ahead(job, *pg);
}

// System `system`'s stages on the page (a chain reuses its prefix's output from
// `cache`): its record and output into `sp`.
void stage_system(const PageJob& job, const std::vector<std::string>& system, const PageInWork& w, PageCache& cache,
                  const StageHooks& hooks, SystemPage& sp) {
  results::PageRecord& rec = sp.record;
  if (!w.load_error.empty()) {
    rec.status = "failed";
    rec.reason = w.load_error;
    return;
  }
  const StageOutput& so = job.pipeline->run(system, *w.pg, cache, hooks);
  rec.millis = so.millis;
  rec.notes = so.extraction.notes;
  switch (so.status) {
    case StageOutput::Status::Failed:
      rec.status = "failed";
      rec.reason = so.reason;
      break;
    case StageOutput::Status::Excluded:
      rec.status = "excluded";
      rec.reason = so.reason;
      break;
    case StageOutput::Status::Ok:
      sp.output = cleaneval_form(so.extraction);
      break;
  }
}

// The scoring of a page's outputs: the gold tokenised once for all systems, and an
// output scored already (scores are a function of the two texts) not rescored.
struct PageScoring {
  const PageJob& job;
  const std::string& gold;
  const PageForced& forced;
  PageProgress& progress;
  std::optional<metrics::PreparedText> gold_text;
  std::unordered_map<std::string_view, std::size_t> scored_output;  // output -> a system that scored it

  // System s's output (in out.systems[s], not excluded) scored, or failed as an
  // empty output when its scoring is forced to fail, runs over the stage budget or
  // out of memory.
  void score(std::size_t s, const std::string& name, PageResult& out) {
    SystemPage& sp = out.systems[s];
    results::PageRecord& rec = sp.record;
    const std::string what = "score " + name;
    if (auto it = forced.failed.find(what); it != forced.failed.end()) {
      rec.status = "failed";
      rec.reason = it->second;
      sp.output.clear();
    }
    if (auto same = scored_output.find(sp.output); same != scored_output.end()) {
      sp.scores = out.systems[same->second].scores;
      return;
    }
    if (!gold_text) gold_text.emplace(gold);
    auto score = [&] {
      metrics::PreparedText sys_text(sp.output);
      metrics::DocPair pair(sys_text, *gold_text, *job.score_options);
      std::vector<metrics::DocScore> scores;
      for (const auto* m : *job.metrics) scores.push_back(m->score(pair));
      return scores;
    };
    progress.stage(what, "scoring " + name);
    const double cpu0 = thread_cpu_seconds();
    std::string failure;
    try {
      sp.scores = score();
      if (job.stage_budget > 0 && thread_cpu_seconds() - cpu0 > job.stage_budget && !sp.output.empty())
        failure = budget_reason(job.stage_budget, "scoring " + name);
    } catch (const std::bad_alloc&) {
      failure = memory_reason(job.memory_budget, "scoring " + name);
    }
    if (!failure.empty()) {  // scored as an empty output, as a failed page is
      rec.status = "failed";
      rec.reason = failure;
      sp.output.clear();
      sp.scores = score();
    }
    scored_output.emplace(sp.output, s);
  }
};

}  // namespace

PageResult work_page(const PageJob& job, std::size_t index, const corpora::CorpusDoc& doc, const PageForced& forced,
                     PageProgress& progress, PageAhead* ahead) {
  const auto& systems = *job.systems;
  PageResult out;
  out.systems.resize(systems.size());
  auto known = [&](std::size_t s) { return !forced.known.empty() && forced.known[s]; };

  // The page and its gold, sent to the tools that take pages ahead (and the next page).
  const bool sends = !job.ahead.empty() && !forced.failed.count("send ahead");
  PageInWork w;
  load_for_work(job, index, doc, forced, progress, w, out, ahead, sends);
  if (ahead) ahead->page.reset();  // (taken, or another page's)
  if (ahead && sends && ahead->next && ahead->next_doc && *ahead->next != index) send_next(job, progress, *ahead);

  // Every system: its stages (a chain reuses its prefix's output), then its scores.
  PageCache cache;
  for (const auto& [what, why] : forced.failed)
    if (what != "load" && what.rfind("score ", 0) != 0) {
      StageOutput failed;
      failed.status = StageOutput::Status::Failed;
      failed.reason = why;
      cache.emplace(what, std::move(failed));
    }
  StageHooks hooks;
  hooks.on_stage = [&](const std::string& prefix, const std::string& stage) { progress.stage(prefix, stage); };
  hooks.budget = job.stage_budget;
  hooks.memory_budget = job.memory_budget;
  PageScoring scoring{job, *w.gold, forced, progress, std::nullopt, {}};
  // The last system that reads each chain prefix's output: after it, the output is
  // dropped (a hostile page's stage outputs may each be as long as its text).
  std::unordered_map<std::string, std::size_t> last_use;
  for (std::size_t s = 0; s < systems.size(); ++s) {
    std::string prefix;
    for (const auto& st : systems[s]) {
      prefix += (prefix.empty() ? "" : "-") + st;
      last_use[prefix] = s;
    }
  }
  for (std::size_t s = 0; s < systems.size(); ++s) {
    if (known(s)) continue;
    SystemPage& sp = out.systems[s];
    stage_system(job, systems[s], w, cache, hooks, sp);
    if (sp.record.status != "excluded") scoring.score(s, join(systems[s], "-"), out);
    progress.system(s, sp);
    // An output scored as another's is not needed again once passed on.
    if (progress.passes_results_on() && !sp.output.empty()) {
      auto first = scoring.scored_output.find(sp.output);
      if (first != scoring.scored_output.end() && first->second != s) std::string().swap(sp.output);
    }
    for (auto it = cache.begin(); it != cache.end();) {  // stage outputs no later system reads
      auto last = last_use.find(it->first);
      if (it->second.status == StageOutput::Status::Ok && last != last_use.end() && last->second <= s)
        it = cache.erase(it);
      else
        ++it;
    }
  }
  return out;
}

}  // namespace detour::harness
