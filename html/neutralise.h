// neutralise: bounds on the markup of a page, applied to its decoded text before it
// is parsed (corpora::load_page), so that what reaches a parser -- gumbo or any other
// -- cannot make it run for minutes or fill memory. An HTML parser is linear in most
// things but not all: gumbo checks every new attribute of a tag against the ones
// before it (10^6 attributes in one tag ran for more than 300 s), and a run of
// unclosed formatting elements (<b>, <i>, <font>, ...) is reconstructed in every
// block that follows it, so that 500 of them repeated 2,000 times made a tree of
// hundreds of millions of nodes' worth of work.
//
// One linear scan of the markup, tag by tag, as an HTML tokenizer sees it (comments,
// doctypes and the content of raw-text elements such as <script> skipped):
//  - attributes beyond `max_attributes` in one tag are dropped (the tag keeps its
//    first ones);
//  - a start tag of a formatting element is dropped (its content kept) while
//    `max_open_formatting` of them are open (started and not yet ended) in the markup.
// A page within the bounds is returned unchanged, byte for byte: no page of DANIEL
// reaches them. What was changed is reported, to be recorded with the page.
#pragma once

#include <cstddef>
#include <string>

namespace detour::html {

struct NeutraliseLimits {
  // Attributes kept per tag. Default 256 (DANIEL's most is far below; gumbo's cost per
  // tag grows with the square of its attributes).
  std::size_t max_attributes = 256;
  // Formatting elements (a, b, big, code, em, font, i, nobr, s, small, strike, strong,
  // tt, u) open at once in the markup; further start tags of them are dropped. Default
  // 100.
  std::size_t max_open_formatting = 100;
};

struct NeutraliseReport {
  std::size_t attributes_dropped = 0;
  std::size_t formatting_dropped = 0;
  std::size_t max_attributes_seen = 0;   // the most attributes of one tag
  std::size_t max_open_formatting_seen = 0;
  bool changed() const { return attributes_dropped || formatting_dropped; }
  // "12 attributes beyond 256 per tag dropped; 300 formatting tags beyond 100 open
  // dropped", or "" when nothing changed.
  std::string text(const NeutraliseLimits& limits) const;
};

// Applies the limits to `html` in place; the report says what was dropped.
NeutraliseReport neutralise(std::string& html, const NeutraliseLimits& limits = {});

}  // namespace detour::html
