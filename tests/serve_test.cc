// Tests of served tools (extractors/serve.h, docs/adapters.md): the protocol through
// the extractor itself, then `detour run --serve` with a tool that has each fault of the
// docs' table (tests/serve/tool.py): every page done or failed with its reason, nothing
// lost, no process of the tool left in /proc.
#include <catch2/catch.hpp>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "base/io.h"
#include "base/markup.h"
#include "extractors/adapters.h"
#include "extractors/answer.h"
#include "extractors/serve.h"
#include "html/page.h"
#include "tests/test_util.h"

namespace fs = std::filesystem;
using namespace detour;
using detour::testing::TempDir;

namespace {

using Clock = std::chrono::steady_clock;

std::string tool_path() { return (detour::testing::source_dir() / "tests/serve/tool.py").string(); }

// A word no other process has on its command line.
std::string new_marker() {
  std::random_device rd;
  return "detour-serve-test-" + std::to_string(getpid()) + "-" + std::to_string(rd());
}

std::string tool_command(const std::string& fault, const std::string& marker, const std::string& extra = "") {
  return "python3 " + tool_path() + " --fault " + fault + " --marker " + marker + (extra.empty() ? "" : " " + extra);
}

// Processes (not zombies) whose command line holds `marker`.
std::vector<pid_t> processes_with(const std::string& marker) {
  std::vector<pid_t> out;
  for (const auto& e : fs::directory_iterator("/proc")) {
    const std::string name = e.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    // A process may end while it is read (ESRCH: libstdc++'s filebuf then throws).
    std::string cmd, stat;
    try {
      std::ifstream f(e.path() / "cmdline", std::ios::binary);
      cmd.assign(std::istreambuf_iterator<char>(f), {});
      if (cmd.find(marker) == std::string::npos) continue;
      std::ifstream st(e.path() / "stat");
      stat.assign(std::istreambuf_iterator<char>(st), {});
    } catch (const std::exception&) {
      continue;
    }
    const auto close = stat.rfind(')');
    if (close != std::string::npos && close + 2 < stat.size() && (stat[close + 2] == 'Z' || stat[close + 2] == 'X'))
      continue;
    out.push_back(static_cast<pid_t>(std::stol(name)));
  }
  return out;
}

// Processes with `marker` still there after up to `seconds` (killed then, so that a
// failing test leaves nothing either).
std::vector<pid_t> leftovers(const std::string& marker, double seconds = 3) {
  const auto t0 = Clock::now();
  std::vector<pid_t> left = processes_with(marker);
  while (!left.empty() && std::chrono::duration<double>(Clock::now() - t0).count() < seconds) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    left = processes_with(marker);
  }
  for (pid_t p : left) ::kill(p, SIGKILL);
  return left;
}

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

// failures.tsv of a run folder: (lang/id) -> reason, for `system`.
std::map<std::string, std::string> failures(const fs::path& out, const std::string& system) {
  std::map<std::string, std::string> m;
  std::istringstream in(slurp(out / "failures.tsv"));
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::size_t s = 0;
    for (std::size_t t; (t = line.find('\t', s)) != std::string::npos; s = t + 1) f.push_back(line.substr(s, t - s));
    f.push_back(line.substr(s));
    if (f.size() >= 5 && f[0] == system) m[f[1] + "/" + f[2]] = f[4];
  }
  return m;
}

std::size_t sample_pages() {
  std::size_t n = 0;
  for (const auto& e : fs::recursive_directory_iterator(detour::testing::source_dir() / "corpora/sample"))
    n += e.is_regular_file() && e.path().parent_path().filename() == "html";
  return n;
}

// `detour run` on the sample corpus with the served tool T.
detour::testing::CommandResult run_tool(const std::string& command, const fs::path& out, const std::string& extra = "") {
  return detour::testing::run_detour("run --corpus '" + (detour::testing::source_dir() / "corpora/sample").string() +
                                     "' --serve 'T=" + command + "' --extractors T --metrics to --no-progress --out '" +
                                     out.string() + "' " + extra);
}

Page page(const std::string& id, const std::string& body) {
  return html::make_page(id, "<html><head><title>t</title></head><body>" + body + "</body></html>", "en");
}

std::string texts(const Extraction& ex) {
  std::string s;
  for (const auto& seg : ex.segments) s += std::to_string(static_cast<int>(seg.kind)) + ":" + seg.text + "\n";
  return s;
}

}  // namespace

TEST_CASE("serve: answers in every format become the same segments through the shared converter", "[serve]") {
  const std::string html = "<h1>Title</h1><p>First  paragraph.</p><ul><li>one</li><li>two</li></ul>";
  const std::string markdown = "# Title\n\nFirst  paragraph.\n\n- one\n- two\n";
  const std::string cleaneval = "<h>Title\n<p>First paragraph.\n<l>one\n<l>two\n";
  const auto a = answer_segments(AnswerFormat::Html, html);
  CHECK(render_cleaneval(answer_segments(AnswerFormat::Markdown, markdown)) == render_cleaneval(a));
  CHECK(render_cleaneval(answer_segments(AnswerFormat::CleanEval, cleaneval)) == render_cleaneval(a));
  REQUIRE(a.size() == 4);
  CHECK(a[0].kind == SegmentKind::Heading);
  CHECK(a[1].text == "First paragraph.");
  CHECK(a[3].kind == SegmentKind::ListItem);
  const auto t = answer_segments(AnswerFormat::Text, "Title\n\n  First   paragraph. \none\n");
  REQUIRE(t.size() == 3);
  CHECK(t[1].text == "First paragraph.");
  CHECK(t[0].kind == SegmentKind::Paragraph);
  // Raw HTML inside Markdown is kept (its text is content).
  CHECK(markdown_to_html("a <b>bold</b> word\n") == "<p>a <b>bold</b> word</p>\n");
  CHECK(parse_answer_format("markdown") == AnswerFormat::Markdown);
  CHECK(!parse_answer_format("pdf"));
}

