// decode: bytes of a web page -> UTF-8 (see decode.h for the order of decisions).
//
// Decisions, in order:
//  1. Byte-order mark (UTF-8, UTF-16LE, UTF-16BE): always wins, source "bom".
//  2. A charset given by the container (CleanEval's <text encoding=...>), source "given".
//  3. A declaration in the first 4096 bytes: <meta charset>, <meta http-equiv=
//     Content-Type content="...; charset=...">, found with the HTML5 "prescan a byte
//     stream" rules (comments skipped, attributes in any order, quoted or not, any
//     case, content= only with the http-equiv pragma), source "meta"; else an XML
//     declaration's encoding, source "xml-declaration".
//     Labels are mapped as browsers do (WHATWG Encoding Standard): GB2312/GBK ->
//     GB18030, ISO-8859-1/US-ASCII -> windows-1252, ISO-8859-9 -> windows-1254, a
//     UTF-16 label in a meta tag -> UTF-8. Unknown labels are ignored (noted).
//     Contradictions (all recorded in DecodeInfo::note):
//      - declared UTF-8, bytes mostly UTF-8 (at most 1 bad sequence per 20 good
//        ones): UTF-8, bad sequences -> U+FFFD, lossy;
//      - declared UTF-8, bytes mostly not: uchardet; its answer is used when it
//        converts without loss (source "detected"), else UTF-8 lossily;
//      - declared legacy charset, bytes well-formed or mostly UTF-8 with at least
//        kMinUtf8Sequences multi-byte sequences: UTF-8, source "detected" (such pages
//        were re-encoded after the meta tag was written; legacy CJK or Cyrillic text
//        is practically never well-formed UTF-8);
//      - declared legacy charset that loses bytes: uchardet's answer if lossless.
//  4. Detection, source "detected": well-formed (or mostly) UTF-8 with non-ASCII is
//     UTF-8 (checked before uchardet 0.0.7, which calls some such pages windows-125x;
//     detector "utf8-check"); ASCII-only pages are windows-1252 (source "default",
//     note "ASCII only"); else uchardet, its answer weighed against the charsets real
//     pages use (choose_charset below: an English page of curly quotes is
//     windows-1252, not MAC-CENTRALEUROPE; a few Shift_JIS characters are Shift_JIS,
//     not WINDOWS-1252). Pages with many NUL bytes: UTF-16 without a BOM when the NULs
//     fall on one side of the byte pairs (utf16_by_nul_pattern), else uchardet first.
//     A declared legacy charset that decodes without loss into implausible text
//     (score below kImplausible) gives way to a detected one (second_guess).
//     The detector, the candidates weighed and the confidence are in DecodeInfo.
//  5. UTF-8 when the bytes are valid UTF-8, else windows-1252, source "default".
// Conversion uses ICU; undecodable bytes become U+FFFD and DecodeInfo::lossy is set.
// Thread-safe: every call opens its own converters and detector.
#include "corpora/decode.h"

#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/ustring.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>
#include <uchardet/uchardet.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "base/utf8.h"

namespace detour::corpora {
namespace {

constexpr std::size_t kPrescanBytes = 4096;
// uchardet sees at most this much of a page: plenty for a decision, bounded cost.
constexpr std::size_t kDetectBytes = std::size_t{1} << 20;
// A legacy declaration is overridden by UTF-8 only with at least this many
// multi-byte sequences (a few valid sequences can occur by chance in legacy text).
constexpr int kMinUtf8Sequences = 4;

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + 32) : c; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

std::string to_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = lower(c);
  return out;
}

std::string trim_label(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && (is_space(s[b]) || s[b] == '"' || s[b] == '\'')) ++b;
  while (e > b && (is_space(s[e - 1]) || s[e - 1] == '"' || s[e - 1] == '\'')) --e;
  return std::string(s.substr(b, e - b));
}

// A charset we know how to use: the name recorded in DecodeInfo and ICU's name for it.
struct Charset {
  std::string name;
  std::string icu;
};

struct Alias {
  const char* label;
  const char* name;
  const char* icu;
};

