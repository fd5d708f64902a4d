// Extractor C45 and corpus labelling; see c45.h.
#include "extractors/c45/c45.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <random>

#include "base/bytes.h"
#include "base/hash.h"
#include "base/site.h"
#include "extractors/justext/stoplist.h"

namespace detour::c45 {
namespace {


using Stoplists = std::map<std::string, justext::Stoplist, std::less<>>;

// Loads the jusText list of every language in `langs` that has one.
Stoplists load_stoplists(const std::vector<std::string>& langs, std::string& loaded) {
  Stoplists out;
  for (const auto& l : langs) {
    if (out.count(l)) continue;
    try {
      out.emplace(l, justext::load_stoplist(justext::default_stoplist_source(), l));
      loaded += (loaded.empty() ? "" : "+") + l;
    } catch (const std::exception&) {
      // No list for this language (or no shared data): its terms keep stop words.
    }
  }
  return out;
}

const justext::Stoplist* stoplist_for(const Stoplists& s, const std::string& lang) {
  auto it = s.find(lang);
  return it == s.end() ? nullptr : &it->second;
}

std::vector<std::string> languages_of(const CorpusContext& ctx) {
  std::vector<std::string> langs;
  for (const auto& e : ctx.entries)
    if (std::find(langs.begin(), langs.end(), e.page_lang()) == langs.end()) langs.push_back(e.page_lang());
  return langs;
}

// One page's training instances: its elements with text, labelled against the gold.
LabelledPage label_page(const Page& page, const std::string& gold, const Stoplists& stops) {
  PageNodes nodes = compute_nodes(page, query_terms(page, stoplist_for(stops, page.lang)), true);
  label_nodes(nodes, gold);
  LabelledPage lp;
  lp.id = page.id;
  lp.lang = page.lang;
  lp.site = fold_key(page);
  for (const auto& e : nodes.elements) {
    if (!e.has_text) continue;
    lp.rows.push_back(e.f);
    lp.labels.push_back(e.label);
  }
  return lp;
}

Dataset make_dataset(const std::vector<LabelledPage>& pages, const std::vector<char>& use_page,
                     double noise_keep, double content_weight, std::uint64_t seed) {
  Dataset d;
  d.features = kFeatureCount;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0, 1);
  for (std::size_t p = 0; p < pages.size(); ++p) {
    if (!use_page[p]) continue;
    for (std::size_t i = 0; i < pages[p].rows.size(); ++i) {
      if (pages[p].labels[i] == 0 && noise_keep < 1 && u(rng) >= noise_keep) continue;
      d.add(pages[p].rows[i], pages[p].labels[i], pages[p].labels[i] ? content_weight : 1.0);
    }
  }
  return d;
}

class C45Extractor final : public Extractor {
 public:
  explicit C45Extractor(const C45Settings& s) : cfg_(s) {
    if (cfg_.folds < 2) throw std::invalid_argument("C45: folds must be >= 2");
  }
  std::string name() const override { return "C45"; }
  std::string version() const override { return "1"; }
  bool needs_corpus() const override { return true; }
  Settings settings() const override {
    Settings s;
    s["features"] = "CTD,DensitySum,QueryScore,DirectMatches,Depth";
    s["query"] = "title+url words, lower-cased";
    s["stopwords"] = cfg_.stopwords ? (stop_loaded_.empty() ? "none-loaded" : stop_loaded_) : "off";
    s["folds"] = std::to_string(cfg_.folds) + " by site (fnv1a)";
    s["min_leaf"] = std::to_string(cfg_.tree.min_leaf);
    s["cf"] = std::to_string(cfg_.tree.confidence);
    s["prune"] = cfg_.tree.prune ? "yes" : "no";
    s["mdl_penalty"] = cfg_.tree.mdl_penalty ? "yes" : "no";
    if (cfg_.tree.max_depth != 0) s["max_depth"] = std::to_string(cfg_.tree.max_depth);
    if (cfg_.train_pages != C45Settings{}.train_pages || sampled_from_ > 0)
      s["train_pages"] = std::to_string(cfg_.train_pages) +
                         (sampled_from_ > 0 ? " of " + std::to_string(sampled_from_) + " seed " + std::to_string(seed_)
                                            : "");
    s["noise_keep"] = std::to_string(cfg_.noise_keep);
    s["content_weight"] = std::to_string(cfg_.content_weight);
    s["labels"] = "text node >50% tokens matched (difflib); element >50% content tokens";
    s["output"] = cfg_.block_decides ? "text nodes whose nearest block element is content"
                                     : "text nodes whose element is content";
    return s;
  }

