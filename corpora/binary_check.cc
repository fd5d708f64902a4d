// binary_check: see binary_check.h.
#include "corpora/binary_check.h"

#include <cstdio>
#include <cstdint>

namespace detour::corpora {

namespace {

constexpr std::size_t kSample = 64 * 1024;

bool starts(std::string_view b, std::string_view magic, std::size_t at = 0) {
  return b.size() >= at + magic.size() && b.compare(at, magic.size(), magic) == 0;
}

std::uint32_t le32(std::string_view b, std::size_t at) {
  std::uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(b[at + i]);
  return v;
}

// The format named by the first bytes, or "".
std::string magic_kind(std::string_view b) {
  using namespace std::string_view_literals;
  struct Magic {
    std::string_view bytes;
    const char* kind;
    std::size_t at = 0;
  };
  static const Magic table[] = {
      {"\x89PNG\r\n\x1a\n"sv, "PNG image"},
      {"\xff\xd8\xff"sv, "JPEG image"},
      {"GIF87a"sv, "GIF image"},
      {"GIF89a"sv, "GIF image"},
      {"II*\0"sv, "TIFF image"},
      {"MM\0*"sv, "TIFF image"},
      {"\0\0\1\0"sv, "ICO image"},
      {"%PDF-"sv, "PDF document"},
      {"PK\3\4"sv, "ZIP archive"},
      {"PK\5\6"sv, "ZIP archive"},
      {"PK\7\x08"sv, "ZIP archive"},
      {"Rar!\x1a\x07"sv, "RAR archive"},
      {"7z\xbc\xaf\x27\x1c"sv, "7z archive"},
      {"\xfd" "7zXZ\0"sv, "xz data"},
      {"\x28\xb5\x2f\xfd"sv, "zstd data"},
      {"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"sv, "OLE2 document (Office)"},
      {"\x7f" "ELF"sv, "ELF executable"},
      {"\xca\xfe\xba\xbe"sv, "Java class or Mach-O executable"},
      {"\xfe\xed\xfa\xce"sv, "Mach-O executable"},
      {"\xfe\xed\xfa\xcf"sv, "Mach-O executable"},
      {"\xce\xfa\xed\xfe"sv, "Mach-O executable"},
      {"\xcf\xfa\xed\xfe"sv, "Mach-O executable"},
      {"\0asm"sv, "WebAssembly module"},
      {"SQLite format 3\0"sv, "SQLite database"},
      // Magics made of letters are followed by the binary bytes their formats put
      // next, so that a text starting with the same word is not taken for one.
      {"OggS\0"sv, "Ogg media"},
      {"fLaC\0"sv, "FLAC audio"},
      {"fLaC\x80"sv, "FLAC audio"},
      {"ID3\x02"sv, "MP3 audio"},
      {"ID3\x03"sv, "MP3 audio"},
      {"ID3\x04"sv, "MP3 audio"},
      {"\x1a\x45\xdf\xa3"sv, "Matroska/WebM video"},
      {"wOFF\0\1\0\0"sv, "WOFF font"},
      {"wOFFOTTO"sv, "WOFF font"},
      {"wOF2\0\1\0\0"sv, "WOFF2 font"},
      {"wOF2OTTO"sv, "WOFF2 font"},
      {"OTTO\0"sv, "OpenType font"},
      {"\0\1\0\0\0"sv, "TrueType font"},
      {"ftypisom"sv, "MP4 video", 4},
      {"ftypmp4"sv, "MP4 video", 4},
      {"ftypM4A"sv, "MP4 audio", 4},
      {"ftypqt"sv, "QuickTime video", 4},
      {"ftypheic"sv, "HEIC image", 4},
      {"ftypavif"sv, "AVIF image", 4},
  };
  for (const Magic& m : table)
    if (starts(b, m.bytes, m.at)) return m.kind;
  if (starts(b, "RIFF") && b.size() >= 12) {
    if (starts(b, "WEBP", 8)) return "WebP image";
    if (starts(b, "WAVE", 8)) return "WAV audio";
    if (starts(b, "AVI ", 8)) return "AVI video";
    return "RIFF data";
  }
  // BMP: "BM" and the file size it declares (a text starting with "BM" does not).
  if (starts(b, "BM") && b.size() >= 14 && le32(b, 2) == b.size()) return "BMP image";
  // PE: "MZ" and the "PE\0\0" signature where the DOS header points.
  if (starts(b, "MZ") && b.size() >= 64) {
    const std::uint32_t pe = le32(b, 60);
    if (pe + 4 <= b.size() && starts(b, std::string_view("PE\0\0", 4), pe)) return "Windows executable";
  }
  // bzip2: "BZh" and a block size digit, then the block magic.
  if (starts(b, "BZh") && b.size() >= 10 && b[3] >= '1' && b[3] <= '9' && starts(b, "\x31\x41\x59\x26\x53\x59", 4))
    return "bzip2 data";
  return {};
}

bool is_control(unsigned char c) {
  // C0 controls but tab, line feed, form feed, carriage return and ESC (ISO-2022
  // escape sequences); DEL. Vertical tab counts (it is not seen in pages).
  return (c < 0x20 && c != '\t' && c != '\n' && c != '\f' && c != '\r' && c != 0x1b) || c == 0x7f;
}

}  // namespace

std::string binary_kind(std::string_view bytes) {
  if (bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f && static_cast<unsigned char>(bytes[1]) == 0x8b)
    return {};  // gzip: a compressed page, inflated before it is decoded
  if (std::string kind = magic_kind(bytes); !kind.empty()) return kind;
  const std::string_view s = bytes.substr(0, kSample);
  if (s.empty()) return {};
  // UTF-16 and UTF-32 text: a byte-order mark, or NUL bytes on one side of the pairs.
  if (starts(s, "\xff\xfe") || starts(s, "\xfe\xff") || starts(s, std::string_view("\0\0\xfe\xff", 4))) return {};
  std::size_t nul[2] = {0, 0}, controls = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == 0) ++nul[i & 1];
    controls += is_control(c);
  }
  const std::size_t nuls = nul[0] + nul[1];
  if (nuls * 10 >= s.size() && (nul[0] * 10 >= nuls * 9 || nul[1] * 10 >= nuls * 9)) return {};
  if (controls * 20 >= s.size()) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "binary data: %.1f%% control bytes", 100.0 * static_cast<double>(controls) /
                                                                             static_cast<double>(s.size()));
    return buf;
  }
  return {};
}

}  // namespace detour::corpora
