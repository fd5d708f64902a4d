// tdiff: the template-diff extractor TDIFF (Deturck 2015).
//
// Pages of one site share a template; what differs between two pages of the same
// template is their content. prepare() groups the run's pages by host (base/site.h
// host_of: the host, not its registered domain, as TDIFF was defined and scored),
// computes all pairwise pq-gram distances of their DOM trees within a host
// (kernels/tree_edit/pq_gram.h), maps the site to 2-D by classical MDS, clusters it
// by k-means with k chosen by the silhouette (cluster.h), treats singleton clusters as
// outliers, and pairs each page with its cluster's pivot (the page nearest the
// centroid; the pivot pairs with the next nearest; copies of the same URL crawled on
// other dates are skipped as partners). A site of more than site_sample pages is
// clustered on that many of its pages, and each other page is paired with the nearest
// cluster pivot (TdiffSettings::site_sample), so that a site's cost grows linearly
// with its pages. The pages are learnt site by site (CorpusContext::learning_order):
// a site is clustered as soon as its pages are learnt and their trees dropped, so
// what TDIFF holds while learning is the trees of a few sites, not of the corpus.
// extract() aligns the page's text
// tokens with its partner's (difflib's matcher, kernels/sequence_matcher.h): tokens
// of the page that are not matched are "differing". Their counts propagate to the
// ancestors; the main block is the subtree that best concentrates the differing text
// (see template_diff), subtrees under 2% of the page's text are never candidates,
// blocks of the main subtree that are mostly template text are pruned, comment /
// gallery / slideshow subtrees are dropped, and an h1 preceding the main block starts
// the content (title-then-body offset rule). Pages without a partner (alone on their
// site, outliers, no differing text, or not seen by prepare()) are extracted by the
// fallback extractor and noted in Extraction::notes["fallback"].
//
// extract() is thread-safe after prepare().
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "extractors/extractor.h"

namespace detour::tdiff {

struct TdiffSettings {
  // Extractor (registry name) for pages with no partner. Default "BP".
  std::string fallback = "BP";
  // pq-gram shape for the all-pairs distances (Augsten et al. default 2, 3).
  int pq_p = 2, pq_q = 3;
  // Tree distance of the all-pairs matrix that is clustered. "pqgram" (default): the
  // pq-gram distance (Augsten, Böhlen & Gamper 2005), linear in the tree sizes.
  // "ted": exact unit-cost tree edit distance (kernels/tree_edit/ted.h, RTED-style
  // left/right path strategies), for sites of 3 to ted_max_pages pages and when
  // every pair stays under ted_max_cells; other sites keep pq-gram (SiteReport::
  // distance says which was used). TED costs O(|F||G|) memory and up to cubic time
  // per pair: seconds per pair on news pages of a few thousand nodes.
  std::string distance = "pqgram";
  int ted_max_pages = 15;
  std::uint64_t ted_max_cells = 400'000'000ULL;  // |F| x |G| per pair
  // Largest k tried by the silhouette choice (capped at n-1). Default 10.
  int max_k = 10;
  // The most pages of a site that are clustered. A larger site is clustered on this
  // many of its pages (its landmarks: the first in CorpusContext::learning_order, a
  // seeded choice), and each other page of it is paired with the cluster pivot
  // nearest to it (pq-gram distance; copies of the same document skipped), so that
  // a site costs O(n * site_sample) distances, not O(n^2). Default 128 (DANIEL's
  // largest site has 84 pages: no DANIEL site is sampled). In the signature when it
  // is not the default or when it sampled a site of the run.
  int site_sample = 128;
  // Below this best mean silhouette a site is one cluster. Default 0.25.
  double min_silhouette = 0.25;
  // "pivot" (default): partner = cluster pivot. "ted3": among the 3 pq-gram-nearest
  // pages of the cluster, the one at the smallest exact tree edit distance (costly).
  std::string partner = "pivot";
  // Subtrees holding less than this share of the page's tokens are not candidates
  // for the main block. Default 0.02 (2%).
  double min_share = 0.02;
  // Ranking score of a candidate subtree: differing - same_penalty * same tokens.
  // Default 5.0 (chosen on DANIEL gold among 0.5, 1, 2, 3, 5: TO F1 median 0.80,
  // 0.82, 0.85, 0.86, 0.87).
  double same_penalty = 5.0;
  // A block of the output is kept when at least this share of its tokens differ from
  // the partner. Default 0.5.
  double min_block_diff = 0.5;
  // difflib autojunk when aligning the token sequences. Default false: frequent
  // template words must be able to start a match.
  bool autojunk = false;
  bool title_rule = true;       // start at a preceding h1
  bool filter_comments = true;  // drop comment/gallery/slideshow subtrees
};

// What template_diff found, for notes and tests.
struct DiffInfo {
  int tokens = 0;       // visible tokens of the page
  int differing = 0;    // of them, not matched in the partner (filtered subtrees excluded)
  std::string main;     // tag#id.class of the main block ("" if none)
  bool title = false;   // an h1 before the main block was included
};

// The content of the page under `body` given the token list of its partner page
// (tokens.h text_tokens of the partner's body). Empty when nothing differs.
std::vector<Segment> template_diff(const dom::Node* body, const std::vector<std::string>& partner_tokens,
                                   const TdiffSettings& settings, DiffInfo* info = nullptr);

// True when an element's id or class names a comment, gallery or slideshow block.
bool is_comment_or_gallery(const dom::Node* node);

// The pairing decided by prepare(), per page.
struct PagePlan {
  std::string site;
  int site_pages = 0;
  int cluster = -1;          // -1: no cluster (site of one page)
  int cluster_size = 0;
  std::string partner;       // "lang/id" of the partner, "" if none
  std::string reason;        // why there is no partner ("single-page site", "outlier")
  std::shared_ptr<const std::vector<std::string>> partner_tokens;
};

struct SiteReport {
  std::string site;
  int pages = 0;
  int k = 1;
  double silhouette = 0;
  int outliers = 0;
  double seconds = 0;        // time spent on this site in prepare()
  std::string distance = "pqgram";  // tree distance of the clustering ("pqgram" or "ted")
  int sampled = 0;  // pages clustered when the site had more than site_sample (0: every page)
};

class TdiffExtractor final : public Extractor {
 public:
  explicit TdiffExtractor(TdiffSettings s = {});
  ~TdiffExtractor() override;  // defined where SiteWork is complete
  std::string name() const override { return "TDIFF"; }
  std::string version() const override { return "1"; }
  Settings settings() const override;
  bool needs_corpus() const override { return true; }
  std::vector<std::size_t> start_learning(const CorpusContext& ctx) override;
  void learn(std::size_t entry, const Page& page) override;
  void prepare(const CorpusContext& ctx) override;
  std::string save_prepared() const override;
  void restore_prepared(std::string_view bytes, const CorpusContext& ctx) override;
  Extraction extract(const Page& page) const override;

