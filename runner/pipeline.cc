// pipeline: stages, chains and their execution (see pipeline.h).
#include "runner/pipeline.h"

#include <algorithm>
#include <cctype>
#include <chrono>

#include "base/strings.h"
#include "extractors/adapters.h"
#include "extractors/ncleaner/ncleaner.h"
#include "html/dom.h"
#include "html/page.h"
#include "runner/page_work.h"

namespace detour::harness {

namespace {
// "STAGE: reason", unless the extractor already named itself at the start.
std::string stage_reason(const std::string& stage, const std::string& what) {
  const std::string prefix = stage + ": ";
  return what.compare(0, prefix.size(), prefix) == 0 ? what : prefix + what;
}

std::vector<std::string> registry_names() {
  std::vector<std::string> names;
  for (const auto& info : extractor_registry()) names.emplace_back(info.name);
  return names;
}
bool is_registered(const std::string& name) {
  for (const auto& info : extractor_registry())
    if (info.name == name) return true;
  return false;
}
}  // namespace

Variant parse_variant(const std::string& text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    throw UsageError("--variant expects NAME=EXTRACTOR(key=value,...), got: " + text);
  Variant v;
  v.name = text.substr(0, eq);
  for (char c : v.name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_'))
      throw UsageError("--variant " + v.name + ": a variant name holds letters, digits and '_' only");
  if (is_registered(v.name))
    throw UsageError("--variant " + v.name + ": the name of a built-in extractor; choose another name");
  v.spec = parse_stage_spec(text.substr(eq + 1));
  if (!is_registered(v.spec.name))
    throw UsageError("--variant " + v.name + ": " + unknown_name_message("extractor", v.spec.name, registry_names()));
  const ExtractorInfo& info = find_extractor(v.spec.name);
  SettingValues::resolve(info.name, info.setting_specs(), v.spec.settings);  // checks them now
  return v;
}

ResolvedStage resolve_stage(const std::string& written, const PipelineConfig& config) {
  StageSpec spec = parse_stage_spec(written);
  ResolvedStage out;
  auto no_settings = [&](const char* what) {
    if (!spec.settings.empty())
      throw UsageError(spec.name + ": " + what + " takes no settings (got '" + written + "')");
    out.key = spec.name;
    return out;
  };
  for (const auto& e : config.externals)
    if (e.name == spec.name) {
      out.kind = ResolvedStage::Kind::External;
      return no_settings("an external tool");
    }
  auto served = [&](bool adapter) {
    out.kind = ResolvedStage::Kind::Served;
    out.adapter = adapter;
    out.settings = spec.settings;
    out.key = stage_text(spec.name, spec.settings);
    return out;
  };
  for (const auto& s : config.serves)
    if (s.name == spec.name) return served(false);
  for (const auto& m : config.models)
    if (m.first == spec.name) {
      out.kind = ResolvedStage::Kind::Model;
      return no_settings("a model");
    }
  for (const auto& f : config.factories)
    if (f.name == spec.name) {
      out.kind = ResolvedStage::Kind::Factory;
      return no_settings("a stage made by the embedding program");
    }
  for (const auto& v : config.variants) {
    if (v.name != spec.name) continue;
    const ExtractorInfo& info = find_extractor(v.spec.name);
    const SettingSpecs specs = info.setting_specs();
    RawSettings merged = v.spec.settings;
    for (const auto& [k, val] : spec.settings) {
      auto it = std::find_if(merged.begin(), merged.end(), [&k = k](const auto& kv) { return kv.first == k; });
      if (it != merged.end()) it->second = val;
      else merged.emplace_back(k, val);
    }
    const RawSettings base = SettingValues::resolve(v.name, specs, v.spec.settings).all();
    const RawSettings mine = SettingValues::resolve(v.name, specs, merged).all();
    RawSettings diff;
    for (std::size_t i = 0; i < mine.size(); ++i)
      if (mine[i].second != base[i].second) diff.push_back(mine[i]);
    out.kind = ResolvedStage::Kind::Variant;
    out.key = stage_text(v.name, diff);
    out.extractor = std::string(info.name);
    out.settings = SettingValues::resolve(v.name, specs, merged).changed();
    return out;
  }
  if (!is_registered(spec.name) && find_adapter(spec.name)) return served(true);
  if (!is_registered(spec.name)) {
    std::vector<std::string> known = registry_names();
    for (const auto& a : adapter_registry()) known.emplace_back(a.name);
    for (const auto& s : config.serves) known.push_back(s.name);
    for (const auto& e : config.externals) known.push_back(e.name);
    for (const auto& m : config.models) known.push_back(m.first);
    for (const auto& v : config.variants) known.push_back(v.name);
    for (const auto& f : config.factories) known.push_back(f.name);
    throw UsageError(unknown_name_message("extractor", spec.name, known));
  }
  const ExtractorInfo& info = find_extractor(spec.name);
  out.extractor = spec.name;
  out.settings = SettingValues::resolve(info.name, info.setting_specs(), spec.settings).changed();
  out.key = stage_text(spec.name, out.settings);
  return out;
}

std::vector<std::vector<std::string>> parse_chain_list(const std::string& list, const PipelineConfig& config) {
  auto known = [&](const std::string& name) {
    if (is_registered(name) || find_adapter(name)) return true;
    for (const auto& s : config.serves)
      if (s.name == name) return true;
    for (const auto& e : config.externals)
      if (e.name == name) return true;
    for (const auto& m : config.models)
      if (m.first == name) return true;
    for (const auto& v : config.variants)
      if (v.name == name) return true;
    for (const auto& f : config.factories)
      if (f.name == name) return true;
    return false;
  };
  std::vector<std::vector<std::string>> chains;
  for (const auto& item : split_top_level(list, ',')) {
    std::vector<std::string> stages;
    for (const auto& piece : split_top_level(item, '-', /*keep_empty=*/true)) {
      if (!stages.empty() && stages.back().find('(') == std::string::npos && !piece.empty() &&
          known(stages.back() + "-" + parse_stage_spec(piece).name)) {
        stages.back() += "-" + piece;
        continue;
      }
      if (piece.empty()) throw UsageError("empty stage in chain '" + item + "'");
      stages.push_back(piece);
    }
    chains.push_back(std::move(stages));
  }
  return chains;
}

std::vector<std::string> parse_stage_list(const std::string& list, const PipelineConfig& config) {
  std::vector<std::string> out;
  for (const auto& item : split_top_level(list, ',')) {
    auto chain = parse_chain_list(item, config);
    if (chain.size() != 1 || chain[0].size() != 1)
      throw UsageError("'" + item + "' is a chain; give chains with --chains");
    out.push_back(chain[0][0]);
  }
  return out;
}

std::vector<std::vector<std::string>> all_pairs(const std::vector<std::string>& names) {
  std::vector<std::vector<std::string>> out;
  for (const auto& a : names)
    for (const auto& b : names)
      if (a != b) out.push_back({a, b});
  return out;
}

Pipeline::Pipeline(const std::vector<std::vector<std::string>>& systems, const PipelineConfig& config) {
  for (const auto& spec : config.externals)
    if (is_registered(spec.name))
      throw UsageError("--external " + spec.name + ": the name of a built-in extractor; choose another name");
  for (const auto& spec : config.serves) {
    if (is_registered(spec.name))
      throw UsageError("--serve " + spec.name + ": the name of a built-in extractor; choose another name");
    for (const auto& e : config.externals)
      if (e.name == spec.name) throw UsageError("--serve " + spec.name + ": also the name of an --external tool");
  }
  for (const auto& [name, path] : config.models)
    if (is_registered(name))
      throw UsageError("--model " + name + ": the name of a built-in extractor; choose another name");
  for (const auto& v : config.variants)
    if (is_registered(v.name))
      throw UsageError("--variant " + v.name + ": the name of a built-in extractor; choose another name");
  for (const auto& f : config.factories)
    if (is_registered(f.name))
      throw UsageError("stage " + f.name + ": the name of a built-in extractor; choose another name");
  for (const auto& sys : systems)
    for (const auto& st : sys) {
      if (stages_.count(st)) continue;
      const ResolvedStage r = resolve_stage(st, config);
      switch (r.kind) {
        case ResolvedStage::Kind::External:
          for (const auto& spec : config.externals)
            if (spec.name == r.key) stages_[st] = make_external_extractor(spec);
          external_.insert(st);
          break;
        case ResolvedStage::Kind::Served: {
          const std::string name = parse_stage_spec(r.key).name;
          if (r.adapter) {
            stages_[st] = make_serve_extractor(adapter_spec(*find_adapter(name), config.tool_timeout,
                                                            config.tool_max_output, config.max_restarts, r.settings));
          } else {
            for (const auto& spec : config.serves)
              if (spec.name == name) {
                ServeSpec s = spec;
                s.settings = r.settings;
                stages_[st] = make_serve_extractor(s);
              }
          }
          external_.insert(st);
          break;
        }
        case ResolvedStage::Kind::Model:
          for (const auto& [name, path] : config.models)
            if (name == r.key) stages_[st] = make_ncleaner_model_extractor(path, name);
          break;
        case ResolvedStage::Kind::Factory:
          for (const auto& f : config.factories)
            if (f.name == r.key) {
              stages_[st] = f.make();
              if (f.in_process) in_process_.insert(st);
            }
          break;
        case ResolvedStage::Kind::Registry:
        case ResolvedStage::Kind::Variant:
          stages_[st] = make_extractor(r.extractor, r.settings);
          break;
      }
    }
}

bool Pipeline::needs_corpus() const {
  for (const auto& [name, ex] : stages_)
    if (ex->needs_corpus()) return true;
  return false;
}

std::size_t Pipeline::prepare(CorpusContext& ctx) {
  // One pass over the pages: each page loaded once (ctx.visit) and shown to every
  // corpus-aware stage that asked for it.
  std::vector<Extractor*> learners;
  std::vector<std::vector<char>> wants;
  std::vector<char> any(ctx.entries.size(), 0);
  for (auto& [name, ex] : stages_) {
    if (!ex->needs_corpus()) continue;
    std::vector<char> w(ctx.entries.size(), 0);
    for (std::size_t i : ex->start_learning(ctx))
      if (i < w.size()) w[i] = any[i] = 1;
    learners.push_back(ex.get());
    wants.push_back(std::move(w));
  }
  std::vector<std::size_t> pages;
  for (std::size_t i = 0; i < any.size(); ++i)
    if (any[i]) pages.push_back(i);
  // Site by site (CorpusContext::learning_order), so that a stage that groups pages by
  // site finishes a site, and drops what it kept of its pages, before the next.
  pages = ctx.learning_order(std::move(pages));
  ctx.visit(pages, [&](std::size_t i, const Page& page) {
    for (std::size_t k = 0; k < learners.size(); ++k)
      if (wants[k][i]) learners[k]->learn(i, page);
  });
  ctx.learnt = true;
  try {
    for (Extractor* ex : learners) ex->prepare(ctx);
  } catch (...) {
    ctx.learnt = false;
    throw;
  }
  ctx.learnt = false;
  prepare_light(ctx);
  return pages.size();
}

void Pipeline::prepare_light(const CorpusContext& ctx) {
  CorpusContext light;
  light.languages = ctx.languages;
  light.seed = ctx.seed;
  for (auto& [name, ex] : stages_)
    if (!ex->needs_corpus()) ex->prepare(light);
}

std::vector<std::string> Pipeline::corpus_stages() const {
  std::vector<std::string> out;
  for (const auto& [name, ex] : stages_)
    if (ex->needs_corpus()) out.push_back(name);
  return out;
}

std::map<std::string, std::string> Pipeline::stage_signatures() const {
  std::map<std::string, std::string> out;
  for (const auto& [name, ex] : stages_) out[name] = ex->signature();
  return out;
}

std::string cleaneval_form(const Extraction& ex) {
  return ex.cleaneval.empty() ? render_cleaneval(ex.segments) : ex.cleaneval;
}

std::string html_form(const Extraction& ex, std::string_view title) {
  return ex.html.empty() ? render_html(ex.segments, title) : ex.html;
}

const StageOutput& Pipeline::run(const std::vector<std::string>& system, const Page& page, PageCache& cache,
                                  const StageHooks& hooks) const {
  using Clock = std::chrono::steady_clock;
  std::string prefix;
  const StageOutput* prev = nullptr;
  for (const auto& st : system) {
    prefix += (prefix.empty() ? "" : "-") + st;
    auto it = cache.find(prefix);
    if (it == cache.end()) {
      StageOutput so;
      if (prev && prev->status != StageOutput::Status::Ok) {
        so = *prev;  // a failed or excluded prefix fails or excludes the chain
        so.extraction = {};
      } else {
        if (hooks.on_stage) hooks.on_stage(prefix, st);
        auto ts = Clock::now();
        const double cpu0 = thread_cpu_seconds();
        try {
          const Extractor& ex = *stages_.at(st);
          if (!prev) {
            so.extraction = ex.extract(page);
          } else {
            // A stage that reads another parser's tree (BP: Neko; JTA, RD: libxml2) is
            // not given the HTML5 tree it would not read.
            const auto parser = ex.parser();
            Page next = html::make_page(page.id, html_form(prev->extraction, page.dom->title()), page.lang,
                                        !parser || *parser == dom::Parser::Html5);
            next.url = page.url;
            next.path = page.path;
            next.gold = page.gold;
            next.decode.source = "stage";  // the previous stage's output, not decoded bytes
            so.extraction = ex.extract(next);
          }
          if (so.extraction.excluded) {
            so.status = StageOutput::Status::Excluded;
            so.reason = *so.extraction.excluded;
          }
        } catch (const std::bad_alloc&) {
          so.status = StageOutput::Status::Failed;
          so.reason = memory_reason(hooks.memory_budget, st);
          so.extraction = {};
        } catch (const std::exception& e) {
          so.status = StageOutput::Status::Failed;
          so.reason = stage_reason(st, e.what());
        }
        so.millis = so.extraction.millis.value_or(
            std::chrono::duration<double, std::milli>(Clock::now() - ts).count());
        so.cpu_seconds = thread_cpu_seconds() - cpu0;
        if (hooks.budget > 0 && so.cpu_seconds > hooks.budget) {
          so.status = StageOutput::Status::Failed;
          so.reason = budget_reason(hooks.budget, st);
          so.extraction = {};
        }
      }
      it = cache.emplace(prefix, std::move(so)).first;
    }
    prev = &it->second;
  }
  return *prev;
}

std::vector<dom::Parser> Pipeline::page_parsers(const std::vector<std::vector<std::string>>& systems) const {
  std::vector<dom::Parser> out;
  for (const auto& sys : systems) {
    if (sys.empty()) continue;
    const auto p = stages_.at(sys.front())->parser();
    if (p && std::find(out.begin(), out.end(), *p) == out.end()) out.push_back(*p);
  }
  return out;
}

std::string Pipeline::signature(const std::vector<std::string>& system) const {
  std::vector<std::string> sigs;
  for (const auto& st : system) {
    sigs.push_back(stages_.at(st)->signature());
    if (stage_budget_ > 0 && !external_.count(st)) {
      std::string b = std::to_string(stage_budget_);
      while (b.back() == '0') b.pop_back();
      if (b.back() == '.') b.pop_back();
      sigs.back() += "|budget:" + b + "s";
    }
  }
  return join(sigs, " > ");
}

}  // namespace detour::harness
