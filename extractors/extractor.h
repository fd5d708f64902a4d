// extractor: the interface every content extractor implements, and the registry.
//
// An extractor reads a parsed Page and returns ordered Segments (heading, paragraph,
// list item, each with its text). The harness renders them as CleanEval markup
// (<h>, <p>, <l>) for scoring, as minimal HTML for the next stage of a chain, or as
// plain text. Extractors are created by name from the registry table in
// extractors/registry.cc (one line each) and must be safe to call concurrently from
// several threads on different pages once prepare() has returned.
//
// Each registry line names the extractor's declared settings (extractors/settings.h:
// name, type, range, default); make_extractor() checks what the user wrote against
// them and hands the factory the checked values. settings() reports what the
// extractor computes with: a setting changed from its default always changes it,
// and so the signature.
//
// Expected failures (a page the algorithm cannot handle) are reported by throwing
// ExtractError with a reason; the runner records it for that page and goes on.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "base/errors.h"
#include "base/markup.h"
#include "base/page.h"
#include "extractors/settings.h"
#include "html/dom.h"
#include "html/page.h"

namespace detour {

struct Extraction {
  std::vector<Segment> segments;
  // Set when the extractor decided this page must not be scored for this system
  // (e.g. it was a training page); the reason is recorded in the results.
  std::optional<std::string> excluded;
  // Free-form facts the runner records per page (fallback used, model fold, ...).
  std::map<std::string, std::string> notes;
  // Optional exact HTML form of the output (e.g. Boilerpipe's highlighter form). When
  // empty, the harness renders segments as minimal HTML.
  std::string html;
  // Optional exact CleanEval form (the GOLD baseline returns the reference bytes).
  // When empty, the harness renders segments.
  std::string cleaneval;
};

class ExtractError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A gold (page, reference) pair offered to extractors that learn or compare pages.
struct CorpusEntry {
  const Page* page = nullptr;
  std::string gold;  // CleanEval-format reference text (UTF-8); empty if none
};

// What prepare() sees: the languages of the run's pages, and, for extractors that
// need the corpus (needs_corpus()), every page of the run in a fixed order.
struct CorpusContext {
  std::vector<CorpusEntry> entries;
  std::vector<std::string> languages;  // sorted, "" for pages without a language
  std::uint64_t seed = 42;
};

// Settings as ordered key=value pairs: they go into the signature.
using Settings = std::map<std::string, std::string>;

class Extractor {
 public:
  virtual ~Extractor() = default;
  // Stable registry name, e.g. "BP", "JTA".
  virtual std::string name() const = 0;
  // Version of our implementation; bump when output changes.
  virtual std::string version() const = 0;
  // Every setting that can change the output.
  virtual Settings settings() const { return {}; }
  // Called once, single-threaded, before any extract() of a run. Extractors that
  // train (NCleaner T, C4.5) or group pages (template diff) do their work here, and
  // every extractor checks the resources the run's languages need: a missing one
  // throws ResourceError (base/errors.h), which stops the run before its first page.
  virtual void prepare(const CorpusContext& ctx) {}
  // True when prepare() needs gold references (the runner then loads them first).
  virtual bool needs_corpus() const { return false; }
  virtual Extraction extract(const Page& page) const = 0;
  // The parser whose tree extract() reads (html::tree(page, parser())); nullopt for an
  // extractor that reads no tree (external tools, the GOLD and NONE baselines).
  virtual std::optional<dom::Parser> parser() const { return dom::Parser::Html5; }

  // "NAME|v:VERSION|key:value|...|parser:PARSER" ; used in result signatures (the
  // parser's name and version, dom::parser_signature, when it reads a tree).
  std::string signature() const;
};

// The `parser` setting of the extractors whose original tool parsed with something
// else than an HTML5 parser (BP, JTA, JTA-EN, JTS, RD): html5 | libxml2 | neko,
// defaulting to the one closest to the original's.
SettingSpec parser_setting(dom::Parser default_parser);
dom::Parser parser_of(const SettingValues& values);
std::string_view parser_setting_name(dom::Parser p);

struct ExtractorInfo {
  std::string_view name;
  std::string_view description;
  // Creates the extractor with checked values of every declared setting.
  std::unique_ptr<Extractor> (*make)(const SettingValues&);
  // The declared settings (name, type, range, default); null: none.
  SettingSpecs (*settings)() = nullptr;

  SettingSpecs setting_specs() const { return settings ? settings() : SettingSpecs{}; }
};

// The registry table (extractors/registry.cc), in display order.
const std::vector<ExtractorInfo>& extractor_registry();
// The registry line of `name`; throws UsageError naming the unknown one and the
// nearest known name.
const ExtractorInfo& find_extractor(std::string_view name);
// Creates an extractor by name with its default settings, or with `settings`
// checked against its declaration; throws UsageError for an unknown extractor or a
// bad setting (unknown name, wrong type, out of range).
std::unique_ptr<Extractor> make_extractor(std::string_view name, const RawSettings& settings = {});

}  // namespace detour
