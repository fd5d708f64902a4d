// pipeline: the one stage/chain executor of detour, used by `run`, `extract` and
// anything later.
//
// A system is a chain of one or more stages ("BP", "BP-JTA", "BP-JTA-RD"): the first
// stage reads the page, each next stage reads the previous stage's HTML form (its
// exact HTML when it has one, else its segments rendered as minimal HTML with the
// page's title), parsed as a page with the same id, language, URL and path. A
// Pipeline owns one extractor per distinct stage name (built-ins from the registry,
// external tools, NCleaner model files), prepares them once, and runs systems on
// pages; a PageCache shared by the systems of one page makes a chain reuse its
// prefix's output (BP-JTA reuses BP's). A stage that throws fails the page for every
// chain through it; a stage that excludes the page (a training page) excludes it for
// every chain through it.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "extractors/external.h"
#include "extractors/serve.h"
#include "extractors/extractor.h"
#include "extractors/settings.h"

namespace detour::harness {

// A named stage: an extractor of the registry with settings.
struct Variant {
  std::string name;  // letters, digits and '_'; not a registry name
  StageSpec spec;    // spec.name is a registry extractor
};
// Reads NAME=STAGE ("JTA60=JTA(length_low=60)"), checking the name and the stage's
// settings. Throws UsageError.
Variant parse_variant(const std::string& text);

// A stage the program that embeds detour makes itself (a Python function of the
// `detour` Python package, any extractor outside the registry), usable by name like an
// external tool: `make` is called once by each Pipeline that uses it. An `in_process`
// stage cannot run in a forked worker process (it holds an interpreter's state): a run
// with one does its pages in its own threads (RunConfig::isolation).
struct StageFactory {
  std::string name;  // as an external tool's (--external NAME=...); not a registry name
  std::function<std::unique_ptr<Extractor>()> make;
  bool in_process = true;
};

struct PipelineConfig {
  std::vector<ExternalSpec> externals;                      // usable as stage names
  std::vector<std::pair<std::string, std::string>> models;  // NAME -> NCleaner model file
  std::vector<Variant> variants;                            // usable as stage names
  std::vector<StageFactory> factories;                      // usable as stage names
  std::vector<ServeSpec> serves;                            // served tools (--serve), usable as stage names
  // The adapters of the table (extractors/adapters.h), usable by name: their timeout,
  // output cap and restart bound (a run's --timeout, --max-output, --max-restarts).
  double tool_timeout = 60;
  std::size_t tool_max_output = kDefaultMaxOutputBytes;
  int max_restarts = kDefaultMaxRestarts;
};

// What a written stage is.
struct ResolvedStage {
  enum class Kind { Registry, Variant, External, Model, Served, Factory } kind = Kind::Registry;
  std::string key;        // canonical text
  std::string extractor;  // the registry extractor (Registry, Variant)
  // Registry, Variant: its settings that differ from the defaults. Served: the
  // settings as written (the tool's handshake declares them; checked in prepare()).
  RawSettings settings;
  bool adapter = false;   // Served: an adapter of the table, not a --serve tool
};
// Resolves a written stage against the registry, the adapter table and `config`
// (`--serve` and `--external` names first, then models, variants, factories, built-in
// extractors and adapters): checks its settings (UsageError: unknown stage with the
// nearest known name, settings on an external tool, model or factory stage, bad settings).
ResolvedStage resolve_stage(const std::string& written, const PipelineConfig& config);

// Parses "BP-JTA,JTA(length_low=60)-BP" into stage lists of written stages (the
// Pipeline and the runner check and canonicalise them). Commas and '-' inside
// parentheses do not split. Extractor names may hold '-' (BP-DEF, CETD-TD): a '-'
// joins the previous stage when the joined name is a known extractor, external tool,
// model or variant.
std::vector<std::vector<std::string>> parse_chain_list(const std::string& list, const PipelineConfig& config = {});
// Parses "BP,JTA(length_low=60),JTA60" into written single stages; a chain is a
// UsageError.
std::vector<std::string> parse_stage_list(const std::string& list, const PipelineConfig& config = {});
// Every ordered pair of distinct names.
std::vector<std::vector<std::string>> all_pairs(const std::vector<std::string>& names);

// What one stage produced for one page.
struct StageOutput {
  enum class Status { Ok, Failed, Excluded } status = Status::Ok;
  std::string reason;  // for Failed and Excluded
  Extraction extraction;
  double millis = 0;   // time of this stage alone
  double cpu_seconds = 0;  // CPU time of this stage alone (the calling thread's)
};

// How Pipeline::run reports and bounds the stages it runs.
struct StageHooks {
  // Called before a stage runs, with the chain prefix it computes ("BP", "BP-JTA") and
  // the stage ("JTA").
  std::function<void(const std::string& prefix, const std::string& stage)> on_stage;
  // CPU seconds a stage may take; a stage that took more fails with
  // budget_reason() (runner/page_work.h) once it returns. 0 = no budget.
  double budget = 0;
  // The memory a stage may use, when bounded (a worker process's limit): named in
  // the reason of a stage that runs out of memory. 0 = not bounded.
  std::size_t memory_budget = 0;
};

// Outputs of the stages already run on one page, by chain prefix ("BP", "BP-JTA").
using PageCache = std::map<std::string, StageOutput>;

class Pipeline {
 public:
  // Builds the extractors of every stage of `systems`. Throws UsageError for an
  // unknown stage name (with the nearest known one) or an external or model name
  // that collides with a built-in extractor.
  Pipeline(const std::vector<std::vector<std::string>>& systems, const PipelineConfig& config);

