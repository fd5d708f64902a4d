"""Small extractor functions for the package's tests, importable by
`python -m detour.serve extractors_for_tests:NAME` and runnable as an external tool
(`python3 extractors_for_tests.py NAME` reads a page on stdin, writes its text)."""
import re
import sys
import time
import zlib

_BLOCK = re.compile(r"<(p|h[1-6]|li)\b[^>]*>(.*?)</\1\s*>", re.S | re.I)
_TAG = re.compile(r"<[^>]+>")


def paragraphs(html, lang="", url=""):
    """The text of the page's <p>, <h1>-<h6> and <li> elements, one per line."""
    out = []
    for _, inner in _BLOCK.findall(html):
        text = " ".join(_TAG.sub(" ", inner).split())
        if text:
            out.append(text)
    return "\n".join(out)


def html_body(html):
    """The page itself (read as HTML: its visible blocks)."""
    return ("html", html)


def kind(id):
    """What `failing` does on a page: by a hash of its id."""
    return ["raise", "none", "bytes", "sleep", "ok", "ok"][zlib.crc32(id.encode()) % 6]


def failing(html, id):
    """Fails in every way a function can, page by page (kind(id))."""
    k = kind(id)
    if k == "raise":
        raise ValueError(f"no body in {id}")
    if k == "none":
        return None
    if k == "bytes":
        return paragraphs(html).encode()
    if k == "sleep":
        time.sleep(30)
    return paragraphs(html)


def spin(html):
    """Never returns (a Python loop): stopped by the budget's asynchronous exception."""
    x = 0
    while True:
        x += 1


if __name__ == "__main__":
    fn = globals()[sys.argv[1] if len(sys.argv) > 1 else "paragraphs"]
    sys.stdout.write(fn(sys.stdin.read()))