// WHATWG Encoding Standard labels (the common ones) and uchardet's names, lower case.
constexpr Alias kAliases[] = {
    {"utf-8", "UTF-8", "UTF-8"},
    {"utf8", "UTF-8", "UTF-8"},
    {"unicode-1-1-utf-8", "UTF-8", "UTF-8"},
    {"x-unicode20utf8", "UTF-8", "UTF-8"},
    {"gb2312", "GB18030", "GB18030"},
    {"gbk", "GB18030", "GB18030"},
    {"gb18030", "GB18030", "GB18030"},
    {"gb_2312", "GB18030", "GB18030"},
    {"gb_2312-80", "GB18030", "GB18030"},
    {"x-gbk", "GB18030", "GB18030"},
    {"chinese", "GB18030", "GB18030"},
    {"csgb2312", "GB18030", "GB18030"},
    {"iso-ir-58", "GB18030", "GB18030"},
    {"cp936", "GB18030", "GB18030"},
    {"x-euc-cn", "GB18030", "GB18030"},
    {"euc-cn", "GB18030", "GB18030"},
    {"hz-gb-2312", "HZ-GB-2312", "HZ-GB-2312"},
    {"big5", "Big5", "windows-950-2000"},
    {"big5-hkscs", "Big5", "windows-950-2000"},
    {"cn-big5", "Big5", "windows-950-2000"},
    {"csbig5", "Big5", "windows-950-2000"},
    {"x-x-big5", "Big5", "windows-950-2000"},
    {"euc-tw", "EUC-TW", "x-euc-tw"},
    {"iso-8859-1", "windows-1252", "windows-1252"},
    {"iso8859-1", "windows-1252", "windows-1252"},
    {"iso_8859-1", "windows-1252", "windows-1252"},
    {"latin1", "windows-1252", "windows-1252"},
    {"l1", "windows-1252", "windows-1252"},
    {"cp819", "windows-1252", "windows-1252"},
    {"ascii", "windows-1252", "windows-1252"},
    {"us-ascii", "windows-1252", "windows-1252"},
    {"ansi_x3.4-1968", "windows-1252", "windows-1252"},
    {"windows-1252", "windows-1252", "windows-1252"},
    {"cp1252", "windows-1252", "windows-1252"},
    {"x-cp1252", "windows-1252", "windows-1252"},
    {"iso-8859-15", "ISO-8859-15", "ISO-8859-15"},
    {"latin9", "ISO-8859-15", "ISO-8859-15"},
    {"iso-8859-2", "ISO-8859-2", "ISO-8859-2"},
    {"iso8859-2", "ISO-8859-2", "ISO-8859-2"},
    {"latin2", "ISO-8859-2", "ISO-8859-2"},
    {"windows-1250", "windows-1250", "windows-1250"},
    {"cp1250", "windows-1250", "windows-1250"},
    {"x-cp1250", "windows-1250", "windows-1250"},
    {"iso-8859-5", "ISO-8859-5", "ISO-8859-5"},
    {"windows-1251", "windows-1251", "windows-1251"},
    {"cp1251", "windows-1251", "windows-1251"},
    {"x-cp1251", "windows-1251", "windows-1251"},
    {"koi8-r", "KOI8-R", "KOI8-R"},
    {"koi8r", "KOI8-R", "KOI8-R"},
    {"koi8-u", "KOI8-U", "KOI8-U"},
    {"ibm866", "IBM866", "ibm-866"},
    {"cp866", "IBM866", "ibm-866"},
    {"mac-cyrillic", "x-mac-cyrillic", "x-mac-cyrillic"},
    {"x-mac-cyrillic", "x-mac-cyrillic", "x-mac-cyrillic"},
    {"iso-8859-7", "ISO-8859-7", "ISO-8859-7"},
    {"iso8859-7", "ISO-8859-7", "ISO-8859-7"},
    {"greek", "ISO-8859-7", "ISO-8859-7"},
    {"windows-1253", "windows-1253", "windows-1253"},
    {"cp1253", "windows-1253", "windows-1253"},
    {"iso-8859-9", "windows-1254", "windows-1254"},
    {"latin5", "windows-1254", "windows-1254"},
    {"windows-1254", "windows-1254", "windows-1254"},
    {"windows-1257", "windows-1257", "windows-1257"},
    {"iso-8859-13", "ISO-8859-13", "ISO-8859-13"},
    {"shift_jis", "Shift_JIS", "windows-31j"},
    {"shift-jis", "Shift_JIS", "windows-31j"},
    {"sjis", "Shift_JIS", "windows-31j"},
    {"ms_kanji", "Shift_JIS", "windows-31j"},
    {"windows-31j", "Shift_JIS", "windows-31j"},
    {"euc-jp", "EUC-JP", "EUC-JP"},
    {"iso-2022-jp", "ISO-2022-JP", "ISO-2022-JP"},
    {"euc-kr", "EUC-KR", "windows-949"},
    {"ks_c_5601-1987", "EUC-KR", "windows-949"},
    {"windows-949", "EUC-KR", "windows-949"},
    {"cp949", "EUC-KR", "windows-949"},
    {"uhc", "EUC-KR", "windows-949"},
    {"tis-620", "windows-874", "windows-874"},
    {"windows-874", "windows-874", "windows-874"},
    {"utf-16le", "UTF-16LE", "UTF-16LE"},
    {"utf-16be", "UTF-16BE", "UTF-16BE"},
    {"utf-16", "UTF-16LE", "UTF-16LE"},
};

bool icu_knows(const std::string& name) {
  UErrorCode st = U_ZERO_ERROR;
  UConverter* c = ucnv_open(name.c_str(), &st);
  if (c) ucnv_close(c);
  return U_SUCCESS(st) && c != nullptr;
}

// Resolves a label as browsers do; unknown labels that ICU understands are used under
// ICU's canonical name; nullopt when nobody knows the label.
std::optional<Charset> resolve_label(std::string_view raw) {
  std::string label = to_lower(trim_label(raw));
  if (label.empty() || label.size() > 64) return std::nullopt;
  for (const Alias& a : kAliases) {
    if (label == a.label) return Charset{a.name, a.icu};
  }
  UErrorCode st = U_ZERO_ERROR;
  UConverter* c = ucnv_open(label.c_str(), &st);
  if (!c || U_FAILURE(st)) return std::nullopt;
  const char* canon = ucnv_getName(c, &st);
  std::string name = U_SUCCESS(st) && canon ? canon : label;
  ucnv_close(c);
  return Charset{name, label};
}

bool is_utf8(const Charset& c) { return c.name == "UTF-8"; }
bool is_utf16(const Charset& c) { return c.name == "UTF-16LE" || c.name == "UTF-16BE"; }

// ---------- prescan (HTML5 "prescan a byte stream to determine its encoding") ------

struct Attr {
  std::string name;
  std::string value;
};

// Reads one attribute starting at `i` (HTML5 "get an attribute"); false at '>' or end.
bool get_attribute(std::string_view s, std::size_t& i, Attr& out) {
  out.name.clear();
  out.value.clear();
  while (i < s.size() && (is_space(s[i]) || s[i] == '/')) ++i;
  if (i >= s.size() || s[i] == '>') return false;
  while (i < s.size()) {
    char c = s[i];
    if (c == '=' && !out.name.empty()) {
      ++i;
      break;
    }
    if (is_space(c)) {
      while (i < s.size() && is_space(s[i])) ++i;
      if (i < s.size() && s[i] == '=') {
        ++i;
        break;
      }
      return true;  // attribute without value
    }
    if (c == '/' || c == '>') return true;
    out.name += lower(c);
    ++i;
  }
  while (i < s.size() && is_space(s[i])) ++i;
  if (i >= s.size()) return true;
  if (s[i] == '"' || s[i] == '\'') {
    char q = s[i++];
    while (i < s.size() && s[i] != q) out.value += lower(s[i++]);
    if (i < s.size()) ++i;
    return true;
  }
  while (i < s.size() && !is_space(s[i]) && s[i] != '>') out.value += lower(s[i++]);
  return true;
}

// HTML5 "extracting a character encoding from a meta element" from a content value.
std::string charset_from_content(std::string_view v) {
  std::size_t pos = 0;
  while (true) {
    pos = v.find("charset", pos);
    if (pos == std::string_view::npos) return {};
    std::size_t i = pos + 7;
    while (i < v.size() && is_space(v[i])) ++i;
    if (i >= v.size() || v[i] != '=') {
      pos = i;
      continue;
    }
    ++i;
    while (i < v.size() && is_space(v[i])) ++i;
    if (i >= v.size()) return {};
    if (v[i] == '"' || v[i] == '\'') {
      char q = v[i];
      std::size_t e = v.find(q, i + 1);
      if (e == std::string_view::npos) return {};
      return std::string(v.substr(i + 1, e - i - 1));
    }
    std::size_t e = i;
    while (e < v.size() && !is_space(v[e]) && v[e] != ';') ++e;
    return std::string(v.substr(i, e - i));
  }
}

