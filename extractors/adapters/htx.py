"""HTX: html-text (Debian python3-html-text) behind detour's extractor protocol
(docs/adapters.md). Answers html_text.extract_text(html) as text: the page's whole
visible text, one line per block (html-text removes no boilerplate)."""
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from detour_serve import serve  # noqa: E402
import html_text  # noqa: E402


def extract(req):
    s = req["settings"]
    return "text", html_text.extract_text(req["html"], guess_layout=s["guess_layout"])


serve("html-text", importlib.metadata.version("html-text"), {"guess_layout": True}, extract)
