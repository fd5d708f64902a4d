"""detour_serve: the framing of detour's extractor protocol (version 1) for Python tools.

An adapter calls serve() once with its tool's name, version and settings and a
function that extracts one page; serve() writes the handshake, reads the requests on
standard input, answers each in order on standard output and returns when standard
input ends. The protocol is described in docs/adapters.md.

    from detour_serve import serve
    def extract(request):          # request: seq, id, lang, url, charset, html, settings
        return "html", some_html   # or {"format": ..., "output": ..., "notes": {...}}
    serve("readability-lxml", "0.8.1", {"min_text_length": 25}, extract)

An exception raised by extract() answers an error for that page ("TypeName: message")
and the tool goes on. The tool takes requests ahead ("pipelining"): it reads them one at
a time, ends each page's messages on standard error with the protocol's marker line,
and gives each answer the time it took ("millis"). What the tool's libraries print on
standard output goes to standard error instead, so that it cannot break the framing.
"""

import json
import os
import sys
import time

PROTOCOL = "detour-extractor"
VERSION = 1
FORMATS = ("text", "html", "markdown", "cleaneval")


def _answer(seq, result):
    if isinstance(result, dict):
        answer = {"seq": seq}
        answer.update(result)
    else:
        fmt, output = result
        answer = {"seq": seq, "format": fmt, "output": output}
    if "error" not in answer:
        if answer.get("format") not in FORMATS:
            raise ValueError("format must be one of %s, got %r" % (", ".join(FORMATS), answer.get("format")))
        if not isinstance(answer.get("output"), str):
            raise ValueError("output must be a string, got %s" % type(answer.get("output")).__name__)
    return answer


def serve(name, tool_version, settings, extract):
    """Serves requests until standard input ends. Never returns an error: a page whose
    extract() raises is answered with an error."""
    # The protocol's standard output, kept aside; file descriptor 1 then goes to
    # standard error, so stray prints (of this process or of C code) cannot break lines.
    out = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)
    sys.stdout = sys.stderr

    def write(obj):
        line = json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n"
        out.write(line.encode("utf-8", "replace"))

    write({"protocol": PROTOCOL, "version": VERSION, "name": name, "tool_version": tool_version,
           "settings": settings or {}, "pipelining": True})
    for raw in sys.stdin.buffer:
        began = time.perf_counter()
        if not raw.strip():
            continue
        request = json.loads(raw)
        seq = request.get("seq")
        try:
            answer = _answer(seq, extract(request))
        except Exception as e:  # the page fails, the tool goes on
            answer = {"seq": seq, "error": "%s: %s" % (type(e).__name__, e)}
        answer["millis"] = round((time.perf_counter() - began) * 1000, 3)
        # The page's messages end here, before its answer (docs/adapters.md).
        sys.stderr.write("detour-extractor: end of seq %s\n" % seq)
        sys.stderr.flush()
        write(answer)
    out.close()