bool starts_with_ci(std::string_view s, std::size_t i, std::string_view what) {
  if (i + what.size() > s.size()) return false;
  for (std::size_t k = 0; k < what.size(); ++k) {
    if (lower(s[i + k]) != what[k]) return false;
  }
  return true;
}

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Returns the raw label of the first meta declaration, or "".
std::string prescan_meta(std::string_view s) {
  std::size_t i = 0;
  Attr a;
  while (i < s.size()) {
    if (s[i] != '<') {
      ++i;
      continue;
    }
    if (s.compare(i, 4, "<!--") == 0) {
      std::size_t e = s.find("-->", i + 4);
      if (e == std::string_view::npos) return {};
      i = e + 3;
      continue;
    }
    if (starts_with_ci(s, i, "<meta") && i + 5 < s.size() && (is_space(s[i + 5]) || s[i + 5] == '/')) {
      i += 5;
      bool got_pragma = false;
      int need_pragma = -1;  // -1 null, 0 false, 1 true
      std::string charset;
      bool seen_he = false, seen_content = false, seen_charset = false;
      while (get_attribute(s, i, a)) {
        if (a.name == "http-equiv" && !seen_he) {
          seen_he = true;
          if (trim_label(a.value) == "content-type") got_pragma = true;
        } else if (a.name == "content" && !seen_content) {
          seen_content = true;
          std::string c = charset_from_content(a.value);
          if (!c.empty() && charset.empty()) {
            charset = c;
            need_pragma = 1;
          }
        } else if (a.name == "charset" && !seen_charset) {
          seen_charset = true;
          charset = a.value;
          need_pragma = 0;
        }
      }
      if (i < s.size() && s[i] == '>') ++i;
      if (need_pragma == -1 || (need_pragma == 1 && !got_pragma)) continue;
      if (!trim_label(charset).empty()) return charset;
      continue;
    }
    if ((i + 1 < s.size() && is_alpha(s[i + 1])) ||
        (i + 2 < s.size() && s[i + 1] == '/' && is_alpha(s[i + 2]))) {
      // Some other tag: skip its name and attributes.
      ++i;
      while (i < s.size() && !is_space(s[i]) && s[i] != '>') ++i;
      while (get_attribute(s, i, a)) {
      }
      if (i < s.size()) ++i;
      continue;
    }
    if (i + 1 < s.size() && (s[i + 1] == '!' || s[i + 1] == '/' || s[i + 1] == '?')) {
      std::size_t e = s.find('>', i + 1);
      if (e == std::string_view::npos) return {};
      i = e + 1;
      continue;
    }
    ++i;
  }
  return {};
}

// encoding="..." of a leading XML declaration, or "".
std::string xml_declaration_label(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && is_space(s[i])) ++i;
  if (!starts_with_ci(s, i, "<?xml")) return {};
  std::size_t end = s.find("?>", i);
  if (end == std::string_view::npos) end = s.size();
  std::string_view decl = s.substr(i, end - i);
  std::size_t p = 0;
  while ((p = decl.find("encoding", p)) != std::string_view::npos) {
    std::size_t k = p + 8;
    while (k < decl.size() && is_space(decl[k])) ++k;
    if (k < decl.size() && decl[k] == '=') {
      ++k;
      while (k < decl.size() && is_space(decl[k])) ++k;
      if (k < decl.size() && (decl[k] == '"' || decl[k] == '\'')) {
        char q = decl[k];
        std::size_t e = decl.find(q, k + 1);
        if (e != std::string_view::npos) return std::string(decl.substr(k + 1, e - k - 1));
      }
      return {};
    }
    p = k;
  }
  return {};
}

// ---------- detection and conversion ------------------------------------------------

std::string detect(std::string_view bytes) {
  uchardet_t ud = uchardet_new();
  if (!ud) return {};
  std::string_view part = bytes.substr(0, std::min(bytes.size(), kDetectBytes));
  std::string out;
  if (uchardet_handle_data(ud, part.data(), part.size()) == 0) {
    uchardet_data_end(ud);
    const char* cs = uchardet_get_charset(ud);
    if (cs) out = cs;
  }
  uchardet_delete(ud);
  return out;
}

// How the bytes read as UTF-8: well-formed multi-byte sequences, and ill-formed
// sequences (counted as WHATWG's decoder would emit U+FFFD: one per maximal subpart).
struct Utf8Stats {
  long multi = 0;
  long invalid = 0;
  long nul = 0;
  bool valid() const { return invalid == 0; }
  // Mostly UTF-8: the page was UTF-8 with a few damaged bytes.
  bool mostly() const { return multi >= kMinUtf8Sequences && invalid * 20 <= multi; }
};

Utf8Stats utf8_stats(std::string_view s) {
  Utf8Stats st;
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  std::size_t n = s.size(), i = 0;
  constexpr std::uint64_t kHigh = 0x8080808080808080ULL, kOnes = 0x0101010101010101ULL;
  while (i < n) {
    // Fast path: eight ASCII bytes, none of them NUL (the usual case in markup).
    if (i + 8 <= n) {
      std::uint64_t w;
      std::memcpy(&w, p + i, 8);
      if ((w & kHigh) == 0 && ((w - kOnes) & ~w & kHigh) == 0) {
        i += 8;
        continue;
      }
    }
    unsigned char c = p[i];
    if (c < 0x80) {
      if (c == 0) ++st.nul;
      ++i;
      continue;
    }
    const utf8::Step step = utf8::decode(s, i);
    if (step.ok) {
      ++st.multi;
    } else {
      ++st.invalid;  // the maximal subpart is one error
    }
    i += step.len;
  }
  return st;
}

// To-Unicode callback: every illegal/unassigned sequence becomes U+FFFD and is counted.
void count_and_substitute(const void* context, UConverterToUnicodeArgs* args, const char*, int32_t,
                          UConverterCallbackReason reason, UErrorCode* err) {
  if (reason > UCNV_IRREGULAR) return;  // reset/close/clone: nothing to do
  *static_cast<bool*>(const_cast<void*>(context)) = true;
  *err = U_ZERO_ERROR;
  static const UChar kReplacement = 0xFFFD;
  ucnv_cbToUWriteUChars(args, &kReplacement, 1, 0, err);
}

struct ConverterCloser {
  void operator()(UConverter* c) const { ucnv_close(c); }
};

