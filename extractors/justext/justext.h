// justext: a port of jusText 3.0.2 (Pomikálek 2011, "Removing Boilerplate and
// Duplicate Content from Web Corpora"; miso-belica/jusText v3.0.2), written from its
// description and source: preprocessing, segmentation into paragraphs, context-free
// and context-sensitive classification.
//
// The port reads libxml2's tree (html/dom_libxml2.cc: what lxml gives jusText) by
// default, any of our trees on request; the event stream it segments is built the way
// lxml presents a cleaned tree to jusText (text runs merged across removed comments
// and elements), from the element lxml.html.fromstring returns (fromstring_root).
// Strings follow Python 3 str semantics (extractors/justext/pytext.h). Everything
// here is pure and thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "html/dom.h"
#include "extractors/justext/stoplist.h"

namespace detour::justext {

// Which heading rules to apply before the short-paragraph pass.
enum class HeadingVariant {
  // jusText 3.x: the "good headings" pre-pass copies classes lazily while it scans, so
  // it never sees a later good paragraph and never fires. The published DANIEL outputs
  // come from this version. Default.
  V3,
  // jusText 1.x as in the paper: short headings followed by a good paragraph within
  // max_heading_distance characters become near-good before the short pass.
  V1,
};

struct Options {
  int length_low = 70;             // shorter paragraphs are "short" (code points)
  int length_high = 200;           // longer paragraphs with enough stop words are "good"
  double stopwords_low = 0.30;     // stop-word density for near-good
  double stopwords_high = 0.32;    // stop-word density for good
  double max_link_density = 0.2;   // more link text than this: bad
  int max_heading_distance = 200;  // characters between a heading and the good paragraph
  bool no_headings = false;        // true: no heading rules at all
  HeadingVariant heading_variant = HeadingVariant::V3;
};

enum class Class { Short, NearGood, Good, Bad };
const char* class_name(Class c);

struct Paragraph {
  std::string dom_path;          // dot-joined tag path when the paragraph started
  std::string text;              // normalised text (may hold "\n")
  std::size_t length = 0;        // code points of text
  std::size_t link_chars = 0;    // code points inside <a>
  std::size_t words = 0;         // str.split() count
  std::size_t stopwords = 0;     // words whose lower() is in the stoplist
  int tags_count = 0;
  bool heading = false;          // dom_path matches \bh\d\b (and headings are on)
  Class cf_class = Class::Bad;   // context-free class
  Class class_type = Class::Bad; // final class
};

// Preprocesses (removes head, script, style, comments, embedded objects, form
// controls) and segments the tree under `root` (normally the <html> element), whose
// tag is read as `root_name` when that is not empty.
std::vector<Paragraph> make_paragraphs(const dom::Node* root, std::string_view root_name = {});

// What lxml.html.fromstring(source) returns, on the tree of `source`: the <html>
// element when the text starts (after whitespace) with <html or <!doctype or the tree
// has a <head>; else the body's only child element when the body holds nothing else;
// else the body, read as a <div> (it holds a block-level element) or a <span>.
struct Root {
  const dom::Node* node = nullptr;
  std::string name;  // the tag it is read as, when renamed; "" otherwise
};
Root fromstring_root(const dom::Document& doc, std::string_view source);
// lxml's test of a full document in fromstring: `^\s*<(?:html|!doctype)`, any case.
bool looks_like_full_html(std::string_view source);
// True when lxml refuses to parse `source` as a str (it begins with an XML declaration
// naming an encoding); jusText then parses its UTF-8 bytes with no encoding given, so
// libxml2 decides the encoding from the page (dom::Document::parse_libxml2's
// `encoding` nullptr).
bool str_parse_refused(std::string_view source);

// Counts words and stop words and assigns the context-free classes.
void classify_paragraphs(std::vector<Paragraph>& paragraphs, const Stoplist& stoplist,
                         const Options& options);

// Context-sensitive revision (short, near-good, headings).
void revise_paragraph_classification(std::vector<Paragraph>& paragraphs, const Options& options);

// All three steps on a parsed document; `source` is the page's text, for
// fromstring_root ("" reads the whole <html> element).
std::vector<Paragraph> justext(const dom::Document& doc, const Stoplist& stoplist,
                               const Options& options, std::string_view source = {});

// True when a dot-joined tag path contains a heading tag (regex \bh\d\b).
bool path_has_heading(const std::string& dom_path);

}  // namespace detour::justext
