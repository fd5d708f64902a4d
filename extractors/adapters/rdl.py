"""RDL: readability-lxml (Debian python3-readability), the real tool, behind detour's
extractor protocol (docs/adapters.md). Answers Document(html).summary() as HTML, on the
page as detour decoded it.

Settings besides Document's: html_partial (summary(html_partial=True): the article
built in a bare <div> fragment instead of a <div> in a new <html><body> document) and
output: "html" (the summary, the default) or "text"
(the summary's text by html-text's html_text.extract_text, Debian python3-html-text,
answered as text). 'RDL(html_partial=true,output=text)' is the Scrapinghub benchmark's
call: html_text.extract_text(Document(html).summary(html_partial=True))."""
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from detour_serve import serve  # noqa: E402
from readability import Document  # noqa: E402


def extract(req):
    s = req["settings"]
    if s["output"] not in ("html", "text"):
        raise ValueError("output %r: html or text" % s["output"])
    doc = Document(req["html"], min_text_length=s["min_text_length"], retry_length=s["retry_length"])
    summary = doc.summary(html_partial=s["html_partial"])
    if s["output"] == "text":
        import html_text  # only this setting needs it
        return "text", html_text.extract_text(summary)
    return "html", summary


serve("readability-lxml", importlib.metadata.version("readability-lxml"),
      {"min_text_length": 25, "retry_length": 250, "html_partial": False, "output": "html"}, extract)