std::string convert(std::string_view bytes, const std::string& icu_name, bool* lossy) {
  UErrorCode st = U_ZERO_ERROR;
  std::unique_ptr<UConverter, ConverterCloser> conv(ucnv_open(icu_name.c_str(), &st));
  if (!conv || U_FAILURE(st)) {
    throw std::invalid_argument("unknown charset '" + icu_name + "'");
  }
  bool lost = false;
  ucnv_setToUCallBack(conv.get(), count_and_substitute, &lost, nullptr, nullptr, &st);
  if (U_FAILURE(st)) throw std::runtime_error("ICU: cannot set callback for " + icu_name);

  std::string out;
  out.reserve(bytes.size() + bytes.size() / 2);
  constexpr int32_t kChunk = 1 << 15;
  std::vector<UChar> buf(kChunk + 1);
  std::vector<char> u8(static_cast<std::size_t>(kChunk) * 3 + 8);
  const char* src = bytes.data();
  const char* src_end = bytes.data() + bytes.size();
  UChar carry = 0;  // a lead surrogate left at the end of the previous chunk
  bool done = false;
  while (!done) {
    UChar* tgt = buf.data();
    if (carry) *tgt++ = carry, carry = 0;
    UChar* tgt_begin = buf.data();
    st = U_ZERO_ERROR;
    ucnv_toUnicode(conv.get(), &tgt, buf.data() + kChunk, &src, src_end, nullptr, /*flush=*/true, &st);
    if (st == U_BUFFER_OVERFLOW_ERROR) {
      st = U_ZERO_ERROR;
    } else if (U_FAILURE(st)) {
      throw std::runtime_error(std::string("ICU conversion failed: ") + u_errorName(st));
    } else {
      done = true;
    }
    int32_t n = static_cast<int32_t>(tgt - tgt_begin);
    if (!done && n > 0 && U16_IS_LEAD(tgt_begin[n - 1])) carry = tgt_begin[--n];
    if (n == 0) continue;
    int32_t len = 0;
    UErrorCode st2 = U_ZERO_ERROR;
    u_strToUTF8WithSub(u8.data(), static_cast<int32_t>(u8.size()), &len, tgt_begin, n, 0xFFFD,
                       nullptr, &st2);
    if (U_FAILURE(st2)) throw std::runtime_error(std::string("ICU UTF-8 output failed: ") + u_errorName(st2));
    out.append(u8.data(), static_cast<std::size_t>(len));
  }
  if (lossy) *lossy = lost;
  return out;
}

Decoded finish(std::string_view bytes, const Charset& cs, std::string source, std::string note,
               const Utf8Stats* st = nullptr) {
  Decoded d;
  d.info.charset = cs.name;
  d.info.source = std::move(source);
  d.info.note = std::move(note);
  bool lossy = false;
  if (is_utf8(cs) && (st ? st->valid() : utf8_stats(bytes).valid())) {
    d.utf8.assign(bytes);
  } else {
    d.utf8 = convert(bytes, cs.icu, &lossy);
  }
  d.info.lossy = lossy;
  return d;
}

const Charset kUtf8{"UTF-8", "UTF-8"};
const Charset kWindows1252{"windows-1252", "windows-1252"};

// ---------- detection: uchardet, weighed against the charsets real pages use -------
//
// uchardet 0.0.7 reports one charset and no confidence. On pages with little
// non-ASCII text it errs in known ways: English windows-1252 text whose only
// non-ASCII bytes are curly quotes becomes MAC-CENTRALEUROPE ("Teacher's" read as
// "Teacherís"), and a few CJK characters in a page of ASCII markup become
// WINDOWS-1252 or ISO-8859-7. So its answer is checked: each candidate charset
// decodes (a sample of) the bytes and the result is profiled (profile()): how many of
// the non-ASCII characters are what text is made of (letters in words of one script
// and plausible case, common punctuation) and how many are not (C1 controls,
// replacement characters, private-use or unassigned code points, stray symbols,
// words mixing scripts or case, Latin words made mostly of accented capitals or
// lower-case letters, words all in capitals); CJK candidates must also look like
// their language (Japanese has kana, Korean is mostly Hangul, Chinese has neither).
// The plausibility is the share of good characters (0..1), the candidate's score.
// uchardet's answer stands when it is a charset real pages use, converts without
// loss and scores at least kTrusted; otherwise the best of uchardet's answer and the
// charsets real pages use (kCommon, in order of preference, which breaks ties) wins,
// uchardet's answer only losing to a score kMargin higher. Everything weighed is
// recorded in DecodeInfo (detector, candidates, confidence).

constexpr double kTrusted = 0.9;
constexpr double kMargin = 0.1;
// The evaluation sample: every run of non-ASCII bytes with kContext bytes around it,
// at most kSampleBytes in all.
constexpr std::size_t kContext = 24;
constexpr std::size_t kSampleBytes = std::size_t{64} << 10;

const char* const kCommon[] = {
    "windows-1252", "windows-1250", "ISO-8859-2", "windows-1251", "KOI8-R",    "windows-1253",
    "ISO-8859-7",   "windows-1254", "windows-1257", "windows-1255", "windows-1256", "windows-874",
    "Shift_JIS",    "EUC-JP",       "GB18030",      "Big5",         "EUC-KR",
};

std::string uchardet_version() { return "uchardet-0.0.7"; }

// uchardet answers that real pages practically never are: Mac and DOS code pages and
// the rarer ISO-8859 parts.
bool is_rare(const std::string& raw) {
  const std::string l = to_lower(raw);
  if (l.rfind("mac", 0) == 0 || l.rfind("x-mac", 0) == 0 || l.rfind("ibm", 0) == 0 || l.rfind("cp8", 0) == 0)
    return true;
  for (const char* r : {"iso-8859-3", "iso-8859-4", "iso-8859-10", "iso-8859-13", "iso-8859-14", "iso-8859-16",
                        "viscii", "georgian-academy", "georgian-ps", "euc-tw"})
    if (l == r) return true;
  return false;
}

enum class Script : unsigned char { None, Latin, Cyrillic, Greek, Arabic, Hebrew, Thai, Cjk, Other };

Script script_of(UChar32 c) {
  UErrorCode e = U_ZERO_ERROR;
  switch (uscript_getScript(c, &e)) {
    case USCRIPT_COMMON:
    case USCRIPT_INHERITED:
      return Script::None;
    case USCRIPT_LATIN:
      return Script::Latin;
    case USCRIPT_CYRILLIC:
      return Script::Cyrillic;
    case USCRIPT_GREEK:
      return Script::Greek;
    case USCRIPT_ARABIC:
      return Script::Arabic;
    case USCRIPT_HEBREW:
      return Script::Hebrew;
    case USCRIPT_THAI:
      return Script::Thai;
    case USCRIPT_HAN:
    case USCRIPT_HIRAGANA:
    case USCRIPT_KATAKANA:
    case USCRIPT_HANGUL:
    case USCRIPT_BOPOMOFO:
      return Script::Cjk;
    default:
      return Script::Other;
  }
}