TEST_CASE("serve: the handshake signs the system and each page is answered in order", "[serve]") {
  auto ex = make_serve_extractor(parse_serve_spec("T=" + tool_command("notes", "x") + " --settings '{\"k\":3}'", 20));
  ex->prepare(CorpusContext{});
  const std::string sig = ex->signature();
  CHECK(sig.rfind("T|v:serve1|", 0) == 0);
  CHECK(sig.find("|tool:detour-test-tool 1.0") != std::string::npos);
  CHECK(sig.find("|settings:") != std::string::npos);
  CHECK(sig.find("|command:python3 ") != std::string::npos);
  CHECK(sig.find("|timeout:20s") != std::string::npos);
  for (int i = 0; i < 3; ++i) {
    const Page p = page("p" + std::to_string(i), "<p>page number " + std::to_string(i) + "</p>");
    const Extraction r = ex->extract(p);
    CHECK(texts(r) == "1:page number " + std::to_string(i) + "\n");
    CHECK(r.notes.at("output_format") == "html");
    CHECK(r.notes.at("tool.length") == std::to_string(p.html.size()));
    CHECK(!r.html.empty());  // the tool's HTML, for the next stage of a chain
  }
}

TEST_CASE("serve: any character of a page travels to the tool as it is", "[serve]") {
  auto ex = make_serve_extractor(parse_serve_spec("T=" + tool_command("echo_notes", "x"), 20));
  ex->prepare(CorpusContext{});
  std::string html = "<p>quote \" backslash \\ slash / tab \t nl \n cr \r nul";
  html += std::string(1, '\0');
  html += " ctl \x01\x1f del \x7f é € 𝄞 \xe2\x80\xa8 bad \xff\xc3( end</p>";
  Page p = html::make_page("id \"1\"", html, "en", false);
  p.url = "http://x.example/é?a=1&b=\"2\"";
  const Extraction r = ex->extract(p);
  std::string expected = html;
  expected.replace(expected.find("\xff\xc3("), 3, "\xEF\xBF\xBD\xEF\xBF\xBD(");  // malformed: U+FFFD each
  CHECK(r.notes.at("tool.html") == expected);
  CHECK(r.notes.at("tool.id") == "id \"1\"");
  CHECK(r.notes.at("tool.url") == p.url);
  CHECK(r.notes.at("tool.charset") == "UTF-8/given");
}

TEST_CASE("serve: settings are checked against the handshake and sent typed", "[serve]") {
  const std::string cmd = tool_command("setting_echo", "x") + " --settings '{\"n\":3,\"r\":0.5,\"b\":true,\"s\":\"x\"}'";
  auto spec = parse_serve_spec("T=" + cmd, 20);
  auto plain = make_serve_extractor(spec);
  plain->prepare(CorpusContext{});
  spec.settings = {{"n", "7"}, {"b", "false"}, {"s", "y z"}, {"r", "2"}};
  auto set = make_serve_extractor(spec);
  set->prepare(CorpusContext{});
  CHECK(texts(set->extract(page("a", "<p>x</p>"))) == "1:{\"b\": false, \"n\": 7, \"r\": 2.0, \"s\": \"y z\"}\n");
  CHECK(texts(plain->extract(page("a", "<p>x</p>"))) == "1:{\"b\": true, \"n\": 3, \"r\": 0.5, \"s\": \"x\"}\n");
  CHECK(set->signature() != plain->signature());
  // The defaults written out give the same signature as none.
  spec.settings = {{"n", "3"}};
  auto same = make_serve_extractor(spec);
  same->prepare(CorpusContext{});
  CHECK(same->signature() == plain->signature());
  for (const auto& [k, v] : std::vector<std::pair<std::string, std::string>>{
           {"nope", "1"}, {"n", "1.5"}, {"b", "yes"}, {"r", "x"}}) {
    spec.settings = {{k, v}};
    auto bad = make_serve_extractor(spec);
    CHECK_THROWS_AS(bad->prepare(CorpusContext{}), UsageError);
  }
}

TEST_CASE("serve: stderr is kept with its page, an error answer fails the page only", "[serve]") {
  auto ex = make_serve_extractor(parse_serve_spec("T=" + tool_command("stderr", "x"), 20));
  ex->prepare(CorpusContext{});
  const Extraction a = ex->extract(page("first", "<p>x</p>"));
  const Extraction b = ex->extract(page("second", "<p>y</p>"));
  CHECK(a.notes.at("stderr") == "page first\n");
  CHECK(b.notes.at("stderr") == "page second\n");

  auto err = make_serve_extractor(parse_serve_spec("T=" + tool_command("error", "x", "--every 2"), 20));
  err->prepare(CorpusContext{});
  CHECK_NOTHROW(err->extract(page("a", "<p>x</p>")));
  CHECK_THROWS_WITH(err->extract(page("b", "<p>x</p>")), "no article in b");
  CHECK_NOTHROW(err->extract(page("c", "<p>x</p>")));
}

