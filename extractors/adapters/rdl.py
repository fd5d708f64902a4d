"""RDL: readability-lxml (Debian python3-readability), the real tool, behind detour's
extractor protocol (docs/adapters.md). Answers Document(html).summary() as HTML, on the
page as detour decoded it."""
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from detour_serve import serve  # noqa: E402
from readability import Document  # noqa: E402


def extract(req):
    s = req["settings"]
    doc = Document(req["html"], min_text_length=s["min_text_length"], retry_length=s["retry_length"])
    return "html", doc.summary()


serve("readability-lxml", importlib.metadata.version("readability-lxml"),
      {"min_text_length": 25, "retry_length": 250}, extract)