// Symbols that ordinary text holds.
bool common_symbol(UChar32 c) {
  switch (c) {
    case 0xA2: case 0xA3: case 0xA5: case 0xA7: case 0xA9: case 0xAE: case 0xB0: case 0xB1:
    case 0xB6: case 0xB7: case 0xD7: case 0xF7: case 0x2022: case 0x2026: case 0x20AC: case 0x2116:
    case 0x2122: case 0x2190: case 0x2192: case 0x25BA: case 0x25CF: case 0x25A0: case 0x2605:
      return true;
    default:
      return false;
  }
}

struct Profile {
  long non_ascii = 0;  // code points >= U+0080 (and ill-formed bytes)
  double bad = 0;      // what text is not made of (see the block comment)
  long han = 0, kana = 0, halfwidth_kana = 0, hangul = 0;
  // Non-ASCII Latin letters, punctuation and symbols (not spaces), and how many of them
  // follow another: Latin text has its accented letters and quotes among ASCII
  // letters, double-byte text read as a Latin charset has them side by side.
  long latin_like = 0, latin_pairs = 0;
  double plausibility() const {
    if (non_ascii == 0) return 1.0;
    const double v = 1.0 - bad / static_cast<double>(non_ascii);
    return v < 0 ? 0 : v;
  }
  long cjk_letters() const { return han + kana + halfwidth_kana + hangul; }
};

Profile profile(std::string_view s) {
  Profile p;
  // The current word: its letters' scripts, case pattern and non-ASCII letters.
  bool scripts[9] = {};
  long letters = 0, word_non_ascii = 0, upper = 0, ascii_letters = 0;
  bool case_break = false, prev_lower = false;
  auto end_word = [&] {
    if (word_non_ascii > 0) {
      int n = 0;
      for (int k = 0; k < 9; ++k) n += scripts[k];
      if (scripts[static_cast<int>(Script::Cjk)] && scripts[static_cast<int>(Script::Latin)]) --n;
      const bool latin_only = n == 1 && scripts[static_cast<int>(Script::Latin)];
      if (n > 1 || case_break) {
        p.bad += static_cast<double>(word_non_ascii);
      } else if (latin_only && letters >= 4 && word_non_ascii * 2 > letters) {
        p.bad += static_cast<double>(word_non_ascii);  // "ÂÉÂÌÉÏÔÅËÉ": Cyrillic read as Latin
      } else if (letters >= 3 && upper == letters && !scripts[static_cast<int>(Script::Cjk)]) {
        p.bad += 0.5 * static_cast<double>(word_non_ascii);  // all capitals: case inverted?
      }
    }
    for (bool& b : scripts) b = false;
    letters = word_non_ascii = upper = ascii_letters = 0;
    case_break = prev_lower = false;
  };
  auto letter = [&](UChar32 c, bool ascii) {
    Script sc = script_of(c);
    if (sc != Script::None) scripts[static_cast<int>(sc)] = true;
    ++letters;
    if (ascii) ++ascii_letters;
    else ++word_non_ascii;
    const bool is_up = u_isupper(c), is_low = u_islower(c);
    if (is_up) {
      ++upper;
      if (prev_lower) case_break = true;
    }
    prev_lower = is_low;
  };
  const auto* b = reinterpret_cast<const uint8_t*>(s.data());
  const int32_t n = static_cast<int32_t>(std::min<std::size_t>(s.size(), INT32_MAX));
  int32_t i = 0;
  bool prev_latin_like = false;
  bool prev_letter = false;       // the previous code point was a letter
  bool punct_after_letter = false;  // ... and before it, a letter then this punctuation
  while (i < n) {
    UChar32 c;
    if (b[i] < 0x80) {
      c = b[i++];
      prev_latin_like = false;
      const bool is_letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
      if (is_letter && punct_after_letter) p.bad += 1;  // "x‹y": quotes inside a word
      punct_after_letter = false;
      prev_letter = is_letter;
      if (is_letter) letter(c, true);
      else end_word();
      continue;
    }
    U8_NEXT(b, i, n, c);
    ++p.non_ascii;
    {
      UErrorCode e = U_ZERO_ERROR;
      const UScriptCode sc = c < 0 ? USCRIPT_INVALID_CODE : uscript_getScript(c, &e);
      const bool latin_like = (sc == USCRIPT_LATIN || sc == USCRIPT_COMMON || sc == USCRIPT_INHERITED) &&
                              c > 0 && u_charType(c) != U_SPACE_SEPARATOR;
      if (latin_like) {
        ++p.latin_like;
        if (prev_latin_like) ++p.latin_pairs;
      }
      prev_latin_like = latin_like;
      const int8_t ct = c < 0 ? static_cast<int8_t>(U_UNASSIGNED) : u_charType(c);
      const bool is_letter = c > 0 && (u_isalpha(c) || ct == U_NON_SPACING_MARK || ct == U_COMBINING_SPACING_MARK);
      const bool quote_like = ct == U_INITIAL_PUNCTUATION || ct == U_FINAL_PUNCTUATION || ct == U_START_PUNCTUATION ||
                              ct == U_END_PUNCTUATION || ct == U_OTHER_PUNCTUATION;
      if (is_letter && punct_after_letter) p.bad += 1;  // "Њ‹ћ": punctuation inside a word
      // The apostrophes (U+2019, U+02BC) and CJK punctuation do sit between letters.
      punct_after_letter = prev_letter && quote_like && c != 0x2019 && c != 0x02BC && !(c >= 0x3000 && c <= 0x303F) &&
                           !(c >= 0xFF01 && c <= 0xFF60) && c != 0x00B7 && c != 0x30FB;
      prev_letter = is_letter;
    }
    if (c < 0 || c == 0xFFFD || (c >= 0x80 && c <= 0x9F)) {
      p.bad += 1;
      end_word();
      continue;
    }
    const int8_t t = u_charType(c);
    if (t == U_PRIVATE_USE_CHAR || t == U_UNASSIGNED || t == U_CONTROL_CHAR || t == U_SURROGATE) {
      p.bad += 1;
      end_word();
      continue;
    }
    if (c >= 0xFF61 && c <= 0xFF9F) {
      ++p.halfwidth_kana;
      letter(c, false);
      continue;
    }
    if (u_isalpha(c) || t == U_NON_SPACING_MARK || t == U_COMBINING_SPACING_MARK) {
      UErrorCode e = U_ZERO_ERROR;
      const UScriptCode sc = uscript_getScript(c, &e);
      if (sc == USCRIPT_HAN) ++p.han;
      else if (sc == USCRIPT_HIRAGANA || sc == USCRIPT_KATAKANA) ++p.kana;
      else if (sc == USCRIPT_HANGUL) ++p.hangul;
      letter(c, false);
      continue;
    }
    end_word();
    const bool text_punct = t == U_DASH_PUNCTUATION || t == U_START_PUNCTUATION || t == U_END_PUNCTUATION ||
                            t == U_INITIAL_PUNCTUATION || t == U_FINAL_PUNCTUATION ||
                            t == U_OTHER_PUNCTUATION || t == U_CONNECTOR_PUNCTUATION || t == U_SPACE_SEPARATOR ||
                            t == U_DECIMAL_DIGIT_NUMBER;
    // CJK symbols and punctuation, full-width forms: text in CJK pages.
    const bool cjk_punct = (c >= 0x3000 && c <= 0x303F) || (c >= 0xFF01 && c <= 0xFF60) || (c >= 0x30FB && c <= 0x30FC);
    if (!text_punct && !cjk_punct && !common_symbol(c)) p.bad += 1;
  }
  end_word();
  return p;
}

