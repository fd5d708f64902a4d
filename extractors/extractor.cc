// extractor: signatures and creation by name (see extractor.h).
#include "extractors/extractor.h"

#include <tbb/parallel_for.h>

#include <algorithm>

#include "base/hash.h"
#include "base/site.h"
#include "base/strings.h"

namespace detour {

void CorpusContext::visit(const std::vector<std::size_t>& which,
                          const std::function<void(std::size_t, const Page&)>& fn) const {
  tbb::parallel_for(std::size_t{0}, which.size(), [&](std::size_t k) {
    const std::size_t i = which[k];
    if (const Page* held = entries[i].page) {
      fn(i, *held);
      return;
    }
    if (!load) return;
    if (std::shared_ptr<const Page> page = load(i)) fn(i, *page);
  });
}

std::string CorpusContext::gold(std::size_t i) const {
  const CorpusEntry& e = entries.at(i);
  if (!e.gold.empty() || e.gold_size == 0 || !load_gold) return e.gold;
  return load_gold(i);
}

std::vector<std::size_t> CorpusContext::learning_order(std::vector<std::size_t> which) const {
  struct Key {
    std::string site;
    std::uint64_t hash;
    std::size_t i;
  };
  std::vector<Key> keys;
  keys.reserve(which.size());
  for (std::size_t i : which) {
    const CorpusEntry& e = entries.at(i);
    keys.push_back({host_of(e.page_id(), e.page_url()), fnv1a(e.page_lang() + "/" + e.page_id(), kFnvOffset ^ seed), i});
  }
  std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
    if (a.site != b.site) return a.site < b.site;
    if (a.hash != b.hash) return a.hash < b.hash;
    return a.i < b.i;
  });
  for (std::size_t k = 0; k < keys.size(); ++k) which[k] = keys[k].i;
  return which;
}

void Extractor::learn_pages(const CorpusContext& ctx) {
  if (ctx.learnt) return;
  const std::vector<std::size_t> wanted = ctx.learning_order(start_learning(ctx));
  ctx.visit(wanted, [this](std::size_t i, const Page& page) { learn(i, page); });
}

std::string Extractor::signature() const {
  std::string sig = name() + "|v:" + version();
  for (const auto& [k, v] : settings()) sig += "|" + k + ":" + v;
  if (const auto p = parser()) sig += "|parser:" + dom::parser_signature(*p);
  return sig;
}

std::string_view parser_setting_name(dom::Parser p) {
  switch (p) {
    case dom::Parser::Html5:
      return "html5";
    case dom::Parser::Libxml2:
      return "libxml2";
    case dom::Parser::Neko:
      return "neko";
  }
  return "?";
}

SettingSpec parser_setting(dom::Parser default_parser) {
  return SettingSpec::choice("parser", std::string(parser_setting_name(default_parser)), {"html5", "libxml2", "neko"},
                             "the tree read: gumbo's HTML5 tree, libxml2's as lxml builds it, or NekoHTML's as the "
                             "Boilerpipe jar builds it");
}

dom::Parser parser_of(const SettingValues& values) {
  const std::string& v = values.text("parser");
  if (v == "libxml2") return dom::Parser::Libxml2;
  if (v == "neko") return dom::Parser::Neko;
  return dom::Parser::Html5;
}


const ExtractorInfo& find_extractor(std::string_view name) {
  for (const auto& info : extractor_registry())
    if (info.name == name) return info;
  std::vector<std::string> known;
  for (const auto& info : extractor_registry()) known.emplace_back(info.name);
  throw UsageError(unknown_name_message("extractor", name, known));
}

std::unique_ptr<Extractor> make_extractor(std::string_view name, const RawSettings& settings) {
  const ExtractorInfo& info = find_extractor(name);
  return info.make(SettingValues::resolve(info.name, info.setting_specs(), settings));
}

}  // namespace detour
