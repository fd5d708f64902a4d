// What keeps a run's memory flat as the corpus grows, checked for giving the same
// bytes as the straightforward forms: files written in pieces (io::AtomicWriter)
// equal the whole-string write and never show a torn file; the journal's header line
// written piece by piece equals the dump of its JSON value; the documents packed by
// a DocList come back field for field, and those that cannot be packed are kept as
// they are; a page's records packed as a run holds them come back byte for byte
// (doubles to the bit: NaN, infinities, negative zero).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "base/hash.h"
#include "base/io.h"
#include "runner/doc_list.h"
#include "runner/page_blob.h"
#include "store/journal.h"
#include "store/records.h"
#include "tests/test_util.h"

namespace fs = std::filesystem;
using namespace detour;
using detour::testing::TempDir;

namespace {

bool has_temporaries(const fs::path& dir) {
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().find(".tmp.") != std::string::npos) return true;
  return false;
}

void check_same(const corpora::CorpusDoc& a, const corpora::CorpusDoc& b) {
  CHECK(a.lang == b.lang);
  CHECK(a.id == b.id);
  CHECK(a.html_path.string() == b.html_path.string());
  CHECK(a.gold_path.string() == b.gold_path.string());
  CHECK(a.url == b.url);
  CHECK(a.given_charset == b.given_charset);
  CHECK(a.dataset == b.dataset);
  CHECK(a.html_inline == b.html_inline);
  CHECK(a.gold_inline == b.gold_inline);
  CHECK(a.html_filter == b.html_filter);
  CHECK(a.gold_filter == b.gold_filter);
}

corpora::CorpusDoc doc(std::string lang, std::string id, std::string html, std::string gold) {
  corpora::CorpusDoc d;
  d.lang = std::move(lang);
  d.id = std::move(id);
  d.html_path = std::move(html);
  d.gold_path = std::move(gold);
  return d;
}

}  // namespace

TEST_CASE("AtomicWriter: pieces of every size give the bytes of one write, in place only once committed",
          "[io][memory]") {
  TempDir t;
  std::mt19937 rng(11);
  std::string whole;
  const fs::path out = t.path / "out.tsv";
  {
    io::AtomicWriter w(out, /*durable=*/false);
    // Small pieces, pieces that cross the buffer's size, and one larger than it.
    for (std::size_t size : {0, 1, 100, 65535, 2, 65536, 200000, 7, 70000, 3}) {
      std::string piece(size, '\0');
      for (char& c : piece) c = static_cast<char>(rng());
      w.write(piece);
      whole += piece;
      CHECK_FALSE(fs::exists(out));  // nothing in place before commit
    }
    w.commit();
  }
  CHECK(io::read_file(out) == whole);
  CHECK_FALSE(has_temporaries(t.path));
  io::write_file_atomic(t.path / "one.tsv", whole);
  CHECK(io::read_file(t.path / "one.tsv") == whole);

  // Abandoned (destroyed without commit, as when an exception passes): the old file
  // stays, the temporary file is removed.
  {
    io::AtomicWriter w(out);
    w << "half a file";
  }
  CHECK(io::read_file(out) == whole);
  CHECK_FALSE(has_temporaries(t.path));

  // Errors name the file.
  try {
    io::AtomicWriter w(t.path / "no" / "folder.tsv");
    FAIL("no error");
  } catch (const io::IoError& e) {
    CHECK(std::string(e.what()).find("folder.tsv") != std::string::npos);
  }
}