  // Every page with a gold reference is labelled (its rows kept, not the page).
  std::vector<std::size_t> start_learning(const CorpusContext& ctx) override {
    t0_ = std::chrono::steady_clock::now();
    std::vector<std::string> langs = languages_of(ctx);
    stop_loaded_.clear();
    stops_.clear();
    if (cfg_.stopwords) stops_ = load_stoplists(langs, stop_loaded_);
    stop_langs_ = langs;
    std::vector<std::size_t> wanted;
    for (std::size_t i = 0; i < ctx.entries.size(); ++i)
      if (ctx.entries[i].has_gold()) wanted.push_back(i);
    sampled_from_ = 0;
    seed_ = ctx.seed;
    if (wanted.size() > static_cast<std::size_t>(cfg_.train_pages)) {
      // A seeded sample of train_pages pages, in corpus order.
      std::vector<std::pair<std::uint64_t, std::size_t>> order;
      for (std::size_t i : wanted)
        order.emplace_back(fnv1a(ctx.entries[i].page_lang() + "/" + ctx.entries[i].page_id(), kFnvOffset ^ ctx.seed), i);
      std::sort(order.begin(), order.end());
      order.resize(static_cast<std::size_t>(cfg_.train_pages));
      sampled_from_ = wanted.size();
      wanted.clear();
      for (const auto& [h, i] : order) wanted.push_back(i);
      std::sort(wanted.begin(), wanted.end());
    }
    labelled_.assign(ctx.entries.size(), std::nullopt);
    gold_of_ = &ctx;
    return wanted;
  }

  void learn(std::size_t entry, const Page& page) override {
    if (entry < labelled_.size()) labelled_[entry] = label_page(page, gold_of_->gold(entry), stops_);
  }

  void prepare(const CorpusContext& ctx) override {
    learn_pages(ctx);
    std::vector<LabelledPage> pages;
    for (auto& lp : labelled_)
      if (lp) pages.push_back(std::move(*lp));
    std::vector<std::optional<LabelledPage>>().swap(labelled_);
    gold_of_ = nullptr;
    const auto t0 = t0_;
    trees_.assign(cfg_.folds, Tree{});
    tbb::parallel_for(0, cfg_.folds, [&](int k) {
      std::vector<char> use(pages.size());
      for (std::size_t p = 0; p < pages.size(); ++p) use[p] = fold_of(pages[p].site, cfg_.folds) != k;
      trees_[k] = Tree::train(make_dataset(pages, use, cfg_.noise_keep, cfg_.content_weight, ctx.seed + k), cfg_.tree);
    });
    train_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    prepared_ = true;
  }

