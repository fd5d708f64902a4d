// Helpers shared by the tests: where the shared data is, and skipping politely.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace detour::testing {

// ../shared beside the project (or $DETOUR_SHARED), if present.
std::optional<std::filesystem::path> shared_dir();
// Path of the built `detour` binary.
std::string detour_binary();
// The project's source folder.
std::filesystem::path source_dir();

// What a run of the `detour` binary printed (stdout and stderr together) and its
// exit status (128 + signal when it was killed).
struct CommandResult {
  int status = 0;
  std::string out;
};

// Runs the built `detour` with `args` (shell syntax: the tests quote their paths).
// A path in single quotes, for the shell commands of run_detour (built with +=: GCC 12
// warns, wrongly, about "'" + string + "'" under -O3, -Wrestrict).
inline std::string shell_quoted(const std::filesystem::path& p) {
  std::string s = "'";
  s += p.string();
  s += '\'';
  return s;
}

inline CommandResult run_detour(const std::string& args) {
  std::string cmd = detour_binary() + " " + args + " 2>&1";
  CommandResult r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) throw std::runtime_error("cannot start: " + cmd);
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  return r;
}

// Writes bytes to a file, creating its folders.
inline void write_file(const std::filesystem::path& p, const std::string& bytes) {
  std::filesystem::create_directories(p.parent_path());
  std::ofstream f(p, std::ios::binary);
  f << bytes;
}

// A fresh temporary folder, removed with everything in it (permissions restored
// first, for tests that make files unreadable).
struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& prefix = "detour-test") {
    std::string tmpl = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
    if (::mkdtemp(tmpl.data()) == nullptr) throw std::runtime_error("cannot create a temporary folder " + tmpl);
    path = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::permissions(path, std::filesystem::perms::all, ec);
    std::filesystem::remove_all(path, ec);
  }
  // Writes `bytes` to path/rel (folders created) and returns that path.
  std::filesystem::path write(const std::string& rel, const std::string& bytes) const {
    const std::filesystem::path p = path / rel;
    write_file(p, bytes);
    return p;
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

// Prints a clear skip message (Catch2 v2 has no SKIP).
// results.json without what differs between two executions of the same run (its
// provenance.run block: command line, start time, duration, threads, host).
inline std::string stable_results_json(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  nlohmann::json j = nlohmann::json::parse(in);
  if (j.contains("provenance")) j["provenance"].erase("run");
  return j.dump(2);
}

inline void skip(const std::string& why) { std::cout << "SKIPPED: " << why << std::endl; }

// Median and mean of per-page scores (both 0 when there are none), as the fidelity
// tests report and guard them.
struct Summary {
  double median = 0, mean = 0;
};
inline Summary summarize(std::vector<double> v) {
  Summary s;
  if (v.empty()) return s;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  s.median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  for (double x : v) s.mean += x;
  s.mean /= static_cast<double>(n);
  return s;
}

}  // namespace detour::testing

// Use at the top of a test that needs ../shared.
#define DETOUR_REQUIRE_SHARED(var)                                                  \
  auto var##_opt = ::detour::testing::shared_dir();                                 \
  if (!var##_opt) {                                                                 \
    ::detour::testing::skip("../shared is absent (set DETOUR_SHARED to point at it)"); \
    return;                                                                         \
  }                                                                                 \
  const std::filesystem::path var = *var##_opt