TEST_CASE("serve: a tool that takes requests ahead keeps each answer and its stderr with its own page", "[serve]") {
  auto ex = make_serve_extractor(parse_serve_spec("T=" + tool_command("stderr", "x", "--pipelining"), 20));
  ex->prepare(CorpusContext{});
  CHECK(ex->takes_ahead());
  const Page a = page("first", "<p>a</p>"), b = page("second", "<p>b</p>"), c = page("third", "<p>c</p>");
  const Page d = page("fourth", "<p>d</p>");
  ex->send_ahead(a);  // no instance yet (it starts at its first page): nothing sent
  const Extraction ea = ex->extract(a);
  CHECK(ea.notes.at("stderr") == "page first\n");
  CHECK_FALSE(ea.millis);  // sent and answered alone: the call's own time
  ex->send_ahead(b);
  ex->send_ahead(c);
  ex->send_ahead(d);  // two in flight already: not sent
  // A page not sent ahead: the answers before it are read and kept for their turn.
  const Extraction ed = ex->extract(d);
  CHECK(texts(ed) == "1:d\n");
  CHECK(ed.notes.at("stderr") == "page fourth\n");
  const Extraction eb = ex->extract(b);
  CHECK(texts(eb) == "1:b\n");
  CHECK(eb.notes.at("stderr") == "page second\n");
  REQUIRE(eb.millis);
  CHECK(*eb.millis >= 0);
  const Extraction ec = ex->extract(c);
  CHECK(texts(ec) == "1:c\n");
  CHECK(ec.notes.at("stderr") == "page third\n");

  SECTION("a tool that does not say so gets no page ahead") {
    auto plain = make_serve_extractor(parse_serve_spec("T=" + tool_command("stderr", "x"), 20));
    plain->prepare(CorpusContext{});
    CHECK_FALSE(plain->takes_ahead());
  }
  SECTION("a fault on a page sent ahead fails that page at its turn; the page asked for goes to a new instance") {
    auto g = make_serve_extractor(parse_serve_spec("T=" + tool_command("garbage", "x", "--every 2 --pipelining"), 20));
    g->prepare(CorpusContext{});
    CHECK(texts(g->extract(a)) == "1:a\n");
    g->send_ahead(b);  // its answer is garbage
    CHECK(texts(g->extract(c)) == "1:c\n");
    CHECK_THROWS_WITH(g->extract(b), Catch::Contains("protocol error: the answer is not JSON"));
  }
  SECTION("\"millis\" must be a number") {
    auto m = make_serve_extractor(parse_serve_spec("T=" + tool_command("bad_millis", "x", "--pipelining"), 20));
    m->prepare(CorpusContext{});
    CHECK_THROWS_WITH(m->extract(a), Catch::Contains("protocol error: \"millis\" is not a number"));
  }
}

TEST_CASE("serve: a run sends a worker's next page ahead to a tool that takes it and its results are those of "
          "one page at a time",
          "[serve][cli]") {
  TempDir t;
  const std::string marker = new_marker();
  auto probe = [&](const std::string& extra, const std::string& name, const std::string& send) {
    const fs::path state = t.path / (name + ".state");
    auto r = run_tool(tool_command("ahead_probe", marker, "--probe " + state.string() + extra), t.path / name,
                      "--jobs 1 --languages en --send-ahead " + send);
    INFO(r.out);
    REQUIRE(r.status == 0);
    std::map<std::string, int> seen;
    std::istringstream in(slurp(state));
    for (std::string line; std::getline(in, line);) ++seen[line];
    return seen;
  };
  auto ahead = probe(" --pipelining", "ahead", "always");
  auto alone = probe("", "alone", "always");          // the tool does not take requests ahead
  auto never = probe(" --pipelining", "never", "never");  // the run does not send them
  const int pages = ahead["ahead"] + ahead["alone"];
  CHECK(pages >= 5);
  // Every page but the first (its tool starts at it) and the last (no next page) had
  // the next one waiting as it was answered.
  CHECK(ahead["ahead"] == pages - 2);
  CHECK(alone["ahead"] == 0);
  CHECK(alone["alone"] == pages);
  CHECK(never["ahead"] == 0);
  CHECK(never["alone"] == pages);
  CHECK(slurp(t.path / "ahead/table2.md") == slurp(t.path / "alone/table2.md"));
  // A page sent ahead is timed by the tool's own "millis" (timings.tsv): every page but
  // the first (sent and answered alone: the call's own time, well under a second).
  auto r = run_tool(tool_command("fixed_millis", marker, "--pipelining"), t.path / "millis",
                    "--jobs 1 --languages en --send-ahead always");
  INFO(r.out);
  REQUIRE(r.status == 0);
  std::istringstream timings(slurp(t.path / "millis/timings.tsv"));
  int tool_timed = 0, call_timed = 0;
  std::string line;
  std::getline(timings, line);  // header
  while (std::getline(timings, line)) {
    const double ms = std::stod(line.substr(line.rfind('\t') + 1));
    if (ms >= 1234.5 && ms < 1300) ++tool_timed;
    else if (ms < 1000) ++call_timed;
  }
  CHECK(tool_timed == pages - 1);
  CHECK(call_timed == 1);
  CHECK(slurp(t.path / "ahead/pages.tsv") == slurp(t.path / "alone/pages.tsv"));
  CHECK(leftovers(marker).empty());
}

TEST_CASE("serve: a tool that cannot start stops the run at preparation with the reason", "[serve]") {
  auto missing = make_serve_extractor(parse_serve_spec("T=detour-no-such-program-here", 20));
  CHECK_THROWS_WITH(missing->prepare(CorpusContext{}), Catch::Contains("cannot start 'detour-no-such-program-here'"));
  auto quits = make_serve_extractor(parse_serve_spec("T=" + tool_command("exit_at_start", "x"), 20));
  CHECK_THROWS_WITH(quits->prepare(CorpusContext{}),
                    Catch::Contains("exit status 4") && Catch::Contains("stderr: refusing to start"));
  auto v2 = make_serve_extractor(parse_serve_spec("T=" + tool_command("bad_handshake", "x"), 20));
  CHECK_THROWS_WITH(v2->prepare(CorpusContext{}), Catch::Contains("speaks protocol version 2"));
  auto notjson = make_serve_extractor(parse_serve_spec("T=echo hello", 20));
  CHECK_THROWS_WITH(notjson->prepare(CorpusContext{}), Catch::Contains("bad handshake: not JSON"));
}

