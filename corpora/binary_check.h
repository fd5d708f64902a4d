// binary_check: is a page's raw content text at all? Called on a page's bytes before
// they are decoded (corpora::load_page), so that an image, an archive, a PDF or
// random bytes is a recorded failure -- "not an HTML page (PNG image)" -- instead of
// being decoded as windows-1252 and extracted as pages of "text".
//
// Two tests, both linear and reading at most the first 64 KiB:
//  - magic bytes of common non-text formats: images (PNG, JPEG, GIF, WebP, TIFF,
//    BMP, ICO), documents and archives (PDF, ZIP and the formats built on it, RAR, 7z,
//    bzip2, xz, zstd, OLE2 Office files), executables (ELF, PE, Mach-O, Java class,
//    WebAssembly), audio, video and fonts, SQLite databases;
//  - a share of control bytes (C0 controls but tab, line feed, form feed, carriage
//    return and the escape of ISO-2022, plus DEL) of 5% or more: random or compressed
//    bytes hold about 10%, while no page of DANIEL holds more than 0.07%. Text in
//    UTF-16 or UTF-32 (a byte-order mark, or NUL bytes on one side of the byte pairs,
//    as decode.cc recognises it) is text.
// Gzip data (1f 8b) is not refused: it is a compressed page, inflated before decoding.
#pragma once

#include <string>
#include <string_view>

namespace detour::corpora {

// What the bytes are when they are not text ("PNG image", "ZIP archive", "binary
// data: 11.3% control bytes"), or "" when they may be a page.
std::string binary_kind(std::string_view bytes);

}  // namespace detour::corpora
