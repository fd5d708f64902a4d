"""TRF: trafilatura (pip install trafilatura) behind detour's extractor protocol
(docs/adapters.md). Calls trafilatura.extract(html, url=URL, output_format="html") with
trafilatura's defaults for everything else, and answers its HTML ("" when it finds
nothing).

Why HTML: the extraction is the one of a default call (output_format "txt"; "markdown"
would switch include_formatting on, which changes the tree trafilatura works on), and
its HTML keeps what it found as headings, list items and paragraphs, with the text as it
is (trafilatura's Markdown does not escape a literal * or _, which a Markdown reader then
takes for emphasis). Its HTML holds the main text only: the comments that a default call
appends to its text are left out. 'TRF(output_format=txt)' answers exactly what a default
call returns (as text, one paragraph a line, comments included), 'TRF(output_format=
markdown)' its Markdown."""
import importlib.metadata
import inspect
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from detour_serve import serve  # noqa: E402
import lxml.etree  # noqa: E402
import trafilatura  # noqa: E402

FORMATS = {"html": "html", "txt": "text", "markdown": "markdown"}
FIXED = {"lxml": ".".join(str(p) for p in lxml.etree.LXML_VERSION[:3]), "justext": importlib.metadata.version("justext")}
# extract()'s options that change the output, at the defaults of the installed version
# (not deduplicate: it remembers earlier pages, and an answer must depend on its page only).
OPTIONS = {k: p.default for k, p in inspect.signature(trafilatura.extract).parameters.items()
           if k in ("fast", "favor_precision", "favor_recall", "include_comments", "include_tables", "include_images",
                    "include_links")}


def extract(req):
    s = req["settings"]
    for key, value in FIXED.items():
        if s[key] != value:
            raise ValueError("%s is %s here, not %s" % (key, value, s[key]))
    if s["output_format"] not in FORMATS:
        raise ValueError("output_format %r: one of %s" % (s["output_format"], ", ".join(FORMATS)))
    out = trafilatura.extract(req["html"], url=req["url"] or None, output_format=s["output_format"],
                              **{k: s[k] for k in OPTIONS})
    return FORMATS[s["output_format"]], out or ""


serve("trafilatura", importlib.metadata.version("trafilatura"),
      dict(OPTIONS, output_format="html", **FIXED), extract)