TEST_CASE("serve: the faults of one instance, page by page", "[serve]") {
  const Page p = page("p", "<p>text</p>");
  SECTION("a crash: the page is given to a new instance") {
    auto ex = make_serve_extractor(parse_serve_spec("T=" + tool_command("crash", "x", "--every 2"), 20));
    ex->prepare(CorpusContext{});
    for (int i = 0; i < 5; ++i) CHECK(texts(ex->extract(p)) == "1:text\n");
  }
  SECTION("garbage fails the page, the next page gets a new instance") {
    auto ex = make_serve_extractor(parse_serve_spec("T=" + tool_command("garbage", "x", "--every 2"), 20));
    ex->prepare(CorpusContext{});
    CHECK_NOTHROW(ex->extract(p));
    CHECK_THROWS_WITH(ex->extract(p), Catch::Contains("protocol error: the answer is not JSON"));
    CHECK_NOTHROW(ex->extract(p));
  }
  SECTION("out of order") {
    auto ex = make_serve_extractor(parse_serve_spec("T=" + tool_command("out_of_order", "x", "--every 1"), 20));
    ex->prepare(CorpusContext{});
    CHECK_THROWS_WITH(ex->extract(p), "protocol error: answer for seq 2, expected 1");
  }
  SECTION("a hang is stopped at the timeout") {
    auto ex = make_serve_extractor(parse_serve_spec("T=" + tool_command("hang", "x", "--every 2"), 3));
    ex->prepare(CorpusContext{});
    CHECK_NOTHROW(ex->extract(p));
    const auto t0 = Clock::now();
    CHECK_THROWS_WITH(ex->extract(p), "timed out after 3 s");
    CHECK(std::chrono::duration<double>(Clock::now() - t0).count() < 8);
    CHECK_NOTHROW(ex->extract(p));
  }
  SECTION("an answer over the cap") {
    auto ex = make_serve_extractor(parse_serve_spec("T=" + tool_command("none", "x"), 20, 300));
    ex->prepare(CorpusContext{});
    CHECK_NOTHROW(ex->extract(page("p", std::string(100, 'a'))));
    CHECK_THROWS_WITH(ex->extract(page("p", std::string(400, 'a'))), Catch::Contains("output over the cap of 300 bytes"));
    CHECK_THROWS_WITH(ex->extract(page("p", std::string(100000, 'a'))), Catch::Contains("output over the cap of 300 bytes"));
    CHECK_NOTHROW(ex->extract(page("p", std::string(100, 'a'))));
  }
  SECTION("a tool that exits after each answer is started again, the pages done") {
    auto ex = make_serve_extractor(parse_serve_spec("T=" + tool_command("exit_after", "x"), 20));
    ex->prepare(CorpusContext{});
    for (int i = 0; i < 3; ++i) CHECK(texts(ex->extract(p)) == "1:text\n");
  }
  SECTION("a new instance with another handshake does not start") {
    TempDir t;
    auto ex = make_serve_extractor(parse_serve_spec(
        "T=" + tool_command("changed", "x", "--state " + (t.path / "starts").string()), 20));
    ex->prepare(CorpusContext{});
    CHECK_THROWS_WITH(ex->extract(p), Catch::Contains("the tool did not start: its handshake changed"));
  }
  SECTION("too many faults: given up") {
    auto spec = parse_serve_spec("T=" + tool_command("garbage", "x", "--every 1"), 20);
    spec.max_restarts = 2;
    auto ex = make_serve_extractor(spec);
    ex->prepare(CorpusContext{});
    for (int i = 0; i < 3; ++i) CHECK_THROWS_WITH(ex->extract(p), Catch::Contains("protocol error"));
    CHECK_THROWS_WITH(ex->extract(p), Catch::StartsWith("not restarted: the tool failed 3 times"));
  }
}

TEST_CASE("serve: a served tool that echoes the page scores as ALL, the same whatever --jobs and --isolation",
          "[serve][cli]") {
  TempDir t;
  const std::string marker = new_marker();
  const std::string corpus = (detour::testing::source_dir() / "corpora/sample").string();
  std::vector<std::string> tables;
  for (const std::string extra : {"--jobs 1", "--jobs 3", "--jobs 2 --isolation none", "P--jobs 1", "P--jobs 3"}) {
    INFO(extra);
    const fs::path out = t.path / ("out" + std::to_string(tables.size()));
    // P: the tool takes requests ahead.
    const bool ahead = extra[0] == 'P';
    auto r = detour::testing::run_detour("run --corpus '" + corpus + "' --serve 'ECHO=" +
                                         tool_command("none", marker, ahead ? "--pipelining" : "") +
                                         "' --extractors ALL,ECHO --chains ECHO-JTA --metrics to,tm --no-progress "
                                         "--out '" + out.string() + "' " + extra.substr(ahead ? 1 : 0) +
                                         (ahead ? " --send-ahead always" : ""));
    INFO(r.out);
    REQUIRE(r.status == 0);
    std::size_t compared = 0;
    for (const auto& e : fs::recursive_directory_iterator(out / "outputs/ALL")) {
      if (!e.is_regular_file()) continue;
      const fs::path rel = fs::relative(e.path(), out / "outputs/ALL");
      CHECK(slurp(e.path()) == slurp(out / "outputs/ECHO" / rel));
      ++compared;
    }
    CHECK(compared == sample_pages() - failures(out, "ALL").size());
    const std::string json = detour::testing::stable_results_json(out / "results.json");
    CHECK(json.find("ECHO|v:serve1|") != std::string::npos);
    tables.push_back(slurp(out / "table2.md"));
    CHECK(leftovers(marker).empty());
  }
  for (std::size_t i = 1; i < tables.size(); ++i) CHECK(tables[0] == tables[i]);
}

