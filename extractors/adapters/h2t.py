"""H2T: html2text (Debian python3-html2text) behind detour's extractor protocol
(docs/adapters.md). Answers HTML2Text().handle(html) as Markdown: the whole page
(html2text removes no boilerplate). Settings: HTML2Text's ignore_links, ignore_images
and body_width, and output: "markdown" (the default: detour reads it as CommonMark) or
"text" (the same Markdown answered as plain text, its markers kept as they are: how the
Scrapinghub benchmark scores html2text, with ignore_links and ignore_images)."""
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
    if s["output"] not in ("markdown", "text"):
        raise ValueError("output %r: markdown or text" % s["output"])
    return s["output"], h.handle(req["html"])


serve("html2text", ".".join(str(p) for p in html2text.__version__),
      {"ignore_links": False, "ignore_images": False, "body_width": 78, "output": "markdown"}, extract)
