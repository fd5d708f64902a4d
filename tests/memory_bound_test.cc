// The memory bound of a page done in a worker process (runner/memory_bound.h): JVM,
// Node.js and Python tools run under the default bound (an address-space limit
// stopped the first two at start), a tool or a built-in stage that holds more than the
// bound fails that page alone with a reason naming the bound, the cgroup way where the
// machine delegates the memory controller, the probe that chooses the way, and the
// reasons of tools that die at start.
#include <catch2/catch.hpp>

#include <dirent.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <map>
#include <sstream>

#include "base/io.h"
#include "corpora/corpus.h"
#include "html/dom.h"
#include "runner/memory_bound.h"
#include "tests/test_util.h"

namespace fs = std::filesystem;
using namespace detour;
using detour::testing::run_detour;
using detour::testing::skip;
using detour::testing::TempDir;

namespace {

// failures.tsv as (system, id) -> "status\treason".
std::map<std::pair<std::string, std::string>, std::string> failures(const fs::path& out) {
  std::map<std::pair<std::string, std::string>, std::string> rows;
  std::istringstream in(io::read_file(out / "failures.tsv"));
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::istringstream l(line);
    for (std::string x; std::getline(l, x, '\t');) f.push_back(x);
    if (f.size() >= 5) rows[{f[0], f[2]}] = f[3] + "\t" + f[4];
  }
  return rows;
}

// A system's TO F1 in table2.tsv's block of language `lang`.
double to_f1(const fs::path& out, const std::string& lang, const std::string& system) {
  std::istringstream in(io::read_file(out / "table2.tsv"));
  std::string line, block;
  std::vector<std::string> header;
  while (std::getline(in, line)) {
    if (line.rfind("# ", 0) == 0) {
      block = line.substr(line.rfind(' ') + 1);
      header.clear();
      continue;
    }
    std::vector<std::string> f;
    std::istringstream l(line);
    for (std::string x; std::getline(l, x, '\t');) f.push_back(x);
    if (f.empty()) continue;
    if (f[0] == "system") {
      header = f;
      continue;
    }
    if (block != lang || f[0] != system) continue;
    for (std::size_t i = 0; i < header.size() && i < f.size(); ++i)
      if (header[i] == "TO F1") return std::stod(f[i]);
  }
  return -1;
}

bool on_path(const std::string& program) {
  return std::system(("command -v " + program + " >/dev/null 2>&1").c_str()) == 0;
}