enum class Family { Single, Japanese, Korean, Chinese };

Family family_of(const std::string& name) {
  if (name == "Shift_JIS" || name == "EUC-JP" || name == "ISO-2022-JP") return Family::Japanese;
  if (name == "EUC-KR") return Family::Korean;
  if (name == "GB18030" || name == "Big5" || name == "EUC-TW" || name == "HZ-GB-2312") return Family::Chinese;
  return Family::Single;
}

// Share of double-byte pairs (lead >= 0x81) whose second byte is 0x40-0x7E: common in
// Big5 text, rare in GB2312-range text.
double ascii_trail_share(std::string_view s) {
  long pairs = 0, ascii = 0;
  for (std::size_t i = 0; i + 1 < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x81) {
      ++i;
      continue;
    }
    const auto t = static_cast<unsigned char>(s[i + 1]);
    ++pairs;
    ascii += t >= 0x40 && t <= 0x7E;
    i += 2;
  }
  return pairs == 0 ? 0.0 : static_cast<double>(ascii) / static_cast<double>(pairs);
}

struct Weighed {
  Charset cs;
  bool lossy = false;
  double score = 0;
};

double score_of(const Charset& cs, bool lossy, const Profile& p, double trail_share) {
  double s = p.plausibility();
  const double letters = static_cast<double>(p.cjk_letters());
  switch (family_of(cs.name)) {
    case Family::Single:
      if (p.latin_like >= 4) {
        // Side by side more often than not: not Latin text.
        const double side_by_side = std::min(1.0, 2.0 * static_cast<double>(p.latin_pairs) / static_cast<double>(p.latin_like));
        if (side_by_side > 0.5) s *= 1.0 - 2.0 * (side_by_side - 0.5);
      }
      break;
    case Family::Japanese:
      if (letters == 0) {
        s *= 0.5;
      } else {
        s *= 1.0 - static_cast<double>(p.hangul + p.halfwidth_kana) / letters;
        if ((letters >= 4 && p.kana == 0) || (letters >= 20 && p.kana * 10 < p.cjk_letters())) s *= 0.7;
      }
      break;
    case Family::Korean:
      if (letters == 0) s *= 0.5;
      else if (const double h = static_cast<double>(p.hangul) / letters; h < 0.8) s *= h;
      break;
    case Family::Chinese:
      if (letters == 0) {
        s *= 0.5;
      } else {
        s *= 1.0 - static_cast<double>(p.kana + p.hangul + p.halfwidth_kana) / letters;
        if (cs.name == "GB18030" && trail_share >= 0.1) s *= 0.9;
        if (cs.name == "Big5" && trail_share < 0.05 && letters >= 10) s *= 0.95;
      }
      break;
  }
  if (lossy) s *= 0.5;
  return s;
}

// The bytes detection looks at: each run of non-ASCII bytes with some context (the
// ASCII bytes that may be second bytes of double-byte characters, and the letters of
// the words they sit in), in order, separated by newlines.
std::string evaluation_sample(std::string_view bytes) {
  std::string out;
  const std::size_t n = std::min(bytes.size(), kDetectBytes);
  std::size_t lo = 0, hi = 0;
  bool open = false;
  auto emit = [&] {
    if (!out.empty()) out += '\n';
    out.append(bytes.substr(lo, hi - lo));
  };
  // Windows of kContext bytes around each non-ASCII byte, merged when they overlap:
  // a window never starts or ends inside a double-byte character (its first byte
  // would be non-ASCII, whose own window would have been merged).
  for (std::size_t k = 0; k < n && out.size() < kSampleBytes; ++k) {
    if (static_cast<unsigned char>(bytes[k]) < 0x80) continue;
    const std::size_t a = k >= kContext ? k - kContext : 0;
    const std::size_t b = std::min(n, k + 1 + kContext);
    if (open && a <= hi) {
      hi = std::max(hi, b);
    } else {
      if (open) emit();
      lo = a;
      hi = b;
      open = true;
    }
  }
  if (open) emit();
  return out;
}

std::string format_score(double v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

struct Choice {
  Charset cs;
  std::string detector, candidates;
  double confidence = 0;
};

// Detection over `bytes` (see the block comment above); nullopt when no charset can
// be used. `exclude` (a declared charset being second-guessed) is not a candidate.
std::optional<Choice> choose_charset(std::string_view bytes, const std::string& exclude = {}) {
  const std::string raw = detect(bytes);
  Choice out;
  out.detector = uchardet_version() + ":" + (raw.empty() ? std::string("none") : raw);
  std::optional<Charset> u;
  if (!raw.empty()) {
    u = resolve_label(raw);
    if (u && !icu_knows(u->icu)) u.reset();
  }
  const bool rare = u && is_rare(raw);
  const std::string sample = evaluation_sample(bytes);
  const double trail_share = ascii_trail_share(sample);
  auto weigh = [&](const Charset& cs) {
    Weighed w{cs, false, 0};
    try {
      const std::string text = convert(sample, cs.icu, &w.lossy);
      w.score = score_of(cs, w.lossy, profile(text), trail_share);
    } catch (const std::exception&) {
      w.score = -1;
    }
    return w;
  };
  std::optional<Weighed> wu;
  if (u && !rare && u->name != exclude) {
    wu = weigh(*u);
    if (!wu->lossy && wu->score >= kTrusted) {
      out.cs = *u;
      out.confidence = wu->score;
      out.candidates = u->name + " " + format_score(wu->score);
      return out;
    }
  }
  std::vector<Weighed> all;
  if (wu) all.push_back(*wu);
  for (const char* name : kCommon) {
    auto cs = resolve_label(name);
    if (!cs || cs->name == exclude || (wu && cs->name == wu->cs.name) || !icu_knows(cs->icu)) continue;
    all.push_back(weigh(*cs));
  }
  if (all.empty()) return std::nullopt;
  std::size_t best = 0;
  for (std::size_t k = 1; k < all.size(); ++k)
    if (all[k].score > all[best].score + 1e-9) best = k;
  if (wu && best != 0 && all[best].score < wu->score + kMargin) best = 0;  // uchardet keeps a near tie
  std::vector<std::size_t> order(all.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return all[a].score > all[b].score; });
  for (std::size_t k = 0; k < order.size() && k < 4; ++k)
    out.candidates += (k ? ", " : "") + all[order[k]].cs.name + " " + format_score(all[order[k]].score);
  if (rare) out.candidates += "; " + raw + " set aside (rare on the web)";
  if (all[best].score <= 0) return std::nullopt;
  out.cs = all[best].cs;
  out.confidence = all[best].score;
  return out;
}