TEST_CASE("journal: the header line written piece by piece is the dump of the header's JSON", "[store][memory]") {
  store::RunHeader h;
  h.identity = {{"version", "1"}, {"documents", 3000}};
  h.provenance.version = "1";
  h.provenance.command = "detour run \"quoted\" \t tab";
  h.corpus = "corpora/x";
  h.signature = "sig|corpus:abc";
  h.context = "|corpus:abc|missing:failed-as-empty";
  h.metrics = {"to", "car"};
  h.metric_signatures = {"to|x", "car|y"};
  h.has_languages = true;
  h.systems = {{"BP", "bp-sig"}, {"BP-JTA", "bp > jta \xE2\x80\x9C"}};
  h.shard = 2;
  h.shards = 3;
  h.aggregate = {{"name", "macro"}, {"resamples", 10}, {"seed", 1}};
  // Enough documents for several pieces; names with quotes, backslashes, control
  // characters, non-ASCII and invalid UTF-8 (replaced in both forms).
  for (std::uint32_t i = 0; i < 3000; ++i) {
    std::string id = "doc_" + std::to_string(i) + (i % 7 == 0 ? "\"q\\\x01" : "") + (i % 11 == 0 ? "\xC3\xA9" : "") +
                     (i % 13 == 0 ? "\xFF" : "");
    h.docs.push_back({i % 2 ? "el" : "zh", id, id + (i % 3 ? "" : ".txt"), i % 5 ? "" : "set"});
    if (i % 4) h.share.push_back(i);
  }
  nlohmann::json j = store::header_json(h);
  j["journal"] = 1;
  const std::string expected = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string pieces;
  std::size_t count = 0;
  store::header_text(h, {{"journal", 1}}, [&](std::string_view p) {
    pieces += p;
    ++count;
  });
  CHECK(count > 1);
  CHECK(pieces == expected);

  // The journal made with it reads back as the same header.
  TempDir t;
  const fs::path file = t.path / store::kJournalName;
  { store::JournalWriter w = store::JournalWriter::create(file, h); }
  const std::string bytes = io::read_file(file);
  CHECK(bytes == hash_hex(fnv1a(expected)) + " " + expected + "\n");
  store::JournalContents back = store::read_journal(file);
  CHECK(back.run.header.docs.size() == h.docs.size());
  CHECK(back.run.header.share == h.share);
  CHECK(back.run.header.docs[77].id == h.docs[77].id);
  CHECK(back.run.header.systems[1].signature == h.systems[1].signature);

  // The store keeps the header without its lists.
  nlohmann::json fields = store::header_fields(h);
  CHECK_FALSE(fields.contains("docs"));
  CHECK_FALSE(fields.contains("share"));
  CHECK_FALSE(fields.contains("systems"));
  CHECK(fields["aggregate"]["name"] == "macro");
}

TEST_CASE("DocList: packed documents come back field for field, and others are kept as they are", "[runner][memory]") {
  std::vector<corpora::CorpusDoc> docs;
  docs.push_back(doc("el", "a1", "/c/el/html/a1", "/c/el/gold/a1"));                   // names = id
  docs.push_back(doc("el", "a2.html", "/c/el/html/a2.html", "/c/el/gold/a2"));         // gold name differs
  docs.push_back(doc("en", "b", "/c/en/html/b", ""));                                  // no gold
  docs.push_back(doc("", "c", "rel/c", "rel/gold/c.txt"));                             // relative paths
  docs.push_back(doc("zh", "0", "/c/zh/html/0", "/c/zh/gold/0"));                      // id like an index
  docs.push_back(doc("zh", "d/e", "/c/zh/html/d/e", "/c/zh/gold/d/e"));                // id with '/'
  docs.push_back(doc("pl", "\xC3\xA9t\xC3\xA9", "/c/pl/html/\xC3\xA9t\xC3\xA9", "/c/pl/gold/x"));
  docs[1].url = "http://example.com/a2";
  docs[1].given_charset = "windows-1253";
  docs[2].dataset = "wceb";
  const std::vector<corpora::CorpusDoc> original = docs;

  std::vector<char> to_run(docs.size(), 1);
  to_run[4] = 0;  // not run: dropped
  harness::DocList list(docs, to_run, /*keep_list=*/false);
  CHECK(list.packed());
  CHECK(docs.empty());
  for (std::size_t i = 0; i < original.size(); ++i)
    if (to_run[i]) check_same(list.take(i), original[i]);

  // Not packable (bytes held inline, a '\0' in a field, a path without a folder):
  // the list is kept as it is, and each document taken once.
  for (int variant = 0; variant < 3; ++variant) {
    std::vector<corpora::CorpusDoc> odd = original;
    if (variant == 0) odd[3].html_inline = std::make_shared<const std::string>("<p>x</p>");
    if (variant == 1) odd[0].id = std::string("a\0b", 3);
    if (variant == 2) odd[2].html_path = std::string("b");
    const std::vector<corpora::CorpusDoc> expected = odd;
    harness::DocList kept(odd, std::vector<char>(odd.size(), 1), false);
    CHECK_FALSE(kept.packed());
    for (std::size_t i = 0; i < expected.size(); ++i) check_same(kept.take(i), expected[i]);
  }

  // keep_list: the list is read, not taken (worker processes are forked with it).
  std::vector<corpora::CorpusDoc> shared = original;
  harness::DocList reader(shared, std::vector<char>(shared.size(), 1), /*keep_list=*/true);
  CHECK_FALSE(reader.packed());
  check_same(reader.take(1), original[1]);
  check_same(reader.take(1), original[1]);
  CHECK(shared.size() == original.size());
  check_same(shared[1], original[1]);
}

