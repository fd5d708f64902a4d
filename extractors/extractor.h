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

#include <functional>
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
  // The stage's time in ms, when the extractor knows it better than the wall-clock
  // time of its extract() call: a served tool's page sent ahead (send_ahead()) was
  // partly done before the call. Unset: the call's time.
  std::optional<double> millis;
};

class ExtractError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A gold (page, reference) pair offered to extractors that learn or compare pages.
// The page itself is either held (`page`: tests and tools that loaded the pages) or
// loaded on demand by CorpusContext::visit (the runner: a corpus is never held in
// memory whole); its language, id and URL are known either way.
struct CorpusEntry {
  const Page* page = nullptr;  // the page when held, else nullptr (see CorpusContext::visit)
  // CleanEval-format reference text (UTF-8) when held; empty if none or not held (the
  // runner's entries hold no reference: CorpusContext::gold loads it).
  std::string gold;
  std::string lang, id, url;   // the page's, when `page` is nullptr
  std::size_t gold_size = 0;   // the reference's size when it is not held in `gold`

  bool has_gold() const { return !gold.empty() || gold_size > 0; }
  const std::string& page_lang() const { return page ? page->lang : lang; }
  const std::string& page_id() const { return page ? page->id : id; }
  const std::string& page_url() const { return page ? page->url : url; }
};

// What prepare() sees: the languages of the run's pages, and, for extractors that
// need the corpus (needs_corpus()), every page of the run in a fixed order.
struct CorpusContext {
  std::vector<CorpusEntry> entries;
  std::vector<std::string> languages;  // sorted, "" for pages without a language
  std::uint64_t seed = 42;
  // Loads the page of entries[i] (set by the runner, whose entries hold no pages);
  // nullptr for a page that cannot be loaded or is not to be learnt from.
  std::function<std::shared_ptr<const Page>(std::size_t)> load;
  // Loads the reference of entries[i] (set by the runner, whose entries hold none: a
  // corpus's references are read when a stage learns from them, never all at once).
  std::function<std::string(std::size_t)> load_gold;
  // Set while the runner's shared learning pass has shown every corpus-aware
  // extractor the pages it asked for (Extractor::start_learning, Pipeline::prepare).
  bool learnt = false;

  // Calls fn(i, page) for each i of `which` whose page is there (entries[i].page,
  // else load(i)), in parallel for different i (TBB); a loaded page lives during its
  // call only, so that at most a few pages are in memory at a time. Pages that
  // cannot be loaded are skipped. fn must be safe to call concurrently.
  void visit(const std::vector<std::size_t>& which, const std::function<void(std::size_t, const Page&)>& fn) const;
  // The reference of entries[i]: held, else loaded (load_gold); "" when it has none.
  // Thread-safe.
  std::string gold(std::size_t i) const;
  // The pages of `which` in the order a learning pass shows them: grouped by host
  // (base/site.h host_of, as TDIFF groups them; hosts in name order), each host's
  // pages in a seeded order (FNV-1a of "lang/id" and the seed). A stage that groups
  // pages by site (TDIFF) can then finish
  // a site before the next one comes, and the first pages of a site in this order are
  // a seeded sample of it.
  std::vector<std::size_t> learning_order(std::vector<std::size_t> which) const;
  // The pages this process extracts, when not every page of the corpus (a shard of
  // it): a stage that restores its prepared state may keep only what those pages
  // need. Null: every page.
  std::function<bool(std::string_view lang, std::string_view id)> extracts;
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
  // Learning page by page, for needs_corpus() extractors that look at pages. The
  // extractor says which pages it wants (start_learning(): indices into ctx.entries;
  // it may set itself up there), and learn() is called once for each of them, in
  // parallel for different pages, the page alive during the call only: it keeps what
  // it needs of the page (training rows, a tree, a training pair), never the page. The
  // runner shows the pages in one pass shared by every corpus-aware extractor of the
  // run (Pipeline::prepare) and then calls prepare() with ctx.learnt set; prepare()
  // called without that pass (tests, tools) makes it itself (learn_pages()).
  virtual std::vector<std::size_t> start_learning(const CorpusContext& ctx) { return {}; }
  virtual void learn(std::size_t entry, const Page& page) {}
  // The state prepare() learnt from the corpus (models, trees, pairings), as bytes
  // that restore_prepared() takes back. The runner keeps it in the run folder, so
  // that `run --resume` does not load, parse and learn from every page again. For
  // needs_corpus() extractors; "" (the default): nothing kept, prepared again.
  virtual std::string save_prepared() const { return {}; }
  // Takes back what save_prepared() returned after a prepare() on the same corpus,
  // seed, languages and settings (the runner checks that); `ctx` holds the languages
  // and seed but no entries. The extractor then extracts, and signs, exactly as after
  // that prepare(). Throws std::exception on bytes it cannot read (the runner then
  // prepares again).
  virtual void restore_prepared(std::string_view bytes, const CorpusContext& ctx) {
    throw std::logic_error(name() + ": keeps no prepared state");
  }
  virtual Extraction extract(const Page& page) const = 0;
  // The parser whose tree extract() reads (html::tree(page, parser())); nullopt for an
  // extractor that reads no tree (external tools, the GOLD and NONE baselines).
  virtual std::optional<dom::Parser> parser() const { return dom::Parser::Html5; }
  // True when the extractor can begin pages before extract() asks for them: a served
  // tool that takes requests ahead (extractors/serve.h). Known after prepare().
  virtual bool takes_ahead() const { return false; }
  // `page` will be asked for soon by this thread (the page in work, whose trees are yet
  // to be parsed, or the next one): such an extractor may begin it now. extract() gives
  // the same result whether or not it was called; it never throws.
  virtual void send_ahead(const Page& page) const {}

  // "NAME|v:VERSION|key:value|...|parser:PARSER" ; used in result signatures (the
  // parser's name and version, dom::parser_signature, when it reads a tree).
  std::string signature() const;

 protected:
  // In prepare(): the learning pass for this extractor alone, unless the runner's
  // shared pass made it (ctx.learnt).
  void learn_pages(const CorpusContext& ctx);
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