TEST_CASE("extractors: 'all' mixes with other names (all,ECHO) and a name given twice runs once", "[serve][cli]") {
  TempDir t;
  const std::string marker = new_marker();
  const std::string corpus = (detour::testing::source_dir() / "corpora/sample").string();
  auto systems = [&](const std::string& list, const std::string& name) {
    const fs::path out = t.path / name;
    auto r = detour::testing::run_detour("run --corpus '" + corpus + "' --languages en --serve 'ECHO=" +
                                         tool_command("none", marker) + "' --extractors '" + list +
                                         "' --chains none --metrics to --no-progress --out '" + out.string() + "'");
    INFO(r.out);
    REQUIRE(r.status == 0);
    std::vector<std::string> names;
    const nlohmann::json results = nlohmann::json::parse(slurp(out / "results.json"));
    for (const auto& item : results["systems"].items()) names.push_back(item.key());
    return names;
  };
  const auto plain = systems("ECHO,all", "plain");
  const auto mixed = systems("all,ECHO,BP,GOLD", "mixed");
  CHECK(plain == mixed);
  CHECK(std::count(mixed.begin(), mixed.end(), "ECHO") == 1);
  CHECK(std::count(mixed.begin(), mixed.end(), "BP") == 1);
  CHECK(std::count(mixed.begin(), mixed.end(), "TDIFF") == 1);  // a built-in that 'all' brings
  CHECK(std::count(mixed.begin(), mixed.end(), "NONE") == 1);
  CHECK(leftovers(marker).empty());
}

TEST_CASE("serve faults: detour run with a tool that crashes, hangs, writes garbage, answers out of order, closes "
          "its output, leaves a child, or stops starting",
          "[serve][cli]") {
  struct Case {
    std::string fault, extra, run_extra;
    std::size_t failed;          // pages failed, of the sample's
    std::string reason;          // in every failure's reason
  };
  const std::size_t pages = sample_pages();
  const std::vector<Case> cases = {
      // A crash: the page goes to a new instance, which does it.
      {"crash", "", "--jobs 2", 0, ""},
      {"segv", "--every 3", "--jobs 2 --isolation none", 0, ""},
      // Closing stdout: as a crash.
      {"close_stdout", "--every 4", "--jobs 2", 0, ""},
      // A hang fails its page at the timeout.
      {"hang", "--every 12", "--jobs 1 --timeout 2", pages / 12, "timed out after 2 s"},
      {"garbage", "--every 6", "--jobs 1", pages / 6, "protocol error: the answer is not JSON"},
      {"out_of_order", "--every 6", "--jobs 1", pages / 6, "protocol error: answer for seq"},
      // A child left running is killed with the tool's group.
      {"fork_child", "", "--jobs 2", 0, ""},
      // The same with requests sent ahead: a fault fails or retries its own page only.
      {"crash", "--pipelining", "--jobs 2 --send-ahead always", 0, ""},
      {"close_stdout", "--every 4 --pipelining", "--jobs 2 --send-ahead always", 0, ""},
      {"hang", "--every 12 --pipelining", "--jobs 1 --timeout 2 --send-ahead always", pages / 12, "timed out after 2 s"},
      {"garbage", "--every 6 --pipelining", "--jobs 1 --send-ahead always", pages / 6,
       "protocol error: the answer is not JSON"},
      // Only the preparation's start works: every page fails, then the tool is given up.
      {"start_once", "--state STATE", "--jobs 2", pages, "the tool did not start: the tool ended (exit status 4)"},
  };
  for (const auto& c : cases) {
    INFO("fault " << c.fault << " " << c.extra << " " << c.run_extra);
    TempDir t;
    const std::string marker = new_marker();
    std::string extra = c.extra;
    if (auto p = extra.find("STATE"); p != std::string::npos) extra.replace(p, 5, (t.path / "starts").string());
    const auto t0 = Clock::now();
    auto r = run_tool(tool_command(c.fault, marker, extra), t.path / "out", c.run_extra);
    INFO(r.out);
    CHECK(r.status == (c.failed == pages ? 1 : 0));
    const auto failed = failures(t.path / "out", "T");
    CHECK(failed.size() == c.failed);
    std::size_t given_up = 0;
    for (const auto& [page, reason] : failed) {
      INFO(page << ": " << reason);
      if (reason.find("not restarted") != std::string::npos) {
        ++given_up;
        continue;
      }
      CHECK(reason.find(c.reason) != std::string::npos);
    }
    if (c.fault == "start_once") CHECK(given_up > 0);
    CHECK(fs::exists(t.path / "out/results.json"));
    CHECK(leftovers(marker).empty());
    CHECK(std::chrono::duration<double>(Clock::now() - t0).count() < 120);
  }
}

TEST_CASE("serve faults: a tool that exits at start stops the run before its first page", "[serve][cli]") {
  TempDir t;
  const std::string marker = new_marker();
  auto r = run_tool(tool_command("exit_at_start", marker), t.path / "out");
  CHECK(r.status == 1);
  CHECK(r.out.find("T: the tool did not start: the tool ended (exit status 4) before its handshake; stderr: refusing "
                   "to start") != std::string::npos);
  CHECK(leftovers(marker).empty());
}

