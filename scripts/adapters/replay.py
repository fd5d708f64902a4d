"""A served tool (docs/adapters.md) for the adapters' fidelity checks:

  replay.py --dump FILE     answers every page with "" and appends its request (lang,
                            id, url, html: the page as detour decoded it) to FILE, one
                            JSON object a line;
  replay.py FILE            answers each page with the output FILE holds for it (JSON
                            lines of lang, id, format, output, or error), as written by
                            direct.mjs or direct.py from a dump.

Run through `detour run --serve`, a replayed output goes through the same converter as
the adapter's answer, so the two runs' outputs can be compared byte for byte."""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "extractors", "adapters"))
from detour_serve import serve  # noqa: E402


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--dump":
        fd = os.open(sys.argv[2], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

        def dump(req):  # one write a line: workers may append to the same file
            line = json.dumps({k: req[k] for k in ("lang", "id", "url", "html")}, ensure_ascii=False) + "\n"
            os.write(fd, line.encode("utf-8", "surrogatepass"))
            return "text", ""
        serve("dump", "1", {}, dump)
        return
    if len(sys.argv) != 2:
        sys.exit("usage: replay.py --dump FILE | replay.py FILE")
    answers = {}
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            a = json.loads(line)
            answers[(a["lang"], a["id"])] = a

    def replay(req):
        a = answers.get((req["lang"], req["id"]))
        if a is None:  # a check of some of the corpus's pages (fidelity.py --skip-first)
            raise RuntimeError("no answer for this page in " + sys.argv[1])
        if "error" in a:
            raise RuntimeError(a["error"])
        return a["format"], a["output"]
    serve("replay", os.path.basename(sys.argv[1]), {}, replay)


main()
