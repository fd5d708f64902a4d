// parse_fidelity: our extractors against the real tools, page by page, on the same
// decoded text (issue 15; scripts/parse_fidelity/README.md shows the whole chain).
//
//   parse_fidelity dump --corpus ROOT --out DIR [--format F]
//       writes every page as detour decodes it (UTF-8) to DIR/<lang>/<id> (DIR/<id>
//       for a corpus without languages): what scripts/parse_fidelity/real_tools.py
//       feeds the real tools, so that charset detection is out of the comparison.
//   parse_fidelity compare --corpus ROOT --real DIR --pair TOOL=SYSTEM [--pair ...]
//                          [--lang L] [--worst N] [--per-doc FILE] [--format F]
//       for each pair, our SYSTEM (an extractor with settings, e.g. 'BP(parser=html5)')
//       on each page against the tool's output DIR/TOOL/<lang>/<id>: text-only word
//       F1 (metrics::text_only_prf, the `to` metric), per language and all: pages,
//       median, mean, minimum, pages under 0.99, and the N worst pages. RD is compared
//       in the HTML form (our summary HTML against readability's summary(), character
//       references decoded on both sides, tags read as spaces); the others as text
//       (segments, one a line, against the tool's lines). A page whose tool output is
//       missing is reported and left out.
//   parse_fidelity trees --corpus ROOT --out DIR [--parser html5|libxml2|neko] [--compact]
//                        [--format F]
//       writes each page's tree (default libxml2) to DIR/<lang>/<id>.tree, one node a
//       line: depth, E (element: name and attributes), T (text) or C (comment), strings
//       JSON-escaped; scripts/parse_fidelity/lxml_trees.py writes lxml's trees in the
//       same form, so that a diff shows where our libxml2 tree differs from lxml's.
//       --compact: elements by name and text with ASCII whitespace collapsed only (no attributes,
//       comments or whitespace-only text), the form NekoTrees.java writes NekoHTML's
//       tree in.
//   Exit status: 0, 1 when nothing was compared or a page failed to load, 2 usage.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "base/io.h"
#include "base/markup.h"
#include "corpora/corpus.h"
#include "extractors/boilerpipe/html_content_handler.h"
#include "extractors/extractor.h"
#include "html/page.h"
#include "metrics/compare.h"

namespace fs = std::filesystem;
using namespace detour;

namespace {

[[noreturn]] void usage(const std::string& why) {
  std::cerr << "parse_fidelity: " << why
            << "\nusage: parse_fidelity dump --corpus ROOT --out DIR [--format F]\n"
               "       parse_fidelity compare --corpus ROOT --real DIR --pair TOOL=SYSTEM [--pair ...]\n"
               "                              [--lang L] [--worst N] [--per-doc FILE] [--format F]\n";
  std::exit(2);
}

struct Pair {
  std::string tool;    // folder under --real
  std::string system;  // as written
  std::unique_ptr<Extractor> ex;
  bool html_form = false;
};

struct PageScore {
  std::string lang, id;
  double f1;
  long ours_words, tool_words;
};

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string ours_form(const Pair& p, const Extraction& ex) {
  if (p.html_form && !ex.html.empty()) return unescape_basic_html(ex.html);
  std::string out;
  for (const auto& s : ex.segments) out += s.text + "\n";
  return out;
}

// Loads every page of the corpus and hands it to `write(doc, page, dir)`, dir being
// out/LANG (created; out for a page without a language). A page that fails to load or
// write is reported on stderr; returns how many did.
template <class Write>
int for_each_page(const corpora::Corpus& corpus, const fs::path& out, Write write) {
  int failed = 0;
  for (const auto& doc : corpus.docs) {
    try {
      const Page page = corpora::load_page(doc);
      const fs::path dir = doc.lang.empty() ? out : out / doc.lang;
      fs::create_directories(dir);
      write(doc, page, dir);
    } catch (const std::exception& e) {
      std::cerr << "parse_fidelity: " << e.what() << "\n";
      ++failed;
    }
  }
  return failed;
}

int dump(const corpora::Corpus& corpus, const fs::path& out) {
  const int failed = for_each_page(corpus, out, [](const corpora::CorpusDoc& doc, const Page& page, const fs::path& dir) {
    io::write_file_atomic(dir / doc.id, page.html);
  });
  std::cout << corpus.docs.size() - failed << " pages written to " << out.string() << "\n";
  return failed ? 1 : 0;
}

// JSON string escaping of UTF-8 text (control characters as \u00XX; invalid bytes as
// \u00XX of the byte too, which Python's side writes for its surrogate escapes).
std::string json_str(const std::string& s) {
  std::string o = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      o += '\\';
      o += static_cast<char>(c);
    } else if (c < 0x20 || c == 0x7F) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      o += buf;
    } else {
      o += static_cast<char>(c);
    }
  }
  return o + "\"";
}