  Extraction extract(const Page& page) const override {
    if (!prepared_) throw ExtractError("C45: prepare() was not called (the trees are trained on the corpus)");
    Extraction ex;
    int k = fold_of(fold_key(page), cfg_.folds);
    ex.notes["fold"] = std::to_string(k);
    const Tree& tree = trees_[k];
    PageNodes nodes = compute_nodes(page, query_terms(page, stoplist_for(stops_, page.lang)));
    const auto& el = nodes.elements;
    if (el.empty()) return ex;
    std::vector<char> content(el.size(), 0);
    std::vector<int> owner(el.size(), 0);
    std::vector<SegmentKind> kind(el.size(), SegmentKind::Paragraph);
    for (std::size_t i = 0; i < el.size(); ++i) {
      if (el[i].has_text) content[i] = tree.classify(el[i].f) == 1;
      const std::string_view tag = el[i].node->tag;
      int p = el[i].parent;
      owner[i] = (p < 0 || dom::is_block_element(tag)) ? static_cast<int>(i) : owner[p];
      bool heading = tag.size() == 2 && tag[0] == 'h' && tag[1] >= '1' && tag[1] <= '6';
      bool item = tag == "li" || tag == "dt" || tag == "dd";
      kind[i] = heading ? SegmentKind::Heading : item ? SegmentKind::ListItem : p < 0 ? SegmentKind::Paragraph : kind[p];
    }
    std::string buf;
    int cur = -1;
    auto flush = [&]() {
      if (cur >= 0) {
        std::string t = collapse_whitespace(buf);
        if (!t.empty()) ex.segments.push_back({kind[cur], std::move(t)});
      }
      buf.clear();
      cur = -1;
    };
    for (const NodeText& t : nodes.texts) {
      int o = owner[t.element];
      if (!content[cfg_.block_decides ? o : t.element]) continue;
      if (o != cur) {
        flush();
        cur = o;
      }
      buf += t.node->text;
    }
    flush();
    return ex;
  }

  std::string save_prepared() const override {
    if (!prepared_) return {};
    ByteWriter w;
    w.str("C45 2");
    w.strings(stop_langs_);
    w.f64(train_seconds_);
    w.u64(sampled_from_);
    w.u64(seed_);
    w.u64(trees_.size());
    for (const Tree& t : trees_) {
      w.u64(t.nodes().size());
      for (const TreeNode& n : t.nodes()) {
        w.i64(n.feature);
        w.f32(n.threshold);
        w.i64(n.left);
        w.i64(n.right);
        w.i64(n.cls);
        w.f64(n.weight);
        w.f64(n.errors);
      }
    }
    return w.take();
  }

  void restore_prepared(std::string_view bytes, const CorpusContext&) override {
    ByteReader r(bytes);
    if (r.str() != "C45 2") throw ByteError("C45: not its prepared state");
    std::vector<std::string> langs = r.strings();
    const double seconds = r.f64();
    const std::uint64_t sampled_from = r.u64();
    const std::uint64_t seed = r.u64();
    std::vector<Tree> trees;
    for (std::uint64_t k = r.count(8); k > 0; --k) {
      std::vector<TreeNode> nodes(static_cast<std::size_t>(r.count(48)));
      for (TreeNode& n : nodes) {
        n.feature = static_cast<int>(r.i64());
        n.threshold = r.f32();
        n.left = static_cast<int>(r.i64());
        n.right = static_cast<int>(r.i64());
        n.cls = static_cast<int>(r.i64());
        n.weight = r.f64();
        n.errors = r.f64();
        if (n.feature >= static_cast<int>(kFeatureCount)) throw ByteError("C45: a tree node of an unknown feature");
      }
      trees.push_back(Tree::from_nodes(std::move(nodes)));
    }
    if (trees.size() != static_cast<std::size_t>(cfg_.folds)) throw ByteError("C45: prepared for another number of folds");
    stop_loaded_.clear();
    stops_.clear();
    if (cfg_.stopwords) stops_ = load_stoplists(langs, stop_loaded_);
    stop_langs_ = std::move(langs);
    trees_ = std::move(trees);
    train_seconds_ = seconds;
    sampled_from_ = static_cast<std::size_t>(sampled_from);
    seed_ = seed;
    prepared_ = true;
  }

  double train_seconds() const { return train_seconds_; }

 private:
  C45Settings cfg_;
  Stoplists stops_;
  std::string stop_loaded_;
  std::vector<std::string> stop_langs_;  // the languages whose lists were asked for, in order
  // While learning: each entry's labelled rows.
  std::vector<std::optional<LabelledPage>> labelled_;
  const CorpusContext* gold_of_ = nullptr;
  std::chrono::steady_clock::time_point t0_;
  std::vector<Tree> trees_;
  bool prepared_ = false;
  double train_seconds_ = 0;
  std::size_t sampled_from_ = 0;  // pages with gold when the training pages were sampled, else 0
  std::uint64_t seed_ = 0;
};

}  // namespace

