// readability: a port of readability-lxml 0.8.1 (Yuri Baburov's Python port of Arc90
// Readability, the tool behind the published DANIEL `readability` outputs).
//
// Document::summary() of the original is reproduced step by step on our DOM: clean
// (scripts, styles, comments, <link>), drop unlikely candidates (first pass only),
// turn misused <div>s into <p>s, score paragraphs into their parent and grandparent,
// scale by link density, take the best candidate with its qualifying siblings,
// sanitize, and retry without the unlikely-candidate pass when nothing was found or
// the output is shorter than retry_length characters. Lengths are counted in code
// points after readability's clean(), as Python does (see pytext.h).
//
// Known, systematic difference: the original parses with libxml2, we read gumbo's
// HTML5 tree; misnested markup (tables, <p> in inline elements, stray </div>) can
// give different trees and so different candidates.
//
// summarize() works on its own clone of the page's tree; it is thread-safe.
#pragma once

#include <string>
#include <vector>

#include "html/dom.h"
#include "extractors/extractor.h"

namespace detour::readability {

struct Options {
  // Paragraphs (p, pre, td) shorter than this (code points, after clean()) are not
  // scored; also the "too short" limit of conditional cleaning. Original default 25.
  int min_text_length = 25;
  // A first (ruthless) result whose HTML is shorter than this many characters is
  // redone without removing unlikely candidates. Original default 250.
  int retry_length = 250;
};

struct Summary {
  dom::Document doc;                  // the rewritten clone that owns the nodes below
  const dom::Node* article = nullptr; // root of the output (<html> of the summary, or <body>)
  std::string html;                   // summary() HTML (nuisance attributes stripped)
  bool ruthless = true;               // false when the lenient second pass produced it
  bool fallback_body = false;         // no candidate at all: the whole body was returned
  double best_score = 0;              // content score of the chosen candidate
  std::string best_tag;               // its tag name
};

// Runs the readability-lxml algorithm on a copy of `page`.
Summary summarize(const dom::Document& page, const Options& opts = {});

// Segments of a summary subtree: h1-h6 -> Heading, li -> ListItem, every other
// text-bearing block -> Paragraph; <br> breaks lines inside a block.
std::vector<Segment> summary_segments(const dom::Node* article);

}  // namespace detour::readability