TEST_CASE("page blob: a page's records come back byte for byte", "[runner][memory]") {
  store::PageEntry p;
  p.decode_note = "windows-1253 (meta); neutralised: 3 attributes";
  store::SystemEntry ok;
  ok.millis = 0.1 + 0.2;
  ok.notes = {{"blocks", "12"}, {"note", std::string("tab\there; \xFF\x00z", 12)}};
  metrics::DocScore to;
  to.tp = 670;
  to.fp = 3;
  to.fn = std::int64_t{1} << 40;
  metrics::DocScore cos;
  cos.values = {0.93, std::nan(""), -0.0, std::numeric_limits<double>::infinity(), 5e-324};
  ok.scores = std::vector<metrics::DocScore>{to, cos};
  ok.gold_hash = 0xFEDCBA9876543210ULL;
  store::SystemEntry failed;
  failed.status = "failed";
  failed.reason = "BP: time budget of 10 s exceeded\n\xC3";
  failed.scores = std::vector<metrics::DocScore>{metrics::DocScore{}, metrics::DocScore{}};
  store::SystemEntry excluded;
  excluded.status = "excluded";
  excluded.reason = "training page";
  store::SystemEntry odd;  // a status outside the three (kept as text)
  odd.status = "other";
  p.systems = {ok, failed, excluded, odd};

  for (const auto& [id, out] : std::vector<std::pair<std::string, std::string>>{
           {"r1_page.html", "r1_page"}, {"same", "same"}, {"", ""}, {std::string("a\0b", 3), "x"}}) {
    const std::string blob = harness::pack_page(p, id, out);
    harness::UnpackedPage u = harness::unpack_page(blob);
    CHECK(u.id == id);
    CHECK(u.out_name == out);
    CHECK(u.page.decode_note == p.decode_note);
    REQUIRE(u.page.systems.size() == p.systems.size());
    for (std::size_t s = 0; s < p.systems.size(); ++s) {
      const store::SystemEntry &a = p.systems[s], &b = u.page.systems[s];
      CHECK(a.status == b.status);
      CHECK(a.reason == b.reason);
      CHECK(a.notes == b.notes);
      CHECK(std::memcmp(&a.millis, &b.millis, sizeof(double)) == 0);
      CHECK(a.gold_hash == b.gold_hash);
      REQUIRE(a.scores.has_value() == b.scores.has_value());
      if (!a.scores) continue;
      REQUIRE(a.scores->size() == b.scores->size());
      for (std::size_t m = 0; m < a.scores->size(); ++m) {
        const metrics::DocScore &x = (*a.scores)[m], &y = (*b.scores)[m];
        CHECK(x.tp == y.tp);
        CHECK(x.fp == y.fp);
        CHECK(x.fn == y.fn);
        REQUIRE(x.values.size() == y.values.size());
        if (!x.values.empty()) CHECK(std::memcmp(x.values.data(), y.values.data(), x.values.size() * sizeof(double)) == 0);
      }
    }
    CHECK_THROWS_AS(harness::unpack_page(blob.substr(0, blob.size() - 1)), std::logic_error);
    CHECK_THROWS_AS(harness::unpack_page(blob + "x"), std::logic_error);
  }
}
