// prepared: see prepared.h.
#include "runner/prepared.h"

#include "base/bytes.h"
#include "base/hash.h"
#include "base/io.h"
#include "base/strings.h"

namespace detour::harness {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kMagic = "detour-prepared 2\n";

std::string shown(const std::vector<std::string>& languages) {
  if (languages.empty()) return "(none)";
  std::vector<std::string> named;
  for (const auto& l : languages) named.push_back(l.empty() ? "(no language)" : l);
  return join(named, ",");
}

}  // namespace

std::size_t PreparedFile::save(const fs::path& file, const PreparedKey& key, const Pipeline& pipeline,
                               const std::map<std::string, std::string>& signatures) {
  ByteWriter w;
  w.raw(kMagic);
  w.str(key.version);
  w.str(key.commit);
  w.str(key.fingerprint);
  w.strings(key.languages);
  w.u64(key.seed);
  std::vector<std::pair<std::string, std::string>> states;
  for (const auto& stage : pipeline.corpus_stages()) {
    std::string state = pipeline.stage(stage).save_prepared();
    if (!state.empty()) states.emplace_back(stage, std::move(state));
  }
  w.u64(states.size());
  for (auto& [stage, state] : states) {
    w.str(stage);
    w.str(signatures.at(stage));
    w.str(state);
    std::string().swap(state);
  }
  const std::uint64_t h = fnv1a(w.bytes());
  w.u64(h);
  if (file.has_parent_path()) {
    std::error_code ec;
    fs::create_directories(file.parent_path(), ec);
    if (ec) throw io::IoError(file.parent_path().string() + ": cannot create the folder: " + ec.message());
  }
  io::write_file_atomic(file, w.bytes());
  return w.bytes().size();
}

PreparedFile PreparedFile::read(const fs::path& file) {
  std::string bytes;
  try {
    bytes = io::read_file(file, std::size_t{1} << 40);
  } catch (const io::IoError& e) {
    throw PreparedError(e.what());
  }
  auto bad = [&](const std::string& why) { return PreparedError(file.string() + ": " + why); };
  if (bytes.size() < kMagic.size() + 8 || bytes.compare(0, kMagic.size(), kMagic) != 0) {
    if (bytes.rfind("detour-prepared ", 0) == 0)
      throw bad("a prepared state of another format (" + bytes.substr(0, bytes.find('\n')) +
                "; this detour reads " + std::string(kMagic.substr(0, kMagic.size() - 1)) + "): prepare again");
    throw bad("not a prepared state (made by `detour prepare` or kept by `detour run` in its folder)");
  }
  const std::string_view body(bytes.data(), bytes.size() - 8);
  if (ByteReader(std::string_view(bytes).substr(bytes.size() - 8)).u64() != fnv1a(body))
    throw bad("torn or corrupt (its checksum does not match): prepare again");
  PreparedFile out;
  out.path_ = file;
  try {
    ByteReader r(body.substr(kMagic.size()));
    out.key_.version = r.str();
    out.key_.commit = r.str();
    out.key_.fingerprint = r.str();
    out.key_.languages = r.strings();
    out.key_.seed = r.u64();
    for (std::uint64_t n = r.count(24); n > 0; --n) {
      std::string stage = r.str();
      Stage st;
      st.signature = r.str();
      st.bytes = r.str();
      out.stages_.emplace(std::move(stage), std::move(st));
    }
    if (!r.done()) throw ByteError("bytes after the last stage");
  } catch (const ByteError& e) {
    throw bad(std::string("corrupt (") + e.what() + "): prepare again");
  }
  return out;
}

std::vector<std::string> PreparedFile::stages() const {
  std::vector<std::string> out;
  for (const auto& [name, st] : stages_) out.push_back(name);
  return out;
}

std::string PreparedFile::mismatch(const PreparedKey& key, const Pipeline& pipeline) const {
  std::vector<std::string> why;
  if (key_.fingerprint != key.fingerprint)
    why.push_back("it was prepared on another corpus (fingerprint " + key_.fingerprint + ", this run's " +
                  key.fingerprint + ")");
  if (key_.seed != key.seed)
    why.push_back("it was prepared with --seed " + std::to_string(key_.seed) + " (this run: " +
                  std::to_string(key.seed) + ")");
  if (key_.languages != key.languages)
    why.push_back("it was prepared on the languages " + shown(key_.languages) + " (this run's: " +
                  shown(key.languages) + ")");
  if (key_.version != key.version || key_.commit != key.commit)
    why.push_back("it was prepared by detour " + key_.version + " (commit " + key_.commit + "), this is " +
                  key.version + " (commit " + key.commit + ")");
  const auto signatures = pipeline.stage_signatures();
  for (const auto& stage : pipeline.corpus_stages()) {
    auto it = stages_.find(stage);
    if (it == stages_.end()) {
      why.push_back("it holds no state of " + stage + " (it holds " + (stages_.empty() ? "none" : join(stages(), ", ")) +
                    ")");
    } else if (it->second.signature != signatures.at(stage)) {
      why.push_back("its " + stage + " was prepared as " + it->second.signature + " (this run's: " +
                    signatures.at(stage) + ")");
    }
  }
  return join(why, "; ");
}

void PreparedFile::restore(Pipeline& pipeline, const CorpusContext& light) const {
  for (const auto& stage : pipeline.corpus_stages()) {
    const Stage& st = stages_.at(stage);
    try {
      pipeline.mutable_stage(stage).restore_prepared(st.bytes, light);
    } catch (const std::exception& e) {
      throw PreparedError(path_.string() + ": the prepared state of " + stage + " cannot be read (" + e.what() + ")");
    }
  }
  pipeline.prepare_light(light);
}

}  // namespace detour::harness