  // After prepare(): the plan of a page ("lang/id"), or nullptr.
  const PagePlan* plan(const std::string& key) const;
  // After prepare(): a report per site, in site order.
  const std::vector<SiteReport>& sites() const { return sites_; }

  // While learning: a page's tree (preorder labels and parents, labelled by its own
  // dictionary, whose names are kept).
  struct SeenPage {
    std::vector<std::int32_t> labels, parents;
    std::vector<std::string> names;
    // A landmark's text tokens (tokens.h text_tokens of its body), kept past its
    // site's clustering only if it becomes a partner: partners are not loaded again.
    std::shared_ptr<const std::vector<std::string>> tokens;
  };
  struct SiteWork;

 private:
  // Clusters the landmarks of `site` learnt so far and plans them, then pairs the
  // site's other pages learnt so far; later ones are paired as they are learnt.
  void cluster_site(SiteWork& site);
  // Pairs a page of a sampled site with its nearest cluster pivot.
  void pair_with_pivot(SiteWork& site, std::size_t entry, const SeenPage& page);
  void add_plan(const std::string& key, PagePlan plan);
  std::string key_of(std::size_t entry) const;
  bool sampled_any() const;

  TdiffSettings s_;
  std::unique_ptr<Extractor> fallback_;
  std::map<std::string, PagePlan> plans_;
  std::vector<SiteReport> sites_;
  // While learning: which pages this extractor and its fallback asked for, the sites
  // of two pages or more (each clustered as soon as its last landmark is learnt, so
  // that the trees of a site are not kept while other sites are learnt), and the
  // trees of landmarks not clustered yet.
  const CorpusContext* ctx_ = nullptr;
  std::vector<std::unique_ptr<SiteWork>> work_;
  std::vector<std::int32_t> site_of_entry_;  // index into work_, -1: not a page of one
  std::vector<char> landmark_;               // by entry
  std::vector<std::optional<SeenPage>> seen_;
  std::vector<std::int64_t> partner_of_;     // by entry: its partner's entry, -1: none
  // By entry: a partner's (or a pivot's) text tokens, set when its site is clustered
  // (each site's entries by that site's clustering only).
  std::vector<std::shared_ptr<const std::vector<std::string>>> partner_tokens_;
  std::vector<char> own_wants_, fallback_wants_;
  std::mutex plans_m_;                       // plans_ and sites_ while learning
};

std::string page_key(const Page& page);  // "lang/id"

}  // namespace detour::tdiff