  // True when some stage needs the whole corpus in prepare() (training, site grouping).
  bool needs_corpus() const;
  // Prepares every stage: the corpus-aware ones with `ctx` (after one learning pass
  // over the pages they ask for, shared by all of them: Extractor::start_learning),
  // the others with its languages and seed only. Returns the number of pages the
  // learning pass showed them. Throws what the extractors throw (ResourceError).
  std::size_t prepare(CorpusContext& ctx);
  // Prepares the stages that need no corpus only (with the languages and seed of
  // `ctx`): the corpus-aware ones are restored instead (runner/prepared.h).
  void prepare_light(const CorpusContext& ctx);
  // The names of the stages that need the corpus, and each stage's signature by name.
  std::vector<std::string> corpus_stages() const;
  std::map<std::string, std::string> stage_signatures() const;
  Extractor& mutable_stage(const std::string& name) { return *stages_.at(name); }

  // Runs `system` on `page`; outputs of the chain's prefixes come from, and go to,
  // `cache`. Thread-safe for different pages (after prepare()).
  const StageOutput& run(const std::vector<std::string>& system, const Page& page, PageCache& cache,
                         const StageHooks& hooks = {}) const;

  // The parsers whose trees the first stages of `systems` read (each once), for the
  // runner to parse as it loads a page.
  std::vector<dom::Parser> page_parsers(const std::vector<std::vector<std::string>>& systems) const;


  // The stage signatures of `system`, joined by " > ". A built-in stage's carries the
  // run's stage budget ("|budget:10s"), as an external tool's carries its timeout.
  std::string signature(const std::vector<std::string>& system) const;
  // The CPU seconds a built-in stage may take on a page (StageHooks::budget), named in
  // the signatures; 0 (the default): none.
  void set_stage_budget(double seconds) { stage_budget_ = seconds; }
  // True when the stage named `name` is an external or served tool (a process of its
  // own: bounded by its timeout, not by the stage budget).
  bool is_external(const std::string& name) const { return external_.count(name) > 0; }
  // The stages that must run in this process (StageFactory::in_process), by name.
  const std::set<std::string>& in_process_stages() const { return in_process_; }
  // True when some stage is an external or served tool.
  bool has_tools() const { return !external_.empty(); }
  const Extractor& stage(const std::string& name) const { return *stages_.at(name); }
  // Drops every stage, with what it learnt and its tools: once a run's pages are done,
  // its records are put together without the models' memory. Nothing may be run or
  // signed after it.
  void drop_stages() { stages_.clear(); }

 private:
  std::map<std::string, std::unique_ptr<Extractor>> stages_;
  std::set<std::string> external_;  // stages that are external or served tools
  std::set<std::string> in_process_;  // factory stages that cannot run in a forked worker
  double stage_budget_ = 0;
};

// The CleanEval form of a stage output (its exact form when it has one).
std::string cleaneval_form(const Extraction& ex);
// The HTML form a next stage reads.
std::string html_form(const Extraction& ex, std::string_view title);

}  // namespace detour::harness
