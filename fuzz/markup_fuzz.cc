// libFuzzer target: CleanEval markup parsing (parse_cleaneval in base/markup.cc)
// and the renderers on arbitrary bytes. Properties: every segment has text, already
// whitespace-collapsed (collapse_whitespace leaves it unchanged), and rendering is
// deterministic; whitespace collapsing is idempotent on any input.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "extractors/extractor.h"
#include "fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto segments = detour::parse_cleaneval(text);
  for (const auto& s : segments) {
    FUZZ_CHECK(!s.text.empty(), "parse_cleaneval made an empty segment");
    FUZZ_CHECK(detour::collapse_whitespace(s.text) == s.text, "a segment's text is not whitespace-collapsed");
  }
  const std::string ce = detour::render_cleaneval(segments);
  FUZZ_CHECK(ce == detour::render_cleaneval(detour::parse_cleaneval(text)), "render_cleaneval is not deterministic");
  (void)detour::render_html(segments, text.substr(0, 64));
  (void)detour::render_text(segments);
  const std::string once = detour::collapse_whitespace(text);
  FUZZ_CHECK(detour::collapse_whitespace(once) == once, "collapse_whitespace is not idempotent");
  const std::string ascii = detour::collapse_ascii_whitespace(text);
  FUZZ_CHECK(detour::collapse_ascii_whitespace(ascii) == ascii, "collapse_ascii_whitespace is not idempotent");
  return 0;
}
