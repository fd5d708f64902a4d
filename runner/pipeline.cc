// pipeline: stages, chains and their execution (see pipeline.h).
#include "runner/pipeline.h"

#include <chrono>

#include "base/strings.h"
#include "extractors/ncleaner/ncleaner.h"
#include "html/dom.h"
#include "html/page.h"

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

std::vector<std::vector<std::string>> parse_chain_list(const std::string& list,
                                                       const std::vector<std::string>& extra_names) {
  auto known = [&](const std::string& name) {
    return is_registered(name) || std::find(extra_names.begin(), extra_names.end(), name) != extra_names.end();
  };
  std::vector<std::vector<std::string>> chains;
  for (const auto& item : split_list(list)) {
    std::vector<std::string> stages;
    std::size_t a = 0;
    while (a <= item.size()) {
      std::size_t d = item.find('-', a);
      if (d == std::string::npos) d = item.size();
      std::string st = item.substr(a, d - a);
      a = d + 1;
      if (!stages.empty() && known(stages.back() + "-" + st)) {
        stages.back() += "-" + st;
        continue;
      }
      if (st.empty()) throw UsageError("empty stage in chain '" + item + "'");
      stages.push_back(st);
    }
    chains.push_back(std::move(stages));
  }
  return chains;
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
  for (const auto& [name, path] : config.models)
    if (is_registered(name))
      throw UsageError("--model " + name + ": the name of a built-in extractor; choose another name");
  for (const auto& sys : systems)
    for (const auto& st : sys) {
      if (stages_.count(st)) continue;
      for (const auto& spec : config.externals)
        if (spec.name == st) stages_[st] = make_external_extractor(spec);
      for (const auto& [name, path] : config.models)
        if (name == st) stages_[st] = make_ncleaner_model_extractor(path, name);
      if (stages_.count(st)) continue;
      if (!is_registered(st)) {
        std::vector<std::string> known = registry_names();
        for (const auto& spec : config.externals) known.push_back(spec.name);
        for (const auto& m : config.models) known.push_back(m.first);
        throw UsageError(unknown_name_message("extractor", st, known));
      }
      stages_[st] = make_extractor(st);
    }
}

bool Pipeline::needs_corpus() const {
  for (const auto& [name, ex] : stages_)
    if (ex->needs_corpus()) return true;
  return false;
}

void Pipeline::prepare(const CorpusContext& ctx) {
  CorpusContext light;
  light.languages = ctx.languages;
  light.seed = ctx.seed;
  for (auto& [name, ex] : stages_)
    if (ex->needs_corpus()) ex->prepare(ctx);
  for (auto& [name, ex] : stages_)
    if (!ex->needs_corpus()) ex->prepare(light);
}

std::string cleaneval_form(const Extraction& ex) {
  return ex.cleaneval.empty() ? render_cleaneval(ex.segments) : ex.cleaneval;
}

std::string html_form(const Extraction& ex, std::string_view title) {
  return ex.html.empty() ? render_html(ex.segments, title) : ex.html;
}

const StageOutput& Pipeline::run(const std::vector<std::string>& system, const Page& page, PageCache& cache) const {
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
        auto ts = Clock::now();
        try {
          const Extractor& ex = *stages_.at(st);
          if (!prev) {
            so.extraction = ex.extract(page);
          } else {
            Page next = html::make_page(page.id, html_form(prev->extraction, page.dom->title()), page.lang);
            next.url = page.url;
            next.path = page.path;
            so.extraction = ex.extract(next);
          }
          if (so.extraction.excluded) {
            so.status = StageOutput::Status::Excluded;
            so.reason = *so.extraction.excluded;
          }
        } catch (const std::exception& e) {
          so.status = StageOutput::Status::Failed;
          so.reason = stage_reason(st, e.what());
        }
        so.millis = std::chrono::duration<double, std::milli>(Clock::now() - ts).count();
      }
      it = cache.emplace(prefix, std::move(so)).first;
    }
    prev = &it->second;
  }
  return *prev;
}

std::string Pipeline::signature(const std::vector<std::string>& system) const {
  std::vector<std::string> sigs;
  for (const auto& st : system) sigs.push_back(stages_.at(st)->signature());
  return join(sigs, " > ");
}

}  // namespace detour::harness
