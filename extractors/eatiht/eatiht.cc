// EAT: eatiht v1 (rodricios/eatiht, eatiht.py); see eatiht.h. Our own code.
#include "extractors/eatiht/eatiht.h"

#include <unicode/uchar.h>

#include <unordered_map>

#include "extractors/blocks.h"
#include "extractors/eatiht/text_util.h"

namespace detour::eatiht {

using util::decode;

std::string remove_bracket_numbers(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  while (i < s.size()) {
    if (s[i] == '[') {
      std::size_t j = i + 1, len = 0;
      while (j < s.size()) {
        char32_t c = decode(s, j, len);
        if (!u_isdigit(static_cast<UChar32>(c))) break;
        j += len;
      }
      if (j < s.size() && s[j] == ']') {
        i = j + 1;
        continue;
      }
    }
    out += s[i++];
  }
  return out;
}

namespace {

bool ends_with_ci(std::string_view s, std::size_t end, std::string_view suffix) {
  if (end < suffix.size()) return false;
  for (std::size_t k = 0; k < suffix.size(); ++k) {
    char a = s[end - suffix.size() + k];
    if (a >= 'A' && a <= 'Z') a = static_cast<char>(a + 32);
    if (a != suffix[k]) return false;
  }
  return true;
}

bool is_end_punct(char c) { return c == '.' || c == '!' || c == '?'; }

// SENTENCE_TOKEN_PATTERN's lookbehinds at byte position `p` (start of a whitespace run).
bool may_split_at(std::string_view s, std::size_t p) {
  if (p == 0) return false;
  char c1 = s[p - 1];
  bool ok = is_end_punct(c1) || ((c1 == '\'' || c1 == '"') && p >= 2 && is_end_punct(s[p - 2]));
  if (!ok) return false;
  for (std::string_view abbr : {"mr.", "mrs.", "jr.", "dr.", "prof.", "sr."})
    if (ends_with_ci(s, p, abbr)) return false;
  return true;
}

bool kept_piece(std::string_view piece) {
  if (piece.empty()) return false;
  char c = piece.back();
  return c == '.' || c == '"' || c == '?' || c == '!' || c == '\'';
}

// normalize-space() length in characters.
long xpath_normalized_length(std::string_view s) {
  long n = 0;
  bool seen = false, pending = false;
  for (std::size_t i = 0; i < s.size();) {
    std::size_t len = 1;
    char32_t c = decode(s, i, len);
    i += len;
    if (util::is_xpath_space(c)) {
      pending = seen;
      continue;
    }
    if (pending) ++n;
    pending = false;
    seen = true;
    ++n;
  }
  return n;
}

bool excluded_tag(std::string_view t) {
  return t == "script" || t == "style" || t == "i" || t == "b" || t == "strong" || t == "span" ||
         t == "a";
}

// Text of all Text descendants in document order, cut after `limit` bytes.
std::string bounded_text(const dom::Node* root, std::size_t limit) {
  std::string out;
  dom::walk(root, [&](dom::Event e, const dom::Node* n) {
    if (out.size() >= limit) return false;
    if (e == dom::Event::Text) out += n->text;
    return true;
  });
  if (out.size() > limit) {
    std::size_t cut = limit;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
    out.resize(cut);
  }
  return out;
}

int depth_of(const dom::Node* n) {
  int d = 0;
  for (; n->parent; n = n->parent) ++d;
  return d;
}

bool has_same_tag_sibling(const dom::Node* n) {
  if (!n->parent) return false;
  for (const dom::Node* c : n->parent->children)
    if (c != n && c->is_element() && c->tag == n->tag) return true;
  return false;
}

// `path(m) in path(x)` for lxml getpath() strings, without building them: the match
// can only start at the beginning, so it is a prefix test, which also accepts a
// sibling of `m` whose tag starts with m's tag when m's step carries no [index]
// (".../p" is a prefix of ".../pre").
class PathContains {
 public:
  explicit PathContains(const dom::Node* m)
      : m_(m), depth_(depth_of(m)), unindexed_(!has_same_tag_sibling(m)) {}
  bool operator()(const dom::Node* x) const {
    int d = depth_of(x);
    if (d < depth_) return false;
    const dom::Node* a = x;
    for (; d > depth_; --d) a = a->parent;
    if (a == m_) return true;
    return unindexed_ && a->parent == m_->parent && a->tag.size() > m_->tag.size() &&
           a->tag.compare(0, m_->tag.size(), m_->tag) == 0;
  }