TEST_CASE("serve faults: SIGKILL, SIGTERM or SIGINT of detour leaves no tool and no child of one", "[serve][cli]") {
  for (const std::string isolation : {"process", "none"})
    for (int sig : {SIGKILL, SIGTERM, SIGINT}) {
      INFO("--isolation " << isolation << ", signal " << sig);
      TempDir t;
      const std::string marker = new_marker();
      // The tool hangs on its first page: detour is killed while it waits.
      const std::string serve = "T=" + tool_command(isolation == "none" ? "hang" : "fork_hang", marker, "--every 1");
      const std::string bin = detour::testing::detour_binary();
      const std::string corpus = (detour::testing::source_dir() / "corpora/sample").string();
      pid_t child = ::fork();
      REQUIRE(child >= 0);
      if (child == 0) {
        int devnull = ::open("/dev/null", O_RDWR);
        ::dup2(devnull, 1);
        ::dup2(devnull, 2);
        ::execl(bin.c_str(), "detour", "run", "--corpus", corpus.c_str(), "--extractors", "T", "--serve",
                serve.c_str(), "--metrics", "to", "--jobs", "2", "--no-progress", "--isolation", isolation.c_str(),
                static_cast<char*>(nullptr));
        ::_exit(127);
      }
      // Wait for the tools of the run's pages: two seen twice, 300 ms apart. Once only is
      // not enough on a loaded machine: the tool the run starts for its handshake may
      // still be ending when the first page's tool is up, and the count then falls back
      // to one until the second thread starts its tool.
      const auto t0 = Clock::now();
      const auto tools_up = [&] {
        if (processes_with(marker).size() < 2) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        return processes_with(marker).size() >= 2;
      };
      while (!tools_up() && std::chrono::duration<double>(Clock::now() - t0).count() < 60)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      CHECK(processes_with(marker).size() >= 2);
      ::kill(child, sig);
      int status = 0;
      ::waitpid(child, &status, 0);
      CHECK(WIFSIGNALED(status));
      CHECK(leftovers(marker, 5).empty());
    }
}

TEST_CASE("adapters: the table's lines are complete and an unavailable adapter says how to install it",
          "[serve][adapters]") {
  std::set<std::string> names;
  for (const auto& a : adapter_registry()) {
    INFO(a.name);
    CHECK(names.insert(std::string(a.name)).second);
    CHECK(!a.description.empty());
    CHECK(!split_command(std::string(a.command)).empty());
    CHECK(!a.install.empty());
    for (const auto& e : extractor_registry()) CHECK(e.name != a.name);
  }
  const Preset* today = find_preset("today");
  REQUIRE(today != nullptr);
  for (auto name : today->systems) CHECK(find_adapter(name) != nullptr);
  // With an empty adapters folder no adapter is available: the run stops before its
  // first page with what is missing and the install command.
  TempDir t;
  fs::create_directories(t.path / "adapters");
  ::setenv("DETOUR_ADAPTERS", (t.path / "adapters").c_str(), 1);
  const AdapterInfo& first = adapter_registry().front();
  const std::string missing = adapter_missing(first);
  CHECK(missing.find((t.path / "adapters").string()) != std::string::npos);
  CHECK_THROWS_AS(adapter_spec(first, 60, kDefaultMaxOutputBytes, 100), ResourceError);
  CHECK_THROWS_WITH(adapter_spec(first, 60, kDefaultMaxOutputBytes, 100),
                    Catch::Contains("is not installed") && Catch::Contains(std::string(first.install)));
  auto r = detour::testing::run_detour("run --corpus '" +
                                       (detour::testing::source_dir() / "corpora/sample").string() +
                                       "' --extractors BP," + std::string(first.name) + " --no-progress");
  CHECK(r.status == 1);
  CHECK(r.out.find("install it with: " + std::string(first.install)) != std::string::npos);
  auto list = detour::testing::run_detour("list");
  CHECK(list.out.find("state: unavailable, missing") != std::string::npos);
  // With no adapters folder at all, each adapter names it once, however many of its
  // files the folder should hold (MRD: its script and its npm packages).
  ::setenv("DETOUR_ADAPTERS", (t.path / "nowhere").c_str(), 1);
  const std::string folder = "the adapters folder (";
  for (const AdapterInfo& a : adapter_registry()) {
    INFO(a.name);
    const std::string m = adapter_missing(a);
    const auto at = m.find(folder);
    CHECK(at != std::string::npos);
    if (at != std::string::npos) CHECK(m.find(folder, at + 1) == std::string::npos);
  }
  ::unsetenv("DETOUR_ADAPTERS");
}

TEST_CASE("serve: --shard and --resume with a served tool give the one-process run's results", "[serve][cli]") {
  TempDir t;
  const std::string marker = new_marker();
  const std::string corpus = (detour::testing::source_dir() / "corpora/sample").string();
  const std::string opts = "run --corpus '" + corpus + "' --serve 'ECHO=" + tool_command("slow", marker) +
                           "' --extractors ECHO,BP --chains BP-ECHO --metrics to,tm --no-progress --jobs 2";
  auto same = [&](const fs::path& a, const fs::path& b) {
    for (const char* f : {"table2.md", "per_doc.tsv", "failures.tsv"}) {
      INFO(f);
      CHECK(slurp(a / f) == slurp(b / f));
    }
  };
  REQUIRE(detour::testing::run_detour(opts + " --out '" + (t.path / "one").string() + "'").status == 0);
  std::string dirs;
  for (int i = 1; i <= 2; ++i) {
    const fs::path d = t.path / ("shard-" + std::to_string(i));
    REQUIRE(detour::testing::run_detour(opts + " --shard " + std::to_string(i) + "/2 --out '" + d.string() + "'").status == 0);
    dirs += " '" + d.string() + "'";
  }
  REQUIRE(detour::testing::run_detour("merge" + dirs + " --out '" + (t.path / "merged").string() + "'").status == 0);
  same(t.path / "one", t.path / "merged");
  // Interrupted (SIGINT) once some pages are done, then resumed.
  const fs::path r = t.path / "resumed";
  const std::string cmd = "exec " + detour::testing::detour_binary() + " " + opts + " --out '" + r.string() +
                          "' > '" + (t.path / "first.txt").string() + "' 2>&1";
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  const auto t0 = Clock::now();
  auto done_pages = [&] {
    std::size_t n = 0;
    if (fs::exists(r / "outputs/ECHO"))
      for (const auto& e : fs::recursive_directory_iterator(r / "outputs/ECHO")) n += e.is_regular_file();
    return n;
  };
  while (done_pages() < 4 && std::chrono::duration<double>(Clock::now() - t0).count() < 60)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ::kill(child, SIGINT);
  int status = 0;
  ::waitpid(child, &status, 0);
  INFO(slurp(t.path / "first.txt"));
  CHECK(done_pages() < sample_pages());
  auto again = detour::testing::run_detour(opts + " --out '" + r.string() + "' --resume");
  INFO(again.out);
  REQUIRE(again.status == 0);
  CHECK(again.out.find("were done by an earlier run") != std::string::npos);
  same(t.path / "one", r);
  CHECK(leftovers(marker).empty());
}

