// libFuzzer target: corpora/decode on arbitrary bytes. The first byte picks the
// charset the container declares (none, a known one, UTF-16, an unknown label); the
// rest is the page. Properties: no crash or sanitizer report, the output is valid
// UTF-8, and a page decoded twice gives the same bytes and decision.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "corpora/decode.h"
#include "fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static constexpr std::string_view kGiven[] = {"",          "",         "utf-8",     "windows-1252", "gb2312",
                                                "shift_jis", "utf-16le", "utf-16be",  "iso-8859-2",   "koi8-r",
                                                "euc-kr",    "big5",     "x-unknown", " UTF8 ",       "latin1"};
  if (size == 0) return 0;
  const std::string_view given = kGiven[data[0] % (sizeof kGiven / sizeof kGiven[0])];
  const std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  const auto d = detour::corpora::decode_page(bytes, given);
  FUZZ_CHECK(detour::corpora::is_valid_utf8(d.utf8), "decode_page returned invalid UTF-8");
  const auto again = detour::corpora::decode_page(bytes, given);
  FUZZ_CHECK(again.utf8 == d.utf8 && again.info.charset == d.info.charset && again.info.source == d.info.source,
             "decode_page is not deterministic");
  (void)detour::corpora::sniff_declared_charset(bytes);
  return 0;
}
