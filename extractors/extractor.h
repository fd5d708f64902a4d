// extractor: the interface every content extractor implements, and the registry.
//
// An extractor reads a parsed Page and returns ordered Segments (heading, paragraph,
// list item, each with its text). The harness renders them as CleanEval markup
// (<h>, <p>, <l>) for scoring, as minimal HTML for the next stage of a chain, or as
// plain text. Extractors are created by name from the registry table in
// extractors/registry.cc (one line each) and must be safe to call concurrently from
// several threads on different pages once prepare() has returned.
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

#include "extractors/dom.h"

namespace detour {

// How a page's bytes were turned into UTF-8 (filled by corpora/decode).
struct DecodeInfo {
  std::string charset;      // canonical name of the charset used, e.g. "UTF-8", "GBK"
  std::string source;       // "bom", "meta", "xml-declaration", "detected", "default", "given"
  bool lossy = false;       // some bytes could not be converted (replaced by U+FFFD)
  std::string note;         // anything a reader of the log should know
};

// One page of a corpus, decoded and parsed once per run and shared read-only.
struct Page {
  std::string id;           // file name in the corpus (e.g. "20111215_www.bbc.co.uk_...")
  std::string lang;         // language folder, "" if none
  std::string path;         // where the raw bytes came from
  std::string url;          // original URL if known
  std::string html;         // UTF-8 text of the page
  DecodeInfo decode;
  std::shared_ptr<const dom::Document> dom;

  // Builds a page from UTF-8 HTML (decoding already done) and parses it.
  static Page from_html(std::string id, std::string html, std::string lang = {});
};

enum class SegmentKind { Heading, Paragraph, ListItem };

struct Segment {
  SegmentKind kind = SegmentKind::Paragraph;
  std::string text;  // UTF-8; may contain newlines (rendered as spaces in markup)
};

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

// What prepare() sees: every page of the run (all languages), in a fixed order.
struct CorpusContext {
  std::vector<CorpusEntry> entries;
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
  // train (NCleaner T, C4.5) or group pages (template diff) do their work here.
  virtual void prepare(const CorpusContext& ctx) {}
  // True when prepare() needs gold references (the runner then loads them first).
  virtual bool needs_corpus() const { return false; }
  virtual Extraction extract(const Page& page) const = 0;

  // "NAME|v:VERSION|key:value|..." ; used in result signatures.
  std::string signature() const;
};

struct ExtractorInfo {
  std::string_view name;
  std::string_view description;
  std::unique_ptr<Extractor> (*make)();
};

// The registry table (extractors/registry.cc), in display order.
const std::vector<ExtractorInfo>& extractor_registry();
// Creates an extractor by name; throws std::invalid_argument naming the unknown one.
std::unique_ptr<Extractor> make_extractor(std::string_view name);

// Rendering (extractors/render.cc).
// The render functions collapse ASCII whitespace only (line breaks inside a segment
// become spaces); other spaces (NBSP, U+3000...) are the extractor's text and stay,
// since the CleanEval scorer does not split on them either.
// CleanEval markup: one segment per line, "<p>", "<h>" or "<l>" then the text.
std::string render_cleaneval(const std::vector<Segment>& segments);
// Minimal HTML: <html><head><title>..</title></head><body><h2>/<p>/<ul><li>...</body></html>.
std::string render_html(const std::vector<Segment>& segments, std::string_view title = {});
// Plain text: segments separated by a newline.
std::string render_text(const std::vector<Segment>& segments);
// Parses CleanEval markup (<p>/<h>/<l> markers, any other tags dropped) into segments.
std::vector<Segment> parse_cleaneval(std::string_view text);
// Collapses runs of ASCII whitespace to one space and trims.
std::string collapse_ascii_whitespace(std::string_view text);
// Collapses runs of whitespace (ASCII and Unicode spaces) to one space and trims.
std::string collapse_whitespace(std::string_view text);

}  // namespace detour