// The npm adapters against their tools called directly (scripts/adapters/direct.mjs),
// on the sample corpus: the pages as detour decodes them are dumped by a served tool
// (scripts/adapters/replay.py --dump), the tools run on them in one node process, and
// their outputs are replayed through detour by another served tool, so that both go
// through the same converter: every page's output must be the same bytes. Needs the
// adapters' npm packages (bash scripts/install-adapters.sh --npm-only; scripts/test.sh
// runs it when npm is there); skips without them. (--page-memory 64G: the workers'
// default memory bound is an address-space limit, which Node's reservations exceed.)
namespace {

// An adapter and its tool called directly (scripts/adapters/direct.mjs or direct.py):
// the program and its first words, before DUMP OUT.
struct DirectCall {
  std::string adapter;
  std::vector<std::string> direct;
};

// Runs each adapter on the sample corpus through detour, and its tool called directly on
// the same decoded pages replayed through the same converter (scripts/adapters/
// replay.py); the outputs must be byte-equal page by page. Returns results.json.
std::string check_adapters_equal_direct(const std::vector<DirectCall>& calls) {
  const fs::path src = detour::testing::source_dir();
  TempDir t;
  const std::string corpus = (src / "corpora/sample").string();
  const std::string scripts = (src / "scripts/adapters").string();
  const fs::path dump = t.path / "pages.jsonl";
  auto r = detour::testing::run_detour("run --corpus '" + corpus + "' --serve 'DUMP=python3 " + scripts +
                                       "/replay.py --dump " + dump.string() + "' --extractors DUMP --metrics to "
                                       "--no-progress --jobs 1");
  INFO(r.out);
  REQUIRE(r.status == 0);
  // The replays are named R1, R2, ... (an adapter's name may carry settings).
  auto replay_name = [&](std::size_t i) { return "R" + std::to_string(i + 1); };
  std::string systems, replays;
  for (std::size_t i = 0; i < calls.size(); ++i) {
    const auto& c = calls[i];
    const fs::path out = t.path / (replay_name(i) + ".jsonl");
    std::vector<std::string> argv = c.direct;
    argv.insert(argv.end(), {dump.string(), out.string()});
    const ProcessResult p = run_process(argv, "", 600);
    INFO(p.err);
    REQUIRE(p.exit_status == 0);
    systems += (systems.empty() ? "" : ",") + c.adapter;
    replays += " --serve '" + replay_name(i) + "=python3 " + scripts + "/replay.py " + out.string() + "'";
  }
  const fs::path run = t.path / "run";
  r = detour::testing::run_detour("run --corpus '" + corpus + "' --extractors '" + systems + "'" + replays +
                                  " --metrics to --no-progress --jobs 2 --page-memory 64G --out '" + run.string() + "'");
  INFO(r.out);
  REQUIRE(r.status == 0);
  for (std::size_t i = 0; i < calls.size(); ++i) {
    const auto& c = calls[i];
    INFO(c.adapter);
    CHECK(failures(run, c.adapter).empty());
    std::size_t compared = 0, nonempty = 0;
    for (const auto& e : fs::recursive_directory_iterator(run / "outputs" / c.adapter)) {
      if (!e.is_regular_file()) continue;
      const std::string mine = slurp(e.path());
      INFO(e.path().string());
      CHECK(mine == slurp(run / "outputs" / replay_name(i) / fs::relative(e.path(), run / "outputs" / c.adapter)));
      ++compared;
      nonempty += !mine.empty();
    }
    CHECK(compared == sample_pages());
    CHECK(nonempty > sample_pages() / 2);
  }
  return slurp(run / "results.json");
}

// The version of a Python package as `python3` (the interpreter of JTP and TRF) sees it,
// "" when it cannot import it.
std::string python_package_version(const std::string& package) {
  const ProcessResult p = run_process({"python3", "-c",
                                       "import importlib, importlib.metadata, sys\n"
                                       "importlib.import_module(sys.argv[1])\n"
                                       "print(importlib.metadata.version(sys.argv[1]), end='')",
                                       package},
                                      "", 120);
  return p.exit_status == 0 ? p.out : "";
}

}  // namespace

TEST_CASE("adapters: MRD and DFD on the sample corpus equal Readability and Defuddle called directly",
          "[serve][adapters][npm]") {
  const fs::path src = detour::testing::source_dir();
  const fs::path modules = src / "extractors/adapters/node_modules";
  for (const char* pkg : {"@mozilla/readability", "defuddle", "jsdom"}) {
    if (!fs::exists(modules / pkg / "package.json")) {
      WARN("SKIPPED: the npm adapters are not installed (" << (modules / pkg).string()
                                                           << " is absent): bash scripts/install-adapters.sh --npm-only");
      return;
    }
  }
  const std::string direct = (src / "scripts/adapters/direct.mjs").string();
  const std::string json = check_adapters_equal_direct({{"MRD", {"node", direct, "mrd"}}, {"DFD", {"node", direct, "dfd"}}});
  CHECK(json.find("tool:mozilla-readability 0.6.0") != std::string::npos);
  CHECK(json.find("tool:defuddle 0.19.4") != std::string::npos);
}

