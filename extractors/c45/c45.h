// c45: the supervised DOM-node content extractor of Lutz (2013) — a C4.5 tree over
// node features (node_features.h) trained on gold-labelled pages — as extractor C45,
// and the node-level evaluation Lutz reports (confusion matrix, weighted P/R/F1).
//
// Extractor C45 (needs_corpus): prepare() labels every page of the run that has a
// gold reference and trains `folds` trees, fold k on the pages whose site is not in
// fold k. The site is the middle part of a DANIEL id <date>_<host>_<hash>; its fold
// is FNV-1a-64(site) mod folds, so no page is ever classified by a tree that saw its
// site. extract() classifies every element with text; the output is every text node
// whose nearest block-level element (ancestor-or-self of its enclosing element) is
// classified content (each text node is output at most once, so nested content
// nodes are never counted twice), grouped into segments by that block element, in
// document order; notes["fold"] records the tree used.
//
// prepare() runs single-threaded from the caller's point of view (it uses TBB
// inside); extract() is const and thread-safe afterwards.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "extractors/c45/c45_tree.h"
#include "extractors/c45/node_features.h"
#include "extractors/extractor.h"

namespace detour::c45 {

struct C45Settings {
  // Number of site folds of the extractor. Default 5.
  int folds = 5;
  TreeSettings tree;
  // Remove stop words (jusText lists of the page's language) from the query terms.
  // Default true; when a list cannot be loaded the page's terms keep their stop words
  // (settings() records which lists were loaded).
  bool stopwords = true;
  // The most pages the trees are trained on. A corpus with more pages that have a
  // gold reference trains on a seeded sample of this many of them (FNV-1a of
  // "lang/id" and the seed), so that labelling and training cost, and what they keep,
  // stop growing with the corpus; every page is still classified. Default 2000
  // (DANIEL has 1694 such pages: it is never sampled). In the signature when it is
  // not the default or when it sampled the run's pages.
  int train_pages = 2000;
  // Fraction of noise nodes kept for training (seeded Bernoulli sample; 1 = all).
  // Default 1: the whole of DANIEL trains in well under a minute without sampling.
  double noise_keep = 1.0;
  // Training weight of content nodes (noise nodes weigh 1); > 1 counters the rarity of
  // content nodes (4.4% of DANIEL's nodes with text). Default 3 (TO F1 vs gold on
  // DANIEL, block_decides on: mean 0.695 vs 0.682 with weight 1).
  double content_weight = 3.0;
  // Which element's class decides a text node: false = its enclosing element (leaf
  // level), true = its nearest block-level ancestor-or-self (so inline elements inside
  // a content paragraph follow the paragraph). Default true (TO F1 vs gold on DANIEL
  // mean 0.682 vs 0.674 with content_weight 1).
  bool block_decides = true;
};

// The middle part of <date>_<host>_<hash> (the whole id when it has no two '_').
// The key pages are folded by: their site (base/site.h), or their id when the site
// is unknown.
std::string fold_key(const Page& page);
// FNV-1a-64 of the site, mod folds.
int fold_of(std::string_view site, int folds);

// One page's training instances (elements with text).
struct LabelledPage {
  std::string id, lang, site;
  std::vector<std::array<float, kFeatureCount>> rows;
  std::vector<std::uint8_t> labels;
};

// Labels every entry that has gold (in parallel); entries without gold are skipped.
std::vector<LabelledPage> label_corpus(const CorpusContext& ctx, const C45Settings& settings);

// Node-level evaluation of one train/test split.
struct NodeReport {
  std::string split;                      // "random-66/34" or "by-site-66/34"
  long train_nodes = 0, test_nodes = 0, train_pages = 0, test_pages = 0;
  // confusion[truth][predicted], 0 = noise, 1 = content.
  long confusion[2][2] = {{0, 0}, {0, 0}};
  double precision[2] = {0, 0}, recall[2] = {0, 0}, f1[2] = {0, 0};
  double weighted_precision = 0, weighted_recall = 0, weighted_f1 = 0;  // by class support
  double train_seconds = 0;
  int leaves = 0, depth = 0;
};

// (a) random 66/34 split of the nodes (seeded, as Weka's percentage split), and
// (b) 66/34 split by site (sites shuffled with the seed, taken until 66% of pages).
std::vector<NodeReport> evaluate(const std::vector<LabelledPage>& pages, std::uint64_t seed,
                                 const C45Settings& settings = {});
// Plain-text table of the reports.
std::string format_reports(const std::vector<NodeReport>& reports);

std::unique_ptr<Extractor> make_extractor(const C45Settings& settings = {});

}  // namespace detour::c45
