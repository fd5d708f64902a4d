// TDIFF (Deturck 2015): template diff between pages of the same site. See tdiff.h.
#include "extractors/tdiff/tdiff.h"

#include "base/bytes.h"

#include "base/hash.h"
#include "base/site.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <mutex>
#include <numeric>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include "extractors/blocks.h"
#include "extractors/tdiff/cluster.h"
#include "extractors/tdiff/tokens.h"
#include "kernels/sequence_matcher.h"
#include "kernels/tree_edit/pq_gram.h"
#include "html/dom_tree.h"
#include "kernels/tree_edit/ted.h"

namespace detour::tdiff {
namespace {
// The text tokens of a page's body (tokens.h text_tokens), as a partner's are kept.
std::shared_ptr<const std::vector<std::string>> body_tokens(const Page& page) {
  return std::make_shared<const std::vector<std::string>>(text_tokens(page.dom ? page.dom->body() : nullptr).tokens);
}

// Case-insensitive substring test on ASCII.
bool icontains(std::string_view hay, std::string_view needle) {
  if (needle.size() > hay.size()) return false;
  for (std::size_t i = 0; i + needle.size() <= hay.size(); ++i) {
    std::size_t k = 0;
    while (k < needle.size()) {
      char c = hay[i + k];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (c != needle[k]) break;
      ++k;
    }
    if (k == needle.size()) return true;
  }
  return false;
}

std::string describe(const dom::Node* n) {
  std::string s = n->tag;
  if (auto* id = n->attr("id")) s += "#" + *id;
  if (auto* c = n->attr("class")) s += "." + collapse_whitespace(*c);
  return s;
}


struct Elem {
  const dom::Node* node;
  int parent;   // element index, -1 for the body
  int depth;
  int end;      // one past the last descendant element index (preorder range)
  long tokens = 0, differing = 0;
  bool filtered = false;  // inside a comment/gallery subtree
};

}  // namespace

bool is_comment_or_gallery(const dom::Node* n) {
  if (!n->is_element()) return false;
  for (const char* a : {"id", "class"}) {
    const std::string* v = n->attr(a);
    if (!v) continue;
    if (icontains(*v, "comment") || icontains(*v, "gallery") || icontains(*v, "slideshow")) return true;
  }
  return false;
}

std::vector<Segment> template_diff(const dom::Node* body, const std::vector<std::string>& partner,
                                   const TdiffSettings& s, DiffInfo* info) {
  DiffInfo local;
  DiffInfo& inf = info ? *info : local;
  inf = {};
  std::vector<Segment> out;
  if (!body) return out;
  const TextTokens tt = text_tokens(body);
  inf.tokens = static_cast<int>(tt.tokens.size());
  if (tt.tokens.empty()) return out;

  // Intern both sides densely; tokens unknown to the partner get fresh ids.
  std::unordered_map<std::string_view, std::int32_t> ids;
  ids.reserve(partner.size() + tt.tokens.size());
  std::vector<std::int32_t> a, b;
  b.reserve(partner.size());
  a.reserve(tt.tokens.size());
  auto intern = [&](std::string_view t) {
    auto [it, fresh] = ids.emplace(t, static_cast<std::int32_t>(ids.size()));
    return it->second;
  };
  for (const auto& t : partner) b.push_back(intern(t));
  for (const auto& t : tt.tokens) a.push_back(intern(t));
  std::vector<char> same(a.size(), 0);
  {
    metrics::SequenceMatcher sm(a, b, s.autojunk);
    for (const auto& m : sm.get_matching_blocks())
      for (int k = 0; k < m.size; ++k) same[m.a + k] = 1;
  }
  const int ntext = static_cast<int>(tt.text_nodes.size());
  std::vector<int> tok_count(ntext, 0), diff_count(ntext, 0);
  for (std::size_t i = 0; i < a.size(); ++i) {
    ++tok_count[tt.node[i]];
    if (!same[i]) ++diff_count[tt.node[i]];
  }

  // Element table in preorder (same traversal and skips as text_tokens), with the
  // counts of their text propagated to every ancestor.
  std::vector<Elem> el;
  std::vector<int> text_elem(ntext, -1);  // enclosing element of each text node
  {
    std::vector<int> stack;
    int text_idx = 0;
    int filtered_depth = 0;
    dom::walk(body, [&](dom::Event e, const dom::Node* n) {
      switch (e) {
        case dom::Event::Enter: {
          if (is_invisible_element(n)) return false;
          const bool filt = s.filter_comments && n != body && is_comment_or_gallery(n);
          if (filt) ++filtered_depth;
          el.push_back({n, stack.empty() ? -1 : stack.back(), static_cast<int>(stack.size()), 0, 0, 0,
                        filtered_depth > 0});
          stack.push_back(static_cast<int>(el.size()) - 1);
          return true;
        }
        case dom::Event::Leave: {
          if (stack.empty() || el[stack.back()].node != n) return true;  // skipped invisible
          Elem& me = el[stack.back()];
          me.end = static_cast<int>(el.size());
          if (s.filter_comments && n != body && is_comment_or_gallery(n)) --filtered_depth;
          stack.pop_back();
          if (!stack.empty() && !me.filtered) {
            el[stack.back()].tokens += me.tokens;
            el[stack.back()].differing += me.differing;
          }
          return true;
        }
        case dom::Event::Text: {
          if (stack.empty()) return true;
          const int idx = text_idx++;
          if (idx >= ntext) return true;
          text_elem[idx] = stack.back();
          if (!el[stack.back()].filtered) {
            el[stack.back()].tokens += tok_count[idx];
            el[stack.back()].differing += diff_count[idx];
          }
          return true;
        }
        case dom::Event::Comment:
          return true;
      }
      return true;
    });
  }
  if (el.empty()) return out;
  const long total = el[0].tokens, total_diff = el[0].differing;
  inf.differing = static_cast<int>(total_diff);
  if (total_diff == 0) return out;

  // Ranking: the subtree maximising differing - same_penalty * same tokens among subtrees holding
  // at least min_share of the page's text; ties go to the deeper (more specific) one.
  int best = 0;
  double best_score = -std::numeric_limits<double>::infinity();
  const double min_tokens = s.min_share * static_cast<double>(total);
  for (int i = 0; i < static_cast<int>(el.size()); ++i) {
    const Elem& x = el[i];
    if (x.filtered || static_cast<double>(x.tokens) < min_tokens || x.differing == 0) continue;
    const double score = static_cast<double>(x.differing) - s.same_penalty * static_cast<double>(x.tokens - x.differing);
    if (score > best_score || (score == best_score && x.depth > el[best].depth)) {
      best_score = score;
      best = i;
    }
  }
  inf.main = describe(el[best].node);

  // Title-then-body offset: the first h1 with differing text before the main block.
  int start = best;
  if (s.title_rule) {
    for (int i = 0; i < best; ++i) {
      if (el[i].node->is("h1") && !el[i].filtered && el[i].differing > 0 && el[i].end <= best) {
        start = i;
        inf.title = true;
        break;
      }
    }
  }
  const int stop = el[best].end;

  // Emission: blocks (block elements start a new one) of text nodes whose enclosing
  // element lies in [start, stop), mostly differing, outside filtered subtrees.
  long cur_t = 0, cur_d = 0;
  int text_idx = 0;
  walk_blocks(
      body, [](const dom::Node*) { return Visit::Enter; },
      [&](const dom::Node* n, std::string& cur) {
        const int idx = text_idx++;
        if (idx >= ntext) return;
        const int owner = text_elem[idx];
        if (owner < start || owner >= stop || el[owner].filtered) return;
        cur += n->text;
        cur_t += tok_count[idx];
        cur_d += diff_count[idx];
      },
      [&](SegmentKind kind, std::string& cur) {
        if (cur_t > 0 && static_cast<double>(cur_d) >= s.min_block_diff * static_cast<double>(cur_t)) {
          std::string t = collapse_whitespace(cur);
          if (!t.empty()) out.push_back({kind, std::move(t)});
        }
        cur_t = cur_d = 0;
      });
  return out;
}

std::string page_key(const Page& page) { return page.lang + "/" + page.id; }

TdiffExtractor::TdiffExtractor(TdiffSettings s) : s_(std::move(s)) {
  if (s_.fallback == "TDIFF") throw std::invalid_argument("TDIFF: the fallback cannot be TDIFF itself");
  if (s_.partner != "pivot" && s_.partner != "ted3")
    throw std::invalid_argument("TDIFF: partner must be 'pivot' or 'ted3', not '" + s_.partner + "'");
  if (s_.distance != "pqgram" && s_.distance != "ted")
    throw std::invalid_argument("TDIFF: distance must be 'pqgram' or 'ted', not '" + s_.distance + "'");
  fallback_ = make_extractor(s_.fallback);
}

Settings TdiffExtractor::settings() const {
  auto num = [](double v) {
    std::string t = std::to_string(v);
    while (t.size() > 1 && t.back() == '0') t.pop_back();
    if (!t.empty() && t.back() == '.') t.pop_back();
    return t;
  };
  Settings out = {{"fallback", s_.fallback + "@" + fallback_->version()},
          {"pq", std::to_string(s_.pq_p) + "," + std::to_string(s_.pq_q)},
          {"max_k", std::to_string(s_.max_k)},
          {"min_silhouette", num(s_.min_silhouette)},
          {"partner", s_.partner},
          {"min_share", num(s_.min_share)},
          {"min_block_diff", num(s_.min_block_diff)},
          {"same_penalty", num(s_.same_penalty)},
          {"autojunk", s_.autojunk ? "yes" : "no"},
          {"title_rule", s_.title_rule ? "yes" : "no"},
          {"filter_comments", s_.filter_comments ? "yes" : "no"}};
  // The distance key appears only when it is not the default, so that the signature
  // of the default TDIFF stays what it was before the setting existed.
  const TdiffSettings d;
  if (s_.site_sample != d.site_sample || sampled_any()) out["site_sample"] = std::to_string(s_.site_sample);
  if (s_.distance != d.distance || s_.ted_max_pages != d.ted_max_pages || s_.ted_max_cells != d.ted_max_cells)
    out["distance"] = s_.distance + "@" + std::to_string(s_.ted_max_pages) + "p," +
                      std::to_string(s_.ted_max_cells) + "c";
  return out;
}

// One site of two pages or more while TDIFF learns (see learn()).
struct TdiffExtractor::SiteWork {
  std::string site;
  std::vector<std::size_t> pages;  // its pages, in key order
  std::size_t landmarks = 0;       // of them, those clustered (every page unless the site is sampled)
  bool sampled = false;
  std::mutex m;
  std::size_t learnt = 0;  // landmarks learnt
  bool clustered = false;  // then the other pages are paired as they are learnt
  // Once clustered: the outcome, and for a sampled site what its other pages are
  // paired with (its labels' numbers, its cluster pivots).
  SiteReport report;
  int landmarks_seen = 0, others_seen = 0, others_alone = 0;
  std::unordered_map<std::string, std::int32_t> label_ids;
  struct Pivot {
    std::size_t entry;
    int cluster, size;
    std::string doc;
    ted::PqProfile profile;
    ted::Tree tree;  // for partner=ted3
  };
  std::vector<Pivot> pivots;
  std::vector<std::pair<std::size_t, SeenPage>> waiting;  // other pages learnt before the clustering
};

TdiffExtractor::~TdiffExtractor() = default;

std::string TdiffExtractor::key_of(std::size_t e) const {
  return ctx_->entries[e].page_lang() + "/" + ctx_->entries[e].page_id();
}

void TdiffExtractor::add_plan(const std::string& key, PagePlan plan) {
  std::lock_guard<std::mutex> l(plans_m_);
  plans_[key] = std::move(plan);
}

bool TdiffExtractor::sampled_any() const {
  return std::any_of(sites_.begin(), sites_.end(), [](const SiteReport& r) { return r.sampled > 0; });
}

std::vector<std::size_t> TdiffExtractor::start_learning(const CorpusContext& ctx) {
  // The pages of sites of two pages or more: their trees. The fallback's pages too.
  std::vector<std::size_t> wanted = fallback_->needs_corpus() ? fallback_->start_learning(ctx) : std::vector<std::size_t>{};
  const std::size_t n = ctx.entries.size();
  fallback_wants_.assign(n, 0);
  for (std::size_t i : wanted)
    if (i < fallback_wants_.size()) fallback_wants_[i] = 1;
  ctx_ = &ctx;
  plans_.clear();
  sites_.clear();
  std::map<std::string, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < n; ++i) {
    std::string site = host_of(ctx.entries[i].page_id(), ctx.entries[i].page_url());
    if (!site.empty()) groups[std::move(site)].push_back(i);
  }
  seen_.assign(n, std::nullopt);
  own_wants_.assign(n, 0);
  landmark_.assign(n, 0);
  site_of_entry_.assign(n, -1);
  work_.clear();
  for (auto& [site, pages] : groups) {
    if (pages.size() < 2) continue;
    auto w = std::make_unique<SiteWork>();
    w->site = site;
    // Key order, so that the pairing does not depend on the order of ctx.entries (for
    // DANIEL, whose corpus order is (lang, id), nothing changes).
    std::vector<std::string> keys;
    for (std::size_t e : pages) keys.push_back(key_of(e));
    std::vector<std::size_t> order(pages.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
    for (std::size_t k : order) w->pages.push_back(pages[k]);
    std::vector<std::size_t> landmarks = w->pages;
    if (s_.site_sample > 0 && landmarks.size() > static_cast<std::size_t>(s_.site_sample)) {
      // The first site_sample pages in learning order: the learning pass shows them first.
      landmarks = ctx.learning_order(std::move(landmarks));
      landmarks.resize(static_cast<std::size_t>(s_.site_sample));
      w->sampled = true;
    }
    for (std::size_t e : landmarks) landmark_[e] = 1;
    w->landmarks = landmarks.size();
    for (std::size_t e : w->pages) {
      own_wants_[e] = 1;
      site_of_entry_[e] = static_cast<std::int32_t>(work_.size());
      if (!fallback_wants_[e]) wanted.push_back(e);
    }
    work_.push_back(std::move(w));
  }
  partner_of_.assign(n, -1);
  partner_tokens_.assign(n, nullptr);
  return wanted;
}

void TdiffExtractor::learn(std::size_t entry, const Page& page) {
  if (entry < fallback_wants_.size() && fallback_wants_[entry]) fallback_->learn(entry, page);
  if (entry >= own_wants_.size() || !own_wants_[entry]) return;
  // The page's tree in preorder, labelled by its own dictionary (numbered site by site
  // when the site is clustered).
  ted::LabelDict own;
  const ted::Tree tree = ted::dom_tree(page.dom ? page.dom->body() : nullptr, own);
  SeenPage sn;
  tree.to_preorder(sn.labels, sn.parents);
  for (std::size_t l = 0; l < own.size(); ++l) sn.names.push_back(own.label(static_cast<std::int32_t>(l)));
  SiteWork& w = *work_[static_cast<std::size_t>(site_of_entry_[entry])];
  if (landmark_[entry]) {
    sn.tokens = body_tokens(page);
    seen_[entry] = std::move(sn);
    bool last;
    {
      std::lock_guard<std::mutex> l(w.m);
      last = ++w.learnt == w.landmarks;
    }
    if (last) cluster_site(w);  // every landmark learnt: the site is done (or its other pages paired as they come)
    return;
  }
  {
    std::unique_lock<std::mutex> l(w.m);
    if (!w.clustered) {
      w.waiting.emplace_back(entry, std::move(sn));
      return;
    }
  }
  pair_with_pivot(w, entry, sn);
}

void TdiffExtractor::cluster_site(SiteWork& w) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::string& site = w.site;
  std::vector<std::size_t> pages;  // the landmarks learnt, in key order
  for (std::size_t e : w.pages)
    if (landmark_[e] && seen_[e]) pages.push_back(e);
  const int n = static_cast<int>(pages.size());
  SiteReport rep;
  rep.site = site;
  rep.pages = n;
  if (w.sampled) rep.sampled = n;
  // One dictionary for the site, its labels numbered page after page in key order,
  // each page's in the order it met them: the numbers a single walk over the pages
  // in that order gives (and so the same pq-gram fingerprints).
  ted::LabelDict dict;
  for (std::size_t e : pages) {
    std::vector<std::int32_t> to_site;
    for (const auto& label : seen_[e]->names) to_site.push_back(dict.id(label));
    for (auto& l : seen_[e]->labels) l = to_site[static_cast<std::size_t>(l)];
  }
  std::vector<SiteWork::Pivot> pivots;
  if (n == 1) {
    PagePlan pl;
    pl.site = site;
    pl.site_pages = n;
    pl.reason = "single-page site";
    add_plan(key_of(pages[0]), std::move(pl));
    rep.outliers = 1;
    seen_[pages[0]].reset();
  } else if (n > 1) {
    ted::PqGramOptions pq{s_.pq_p, s_.pq_q};
    const bool keep_trees = s_.distance == "ted" || s_.partner == "ted3";
    std::vector<ted::Tree> trees(n);
    std::vector<ted::PqProfile> prof(n);
    std::vector<std::shared_ptr<const std::vector<std::string>>> tokens(n);
    for (int i = 0; i < n; ++i) {
      std::optional<SeenPage>& sn = seen_[pages[i]];
      trees[i] = ted::Tree::from_preorder(sn->labels, sn->parents);
      tokens[i] = std::move(sn->tokens);
      sn.reset();
      prof[i] = ted::pq_profile(trees[i], pq);
      if (!keep_trees) trees[i] = {};
    }
    Matrix dist(n);
    // With two pages each is the other's partner whatever the distance: no TED needed.
    bool exact = s_.distance == "ted" && n > 2 && n <= s_.ted_max_pages;
    for (int i = 0; exact && i < n; ++i)
      for (int j = i + 1; exact && j < n; ++j)
        exact = static_cast<std::uint64_t>(trees[i].n()) * static_cast<std::uint64_t>(trees[j].n()) <= s_.ted_max_cells;
    if (exact) {
      // Exact unit-cost TED; the scale does not matter (MDS, then k-means + silhouette).
      for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
          dist.at(i, j) = dist.at(j, i) = ted::ted(trees[i], trees[j], nullptr, s_.ted_max_cells);
      rep.distance = "ted";
    } else {
      for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) dist.at(i, j) = dist.at(j, i) = ted::pq_distance(prof[i], prof[j]);
    }
    const Points pts = classical_mds(dist, 2);
    const Clustering cl = choose_k(pts, s_.max_k, s_.min_silhouette, ctx_->seed ^ fnv1a(site));
    rep.k = cl.best.k;
    rep.silhouette = cl.silhouette;
    std::vector<std::string> doc(n);
    for (int i = 0; i < n; ++i)
      doc[i] = document_of(ctx_->entries[pages[i]].page_id(), ctx_->entries[pages[i]].page_url());
    for (int c = 0; c < cl.best.k; ++c) {
      std::vector<int> members;
      for (int i = 0; i < n; ++i)
        if (cl.best.assign[i] == c) members.push_back(i);
      const auto& cen = cl.best.centroids[c];
      auto d2 = [&](int i) {
        double s = 0;
        for (std::size_t d = 0; d < cen.size(); ++d) s += (pts[i][d] - cen[d]) * (pts[i][d] - cen[d]);
        return s;
      };
      std::stable_sort(members.begin(), members.end(), [&](int x, int y) { return d2(x) < d2(y); });
      if (w.sampled && !members.empty()) {
        partner_tokens_[pages[members[0]]] = tokens[members[0]];
        pivots.push_back({pages[members[0]], c, static_cast<int>(members.size()), doc[members[0]], prof[members[0]],
                          keep_trees ? trees[members[0]] : ted::Tree{}});
      }
      for (int i : members) {
        PagePlan pl;
        pl.site = site;
        pl.site_pages = n;
        pl.cluster = c;
        pl.cluster_size = static_cast<int>(members.size());
        // Candidates: the other members that are not copies of the same document,
        // nearest the centroid first (the pivot, or the next nearest for the pivot).
        std::vector<int> cand;
        for (int j : members)
          if (j != i && doc[j] != doc[i]) cand.push_back(j);
        if (cand.empty()) {
          pl.reason = members.size() == 1 ? "outlier" : "only copies of the page in its cluster";
          ++rep.outliers;
          add_plan(key_of(pages[i]), std::move(pl));
          continue;
        }
        int partner = cand[0];
        if (s_.partner == "ted3") {
          // The 3 pq-gram-nearest candidates, then the smallest exact TED among them.
          std::stable_sort(cand.begin(), cand.end(),
                           [&](int x, int y) { return dist.at(i, x) < dist.at(i, y); });
          cand.resize(std::min<std::size_t>(3, cand.size()));
          int best_d = std::numeric_limits<int>::max();
          for (int j : cand) {
            int d = ted::ted(trees[i], trees[j]);
            if (d < best_d) best_d = d, partner = j;
          }
        }
        pl.partner = key_of(pages[partner]);
        partner_of_[pages[i]] = static_cast<std::int64_t>(pages[partner]);
        partner_tokens_[pages[partner]] = tokens[partner];
        add_plan(key_of(pages[i]), std::move(pl));
      }
    }
  }
  rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::vector<std::pair<std::size_t, SeenPage>> waiting;
  {
    std::lock_guard<std::mutex> l(w.m);
    w.report = rep;
    w.landmarks_seen = n;
    for (std::size_t id = 0; id < dict.size(); ++id)
      w.label_ids.emplace(dict.label(static_cast<std::int32_t>(id)), static_cast<std::int32_t>(id));
    w.pivots = std::move(pivots);
    w.clustered = true;
    waiting.swap(w.waiting);
  }
  for (auto& [e, sn] : waiting) pair_with_pivot(w, e, sn);
}