// The compact form (NekoTrees.java writes NekoHTML's so): elements by name and text
// whitespace-collapsed; whitespace-only text, attributes and comments left out; text
// merged across comments.
std::string compact_dump(const dom::Document& doc) {
  std::string out, text;
  int depth = 0;
  auto flush = [&] {
    const std::string c = collapse_ascii_whitespace(text);
    text.clear();
    if (!c.empty()) out += std::to_string(depth) + " T " + json_str(c) + "\n";
  };
  dom::walk(doc.root(), [&](dom::Event e, const dom::Node* n) {
    switch (e) {
      case dom::Event::Enter:
        if (n->type == dom::NodeType::Document) return true;
        flush();
        out += std::to_string(depth) + " E " + json_str(n->tag) + "\n";
        ++depth;
        return true;
      case dom::Event::Leave:
        if (n->type == dom::NodeType::Document) return true;
        flush();
        --depth;
        return true;
      case dom::Event::Text:
        text += n->text;
        return true;
      case dom::Event::Comment:
        return true;
    }
    return true;
  });
  flush();
  return out;
}

std::string tree_dump(const dom::Document& doc) {
  std::string out;
  struct Item {
    const dom::Node* n;
    int depth;
  };
  std::vector<Item> stack;
  for (auto it = doc.root()->children.rbegin(); it != doc.root()->children.rend(); ++it) stack.push_back({*it, 0});
  while (!stack.empty()) {
    const Item it = stack.back();
    stack.pop_back();
    const dom::Node* n = it.n;
    out += std::to_string(it.depth) + " ";
    if (n->is_element()) {
      out += "E " + json_str(n->tag);
      for (const auto& a : n->attrs) (((out += ' ') += json_str(a.name)) += '=') += json_str(a.value);
      for (auto c = n->children.rbegin(); c != n->children.rend(); ++c) stack.push_back({*c, it.depth + 1});
    } else if (n->is_text()) {
      out += "T " + json_str(n->text);
    } else {
      out += "C " + json_str(n->text);
    }
    out += "\n";
  }
  return out;
}

int trees(const corpora::Corpus& corpus, const fs::path& out, dom::Parser parser, bool compact) {
  const int failed =
      for_each_page(corpus, out, [&](const corpora::CorpusDoc& doc, const Page& page, const fs::path& dir) {
        const auto tree = html::tree(page, parser);
        io::write_file_atomic(dir / (doc.id + ".tree"), compact ? compact_dump(*tree) : tree_dump(*tree));
      });
  return failed ? 1 : 0;
}

// Our Boilerpipe text blocks of one page before any filter, in the form of
// DetourBoilerpipe.java --debug's "parse" section (for finding where a page differs).
int blocks(const std::string& file, dom::Parser parser) {
  corpora::CorpusDoc doc;
  doc.id = file;
  doc.html_path = file;
  const Page page = corpora::load_page(doc);
  const auto td = boilerpipe::parse_text_document(*html::tree(page, parser));
  std::cout << "title=" << (td.has_title ? td.title : "null") << "\n== parse\n";
  for (const auto& b : td.blocks) {
    std::printf("[%d-%d;tl=%d;nw=%d;nwa=%d;td=%g;ld=%g] - | ", b.offset_start, b.offset_end, b.tag_level, b.num_words,
                b.num_words_in_anchor_text, static_cast<double>(b.text_density), static_cast<double>(b.link_density));
    std::cout << b.text << "\n";
  }
  return 0;
}