 private:
  const dom::Node* m_;
  int depth_;
  bool unindexed_;
};

struct Sentence {
  std::string text;
  int candidate = 0;
  bool paragraph_start = false;
};

class EatExtractor final : public Extractor {
 public:
  explicit EatExtractor(EatSettings s) : s_(s) {}
  std::string name() const override { return "EAT"; }
  std::string version() const override { return "1"; }
  Settings settings() const override {
    return {{"min_text_length", std::to_string(s_.min_text_length)},
            {"max_candidate_text_bytes", std::to_string(s_.max_candidate_text_bytes)}};
  }
  Extraction extract(const Page& page) const override {
    if (!page.dom) throw ExtractError("EAT: page " + page.id + " has no parsed document");
    Extraction ex;
    const dom::Node* body = page.dom->body();
    if (!body) {
      ex.notes["empty"] = "no body";
      return ex;
    }
    // Candidates: //body//*[not(excluded)]/text()[string-length(normalize-space()) > N]/..
    std::vector<const dom::Node*> candidates;
    dom::walk(body, [&](dom::Event e, const dom::Node* n) {
      if (e != dom::Event::Enter || n == body || excluded_tag(n->tag)) return true;
      for (const dom::Node* c : n->children) {
        if (c->is_text() && xpath_normalized_length(c->text) > s_.min_text_length) {
          candidates.push_back(n);
          break;
        }
      }
      return true;
    });
    std::vector<Sentence> sentences;
    for (int k = 0; k < static_cast<int>(candidates.size()); ++k) {
      bool first_kept = false;
      std::string text = remove_bracket_numbers(bounded_text(candidates[k], s_.max_candidate_text_bytes));
      auto pieces = split_sentences(text, &first_kept);
      for (std::size_t j = 0; j < pieces.size(); ++j)
        sentences.push_back({std::move(pieces[j]), k, j == 0 && first_kept});
    }
    if (sentences.empty()) {
      ex.notes["empty"] = "no sentence candidates";  // the original raises IndexError here
      return ex;
    }
    // Histogram of parent paths; most_common() keeps first-seen order on ties.
    std::unordered_map<const dom::Node*, int> count;
    const dom::Node* best = nullptr;
    int best_count = 0;
    std::vector<const dom::Node*> order;
    for (const auto& s : sentences) {
      const dom::Node* p = candidates[s.candidate]->parent;
      auto [it, inserted] = count.emplace(p, 0);
      if (inserted) order.push_back(p);
      ++it->second;
    }
    for (const dom::Node* p : order)
      if (count[p] > best_count) best_count = count[p], best = p;
    PathContains contains(best);
    std::vector<char> chosen(candidates.size());
    for (std::size_t k = 0; k < candidates.size(); ++k) chosen[k] = contains(candidates[k]);
    Segment cur;
    bool open = false;
    auto flush = [&] {
      if (open) {
        cur.text = collapse_whitespace(cur.text);
        if (!cur.text.empty()) ex.segments.push_back(std::move(cur));
      }
      cur = Segment{};
      open = false;
    };
    for (const auto& s : sentences) {
      if (!chosen[s.candidate]) continue;
      if (s.paragraph_start || !open) {
        flush();
        cur.kind = segment_kind_of(candidates[s.candidate]->tag);
        cur.text = s.text;
        open = true;
      } else {
        cur.text += ' ';
        cur.text += s.text;
      }
    }
    flush();
    return ex;
  }

 private:
  EatSettings s_;
};

}  // namespace

std::vector<std::string> split_sentences(std::string_view s, bool* first_kept) {
  std::vector<std::string> out;
  std::size_t start = 0, i = 0;
  bool prev_space = false;
  int piece = 0;
  auto emit = [&](std::string_view p) {
    bool keep = kept_piece(p);
    if (piece == 0 && first_kept) *first_kept = keep;
    if (keep) out.emplace_back(p);
    ++piece;
  };
  while (i < s.size()) {
    std::size_t len = 1;
    char32_t c = decode(s, i, len);
    bool space = util::is_python_space(c);
    if (space && !prev_space && may_split_at(s, i)) {
      std::size_t j = i + len;
      while (j < s.size()) {
        std::size_t l2 = 1;
        if (!util::is_python_space(decode(s, j, l2))) break;
        j += l2;
      }
      emit(s.substr(start, i - start));
      start = i = j;
      prev_space = true;
      continue;
    }
    prev_space = space;
    i += len;
  }
  emit(s.substr(start));
  return out;
}

int wutsi_sentence_count(std::string_view s) {
  auto java_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\x0B' || c == '\f' || c == '\r'; };
  int n = 1;
  for (std::size_t i = 1; i + 1 < s.size(); ++i) {
    if (s[i] == '.' && s[i - 1] >= 'a' && s[i - 1] <= 'z' && java_space(s[i + 1])) {
      ++n;
      std::size_t j = i + 1;
      while (j < s.size() && java_space(s[j])) ++j;
      i = j - 1;
    }
  }
  return n;
}

std::unique_ptr<Extractor> make_eat_extractor(const EatSettings& s) { return std::make_unique<EatExtractor>(s); }

}  // namespace detour::eatiht
