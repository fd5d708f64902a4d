// justext: a port of jusText 3.0.2 (Pomikálek 2011, "Removing Boilerplate and
// Duplicate Content from Web Corpora"; miso-belica/jusText v3.0.2), written from its
// description and source: preprocessing, segmentation into paragraphs, context-free
// and context-sensitive classification.
//
// The port works on our DOM (gumbo, HTML5 rules) instead of lxml/libxml2; the event
// stream it segments is built the way lxml presents a cleaned tree to jusText (text
// runs merged across removed comments and elements). Strings follow Python 3 str
// semantics (extractors/justext/pytext.h). Everything here is pure and thread-safe.
#pragma once

#include <string>
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
// controls) and segments the tree under `root` (normally the <html> element).
std::vector<Paragraph> make_paragraphs(const dom::Node* root);

// Counts words and stop words and assigns the context-free classes.
void classify_paragraphs(std::vector<Paragraph>& paragraphs, const Stoplist& stoplist,
                         const Options& options);

// Context-sensitive revision (short, near-good, headings).
void revise_paragraph_classification(std::vector<Paragraph>& paragraphs, const Options& options);

// All three steps on a parsed document.
std::vector<Paragraph> justext(const dom::Document& doc, const Stoplist& stoplist,
                               const Options& options);

// True when a dot-joined tag path contains a heading tag (regex \bh\d\b).
bool path_has_heading(const std::string& dom_path);

}  // namespace detour::justext