// UTF-8 told by its well-formed multi-byte sequences (before uchardet is asked):
// recorded as the detection it is, its confidence the share of well-formed sequences.
Decoded utf8_checked(Decoded d, const Utf8Stats& st) {
  d.info.detector = "utf8-check";
  d.info.candidates = "UTF-8 " + std::to_string(st.multi) + " multi-byte sequences, " + std::to_string(st.invalid) +
                      " invalid";
  d.info.confidence = static_cast<double>(st.multi) / static_cast<double>(std::max<long>(1, st.multi + st.invalid));
  return d;
}

Decoded with_choice(Decoded d, const Choice& c) {
  d.info.detector = c.detector;
  d.info.candidates = c.candidates;
  d.info.confidence = c.confidence;
  return d;
}

// Tries a detected charset as a replacement for a declared one that the bytes
// contradict; returns a result only if detection converts without loss.
std::optional<Decoded> try_detected(std::string_view bytes, const Charset& declared,
                                    const std::string& declared_source) {
  auto c = choose_charset(bytes, declared.name);
  if (!c || c->cs.name == declared.name || is_utf8(c->cs)) return std::nullopt;
  Decoded d = finish(bytes, c->cs, "detected",
                     "declared " + declared.name + " (" + declared_source +
                         ") contradicted by the bytes; detected " + c->cs.name);
  if (d.info.lossy) return std::nullopt;
  return with_choice(std::move(d), *c);
}

// A declared legacy charset that decodes without loss but into text nobody writes
// (halfwidth katakana soup, case-inverted Cyrillic): replaced by a detected charset
// that reads as text (score at least kTrusted) when the declared one scores below
// kImplausible.
constexpr double kImplausible = 0.5;
constexpr long kSecondGuessEvidence = 8;  // non-ASCII characters at least
std::optional<Decoded> second_guess(std::string_view bytes, const Charset& declared, const std::string& source) {
  const std::string sample = evaluation_sample(bytes);
  if (sample.empty()) return std::nullopt;
  bool lossy = false;
  double declared_score;
  try {
    const Profile prof = profile(convert(sample, declared.icu, &lossy));
    if (prof.non_ascii < kSecondGuessEvidence) return std::nullopt;  // too little to go against a declaration
    declared_score = score_of(declared, false, prof, ascii_trail_share(sample));
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (declared_score >= kImplausible) return std::nullopt;
  auto c = choose_charset(bytes, declared.name);
  if (!c || c->confidence < kTrusted || is_utf8(c->cs)) return std::nullopt;
  Decoded d = finish(bytes, c->cs, "detected",
                     "declared " + declared.name + " (" + source + ") reads as " + format_score(declared_score) +
                         " plausible; detected " + c->cs.name);
  if (d.info.lossy) return std::nullopt;
  return with_choice(std::move(d), *c);
}

std::string count_note(long invalid) {
  return std::to_string(invalid) + " invalid UTF-8 sequence" + (invalid == 1 ? "" : "s") + " replaced";
}

Decoded from_declaration(std::string_view bytes, const Charset& cs, const std::string& source,
                         const Utf8Stats& st) {
  if (is_utf8(cs)) {
    if (st.valid()) return finish(bytes, cs, source, {}, &st);
    if (st.mostly()) return finish(bytes, cs, source, "declared UTF-8; " + count_note(st.invalid), &st);
    if (auto d = try_detected(bytes, cs, source)) return *d;
    return finish(bytes, cs, source, "declared UTF-8 but mostly not UTF-8 and detection failed; " +
                                         count_note(st.invalid), &st);
  }
  // A legacy declaration on bytes that are (nearly all) well-formed UTF-8 with real
  // non-ASCII content: the page was re-encoded to UTF-8 after the tag was written.
  if (st.valid() && st.multi >= kMinUtf8Sequences) {
    return utf8_checked(finish(bytes, kUtf8, "detected",
                               "declared " + cs.name + " (" + source + ") but bytes are valid UTF-8", &st),
                        st);
  }
  if (st.mostly()) {
    return utf8_checked(finish(bytes, kUtf8, "detected",
                               "declared " + cs.name + " (" + source + ") but bytes are mostly UTF-8; " +
                                   count_note(st.invalid), &st),
                        st);
  }
  Decoded d = finish(bytes, cs, source, {}, &st);
  if (!d.info.lossy) {
    if (auto alt = second_guess(bytes, cs, source)) return *alt;
    return d;
  }
  if (auto alt = try_detected(bytes, cs, source)) return *alt;
  d.info.note = "some bytes are invalid in the declared charset";
  return d;
}

Decoded with_notes(Decoded d, const std::string& notes) {
  if (!notes.empty()) d.info.note = d.info.note.empty() ? notes.substr(0, notes.size() - 2) : notes + d.info.note;
  return d;
}

}  // namespace

bool is_valid_utf8(std::string_view bytes) { return utf8_stats(bytes).valid(); }

std::string describe_decoding(const DecodeInfo& di) {
  std::string out = di.charset + " (" + di.source + (di.lossy ? ", lossy" : "") + (di.gzip ? ", gzip" : "") + ")";
  if (!di.detector.empty())
    out += "; " + di.detector + "; " + di.candidates + "; confidence " + format_score(di.confidence);
  return out;
}

std::string convert_to_utf8(std::string_view bytes, std::string_view charset, bool* lossy) {
  auto cs = resolve_label(charset);
  if (!cs) throw std::invalid_argument("unknown charset '" + std::string(charset) + "'");
  return convert(bytes, cs->icu, lossy);
}

