// answer: see answer.h.
#include "extractors/answer.h"

#include <cmark.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <memory>

#include "base/markup.h"
#include "base/strings.h"
#include "extractors/blocks.h"
#include "html/dom.h"

namespace detour {

std::string_view answer_format_name(AnswerFormat f) {
  switch (f) {
    case AnswerFormat::CleanEval:
      return "cleaneval";
    case AnswerFormat::Html:
      return "html";
    case AnswerFormat::Markdown:
      return "markdown";
    case AnswerFormat::Text:
      return "text";
  }
  return "?";
}

std::optional<AnswerFormat> parse_answer_format(std::string_view name) {
  for (AnswerFormat f : {AnswerFormat::CleanEval, AnswerFormat::Html, AnswerFormat::Markdown, AnswerFormat::Text})
    if (answer_format_name(f) == name) return f;
  return std::nullopt;
}

std::string markdown_to_html(std::string_view markdown) {
  // CMARK_OPT_UNSAFE keeps raw HTML blocks and inline HTML (without it cmark writes
  // "<!-- raw HTML omitted -->" in their place, and their text would be lost).
  std::unique_ptr<char, void (*)(void*)> html(
      cmark_markdown_to_html(markdown.data(), markdown.size(), CMARK_OPT_UNSAFE | CMARK_OPT_VALIDATE_UTF8), std::free);
  if (!html) throw std::bad_alloc();
  return std::string(html.get());
}

namespace {

std::vector<Segment> html_segments(std::string_view html) {
  dom::Document d = dom::Document::parse(html);
  const dom::Node* body = d.body();
  return visible_blocks(body ? body : d.root());
}

std::vector<Segment> text_segments(std::string_view out) {
  std::vector<Segment> segments;
  std::size_t s = 0;
  while (s < out.size()) {
    std::size_t e = out.find('\n', s);
    if (e == std::string_view::npos) e = out.size();
    std::string line = collapse_whitespace(out.substr(s, e - s));
    if (!line.empty()) segments.push_back({SegmentKind::Paragraph, std::move(line)});
    s = e + 1;
  }
  return segments;
}

}  // namespace

std::vector<Segment> answer_segments(AnswerFormat format, std::string_view output) {
  switch (format) {
    case AnswerFormat::CleanEval:
      return parse_cleaneval(output);
    case AnswerFormat::Html:
      return html_segments(output);
    case AnswerFormat::Markdown:
      return html_segments(markdown_to_html(output));
    case AnswerFormat::Text:
      return text_segments(output);
  }
  return {};
}

AnswerFormat guess_answer_format(std::string_view s) {
  for (std::size_t i = 0; i + 2 < s.size(); ++i)
    if (s[i] == '<' && s[i + 2] == '>') {
      const char c = static_cast<char>(s[i + 1] | 0x20);
      if (c == 'p' || c == 'h' || c == 'l') return AnswerFormat::CleanEval;
    }
  std::string head(s.substr(0, std::min<std::size_t>(s.size(), 4096)));
  for (char& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (head.find("<html") != std::string::npos || head.find("<body") != std::string::npos ||
      head.find("<div") != std::string::npos || head.find("</p>") != std::string::npos)
    return AnswerFormat::Html;
  return AnswerFormat::Text;
}

}  // namespace detour
