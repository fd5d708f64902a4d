// Reader "dragnet": the Dragnet data set (Peters & Lecocq 2013, "Content extraction
// using diverse feature sets"; github.com/seomoz/dragnet_data: English news and blog
// pages), as Dragnet's data_processing.py and WCEB's DragnetReader read it.
//
// Layout: ROOT/HTML/<name>.html (raw pages) and ROOT/Corrected/<name>.html.corrected.txt
// (gold text; ROOT/corrected/Corrected/ as WCEB unpacks it is accepted too).
// Pairing: page <name>.html with gold <name>.html.corrected.txt; the id is <name>.
// Gold: plain text, decoded as gold files are (decode.h decode_text: most files are
// UTF-8, a few UTF-16 with a byte-order mark or windows-1252, as WCEB's reader detects
// them), whose user comments, when the page has any, follow a separator
// line "!@#$%^&*()  COMMENTS" (Dragnet's RE_COMMENTS_DELIM:
// \n*!@#\$%\^&\*\(\)\s+COMMENTS\n*, split at its first match).
// OpenOptions::dragnet_comments (--dragnet-comments) says what the gold is:
//   drop  the content before the separator (Dragnet's content-only gold; default);
//   keep  content and comments, joined by a newline, the separator removed;
//   raw   the whole text, separator line included (as WCEB reads it).
// Language: "en" (the data set is English).
#include "corpora/corpus.h"
#include "corpora/layout.h"

namespace detour::corpora {
namespace fs = std::filesystem;

namespace {

fs::path gold_dir(const fs::path& root) {
  if (is_dir(root / "Corrected")) return root / "Corrected";
  if (is_dir(root / "corrected" / "Corrected")) return root / "corrected" / "Corrected";
  return {};
}

bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string page_key(const std::string& name) { return stem_of(name); }

std::string gold_key(const std::string& name) {
  constexpr std::string_view ext = ".corrected.txt";
  std::string n = name;
  if (n.size() > ext.size() && n.compare(n.size() - ext.size(), ext.size(), ext) == 0)
    n.resize(n.size() - ext.size());
  return stem_of(n);
}

struct Split {
  std::string content, comments;
  bool found = false;
};

// Splits a Dragnet gold text at its comments separator, as
// RE_COMMENTS_DELIM.split(text, 1).
Split dragnet_split(std::string_view text) {
  constexpr std::string_view mark = "!@#$%^&*()";
  std::size_t from = 0;
  while ((from = text.find(mark, from)) != std::string_view::npos) {
    std::size_t p = from + mark.size();
    std::size_t ws = p;
    while (p < text.size() && is_ws(text[p])) ++p;
    // \s+ backtracks: "COMMENTS" must follow at least one whitespace character.
    if (p > ws && text.substr(p, 8) == "COMMENTS") {
      std::size_t b = from;
      while (b > 0 && text[b - 1] == '\n') --b;
      std::size_t e = p + 8;
      while (e < text.size() && text[e] == '\n') ++e;
      return {std::string(text.substr(0, b)), std::string(text.substr(e)), true};
    }
    from += 1;
  }
  return {std::string(text), std::string(), false};
}

}  // namespace

bool detect_dragnet(const fs::path& root) { return is_dir(root / "HTML") && !gold_dir(root).empty(); }

Corpus open_dragnet(const fs::path& root, const OpenOptions& opts) {
  const fs::path gdir = gold_dir(root);
  if (!is_dir(root / "HTML") && gdir.empty()) fail(root, "no HTML/ or Corrected/ folder (not a Dragnet layout)");
  std::shared_ptr<const SideFilter> filter;
  if (opts.dragnet_comments == "drop")
    filter = std::make_shared<const SideFilter>(
        SideFilter{"dragnet:drop-comments", [](std::string b) { return dragnet_split(b).content; }});
  else if (opts.dragnet_comments == "keep")
    filter = std::make_shared<const SideFilter>(SideFilter{"dragnet:keep-comments", [](std::string b) {
      Split s = dragnet_split(b);
      return s.found ? s.content + "\n" + s.comments : s.content;
    }});
  Corpus c;
  c.root = root;
  pair_by_key(root / "HTML", gdir, "en", page_key, gold_key, c);
  for (auto& d : c.docs) d.gold_filter = filter;
  c.plain_text_gold = true;
  finish_corpus(c);
  return c;
}

}  // namespace detour::corpora
