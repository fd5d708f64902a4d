// shard_merge: see shard_merge.h.
#include "runner/shard_merge.h"

#include <map>
#include <set>

#include "base/hash.h"
#include "base/io.h"
#include "base/strings.h"
#include "runner/resume.h"
#include "store/journal.h"
#include "store/sqlite.h"

namespace detour::harness {

namespace fs = std::filesystem;

MergeSource folder_source(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw store::StoreError(dir.string() + ": not a folder");
  const fs::path journal = dir / store::kJournalName;
  if (!fs::exists(journal, ec))
    throw store::StoreError(dir.string() + ": not a run folder of this detour (no " + store::kJournalName + ")");
  MergeSource s;
  s.name = dir.string();
  s.folder = dir;
  s.log = store::read_journal(journal).run;
  return s;
}

std::vector<MergeProblem> merge_problems(const std::vector<MergeSource>& sources) {
  std::vector<MergeProblem> problems;
  if (sources.empty()) return {{"nothing to merge"}};
  const store::RunHeader& first = sources[0].log.header;
  // Same run: identity (it holds the number of shards), corpus as given.
  bool same = true;
  for (std::size_t i = 1; i < sources.size(); ++i) {
    const store::RunHeader& h = sources[i].log.header;
    std::string diff = store::identity_difference(first.identity, h.identity);
    if (diff.empty() && h.corpus != first.corpus) diff = "corpus: " + first.corpus + " vs " + h.corpus;
    if (diff.empty() && h.aggregate != first.aggregate)
      diff = "aggregate: " + first.aggregate.dump() + " vs " + h.aggregate.dump();
    if (!diff.empty()) {
      problems.push_back({sources[i].name + " is not a shard of the same run as " + sources[0].name + " (" +
                          sources[0].name + " vs " + sources[i].name + ": " + diff + ")"});
      same = false;
    }
  }
  if (!same) return problems;
  // Every shard once.
  const int n = first.shards;
  std::map<int, std::vector<std::string>> by_shard;
  for (const auto& s : sources) by_shard[s.log.header.shard].push_back(s.name);
  for (const auto& [k, names] : by_shard)
    if (names.size() > 1)
      problems.push_back({"shard " + std::to_string(k) + "/" + std::to_string(n) + " given " +
                          std::to_string(names.size()) + " times: " + join(names, ", ")});
  std::vector<std::string> missing;
  for (int k = 1; k <= n; ++k)
    if (!by_shard.count(k)) missing.push_back(std::to_string(k) + "/" + std::to_string(n));
  if (!missing.empty())
    problems.push_back({"missing shard" + std::string(missing.size() > 1 ? "s " : " ") + join(missing, ", "), true});
  // Complete, and together the corpus once.
  std::vector<int> owner(first.docs.size(), 0);
  for (const auto& s : sources) {
    const store::RunHeader& h = s.log.header;
    if (auto lack = s.log.missing(); !lack.empty())
      problems.push_back({"shard " + std::to_string(h.shard) + "/" + std::to_string(n) + " (" + s.name +
                              ") is not complete: " + std::to_string(h.share.size() - lack.size()) + " of its " +
                              std::to_string(h.share.size()) + " pages are done; finish it with --resume",
                          true});
    for (std::uint32_t d : h.share) ++owner[d];
  }
  if (problems.empty()) {
    std::size_t twice = 0, none = 0;
    for (int c : owner) {
      twice += c > 1;
      none += c == 0;
    }
    if (twice || none)
      problems.push_back({"the shards' shares do not cover the corpus once (" + std::to_string(twice) +
                          " pages in several shares, " + std::to_string(none) + " in none)"});
  }
  return problems;
}

store::RunLog merge_logs(std::vector<MergeSource>& sources, const results::Provenance& merge) {
  store::RunLog out;
  out.header = sources[0].log.header;
  store::RunHeader& h = out.header;
  h.shard = 1;
  h.shards = 1;
  h.identity["shards"] = 1;  // the identity of the unsharded run
  h.share.resize(h.docs.size());
  for (std::uint32_t d = 0; d < h.share.size(); ++d) h.share[d] = d;
  results::Provenance& p = h.provenance;
  p.command = merge.command;
  p.started = merge.started;
  p.host = merge.host;
  p.seconds = 0;
  // The pages are moved, not copied: one copy of the records at a time (the merge of
  // the x10 DANIEL shards peaked at 729 MB with two, and the journal's text a third).
  for (auto& s : sources) {
    p.seconds += s.log.header.provenance.seconds;
    for (auto& [d, page] : s.log.pages) out.pages.emplace(d, std::move(page));
    s.log.pages.clear();
  }
  return out;
}

namespace {

// Copies a shard's outputs (its share's pages, whose records are now in `merged`) into
// the merged folder, each checked against its record.
void copy_outputs(const MergeSource& s, const store::RunLog& merged, const fs::path& out, std::set<fs::path>& made) {
  const store::RunHeader& h = s.log.header;
  io::ReadBuffer buf;
  for (std::uint32_t d : h.share) {
    const auto it = merged.pages.find(d);
    if (it == merged.pages.end()) throw store::StoreError(s.name + ": page " + std::to_string(d) + " has no record");
    const store::PageEntry& page = it->second;
    const store::DocInfo& doc = h.docs[d];
    for (std::size_t k = 0; k < page.systems.size(); ++k) {
      const store::SystemEntry& e = page.systems[k];
      if (!e.scores) continue;
      const fs::path rel = results::output_file({}, h.systems[k].name, doc.lang, doc.out_name);
      std::string_view bytes = io::read_file_into(s.folder / rel, buf);
      if (fnv1a(bytes) != e.output_hash)
        throw store::StoreError((s.folder / rel).string() + ": not the output its run recorded (changed since?)");
      const fs::path dir = (out / rel).parent_path();
      if (made.insert(dir).second) fs::create_directories(dir);
      io::write_file_atomic(out / rel, bytes, /*durable=*/false);
    }
  }
}

}  // namespace

void write_merged(const fs::path& out, bool overwrite, const std::vector<MergeSource>& sources,
                  const store::RunLog& merged, bool* outputs_missing) {
  RunFolder folder(out, /*resume=*/false, overwrite);
  std::set<fs::path> made;
  bool missing = false;
  for (const auto& s : sources) {
    if (s.folder.empty()) {
      missing = true;
      continue;
    }
    copy_outputs(s, merged, out, made);
  }
  if (outputs_missing) *outputs_missing = missing;
  // The journal of the merged run: a run folder like any other (merged again,
  // resumed, read by `runs`).
  store::JournalWriter journal = store::JournalWriter::create(out / store::kJournalName, merged.header);
  std::string lines;  // appended some 4 MB at a time, not the whole journal's text at once
  for (const auto& [d, page] : merged.pages) {
    lines += store::journal_line(store::page_json(page));
    if (lines.size() >= (std::size_t{4} << 20)) {
      journal.append(lines);
      lines.clear();
    }
  }
  journal.append(lines);
  journal.sync();
  RecordSpec record;
  record.out = out;
  write_run(record, run_result(merged));
}

}  // namespace detour::harness