// Processes whose command line holds `needle` (to find a tool left running).
int processes_with(const std::string& needle) {
  int n = 0;
  DIR* d = opendir("/proc");
  if (!d) return 0;
  while (dirent* e = readdir(d)) {
    if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
    std::ifstream f(std::string("/proc/") + e->d_name + "/cmdline", std::ios::binary);
    std::string cmd((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    for (char& c : cmd)
      if (c == 0) c = ' ';
    n += cmd.find(needle) != std::string::npos;
  }
  closedir(d);
  return n;
}

std::string q(const fs::path& p) { return detour::testing::shell_quoted(p); }

// Three English pages in DANIEL's layout; the second holds HOGPAGE.
fs::path small_corpus(const TempDir& t) {
  const fs::path root = t.path / "corpus";
  const char* words[] = {"first", "second HOGPAGE", "third"};
  for (int i = 0; i < 3; ++i) {
    const std::string id = "page" + std::to_string(i);
    testing::write_file(root / "en" / "html" / id,
                        "<html><head><title>t</title></head><body><p>The " + std::string(words[i]) +
                            " page's paragraph, long enough to be kept as text by an extractor.</p></body></html>");
    testing::write_file(root / "en" / "gold" / id, "<p>The " + std::string(words[i]) + " page's paragraph.\n");
  }
  return root;
}

// The HOG tool: Python under `sh`, so that what holds the memory is a process of the
// tool's group that is not its leader.
std::string hog_tool(int mib) {
  return "HOG=sh -c 'python3 " + (testing::source_dir() / "tests/tools/python_paragraphs.py").string() +
         " --hog " + std::to_string(mib) + " && true'";
}

}  // namespace

TEST_CASE("memory bound: JVM, Node.js and Python tools run under the default bound, the jar scoring as BP",
          "[memory][external][slow]") {
  // The README's command, with no --page-memory: the defaults as a new user has them.
  const fs::path src = testing::source_dir();
  std::string externals, systems;
  const bool jar = on_path("java") && fs::exists("/usr/share/java/boilerpipe.jar");
  if (jar) externals += " --external JAR=" + q(src / "scripts/boilerpipe/run.sh");
  else skip("java or Debian's libboilerpipe-java missing: the JVM tool is not tried");
  const bool node = on_path("node");
  if (node) externals += " --external \"NODE=node " + (src / "tests/tools/node_paragraphs.js").string() + "\"";
  else skip("node missing: the Node.js tool is not tried");
  externals += " --external \"PY=python3 " + (src / "tests/tools/python_paragraphs.py").string() + "\"";
  TempDir t;
  const fs::path out = t.path / "out";
  auto r = run_detour("run --corpus " + q(src / "corpora/sample") + " --languages en --extractors BP" + externals +
                      " --metrics to --jobs 2 --no-progress --out " + q(out));
  INFO(r.out);
  REQUIRE(r.status == 0);
  auto failed = failures(out);
  for (const auto& [key, what] : failed) {
    INFO(key.first << " " << key.second << ": " << what);
    CHECK(key.first != "JAR");
    CHECK(key.first != "NODE");
    CHECK(key.first != "PY");
  }
  const double bp = to_f1(out, "en", "BP");
  CHECK(bp > 80);
  if (jar) CHECK(to_f1(out, "en", "JAR") == bp);  // the real jar and the port: 90.22 on these pages
  if (node) CHECK(to_f1(out, "en", "NODE") > 50);
  CHECK(to_f1(out, "en", "PY") > 50);
  // The run says how the memory was bounded.
  CHECK(io::read_file(out / "results.json").find("\"memory_bound\"") != std::string::npos);
}

TEST_CASE("memory bound: a tool holding more than the bound fails that page with the reason, the others pass",
          "[memory][external]") {
  TempDir t;
  const fs::path corpus = small_corpus(t), out = t.path / "out";
  const auto t0 = std::chrono::steady_clock::now();
  auto r = run_detour("run --corpus " + q(corpus) + " --extractors BP --external \"" + hog_tool(400) +
                      "\" --page-memory 256M --timeout 120 --metrics to --jobs 2 --no-progress --out " + q(out));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  INFO(r.out);
  REQUIRE(r.status == 0);
  auto failed = failures(out);
  for (const auto& [key, what] : failed) INFO(key.first << " " << key.second << ": " << what);
  REQUIRE(failed.count({"HOG", "page1"}) == 1);
  const std::string why = failed[{"HOG", "page1"}];
  CHECK(why.find("failed\tmemory bound of 256 MiB exceeded in HOG") == 0);
  CHECK(failed.size() == 1);  // HOG on the other pages and BP on every page: ok
  CHECK(seconds < 50);        // stopped at the bound, not after its 60 s wait
  // The resident way names what was resident; nothing of the tool is left.
  if (why.find("memory.max") == std::string::npos) CHECK(why.find(" resident (worker ") != std::string::npos);
  CHECK(processes_with("python_paragraphs.py --hog 400") == 0);
}

TEST_CASE("memory bound: a page over the bound in a worker that did other pages is tried again in a fresh one",
          "[memory][serve]") {
  // A served tool keeps what it allocated for earlier pages (as Node.js and Python tools
  // do): GROW holds 48 MiB more at each page, so that with a bound of 128 MiB its third
  // page in a worker is over it. Each such page is tried once more in a fresh worker,
  // whose tool starts small: every page passes. A page that is over the bound by itself
  // (HOG on HOGPAGE: 400 MiB) fails in the fresh worker too, and its reason says so.
  TempDir t;
  const fs::path corpus = small_corpus(t), out = t.path / "out";
  for (int i = 3; i < 7; ++i)
    testing::write_file(corpus / "en" / "html" / ("page" + std::to_string(i)),
                        "<html><body><p>Page " + std::to_string(i) + ", a paragraph of a few words.</p></body></html>");
  for (int i = 3; i < 7; ++i)
    testing::write_file(corpus / "en" / "gold" / ("page" + std::to_string(i)), "<p>Page paragraph.\n");
  const std::string tool = "python3 " + (testing::source_dir() / "tests/serve/tool.py").string();
  auto r = run_detour("run --corpus " + q(corpus) + " --serve 'GROW=" + tool + " --fault grow' --serve 'HOG=" + tool +
                      " --fault hog_marked' --extractors GROW,HOG --isolation process --page-memory 128M --metrics to" +
                      " --jobs 1 --no-progress --out " + q(out));
  INFO(r.out);
  REQUIRE(r.status == 0);
  auto failed = failures(out);
  for (const auto& [key, what] : failed) INFO(key.first << " " << key.second << ": " << what);
  for (int i = 0; i < 7; ++i) CHECK(failed.count({"GROW", "page" + std::to_string(i)}) == 0);
  REQUIRE(failed.count({"HOG", "page1"}) == 1);
  const std::string why = failed[{"HOG", "page1"}];
  if (why.find("memory.max") == std::string::npos) {  // the resident way (cgroups: the kernel's kill)
    CHECK(why.find("failed\tmemory bound of 128 MiB exceeded in HOG") == 0);
    CHECK(why.find("(again in a fresh worker)") != std::string::npos);
  }
  CHECK(failed.size() == 1);
}

TEST_CASE("memory bound: a built-in stage holding more than the bound fails that page, the others pass",
          "[memory]") {
  // 200,000 paragraphs (about 2.8 MB) make trees of several hundred MiB in BP's stage
  // (Neko's tree, then its text blocks); the normal pages take far less.
  TempDir t;
  const fs::path corpus = small_corpus(t), out = t.path / "out";
  std::string big = "<html><body><div>";
  for (int i = 0; i < 200000; ++i) big += "<p>item " + std::to_string(i) + "</p>";
  big += "</div></body></html>";
  testing::write_file(corpus / "en" / "html" / "big", big);
  testing::write_file(corpus / "en" / "gold" / "big", "<p>item 1\n");
  auto r = run_detour("run --corpus " + q(corpus) + " --extractors BP --isolation process --page-memory 64M" +
                      " --stage-budget 0 --metrics to --jobs 1 --no-progress --out " + q(out));
  INFO(r.out);
  auto failed = failures(out);
  for (const auto& [key, what] : failed) INFO(key.first << " " << key.second << ": " << what);
  REQUIRE(failed.count({"BP", "big"}) == 1);
  CHECK(failed[{"BP", "big"}].find("failed\tmemory bound of 64 MiB exceeded in ") == 0);
  CHECK(failed.size() == 1);
}

TEST_CASE("memory bound: the cgroup way, where the machine delegates the memory controller", "[memory][external]") {
  const harness::MemoryBoundMethod m = harness::probe_memory_bound();
  if (m.kind != harness::MemoryBoundMethod::Kind::Cgroup) {
    skip("no cgroup v2 memory controller delegated here (" + m.describe() + ")");
    return;
  }
  TempDir t;
  const fs::path corpus = small_corpus(t), out = t.path / "out";
  auto r = run_detour("run --corpus " + q(corpus) + " --extractors BP --external \"" + hog_tool(400) +
                      "\" --page-memory 256M --timeout 120 --metrics to --jobs 2 --no-progress --out " + q(out));
  INFO(r.out);
  REQUIRE(r.status == 0);
  auto failed = failures(out);
  REQUIRE(failed.count({"HOG", "page1"}) == 1);
  CHECK(failed[{"HOG", "page1"}].find("memory.max") != std::string::npos);
  CHECK(failed.size() == 1);
  CHECK(io::read_file(out / "results.json").find("cgroup v2 memory.max") != std::string::npos);
}

TEST_CASE("memory bound: the probe chooses cgroups only where the memory controller is delegated", "[memory]") {
  TempDir t;
  const fs::path v2 = t.path / "unified";
  fs::create_directories(v2 / "run.scope");
  auto mountinfo = [&](const std::string& v2_point) {
    return "24 30 0:21 / /sys/fs/cgroup rw shared:9 - tmpfs tmpfs rw\n"
           "33 24 0:28 / /sys/fs/cgroup/memory rw,relatime shared:15 - cgroup cgroup rw,memory\n"
           "35 24 0:30 / " + v2_point + " rw,relatime shared:10 - cgroup2 cgroup2 rw\n";
  };
  using Kind = harness::MemoryBoundMethod::Kind;

  // This machine's layout: memory in cgroup v1, a cgroup2 hierarchy without it.
  testing::write_file(v2 / "run.scope" / "cgroup.controllers", "cpu io pids\n");
  auto m = harness::probe_memory_bound("4:memory:/x\n0::/run.scope\n", mountinfo(v2.string()), nullptr);
  CHECK(m.kind == Kind::Resident);
  CHECK(m.why.find("has no memory controller") != std::string::npos);
  CHECK(m.why.find("held by cgroup v1 at /sys/fs/cgroup/memory") != std::string::npos);
  CHECK(m.describe().find("resident memory watched") == 0);

  // Delegated: memory listed, the folder and its files writable.
  testing::write_file(v2 / "run.scope" / "cgroup.controllers", "cpu memory pids\n");
  testing::write_file(v2 / "run.scope" / "cgroup.subtree_control", "");
  testing::write_file(v2 / "run.scope" / "cgroup.procs", "");
  m = harness::probe_memory_bound("0::/run.scope\n", mountinfo(v2.string()), nullptr);
  CHECK(m.kind == Kind::Cgroup);
  CHECK(m.cgroup == (v2 / "run.scope").string());
  CHECK(m.describe().find("cgroup v2 memory.max") == 0);
  // A mount point with a space is escaped in mountinfo.
  const fs::path spaced = t.path / "cg two";
  fs::create_directories(spaced);
  for (const char* f : {"cgroup.controllers", "cgroup.subtree_control", "cgroup.procs"})
    testing::write_file(spaced / f, "memory\n");
  std::string escaped = spaced.string();
  escaped.replace(escaped.find(' '), 1, "\\040");
  m = harness::probe_memory_bound("0::/\n", mountinfo(escaped), nullptr);
  CHECK(m.kind == Kind::Cgroup);
  CHECK(m.cgroup == spaced.string());

  // Forced either way by DETOUR_MEMORY_BOUND.
  m = harness::probe_memory_bound("0::/run.scope\n", mountinfo(v2.string()), "resident");
  CHECK(m.kind == Kind::Resident);
  CHECK(m.why == "DETOUR_MEMORY_BOUND=resident");
  CHECK_THROWS_WITH(harness::probe_memory_bound("1:memory:/\n", mountinfo(v2.string()), "cgroup"),
                    Catch::Contains("DETOUR_MEMORY_BOUND=cgroup, but this process is in no cgroup v2 hierarchy"));
  CHECK_THROWS_WITH(harness::probe_memory_bound("0::/\n", "", "maybe"), Catch::Contains("auto, cgroup or resident"));

  // Not writable (as an unprivileged user sees a cgroup not delegated to it): a reason.
  if (::geteuid() != 0) {
    fs::permissions(v2 / "run.scope" / "cgroup.procs", fs::perms::owner_read);
    m = harness::probe_memory_bound("0::/run.scope\n", mountinfo(v2.string()), nullptr);
    CHECK(m.kind == Kind::Resident);
    CHECK(m.why.find("is not writable") != std::string::npos);
  }

  // Making the workers' cgroups in a folder that is not a cgroup fails with a reason
  // and leaves no folder behind, as the root cgroup (no cgroup.type) and as another one
  // (where detour would move itself into a leaf first).
  for (bool root : {true, false}) {
    if (!root) testing::write_file(v2 / "run.scope" / "cgroup.type", "domain\n");
    const auto before = std::distance(fs::directory_iterator(v2 / "run.scope"), fs::directory_iterator());
    CHECK_THROWS_WITH(harness::WorkerCgroups((v2 / "run.scope").string(), 2, 1 << 30),
                      Catch::Contains("cannot make the workers' cgroups under"));
    CHECK(std::distance(fs::directory_iterator(v2 / "run.scope"), fs::directory_iterator()) == before);
  }
}

TEST_CASE("external: a tool that dies at start leaves a reason saying why", "[external]") {
  // The JVM writes "Error occurred during initialization of VM" to standard output, not
  // standard error: with nothing on stderr, the start of stdout is the reason.
  TempDir t;
  const fs::path corpus = small_corpus(t), out = t.path / "out";
  auto r = run_detour("run --corpus " + q(corpus) + " --extractors BP" +
                      " --external \"VM=sh -c 'echo Error occurred during initialization of VM; exit 1'\"" +
                      " --external \"SEGV=sh -c 'kill -SEGV \\$\\$'\"" +
                      " --external \"ERR=sh -c 'echo cannot load the model >&2; exit 2'\"" +
                      " --metrics to --jobs 1 --no-progress --out " + q(out));
  INFO(r.out);
  auto failed = failures(out);
  REQUIRE(failed.count({"VM", "page0"}) == 1);
  CHECK(failed[{"VM", "page0"}] ==
        "failed\tVM: exit status 1; nothing on stderr; stdout: Error occurred during initialization of VM");
  REQUIRE(failed.count({"SEGV", "page0"}) == 1);
  CHECK(failed[{"SEGV", "page0"}] == "failed\tSEGV: killed by signal 11 (SIGSEGV); nothing on stderr or stdout");
  REQUIRE(failed.count({"ERR", "page0"}) == 1);
  CHECK(failed[{"ERR", "page0"}] == "failed\tERR: exit status 2; stderr: cannot load the model");
}

namespace {

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// 300 x <b id=N><i id=N><u id=N>: distinct attributes, so that HTML5's "Noah's Ark"
// clause keeps every one in the list of active formatting elements.
std::string distinct_formatting() {
  std::string out;
  for (int i = 0; i < 300; ++i) {
    const std::string n = std::to_string(i);
    out += "<b id=" + n + "><i id=" + n + "><u id=" + n + ">";
  }
  return out;
}

}  // namespace

TEST_CASE("trees: markup that makes a parser re-create elements is stopped at the size bounds, every parser",
          "[memory][dom]") {
  // gumbo re-creates the open formatting elements (100 after the neutraliser's bound,
  // html/neutralise.h) in each of 10,000 paragraphs: a million elements, 574 MB of its
  // own tree, from 58 KB. Its working memory is bounded: the parse stops.
  const std::string reconstruct = "<html><body><p>" + distinct_formatting() + repeat("<p>x\n", 10000) + "</body></html>";
  CHECK_THROWS_WITH(dom::Document::parse(reconstruct),
                    Catch::StartsWith("the markup (57.3 KiB) takes gumbo-0.10.1 more than 32.9 MiB to parse") &&
                        Catch::EndsWith("(the bound for its size): parse stopped"));
  // The NekoHTML-style balancer re-opens the open inline elements in each of 10,000
  // list items.
  const std::string reopen = "<html><body>" + distinct_formatting() + repeat("<li>x\n", 10000) + "</body></html>";
  CHECK_THROWS_WITH(dom::Document::parse_neko(reopen),
                    Catch::Contains("nodes in detour-nekohtml-1's tree (the bound for its size): parse stopped"));
  // Every parser stops at its node bound, naming itself; within the bounds a tree is
  // the tree built without them.
  const std::string page = "<html><body>" + repeat("<p>a paragraph</p>", 50) + "</body></html>";
  dom::ParseOptions tight, none;
  tight.max_nodes_base = 40;
  tight.max_nodes_per_byte = 0;
  none.max_nodes_base = 0;
  none.max_parser_bytes_base = 0;
  for (dom::Parser p : {dom::Parser::Html5, dom::Parser::Libxml2, dom::Parser::Neko}) {
    INFO(dom::parser_signature(p));
    CHECK_THROWS_WITH(dom::Document::parse_with(p, page, tight),
                      Catch::Contains("makes more than 40 nodes in " + dom::parser_signature(p) + "'s tree"));
    CHECK(dom::Document::parse_with(p, page).node_count() == dom::Document::parse_with(p, page, none).node_count());
    CHECK(dom::Document::parse_with(p, page).node_count() > 100);
  }
  // A parse after a stopped one is whole (gumbo's arena and libxml2's context reused).
  CHECK(dom::Document::parse(page).node_count() == dom::Document::parse(page, none).node_count());
}

TEST_CASE("trees: no DANIEL page comes within half of a parser's size bounds", "[memory][dom][slow]") {
  DETOUR_REQUIRE_SHARED(shared);
  auto corpus = corpora::open_corpus(shared / "corpora" / "daniel");
  REQUIRE(corpus.docs.size() == 1694);
  const dom::ParseOptions opts;
  double nodes_share = 0, bytes_share = 0, nodes_per_byte = 0, gumbo_per_byte = 0;
  std::size_t most_nodes = 0, most_gumbo = 0;
  for (const auto& d : corpus.docs) {
    const Page page = corpora::load_page(d);
    const std::size_t b = page.html.size();
    for (dom::Parser p : {dom::Parser::Html5, dom::Parser::Libxml2, dom::Parser::Neko}) {
      const auto doc = dom::Document::parse_with(p, page.html);
      const double n = static_cast<double>(doc.node_count());
      nodes_share = std::max(nodes_share, n / static_cast<double>(opts.node_bound(b)));
      nodes_per_byte = std::max(nodes_per_byte, n / static_cast<double>(std::max<std::size_t>(b, 1)));
      most_nodes = std::max(most_nodes, doc.node_count());
      if (p == dom::Parser::Html5) {
        const double g = static_cast<double>(doc.parser_bytes());
        bytes_share = std::max(bytes_share, g / static_cast<double>(opts.parser_bytes_bound(b)));
        gumbo_per_byte = std::max(gumbo_per_byte, g / static_cast<double>(std::max<std::size_t>(b, 1)));
        most_gumbo = std::max(most_gumbo, doc.parser_bytes());
      }
    }
  }
  std::cout << "DANIEL trees: at most " << most_nodes << " nodes (" << nodes_per_byte << " a byte of markup), "
            << nodes_share << " of the node bound; gumbo at most " << most_gumbo << " bytes (" << gumbo_per_byte
            << " a byte), " << bytes_share << " of its bound\n";
  CHECK(nodes_share < 0.5);
  CHECK(bytes_share < 0.5);
}
