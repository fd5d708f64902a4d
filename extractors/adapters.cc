// The adapter table (see adapters.h): one line per served tool shipped with detour.
// The scripts live in extractors/adapters/; the npm packages are pinned by
// extractors/adapters/package-lock.json.
#include "extractors/adapters.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>

#include "base/errors.h"
#include "base/strings.h"

namespace detour {

namespace {
constexpr std::string_view kNpm = "bash scripts/install-adapters.sh";
}  // namespace

const std::vector<AdapterInfo>& adapter_registry() {
  static const std::vector<AdapterInfo> table = {
      {"MRD", "Mozilla Readability (npm @mozilla/readability) on jsdom, as Firefox's reader view",
       "node {adapters}/mrd.mjs",
       "program:node file:{adapters}/mrd.mjs file:{adapters}/node_modules/@mozilla/readability/package.json", kNpm},
      {"DFD", "Defuddle (npm defuddle)", "node {adapters}/dfd.mjs",
       "program:node file:{adapters}/dfd.mjs file:{adapters}/node_modules/defuddle/package.json", kNpm},
      {"PPR", "Postlight Parser (npm @postlight/parser)", "node {adapters}/ppr.mjs",
       "program:node file:{adapters}/ppr.mjs file:{adapters}/node_modules/@postlight/parser/package.json",
       // Not in the lockfile: two of its dependencies are GitHub repositories, not npm packages.
       "cd extractors/adapters && npm install --no-save @postlight/parser@2.2.3 (needs access to github.com)"},
      {"AEX", "article-extractor (npm @extractus/article-extractor)", "node {adapters}/aex.mjs",
       "program:node file:{adapters}/aex.mjs file:{adapters}/node_modules/@extractus/article-extractor/package.json",
       kNpm},
      {"HTX", "html-text (Debian python3-html-text)", "/usr/bin/python3 {adapters}/htx.py",
       "file:{adapters}/htx.py python:html_text", "apt-get install python3-html-text"},
      {"H2T", "html2text (Debian python3-html2text)", "/usr/bin/python3 {adapters}/h2t.py",
       "file:{adapters}/h2t.py python:html2text", "apt-get install python3-html2text"},
      {"RDL", "readability-lxml, the real tool (Debian python3-readability)", "/usr/bin/python3 {adapters}/rdl.py",
       "file:{adapters}/rdl.py python:readability", "apt-get install python3-readability"},
      {"BPJ", "Boilerpipe 1.2.0 ArticleExtractor, the real jar in one JVM (Debian libboilerpipe-java)",
       // Compiled once at install (java's single-file launcher would compile BPJ.java at
       // every start: 2.6-2.9 s of CPU, docs/adapters.md "What the protocol costs").
       "java -Xss16m -cp "
       "{adapters}/classes:/usr/share/java/boilerpipe.jar:/usr/share/java/nekohtml.jar:/usr/share/java/xercesImpl.jar BPJ",
       "program:java file:/usr/share/java/boilerpipe.jar built:{adapters}/classes/BPJ.class<{adapters}/BPJ.java",
       "apt-get install default-jre-headless libboilerpipe-java && bash scripts/install-adapters.sh --bpj-only"},
      {"JTP", "jusText, the real Python package", "python3 {adapters}/jtp.py", "file:{adapters}/jtp.py python:justext",
       "pip install justext"},
      {"TRF", "trafilatura", "python3 {adapters}/trf.py", "file:{adapters}/trf.py python:trafilatura",
       "pip install trafilatura"},
  };
  return table;
}

const AdapterInfo* find_adapter(std::string_view name) {
  for (const auto& a : adapter_registry())
    if (a.name == name) return &a;
  return nullptr;
}

namespace {

bool is_adapters_dir(const std::filesystem::path& p) {
  std::error_code ec;
  return std::filesystem::is_directory(p, ec);
}

std::string substitute(std::string_view text, const std::string& dir) {
  std::string s(text);
  const std::string key = "{adapters}";
  for (std::size_t p = s.find(key); p != std::string::npos; p = s.find(key, p + dir.size())) s.replace(p, key.size(), dir);
  return s;
}

bool executable_in_path(const std::string& name) {
  if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0;
  const char* path = std::getenv("PATH");
  for (const auto& dir : split_list(path ? path : "/usr/bin:/bin", ':')) {
    const std::string p = (dir.empty() ? std::string(".") : dir) + "/" + name;
    if (access(p.c_str(), X_OK) == 0) return true;
  }
  return false;
}

bool python_module_importable(const std::string& python, const std::string& module) {
  try {
    const ProcessResult r =
        run_process({python, "-c",
                     "import importlib.util, sys\n"
                     "sys.exit(0 if importlib.util.find_spec(sys.argv[1]) else 1)",
                     module},
                    "", 30);
    return r.exit_status == 0;
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace

std::optional<std::filesystem::path> adapters_dir() {
  if (const char* env = std::getenv("DETOUR_ADAPTERS"); env && *env) {
    if (is_adapters_dir(env)) return std::filesystem::path(env);
    return std::nullopt;
  }
  std::error_code ec;
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return std::nullopt;
  std::filesystem::path dir = exe.parent_path();
  for (int up = 0; up < 3 && !dir.empty(); ++up, dir = dir.parent_path()) {
    const auto candidate = dir / "extractors" / "adapters";
    if (is_adapters_dir(candidate)) return candidate;
    if (dir == dir.parent_path()) break;
  }
  return std::nullopt;
}

std::string adapter_missing(const AdapterInfo& info) {
  const auto dir = adapters_dir();
  const std::vector<std::string> words = split_command(std::string(info.command));
  std::vector<std::string> missing;
  for (const auto& need : split_list(std::string(info.needs), ' ')) {
    if (need.empty()) continue;
    const auto colon = need.find(':');
    const std::string kind = need.substr(0, colon), what = colon == std::string::npos ? "" : need.substr(colon + 1);
    if (what.find("{adapters}") != std::string::npos && !dir) {
      const std::string folder = "the adapters folder (extractors/adapters beside detour, or $DETOUR_ADAPTERS)";
      if (std::find(missing.begin(), missing.end(), folder) == missing.end()) missing.push_back(folder);
      continue;  // named once, however many of the adapter's files it holds
    }
    const std::string path = dir ? substitute(what, dir->string()) : what;
    if (kind == "program") {
      if (!executable_in_path(path)) missing.push_back("the program " + path);
    } else if (kind == "file") {
      std::error_code ec;
      if (!std::filesystem::exists(path, ec)) missing.push_back(path);
    } else if (kind == "built") {
      // built:TARGET<SOURCE: TARGET exists and is not older than SOURCE.
      const auto lt = path.find('<');
      const std::string target = path.substr(0, lt), source = lt == std::string::npos ? "" : path.substr(lt + 1);
      std::error_code ec, ec2;
      const auto built = std::filesystem::last_write_time(target, ec);
      const auto edited = std::filesystem::last_write_time(source, ec2);
      if (ec) missing.push_back(target + " (compiled from " + source + ")");
      else if (!ec2 && built < edited) missing.push_back(target + " compiled from the current " + source + " (it is older)");
    } else if (kind == "python") {
      if (words.empty() || !python_module_importable(words[0], path))
        missing.push_back("the Python module " + path + (words.empty() ? "" : " (for " + words[0] + ")"));
    } else {
      missing.push_back("(unknown requirement '" + need + "' in the adapter table)");
    }
  }
  return join(missing, ", ");
}

ServeSpec adapter_spec(const AdapterInfo& info, double timeout_seconds, std::size_t max_output_bytes,
                       int max_restarts, const RawSettings& settings) {
  if (std::string missing = adapter_missing(info); !missing.empty())
    throw ResourceError(std::string(info.name) + " (" + std::string(info.description) + ") is not installed: missing " +
                        missing + "; install it with: " + std::string(info.install));
  ServeSpec s;
  s.name = std::string(info.name);
  for (const auto& w : split_command(std::string(info.command))) s.argv.push_back(substitute(w, adapters_dir()->string()));
  s.timeout_seconds = check_timeout(timeout_seconds);
  s.max_output_bytes = max_output_bytes;
  s.max_restarts = check_max_restarts(max_restarts);
  s.settings = settings;
  return s;
}

const std::vector<Preset>& preset_registry() {
  static const std::vector<Preset> table = {
      {"today", "today's extractors, as adapters: Readability.js, Defuddle, Postlight, article-extractor, html-text, "
                "html2text, readability-lxml, the Boilerpipe jar, jusText, trafilatura",
       {"MRD", "DFD", "PPR", "AEX", "HTX", "H2T", "RDL", "BPJ", "JTP", "TRF"}},
  };
  return table;
}

const Preset* find_preset(std::string_view name) {
  for (const auto& p : preset_registry())
    if (p.name == name) return &p;
  return nullptr;
}

}  // namespace detour