void TdiffExtractor::pair_with_pivot(SiteWork& w, std::size_t entry, const SeenPage& page) {
  // The page's labels in the site's numbers; labels no landmark had get numbers past
  // them (their pq-grams then match no pivot's).
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::int32_t> to_site;
  std::int32_t fresh = static_cast<std::int32_t>(w.label_ids.size());
  for (const auto& label : page.names) {
    auto it = w.label_ids.find(label);
    to_site.push_back(it != w.label_ids.end() ? it->second : fresh++);
  }
  std::vector<std::int32_t> labels = page.labels;
  for (auto& l : labels) l = to_site[static_cast<std::size_t>(l)];
  const ted::Tree tree = ted::Tree::from_preorder(labels, page.parents);
  const ted::PqProfile prof = ted::pq_profile(tree, ted::PqGramOptions{s_.pq_p, s_.pq_q});
  const std::string doc = document_of(ctx_->entries[entry].page_id(), ctx_->entries[entry].page_url());
  // The pivots that are not copies of this page, nearest first (ties: lower cluster).
  std::vector<std::pair<double, std::size_t>> cand;
  for (std::size_t p = 0; p < w.pivots.size(); ++p)
    if (w.pivots[p].doc != doc) cand.emplace_back(ted::pq_distance(prof, w.pivots[p].profile), p);
  std::sort(cand.begin(), cand.end());
  PagePlan pl;
  pl.site = w.site;
  pl.site_pages = w.landmarks_seen;
  bool alone = cand.empty();
  if (alone) {
    pl.reason = w.pivots.empty() ? "no cluster in the site's sample" : "only copies of the page among its site's pivots";
  } else {
    std::size_t best = cand[0].second;
    if (s_.partner == "ted3") {
      // The 3 pq-gram-nearest pivots, then the smallest exact TED among them.
      int best_d = std::numeric_limits<int>::max();
      for (std::size_t k = 0; k < std::min<std::size_t>(3, cand.size()); ++k) {
        const int d = ted::ted(tree, w.pivots[cand[k].second].tree);
        if (d < best_d) best_d = d, best = cand[k].second;
      }
    }
    const SiteWork::Pivot& pv = w.pivots[best];
    pl.cluster = pv.cluster;
    pl.cluster_size = pv.size;
    pl.partner = key_of(pv.entry);
    partner_of_[entry] = static_cast<std::int64_t>(pv.entry);
  }
  add_plan(key_of(entry), std::move(pl));
  std::lock_guard<std::mutex> l(w.m);
  ++w.others_seen;
  w.others_alone += alone;
  w.report.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void TdiffExtractor::prepare(const CorpusContext& ctx) {
  learn_pages(ctx);
  {
    // The fallback saw its pages in this extractor's pass (start_learning, learn):
    // it prepares as after the runner's shared pass, whoever made the pass.
    struct Learnt {
      CorpusContext& c;
      bool was;
      ~Learnt() { c.learnt = was; }
    } learnt{const_cast<CorpusContext&>(ctx), ctx.learnt};
    learnt.c.learnt = true;
    fallback_->prepare(ctx);
  }
  ctx_ = &ctx;
  // Sites some landmark of which was not learnt (a page that could not be loaded):
  // clustered now, on the landmarks that were.
  for (auto& w : work_)
    if (!w->clustered) cluster_site(*w);
  // The pages of no site and of single-page sites, and the report of every site.
  std::map<std::string, std::vector<std::size_t>> alone;
  for (std::size_t e = 0; e < ctx.entries.size(); ++e)
    if (site_of_entry_.empty() || site_of_entry_[e] < 0)
      alone[host_of(ctx.entries[e].page_id(), ctx.entries[e].page_url())].push_back(e);
  std::vector<SiteReport> reports;
  for (const auto& [site, pages] : alone) {
    for (std::size_t e : pages) {
      PagePlan& pl = plans_[key_of(e)];
      pl.site = site;
      pl.site_pages = static_cast<int>(pages.size());
      pl.reason = site.empty() ? "no site" : "single-page site";
    }
    SiteReport rep;
    rep.site = site;
    rep.pages = static_cast<int>(pages.size());
    rep.outliers = site.empty() ? rep.pages : 1;
    reports.push_back(rep);
  }
  for (auto& w : work_) {
    SiteReport rep = w->report;
    rep.pages = w->landmarks_seen + w->others_seen;
    rep.outliers += w->others_alone;
    if (rep.pages > 0) reports.push_back(rep);
  }
  std::stable_sort(reports.begin(), reports.end(),
                   [](const SiteReport& a, const SiteReport& b) { return a.site < b.site; });
  sites_ = std::move(reports);
  // The partners' text tokens: kept from the learning pass when their site was
  // clustered; a partner without them (none in a run's shared pass) is loaded again.
  std::vector<std::size_t> wanted;
  std::vector<char> is_partner(ctx.entries.size(), 0);
  for (std::size_t e = 0; e < partner_of_.size(); ++e)
    if (const std::int64_t p = partner_of_[e]; p >= 0 && !is_partner[static_cast<std::size_t>(p)]) {
      const auto pe = static_cast<std::size_t>(p);
      is_partner[pe] = 1;
      if (!partner_tokens_[pe]) wanted.push_back(pe);
    }
  std::sort(wanted.begin(), wanted.end());
  // (Each visit writes its own entry's slot.)
  ctx.visit(wanted, [&](std::size_t e, const Page& page) { partner_tokens_[e] = body_tokens(page); });
  for (std::size_t e = 0; e < partner_of_.size(); ++e) {
    if (partner_of_[e] < 0) continue;
    PagePlan& pl = plans_[key_of(e)];
    if (auto& t = partner_tokens_[static_cast<std::size_t>(partner_of_[e])]) {
      pl.partner_tokens = t;
    } else {  // the partner could not be loaded again
      pl.partner.clear();
      pl.reason = "partner page not loaded";
    }
  }
  std::vector<std::optional<SeenPage>>().swap(seen_);
  std::vector<char>().swap(own_wants_);
  std::vector<char>().swap(fallback_wants_);
  std::vector<char>().swap(landmark_);
  std::vector<std::int32_t>().swap(site_of_entry_);
  std::vector<std::int64_t>().swap(partner_of_);
  std::vector<std::shared_ptr<const std::vector<std::string>>>().swap(partner_tokens_);
  work_.clear();
  ctx_ = nullptr;
}

std::string TdiffExtractor::save_prepared() const {
  ByteWriter w;
  w.str("TDIFF 2");
  // The fallback's own state when it learns from the corpus too.
  w.boolean(fallback_->needs_corpus());
  if (fallback_->needs_corpus()) w.str(fallback_->save_prepared());
  w.u64(sites_.size());
  for (const SiteReport& r : sites_) {
    w.str(r.site);
    w.i64(r.pages);
    w.i64(r.k);
    w.f64(r.silhouette);
    w.i64(r.outliers);
    w.f64(r.seconds);
    w.str(r.distance);
    w.i64(r.sampled);
  }
  // Partner token lists are shared by the pages of a cluster: each is written once.
  std::map<const std::vector<std::string>*, std::uint64_t> lists;
  std::vector<const std::vector<std::string>*> order;
  for (const auto& [key, pl] : plans_)
    if (pl.partner_tokens && lists.emplace(pl.partner_tokens.get(), order.size()).second)
      order.push_back(pl.partner_tokens.get());
  w.u64(order.size());
  for (const auto* tokens : order) w.strings(*tokens);
  w.u64(plans_.size());
  for (const auto& [key, pl] : plans_) {
    w.str(key);
    w.str(pl.site);
    w.i64(pl.site_pages);
    w.i64(pl.cluster);
    w.i64(pl.cluster_size);
    w.str(pl.partner);
    w.str(pl.reason);
    w.u64(pl.partner_tokens ? lists.at(pl.partner_tokens.get()) + 1 : 0);
  }
  return w.take();
}

void TdiffExtractor::restore_prepared(std::string_view bytes, const CorpusContext& ctx) {
  ByteReader r(bytes);
  if (r.str() != "TDIFF 2") throw ByteError("TDIFF: not its prepared state");
  if (r.boolean() != fallback_->needs_corpus()) throw ByteError("TDIFF: prepared with another fallback");
  if (fallback_->needs_corpus()) {
    const std::string state = r.str();
    fallback_->restore_prepared(state, ctx);
  } else {
    fallback_->prepare(ctx);
  }
  std::vector<SiteReport> sites(static_cast<std::size_t>(r.count(56)));
  for (SiteReport& rep : sites) {
    rep.site = r.str();
    rep.pages = static_cast<int>(r.i64());
    rep.k = static_cast<int>(r.i64());
    rep.silhouette = r.f64();
    rep.outliers = static_cast<int>(r.i64());
    rep.seconds = r.f64();
    rep.distance = r.str();
    rep.sampled = static_cast<int>(r.i64());
  }
  // The token lists are read as they are met; those no kept plan names are dropped
  // (a shard keeps the plans of its own pages only: CorpusContext::extracts).
  const std::uint64_t list_count = r.count(8);
  std::vector<std::string_view> list_bytes;  // each list's bytes, parsed when a plan keeps it
  list_bytes.reserve(static_cast<std::size_t>(list_count));
  for (std::uint64_t k = 0; k < list_count; ++k) list_bytes.push_back(r.strings_bytes());
  std::vector<std::shared_ptr<const std::vector<std::string>>> lists(list_bytes.size());
  std::map<std::string, PagePlan> plans;
  for (std::uint64_t n = r.count(48); n > 0; --n) {
    std::string key = r.str();
    PagePlan pl;
    pl.site = r.str();
    pl.site_pages = static_cast<int>(r.i64());
    pl.cluster = static_cast<int>(r.i64());
    pl.cluster_size = static_cast<int>(r.i64());
    pl.partner = r.str();
    pl.reason = r.str();
    const std::uint64_t list = r.u64();
    if (list > lists.size()) throw ByteError("TDIFF: a page plan names a token list beyond the state");
    if (ctx.extracts) {
      const std::size_t slash = key.find('/');
      const std::string_view k(key);
      if (slash == std::string::npos || !ctx.extracts(k.substr(0, slash), k.substr(slash + 1))) continue;
    }
    if (list) {
      auto& l = lists[list - 1];
      if (!l) l = std::make_shared<const std::vector<std::string>>(ByteReader(list_bytes[list - 1]).strings());
      pl.partner_tokens = l;
    }
    plans.emplace(std::move(key), std::move(pl));
  }
  sites_ = std::move(sites);
  plans_ = std::move(plans);
}

const PagePlan* TdiffExtractor::plan(const std::string& key) const {
  auto it = plans_.find(key);
  return it == plans_.end() ? nullptr : &it->second;
}

Extraction TdiffExtractor::extract(const Page& page) const {
  const PagePlan* pl = plan(page_key(page));
  std::string reason;
  if (!pl) reason = "page not seen by prepare()";
  else if (!pl->partner_tokens) reason = pl->reason;
  if (reason.empty()) {
    DiffInfo info;
    Extraction ex;
    ex.segments = template_diff(page.dom ? page.dom->body() : nullptr, *pl->partner_tokens, s_, &info);
    ex.notes["partner"] = pl->partner;
    ex.notes["site"] = pl->site;
    ex.notes["cluster"] = std::to_string(pl->cluster) + "/" + std::to_string(pl->cluster_size);
    if (info.differing > 0) {
      ex.notes["main"] = info.main;
      if (info.title) ex.notes["title_rule"] = "yes";
      return ex;
    }
    reason = "no differing text";
  }
  Extraction ex = fallback_->extract(page);
  ex.notes["fallback"] = s_.fallback;
  ex.notes["fallback_reason"] = reason;
  if (pl) ex.notes["site"] = pl->site;
  return ex;
}

}  // namespace detour::tdiff