std::string sniff_declared_charset(std::string_view bytes) {
  std::string_view head = bytes.substr(0, std::min(bytes.size(), kPrescanBytes));
  std::string meta = trim_label(prescan_meta(head));
  if (!meta.empty()) return meta;
  return trim_label(xml_declaration_label(head));
}

namespace {

// UTF-16 without a byte-order mark, told by where its NUL bytes fall: markup and
// Latin text are code units below U+0100, whose high byte is 0, so in the first 4 KiB
// one side of the byte pairs is mostly NUL (the odd side for little-endian) and the
// other side almost never is.
std::optional<Charset> utf16_by_nul_pattern(std::string_view bytes) {
  const std::size_t pairs = std::min<std::size_t>(bytes.size(), 4096) / 2;
  if (pairs < 8) return std::nullopt;
  std::size_t even = 0, odd = 0;
  for (std::size_t k = 0; k < pairs; ++k) {
    even += bytes[2 * k] == 0;
    odd += bytes[2 * k + 1] == 0;
  }
  auto side = [&](std::size_t nul, std::size_t other) { return nul * 10 >= pairs * 3 && other * 50 <= pairs; };
  if (side(odd, even)) return Charset{"UTF-16LE", "UTF-16LE"};
  if (side(even, odd)) return Charset{"UTF-16BE", "UTF-16BE"};
  return std::nullopt;
}

}  // namespace

Decoded decode_page(std::string_view bytes, std::string_view given) {
  // 1. Byte-order mark.
  if (bytes.size() >= 3 && static_cast<unsigned char>(bytes[0]) == 0xEF &&
      static_cast<unsigned char>(bytes[1]) == 0xBB && static_cast<unsigned char>(bytes[2]) == 0xBF) {
    return finish(bytes.substr(3), kUtf8, "bom", {});
  }
  if (bytes.size() >= 2) {
    auto b0 = static_cast<unsigned char>(bytes[0]), b1 = static_cast<unsigned char>(bytes[1]);
    if (b0 == 0xFF && b1 == 0xFE) return finish(bytes.substr(2), Charset{"UTF-16LE", "UTF-16LE"}, "bom", {});
    if (b0 == 0xFE && b1 == 0xFF) return finish(bytes.substr(2), Charset{"UTF-16BE", "UTF-16BE"}, "bom", {});
  }
  const Utf8Stats st = utf8_stats(bytes);
  std::string notes;
  // 2. Given by the container.
  if (!trim_label(given).empty()) {
    if (auto cs = resolve_label(given); cs && icu_knows(cs->icu)) {
      if (is_utf16(*cs)) return finish(bytes, *cs, "given", {}, &st);
      return from_declaration(bytes, *cs, "given", st);
    }
    notes = "unknown given charset '" + trim_label(given) + "' ignored; ";
  }
  // 3. Declarations in the page.
  std::string_view head = bytes.substr(0, std::min(bytes.size(), kPrescanBytes));
  std::string meta = trim_label(prescan_meta(head));
  if (!meta.empty()) {
    auto cs = resolve_label(meta);
    if (cs && is_utf16(*cs)) cs = kUtf8;  // HTML5: a UTF-16 label in a meta tag means UTF-8
    if (cs && icu_knows(cs->icu)) return with_notes(from_declaration(bytes, *cs, "meta", st), notes);
    notes += "unknown meta charset '" + meta + "' ignored; ";
  }
  std::string xml = trim_label(xml_declaration_label(head));
  if (!xml.empty()) {
    auto cs = resolve_label(xml);
    if (cs && icu_knows(cs->icu) && !is_utf16(*cs)) {
      return with_notes(from_declaration(bytes, *cs, "xml-declaration", st), notes);
    }
    notes += "unusable XML declaration encoding '" + xml + "' ignored; ";
  }
  // 4. Detection. Well-formed UTF-8 is recognised before asking uchardet, which labels
  // some UTF-8 pages with few non-ASCII characters as a windows-125x charset. Text with
  // many NUL bytes (UTF-16 without a BOM) goes straight to uchardet.
  const bool nul_heavy = st.nul * 10 > static_cast<long>(bytes.size());
  if (nul_heavy) {
    if (auto cs = utf16_by_nul_pattern(bytes))
      return with_notes(finish(bytes, *cs, "detected", "UTF-16 without a byte-order mark (NUL bytes on one side)", &st),
                        notes);
  } else {
    if (st.valid() && st.multi > 0)
      return with_notes(utf8_checked(finish(bytes, kUtf8, "detected", {}, &st), st), notes);
    if (st.valid()) {
      return with_notes(finish(bytes, kWindows1252, "default", "ASCII only", &st), notes);
    }
    if (st.mostly()) {
      return with_notes(
          utf8_checked(finish(bytes, kUtf8, "detected", "mostly UTF-8; " + count_note(st.invalid), &st), st), notes);
    }
  }
  if (auto c = choose_charset(bytes)) {
    Decoded d = with_choice(finish(bytes, c->cs, "detected", {}, &st), *c);
    if (!d.info.lossy || !st.valid()) return with_notes(std::move(d), notes);
    notes += "detected " + c->cs.name + " was lossy; ";
  }
  // 5. Defaults.
  if (st.valid()) return with_notes(finish(bytes, kUtf8, "default", {}, &st), notes);
  return with_notes(finish(bytes, kWindows1252, "default", {}, &st), notes);
}

bool text_needs_decoding(std::string_view bytes) {
  if (bytes.size() >= 2) {
    const auto b0 = static_cast<unsigned char>(bytes[0]), b1 = static_cast<unsigned char>(bytes[1]);
    if ((b0 == 0xFF && b1 == 0xFE) || (b0 == 0xFE && b1 == 0xFF)) return true;
    if (bytes.size() >= 3 && b0 == 0xEF && b1 == 0xBB && static_cast<unsigned char>(bytes[2]) == 0xBF) return true;
  }
  // NUL bytes are well-formed UTF-8: only UTF-16's pattern of them (one side of the
  // byte pairs) makes a text UTF-16; a stray NUL in a UTF-8 text leaves it as it is.
  if (std::memchr(bytes.data(), 0, bytes.size()) != nullptr && utf16_by_nul_pattern(bytes)) return true;
  return !utf8_stats(bytes).valid();
}

Decoded decode_text(std::string_view bytes, std::string_view given) {
  if (text_needs_decoding(bytes)) return decode_page(bytes, given);
  Decoded d;
  d.utf8.assign(bytes);
  d.info.charset = "UTF-8";
  d.info.source = "utf8-text";
  return d;
}

}  // namespace detour::corpora