int compare(const corpora::Corpus& corpus, const fs::path& real, std::vector<Pair>& pairs, const std::string& lang,
            std::size_t worst, const std::string& per_doc) {
  std::map<std::string, std::vector<PageScore>> scores;  // by pair
  int failed = 0;
  std::string tsv = "tool\tsystem\tlang\tid\tf1\tours_words\ttool_words\n";
  for (const auto& d : corpus.docs) {
    corpora::CorpusDoc doc = d;
    if (doc.lang.empty()) doc.lang = lang;
    Page page;
    try {
      page = corpora::load_page(doc);
    } catch (const std::exception& e) {
      std::cerr << "parse_fidelity: " << e.what() << "\n";
      ++failed;
      continue;
    }
    for (auto& p : pairs) {
      const fs::path ref_path = (d.lang.empty() ? real / p.tool : real / p.tool / d.lang) / d.id;
      std::error_code ec;
      if (!fs::is_regular_file(ref_path, ec)) {
        std::cerr << "parse_fidelity: no output of " << p.tool << " for " << d.where() << " (" << ref_path.string()
                  << ")\n";
        continue;
      }
      std::string ref = io::read_file(ref_path);
      if (p.html_form) ref = unescape_basic_html(ref);
      std::string ours;
      try {
        ours = ours_form(p, p.ex->extract(page));
      } catch (const std::exception& e) {
        std::cerr << "parse_fidelity: " << p.system << " failed on " << d.where() << ": " << e.what() << "\n";
      }
      const metrics::PRF r = metrics::text_only_prf(ours, ref);
      PageScore s{d.lang, d.id, r.f1, r.tp + r.fp, r.tp + r.fn};
      tsv += p.tool + "\t" + p.system + "\t" + s.lang + "\t" + s.id + "\t" + std::to_string(s.f1) + "\t" +
             std::to_string(s.ours_words) + "\t" + std::to_string(s.tool_words) + "\n";
      scores[p.tool + "=" + p.system].push_back(std::move(s));
    }
  }
  if (!per_doc.empty()) io::write_file_atomic(per_doc, tsv);
  std::size_t compared = 0;
  for (auto& p : pairs) {
    auto& v = scores[p.tool + "=" + p.system];
    compared += v.size();
    std::cout << "\n" << p.system << " (" << p.ex->signature() << ") against " << p.tool << ": per-page TO F1\n";
    std::printf("  %-5s %6s %8s %8s %8s %8s\n", "lang", "pages", "median", "mean", "min", "<0.99");
    std::map<std::string, std::vector<double>> by_lang;
    for (const auto& s : v) {
      by_lang[s.lang].push_back(s.f1);
      if (by_lang.size() > 1 || !s.lang.empty()) by_lang["all"].push_back(s.f1);
    }
    for (const auto& [l, f] : by_lang) {
      double sum = 0, lo = 1;
      long under = 0;
      for (double x : f) sum += x, lo = std::min(lo, x), under += x < 0.99;
      std::printf("  %-5s %6zu %8.4f %8.4f %8.4f %8ld\n", l.empty() ? "-" : l.c_str(), f.size(), median(f),
                  f.empty() ? 0.0 : sum / f.size(), lo, under);
    }
    std::vector<const PageScore*> order;
    for (const auto& s : v) order.push_back(&s);
    std::stable_sort(order.begin(), order.end(), [](auto* a, auto* b) { return a->f1 < b->f1; });
    for (std::size_t k = 0; k < order.size() && k < worst; ++k)
      std::printf("    worst %zu: %.4f %s/%s (words: ours %ld, tool %ld)\n", k + 1, order[k]->f1,
                  order[k]->lang.c_str(), order[k]->id.c_str(), order[k]->ours_words, order[k]->tool_words);
  }
  if (compared == 0) {
    std::cerr << "parse_fidelity: nothing compared\n";
    return 1;
  }
  return failed ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) usage("no command");
  const std::string cmd = argv[1];
  std::string corpus_root, out, real, lang, format, per_doc, parser;
  std::size_t worst = 5;
  bool compact = false;
  std::vector<std::string> pair_specs;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(a + " needs a value");
      return argv[++i];
    };
    if (a == "--corpus") corpus_root = value();
    else if (a == "--out") out = value();
    else if (a == "--real") real = value();
    else if (a == "--pair") pair_specs.push_back(value());
    else if (a == "--lang") lang = value();
    else if (a == "--format") format = value();
    else if (a == "--per-doc") per_doc = value();
    else if (a == "--parser") parser = value();
    else if (a == "--compact") compact = true;
    else if (a == "--worst") worst = static_cast<std::size_t>(std::stoul(value()));
    else usage("unknown argument " + a);
  }
  auto parser_named = [&](dom::Parser fallback) {
    if (parser.empty()) return fallback;
    if (parser == "html5") return dom::Parser::Html5;
    if (parser == "libxml2") return dom::Parser::Libxml2;
    if (parser == "neko") return dom::Parser::Neko;
    usage("--parser " + parser + ": expected html5, libxml2 or neko");
  };
  if (cmd == "blocks") {
    if (out.empty()) usage("blocks needs --out PAGE (the page file)");
    return blocks(out, parser_named(dom::Parser::Neko));
  }
  if (corpus_root.empty()) usage("--corpus is required");
  try {
    corpora::OpenOptions oo;
    oo.format = format;
    const corpora::Corpus corpus = corpora::open_corpus(corpus_root, oo);
    if (cmd == "dump") {
      if (out.empty()) usage("dump needs --out");
      return dump(corpus, out);
    }
    if (cmd == "trees") {
      if (out.empty()) usage("trees needs --out");
      return trees(corpus, out, parser_named(dom::Parser::Libxml2), compact);
    }
    if (cmd != "compare") usage("unknown command " + cmd);
    if (real.empty() || pair_specs.empty()) usage("compare needs --real and --pair");
    std::vector<Pair> pairs;
    for (const auto& spec : pair_specs) {
      const auto eq = spec.find('=');
      if (eq == std::string::npos) usage("--pair " + spec + ": expected TOOL=SYSTEM");
      Pair p;
      p.tool = spec.substr(0, eq);
      p.system = spec.substr(eq + 1);
      const StageSpec st = parse_stage_spec(p.system);
      p.ex = make_extractor(st.name, st.settings);
      p.html_form = st.name == "RD";
      CorpusContext ctx;
      for (const auto& l : corpus.languages) ctx.languages.push_back(l.empty() ? lang : l);
      p.ex->prepare(ctx);
      pairs.push_back(std::move(p));
    }
    return compare(corpus, real, pairs, lang, worst, per_doc);
  } catch (const UsageError& e) {
    usage(e.what());
  } catch (const std::exception& e) {
    std::cerr << "parse_fidelity: " << e.what() << "\n";
    return 1;
  }
}
