// Helpers shared by the tests: where the shared data is, and skipping politely.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>

namespace detour::testing {

// ../shared beside the project (or $DETOUR_SHARED), if present.
inline std::optional<std::filesystem::path> shared_dir() {
  if (const char* env = std::getenv("DETOUR_SHARED"); env && *env) {
    if (std::filesystem::is_directory(env)) return std::filesystem::path(env);
    return std::nullopt;
  }
#ifdef DETOUR_SHARED_DIR
  std::filesystem::path p = DETOUR_SHARED_DIR;
  if (std::filesystem::is_directory(p)) return p;
#endif
  return std::nullopt;
}

// Path of the built `detour` binary.
inline std::string detour_binary() {
#ifdef DETOUR_BINARY
  return DETOUR_BINARY;
#else
  return "detour";
#endif
}

inline std::filesystem::path source_dir() {
#ifdef DETOUR_SOURCE_DIR
  return DETOUR_SOURCE_DIR;
#else
  return ".";
#endif
}

// Prints a clear skip message (Catch2 v2 has no SKIP).
inline void skip(const std::string& why) { std::cout << "SKIPPED: " << why << std::endl; }

}  // namespace detour::testing

// Use at the top of a test that needs ../shared.
#define DETOUR_REQUIRE_SHARED(var)                                                  \
  auto var##_opt = ::detour::testing::shared_dir();                                 \
  if (!var##_opt) {                                                                 \
    ::detour::testing::skip("../shared is absent (set DETOUR_SHARED to point at it)"); \
    return;                                                                         \
  }                                                                                 \
  const std::filesystem::path var = *var##_opt