namespace detour {

SettingSpecs tdiff_settings() {
  const tdiff::TdiffSettings d;
  std::vector<std::string> fallbacks;
  for (const auto& info : extractor_registry())
    if (info.name != "TDIFF") fallbacks.emplace_back(info.name);
  return {
      SettingSpec::choice("fallback", d.fallback, fallbacks, "extractor for pages with no same-site partner"),
      SettingSpec::integer("pq_p", d.pq_p, 1, 16, "pq-gram p (ancestors)"),
      SettingSpec::integer("pq_q", d.pq_q, 1, 16, "pq-gram q (children)"),
      SettingSpec::choice("distance", d.distance, {"pqgram", "ted"}, "tree distance of the clustered matrix"),
      SettingSpec::integer("ted_max_pages", d.ted_max_pages, 3, 100000, "distance=ted: largest site given exact TED"),
      SettingSpec::integer("ted_max_cells", static_cast<std::int64_t>(d.ted_max_cells), 1, std::int64_t{1} << 50,
                           "distance=ted: largest |F| x |G| of a pair"),
      SettingSpec::integer("max_k", d.max_k, 2, 1000, "largest k tried by the silhouette choice"),
      SettingSpec::integer("site_sample", d.site_sample, 3, 1000000,
                           "most pages of a site clustered; a larger site's other pages pair with the nearest pivot"),
      SettingSpec::real("min_silhouette", d.min_silhouette, -1, 1, "below this mean silhouette a site is one cluster"),
      SettingSpec::choice("partner", d.partner, {"pivot", "ted3"}, "partner: the cluster pivot, or the TED-nearest of 3"),
      SettingSpec::real("min_share", d.min_share, 0, 1, "smallest share of the page's tokens a main-block candidate holds"),
      SettingSpec::real("same_penalty", d.same_penalty, 0, 1000000, "candidate score: differing - this x same tokens"),
      SettingSpec::real("min_block_diff", d.min_block_diff, 0, 1, "keep a block when this share of its tokens differ"),
      SettingSpec::boolean("autojunk", d.autojunk, "difflib autojunk when aligning token sequences"),
      SettingSpec::boolean("title_rule", d.title_rule, "start at a preceding h1"),
      SettingSpec::boolean("filter_comments", d.filter_comments, "drop comment/gallery/slideshow subtrees"),
  };
}

std::unique_ptr<Extractor> make_tdiff_extractor(const SettingValues& v) {
  tdiff::TdiffSettings s;
  s.fallback = v.text("fallback");
  s.pq_p = static_cast<int>(v.integer("pq_p"));
  s.pq_q = static_cast<int>(v.integer("pq_q"));
  s.distance = v.text("distance");
  s.ted_max_pages = static_cast<int>(v.integer("ted_max_pages"));
  s.ted_max_cells = static_cast<std::uint64_t>(v.integer("ted_max_cells"));
  s.max_k = static_cast<int>(v.integer("max_k"));
  s.site_sample = static_cast<int>(v.integer("site_sample"));
  s.min_silhouette = v.real("min_silhouette");
  s.partner = v.text("partner");
  s.min_share = v.real("min_share");
  s.same_penalty = v.real("same_penalty");
  s.min_block_diff = v.real("min_block_diff");
  s.autojunk = v.boolean("autojunk");
  s.title_rule = v.boolean("title_rule");
  s.filter_comments = v.boolean("filter_comments");
  return std::make_unique<tdiff::TdiffExtractor>(std::move(s));
}

}  // namespace detour
