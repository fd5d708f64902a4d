// page_view: alignments of a page for the viewer (see page_view.h).
#include "reports/html/page_view.h"

#include <algorithm>
#include <charconv>
#include <functional>
#include <memory>

#include "base/utf8.h"
#include "metrics/cleaneval_text.h"
#include "metrics/metric.h"
#include "reports/html/json_text.h"

namespace detour::reports::html {

namespace {

using metrics::Opcode;
using metrics::OpTag;

enum class Form { Tm, Tmu, To, Car };

Form parse_form(const std::string& f) {
  if (f == "tm") return Form::Tm;
  if (f == "tmu") return Form::Tmu;
  if (f == "to") return Form::To;
  return Form::Car;
}

int tag_code(OpTag t) {
  switch (t) {
    case OpTag::Equal: return 0;
    case OpTag::Replace: return 1;
    case OpTag::Delete: return 2;
    case OpTag::Insert: return 3;
  }
  return 0;
}

// The page's tokens of the word forms, each distinct one once, in first-use order:
// an open-addressing table of ids (linear probing, power-of-two size, at most half
// full) over views into the page's texts, with the standard library's hash. A page
// has a few thousand distinct tokens and looks up tens of thousands.
class Dict {
 public:
  Dict() { slots_.assign(4096, kEmpty); }
  std::uint32_t id(std::string_view tok) {
    const std::uint64_t h = hash(tok);
    const std::uint32_t tag = static_cast<std::uint32_t>(h >> 32);
    std::size_t mask = slots_.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
      const std::uint32_t s = slots_[i];
      if (s == kEmpty) {
        const auto id = static_cast<std::uint32_t>(tokens_.size());
        slots_[i] = id;
        tokens_.push_back(tok);
        tags_.push_back(tag);
        if (2 * tokens_.size() > slots_.size()) grow();
        return id;
      }
      if (tags_[s] == tag && tokens_[s] == tok) return s;
    }
  }
  const std::vector<std::string_view>& tokens() const { return tokens_; }

