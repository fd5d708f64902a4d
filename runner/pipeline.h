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

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "extractors/external.h"
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

struct PipelineConfig {
  std::vector<ExternalSpec> externals;                      // usable as stage names
  std::vector<std::pair<std::string, std::string>> models;  // NAME -> NCleaner model file
  std::vector<Variant> variants;                            // usable as stage names
};

// What a written stage is.
struct ResolvedStage {
  enum class Kind { Registry, Variant, External, Model } kind = Kind::Registry;
  std::string key;        // canonical text
  std::string extractor;  // the registry extractor (Registry, Variant)
  RawSettings settings;   // its settings that differ from the defaults (Registry, Variant)
};
// Resolves a written stage against the registry and `config`: checks its settings
// (UsageError: unknown stage with the nearest known name, settings on an external
// tool or model, bad settings).
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
  // Prepares every stage: the corpus-aware ones with `ctx`, the others with its
  // languages and seed only. Throws what the extractors throw (ResourceError).
  void prepare(const CorpusContext& ctx);

  // Runs `system` on `page`; outputs of the chain's prefixes come from, and go to,
  // `cache`. Thread-safe for different pages (after prepare()).
  const StageOutput& run(const std::vector<std::string>& system, const Page& page, PageCache& cache) const;

  // The parsers whose trees the first stages of `systems` read (each once), for the
  // runner to parse as it loads a page.
  std::vector<dom::Parser> page_parsers(const std::vector<std::vector<std::string>>& systems) const;

  // The stage signatures of `system`, joined by " > ".
  std::string signature(const std::vector<std::string>& system) const;
  const Extractor& stage(const std::string& name) const { return *stages_.at(name); }

 private:
  std::map<std::string, std::unique_ptr<Extractor>> stages_;
};

// The CleanEval form of a stage output (its exact form when it has one).
std::string cleaneval_form(const Extraction& ex);
// The HTML form a next stage reads.
std::string html_form(const Extraction& ex, std::string_view title);

}  // namespace detour::harness
