"""H2T: html2text (Debian python3-html2text) behind detour's extractor protocol
(docs/adapters.md). Answers HTML2Text().handle(html) as Markdown: the whole page
(html2text removes no boilerplate)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from detour_serve import serve  # noqa: E402
import html2text  # noqa: E402


def extract(req):
    s = req["settings"]
    h = html2text.HTML2Text()
    h.ignore_links = s["ignore_links"]
    h.ignore_images = s["ignore_images"]
    h.body_width = s["body_width"]
    return "markdown", h.handle(req["html"])


serve("html2text", ".".join(str(p) for p in html2text.__version__),
      {"ignore_links": False, "ignore_images": False, "body_width": 78}, extract)