std::string fold_key(const Page& page) {
  // The host (base/site.h host_of), as the folds were first defined: the C4.5 model
  // and its scores stay what they were.
  std::string site = host_of(page.id, page.url);
  return site.empty() ? page.id : site;  // a page without a known site is a fold key of its own
}

int fold_of(std::string_view site, int folds) {
  return folds <= 1 ? 0 : static_cast<int>(fnv1a(site, kFnvLegacySeed) % static_cast<std::uint64_t>(folds));
}

std::vector<LabelledPage> label_corpus(const CorpusContext& ctx, const C45Settings& settings) {
  std::string loaded;
  Stoplists stops;
  if (settings.stopwords) stops = load_stoplists(languages_of(ctx), loaded);
  std::vector<std::size_t> todo;
  for (std::size_t i = 0; i < ctx.entries.size(); ++i)
    if (ctx.entries[i].has_gold()) todo.push_back(i);
  // One page at a time per thread (CorpusContext::visit): the labelled rows are kept,
  // the page is not.
  std::vector<std::optional<LabelledPage>> labelled(ctx.entries.size());
  ctx.visit(todo, [&](std::size_t i, const Page& page) { labelled[i] = label_page(page, ctx.gold(i), stops); });
  std::vector<LabelledPage> out;
  for (std::size_t i : todo)
    if (labelled[i]) out.push_back(std::move(*labelled[i]));
  return out;
}

std::unique_ptr<Extractor> make_extractor(const C45Settings& settings) {
  return std::make_unique<C45Extractor>(settings);
}

}  // namespace detour::c45

namespace detour {
SettingSpecs c45_settings() {
  const c45::C45Settings d;
  return {
      SettingSpec::integer("folds", d.folds, 2, 1000, "site folds (each page classified by a tree trained without its site)"),
      SettingSpec::integer("train_pages", d.train_pages, 1, 100000000,
                           "most pages trained on (a seeded sample of a larger corpus; every page is classified)"),
      SettingSpec::real("min_leaf", d.tree.min_leaf, 0, 1e9, "minimum weight of each side of a split (C4.5 -m)"),
      SettingSpec::real("confidence", d.tree.confidence, 0, 1, "pruning confidence CF (C4.5 -c); smaller prunes more",
                        true, true),
      SettingSpec::boolean("prune", d.tree.prune, "prune by subtree replacement"),
      SettingSpec::boolean("mdl_penalty", d.tree.mdl_penalty, "subtract log2(thresholds)/W from numeric gains"),
      SettingSpec::integer("max_depth", d.tree.max_depth, 0, 100000, "stop growing at this depth (0: unlimited)"),
      SettingSpec::boolean("stopwords", d.stopwords, "remove the language's stop words from the query terms"),
      SettingSpec::real("noise_keep", d.noise_keep, 0, 1, "fraction of noise nodes kept for training", true, false),
      SettingSpec::real("content_weight", d.content_weight, 0, 1e6, "training weight of content nodes", true, false),
      SettingSpec::boolean("block_decides", d.block_decides,
                           "a text node follows its nearest block element (else its own element)"),
  };
}

std::unique_ptr<Extractor> make_c45_extractor(const SettingValues& v) {
  c45::C45Settings s;
  s.folds = static_cast<int>(v.integer("folds"));
  s.train_pages = static_cast<int>(v.integer("train_pages"));
  s.tree.min_leaf = v.real("min_leaf");
  s.tree.confidence = v.real("confidence");
  s.tree.prune = v.boolean("prune");
  s.tree.mdl_penalty = v.boolean("mdl_penalty");
  s.tree.max_depth = static_cast<int>(v.integer("max_depth"));
  s.stopwords = v.boolean("stopwords");
  s.noise_keep = v.real("noise_keep");
  s.content_weight = v.real("content_weight");
  s.block_decides = v.boolean("block_decides");
  return c45::make_extractor(s);
}
}  // namespace detour
