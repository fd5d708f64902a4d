"""RDL: readability-lxml (Debian python3-readability), the real tool, behind detour's
extractor protocol (docs/adapters.md). Answers Document(html).summary() as HTML, on the
page as detour decoded it.

Settings besides Document's: html_partial (summary(html_partial=True): the article
built in a bare <div> fragment instead of a <div> in a new <html><body> document) and
output: "html" (the summary, the default) or "text"
(the summary's text by html-text's html_text.extract_text, Debian python3-html-text,
answered as text). 'RDL(html_partial=true,output=text)' is the Scrapinghub benchmark's
call: html_text.extract_text(Document(html).summary(html_partial=True))."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from detour_serve import serve  # noqa: E402
import readability  # noqa: E402
from readability import Document  # noqa: E402


def tool_version():
    """readability-lxml's version: its module's __version__ (the package's own, which
    equals its distribution's), else the distribution's. importlib.metadata costs some
    40 ms of CPU at every start (its import and a scan of the installed packages) and
    the tool starts twice a run at least, so it is asked only when the module says
    nothing."""
    v = getattr(readability, "__version__", None)
    if isinstance(v, str) and v:
        return v
    import importlib.metadata
    return importlib.metadata.version("readability-lxml")


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


serve("readability-lxml", tool_version(),
      {"min_text_length": 25, "retry_length": 250, "html_partial": False, "output": "html"}, extract)