 private:
  static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
  static std::uint64_t hash(std::string_view tok) { return std::hash<std::string_view>{}(tok); }
  void grow() {
    slots_.assign(slots_.size() * 2, kEmpty);
    const std::size_t mask = slots_.size() - 1;
    for (std::uint32_t id = 0; id < tokens_.size(); ++id) {
      std::size_t i = hash(tokens_[id]) & mask;
      while (slots_[i] != kEmpty) i = (i + 1) & mask;
      slots_[i] = id;
    }
  }
  std::vector<std::uint32_t> slots_;        // token id or kEmpty
  std::vector<std::string_view> tokens_;    // by id
  std::vector<std::uint32_t> tags_;         // high half of each token's hash, by id
};

// Marker kinds by byte offset: 0 p, 1 h, 2 l.
struct Marker {
  std::size_t at;
  int kind;
};

std::vector<Marker> markers_of(std::string_view t) {
  std::vector<Marker> out;
  for (std::size_t i = t.find('<'); i != std::string_view::npos; i = t.find('<', i + 1)) {
    if (i + 3 > t.size() || t[i + 2] != '>') continue;
    char c = static_cast<char>(t[i + 1] | 0x20);
    if (c == 'p') out.push_back({i, 0});
    else if (c == 'h') out.push_back({i, 1});
    else if (c == 'l') out.push_back({i, 2});
  }
  return out;
}

// Segment starts of the text-only words (views into `text`) as a JSON array
// [index, kind, ...]; with `char_starts` (PreparedText::text_only_word_char_starts),
// the index is the word's first code point in the car sequence.
std::string word_segments(std::string_view text, const std::vector<std::string_view>& words,
                          const std::vector<std::uint32_t>* char_starts = nullptr) {
  std::vector<std::pair<std::int64_t, int>> seg;
  std::vector<Marker> ms = markers_of(text);
  std::size_t m = 0;
  for (std::size_t k = 0; k < words.size() && m < ms.size(); ++k) {
    const std::string_view w = words[k];
    if (w.data() < text.data() || w.data() > text.data() + text.size()) return "[]";
    const auto at = static_cast<std::size_t>(w.data() - text.data());
    int kind = -1;
    while (m < ms.size() && ms[m].at < at) kind = ms[m++].kind;
    const std::int64_t index = char_starts ? static_cast<std::int64_t>((*char_starts)[k]) : static_cast<std::int64_t>(k);
    if (kind >= 0) {
      if (!seg.empty() && seg.back().first == index) seg.back().second = kind;  // the last marker before it
      else seg.emplace_back(index, kind);
    }
  }
  std::string out = "[";
  for (std::size_t i = 0; i < seg.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(seg[i].first) + "," + std::to_string(seg[i].second);
  }
  return out + "]";
}

void append_int(std::string& out, std::int64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

// One form of one output, before the dictionary is complete.
struct Side {
  std::string ops;                    // "0,3,3,2,1,0,..."
  std::vector<std::uint32_t> extra;   // word forms: dictionary ids
  std::string extra_chars;            // car: the code points, as JSON string content
  std::int64_t nx = 0;
  std::string seg;                    // to, car
};

Side output_side(const std::vector<Opcode>& ops, const std::vector<std::string_view>* words,
                 const std::vector<char32_t>* chars, Dict* dict, FormCounts& c,
                 const std::vector<std::string_view>* ce_gold = nullptr) {
  Side side;
  side.ops.reserve(ops.size() * 10);
  for (const Opcode& op : ops) {
    const int la = op.i2 - op.i1, lb = op.j2 - op.j1;
    if (!side.ops.empty()) side.ops += ',';
    side.ops += static_cast<char>('0' + tag_code(op.tag));
    side.ops += ',';
    append_int(side.ops, la);
    side.ops += ',';
    append_int(side.ops, lb);
    int sys_tags = 0, gold_tags = 0;
    if (ce_gold) {  // tm: the markers give tag's counts
      for (int i = op.i1; i < op.i2; ++i) sys_tags += metrics::is_segment_marker((*words)[i]);
      for (int j = op.j1; j < op.j2; ++j) gold_tags += metrics::is_segment_marker((*ce_gold)[j]);
    }
    switch (op.tag) {
      case OpTag::Equal:
        c.tp += la;
        c.tag_tp += sys_tags;
        break;
      case OpTag::Delete:
        c.fp += la;
        c.tag_fp += sys_tags;
        break;
      case OpTag::Insert:
        c.fn += lb;
        c.tag_fn += gold_tags;
        break;
      case OpTag::Replace:
        c.fp += la;
        c.fn += lb;
        c.tag_fp += sys_tags;
        c.tag_fn += gold_tags;
        break;
    }
    if (op.tag == OpTag::Delete || op.tag == OpTag::Replace) {
      if (words) {
        for (int i = op.i1; i < op.i2; ++i) side.extra.push_back(dict->id((*words)[i]));
      } else {
        for (int i = op.i1; i < op.i2; ++i) append_json_code_point(side.extra_chars, (*chars)[i]);
      }
      side.nx += la;
    }
  }
  return side;
}

void append_indices(std::string& out, const std::vector<std::uint32_t>& ids, int width) {
  const std::size_t at = out.size();
  out.resize(at + 2 + ids.size() * static_cast<std::size_t>(width));
  char* p = out.data() + at;
  *p++ = '"';
  for (std::uint32_t id : ids) p = put_index(p, id, width);
  *p = '"';
}

}  // namespace

std::vector<std::string> view_forms(const std::vector<std::string>& ms) {
  auto has = [&](const char* m) { return std::find(ms.begin(), ms.end(), m) != ms.end(); };
  std::vector<std::string> out;
  if (has("tm") || has("tag")) out.emplace_back("tm");
  if (has("tmu")) out.emplace_back("tmu");
  if (has("to")) out.emplace_back("to");
  if (has("car")) out.emplace_back("car");
  return out;
}

PageData align_page(std::string_view gold, const std::vector<std::string_view>& outputs,
                    const std::vector<std::string>& forms_asked, bool autojunk, CarView car) {
  PageData page;
  metrics::PreparedText gold_text(gold);
  metrics::ScoreOptions opts;
  opts.autojunk = autojunk;
  for (const auto& f : forms_asked) {
    if (f == "car") {
      if (car == CarView::kNone) continue;
      if (car == CarView::kLongWords) {
        const std::size_t words = gold_text.text_only_words().size();
        if (words == 0 || gold_text.text_only_chars().size() <= 12 * words) continue;
      }
    }
    page.forms.push_back(f);
  }
  std::vector<Form> fs;
  for (const auto& f : page.forms) fs.push_back(parse_form(f));

  // The gold side of every form; the dictionary starts with the gold's tokens.
  Dict dict;
  std::vector<std::vector<std::uint32_t>> gold_ids(fs.size());
  std::vector<std::string> gold_json(fs.size());
  for (std::size_t k = 0; k < fs.size(); ++k) {
    std::string& g = gold_json[k];
    switch (fs[k]) {
      case Form::Tm:
      case Form::Tmu:
        for (std::string_view t : gold_text.cleaneval_tokens(fs[k] == Form::Tmu)) gold_ids[k].push_back(dict.id(t));
        g = ",\"n\":" + std::to_string(gold_ids[k].size());
        break;
      case Form::To:
        for (std::string_view t : gold_text.text_only_words()) gold_ids[k].push_back(dict.id(t));
        g = ",\"n\":" + std::to_string(gold_ids[k].size()) + ",\"seg\":" +
            word_segments(gold, gold_text.text_only_words());
        break;
      case Form::Car: {
        g = "\"t\":\"";
        for (char32_t cp : gold_text.text_only_chars()) append_json_code_point(g, cp);
        g += '"';
        g += ",\"n\":" + std::to_string(gold_text.text_only_chars().size()) + ",\"seg\":" +
             word_segments(gold, gold_text.text_only_words(), &gold_text.text_only_word_char_starts());
        break;
      }
    }
  }

  // Every output under every form. The outputs' prepared texts stay alive: the
  // dictionary holds views into them.
  std::vector<std::unique_ptr<metrics::PreparedText>> sys_texts;
  std::vector<std::vector<Side>> sides;
  for (std::string_view out : outputs) {
    sys_texts.push_back(std::make_unique<metrics::PreparedText>(out));
    metrics::PreparedText& sys_text = *sys_texts.back();
    metrics::DocPair pair(sys_text, gold_text, opts);
    std::vector<FormCounts> counts(fs.size());
    std::vector<Side> os;
    for (std::size_t k = 0; k < fs.size(); ++k) {
      switch (fs[k]) {
        case Form::Tm:
        case Form::Tmu: {
          const bool u = fs[k] == Form::Tmu;
          const metrics::Alignment& a = pair.cleaneval(u);
          os.push_back(output_side(a.opcodes, &sys_text.cleaneval_tokens(u), nullptr, &dict, counts[k],
                                   &gold_text.cleaneval_tokens(u)));
          break;
        }
        case Form::To:
          os.push_back(output_side(pair.text_only_word_opcodes(), &sys_text.text_only_words(), nullptr, &dict, counts[k]));
          os.back().seg = word_segments(out, sys_text.text_only_words());
          break;
        case Form::Car:
          os.push_back(output_side(pair.text_only_char_opcodes(), nullptr, &sys_text.text_only_chars(), nullptr, counts[k]));
          os.back().seg = word_segments(out, sys_text.text_only_words(), &sys_text.text_only_word_char_starts());
          break;
      }
    }
    sides.push_back(std::move(os));
    page.counts.push_back(std::move(counts));
  }

  // The JSON members.
  const int width = index_width(dict.tokens().size());
  std::string& j = page.json;
  j += "\"forms\":[";
  for (std::size_t k = 0; k < page.forms.size(); ++k) j += (k ? ",\"" : "\"") + page.forms[k] + "\"";
  j += "],\"dict\":[";
  for (std::size_t t = 0; t < dict.tokens().size(); ++t) {
    if (t) j += ',';
    append_json_string(j, dict.tokens()[t]);
  }
  j += "],\"w\":" + std::to_string(width) + ",\"gold\":{";
  for (std::size_t k = 0; k < fs.size(); ++k) {
    if (k) j += ',';
    j += "\"" + page.forms[k] + "\":{";
    if (fs[k] != Form::Car) {
      j += "\"i\":";
      append_indices(j, gold_ids[k], width);
    }
    j += gold_json[k];
    j += '}';
  }
  j += "},\"outputs\":[";
  for (std::size_t o = 0; o < sides.size(); ++o) {
    if (o) j += ',';
    j += '{';
    for (std::size_t k = 0; k < fs.size(); ++k) {
      const Side& s = sides[o][k];
      j += "\"" + page.forms[k] + "\":{\"ops\":[" + s.ops + "],\"x\":";
      if (fs[k] == Form::Car) {
        j += '"';
        j += s.extra_chars;
        j += '"';
      }
      else append_indices(j, s.extra, width);
      j += ",\"nx\":" + std::to_string(s.nx);
      if (!s.seg.empty()) j += ",\"seg\":" + s.seg;
      j += "},";
    }
    j += "\"bytes\":" + std::to_string(outputs[o].size()) + "}";
  }
  j += ']';
  return page;
}

}  // namespace detour::reports::html