TEST_CASE("adapters: JTP and TRF on the sample corpus equal jusText and trafilatura called directly",
          "[serve][adapters][pip]") {
  const std::string direct = (detour::testing::source_dir() / "scripts/adapters/direct.py").string();
  std::vector<DirectCall> calls;
  std::vector<std::string> signatures;
  // adapter, its name in direct.py, the Python package (module, distribution and the
  // handshake's name alike)
  for (const auto& [adapter, tool, package] : std::vector<std::array<std::string, 3>>{
           {"JTP", "jtp", "justext"}, {"TRF", "trf", "trafilatura"}}) {
    const std::string version = python_package_version(package);
    if (version.empty()) {
      WARN("SKIPPED: " << adapter << ": python3 cannot import " << package << " (pip install " << package << ")");
      continue;
    }
    calls.push_back({adapter, {"python3", direct, tool}});
    signatures.push_back("tool:" + package + " " + version);
  }
  if (calls.empty()) return;
  const std::string json = check_adapters_equal_direct(calls);
  for (const auto& s : signatures) {
    INFO(s);
    CHECK(json.find(s) != std::string::npos);
  }
}

// BPJ, compiled once at install (scripts/install-adapters.sh --bpj-only; scripts/test.sh
// runs it where Java and the jar are), against the Boilerpipe jar's own batch run
// (scripts/boilerpipe/run.sh --batch through direct.py bpj); skips without them.
TEST_CASE("adapters: BPJ on the sample corpus from its compiled class equals the Boilerpipe jar run directly",
          "[serve][adapters]") {
  const AdapterInfo* bpj = find_adapter("BPJ");
  REQUIRE(bpj != nullptr);
  if (const std::string missing = adapter_missing(*bpj); !missing.empty()) {
    WARN("SKIPPED: BPJ is not installed: missing " << missing << "; " << bpj->install);
    return;
  }
  CHECK(std::string(bpj->command).find(".java") == std::string::npos);  // no compile at each start
  const std::string json = check_adapters_equal_direct(
      {{"BPJ", {"/usr/bin/python3", (detour::testing::source_dir() / "scripts/adapters/direct.py").string(), "bpj"}}});
  CHECK(json.find("tool:boilerpipe 1.2.0 ArticleExtractor") != std::string::npos);
}

// A compiled file older than its source is reported missing, with what to do.
TEST_CASE("adapters: a built: requirement is met by a file no older than its source", "[serve][adapters]") {
  TempDir t;
  const fs::path src = t.path / "X.java", out = t.path / "X.class";
  detour::io::write_file_atomic(src, "class X {}", false);
  const AdapterInfo info{"X", "x", "true", "built:{adapters}/X.class<{adapters}/X.java", "compile it"};
  ::setenv("DETOUR_ADAPTERS", t.path.c_str(), 1);
  CHECK(adapter_missing(info).find("X.class (compiled from") != std::string::npos);
  detour::io::write_file_atomic(out, "", false);
  fs::last_write_time(out, fs::last_write_time(src) - std::chrono::hours(1));
  CHECK(adapter_missing(info).find("(it is older)") != std::string::npos);
  fs::last_write_time(out, fs::last_write_time(src) + std::chrono::seconds(1));
  CHECK(adapter_missing(info).empty());
  ::unsetenv("DETOUR_ADAPTERS");
}

// The settings that make MRD, RDL and H2T call their tools as the Scrapinghub benchmark
// does and answer what it scores (docs/adapters.md, "On the Scrapinghub benchmark"),
// against those calls made directly (scripts/adapters/direct.mjs mrd-scrapinghub,
// direct.py rdl-scrapinghub and h2t-scrapinghub), on the sample corpus; each adapter is
// skipped with a message when its tool is not installed.
TEST_CASE("adapters: MRD RDL and H2T with the Scrapinghub benchmark settings equal its calls made directly",
          "[serve][adapters][npm]") {
  const fs::path src = detour::testing::source_dir();
  const fs::path modules = src / "extractors/adapters/node_modules";
  std::vector<DirectCall> calls;
  bool npm = true;
  for (const char* pkg : {"@mozilla/readability", "jsdom"})
    if (!fs::exists(modules / pkg / "package.json")) {
      WARN("SKIPPED: MRD(output=text): the npm adapters are not installed ("
           << (modules / pkg).string() << " is absent): bash scripts/install-adapters.sh --npm-only");
      npm = false;
      break;
    }
  if (npm) calls.push_back({"MRD(output=text)", {"node", (src / "scripts/adapters/direct.mjs").string(), "mrd-scrapinghub"}});
  // RDL and H2T run Debian's /usr/bin/python3 (extractors/adapters.cc)
  const std::string direct = (src / "scripts/adapters/direct.py").string();
  for (const auto& [adapter, tool, modules_needed] : std::vector<std::array<std::string, 3>>{
           {"RDL(html_partial=true,output=text)", "rdl-scrapinghub", "readability html_text"},
           {"H2T(ignore_links=true,ignore_images=true,output=text)", "h2t-scrapinghub", "html2text"}}) {
    const ProcessResult p = run_process({"/usr/bin/python3", "-c", "import sys, importlib\n"
                                         "for m in sys.argv[1].split(): importlib.import_module(m)", modules_needed},
                                        "", 120);
    if (p.exit_status != 0) {
      WARN("SKIPPED: " << adapter << ": /usr/bin/python3 cannot import " << modules_needed
                       << ": bash scripts/install-adapters.sh --apt-only");
      continue;
    }
    calls.push_back({adapter, {"/usr/bin/python3", direct, tool}});
  }
  if (calls.empty()) return;
  const std::string json = check_adapters_equal_direct(calls);
  for (const auto& c : calls) {
    const std::string tool = c.adapter.rfind("MRD", 0) == 0   ? "tool:mozilla-readability 0.6.0"
                             : c.adapter.rfind("RDL", 0) == 0 ? "tool:readability-lxml "
                                                              : "tool:html2text ";
    INFO(c.adapter);
    CHECK(json.find(tool) != std::string::npos);
  }
}
