"""The Python tools called directly through their documented APIs, for the adapters'
fidelity checks (docs/adapters.md): reads the pages of a dump (replay.py --dump), runs
the tool on each in this one process and writes JSON lines of lang, id, format, output
(or error) for replay.py.
    /usr/bin/python3 scripts/adapters/direct.py rdl|htx|h2t DUMP OUT"""
import json
import sys


def tool(name):
    if name == "rdl":  # readability-lxml's README: Document(html).summary()
        from readability import Document
        return "html", lambda p: Document(p["html"]).summary()
    if name == "htx":  # html-text's README: html_text.extract_text(html)
        import html_text
        return "text", lambda p: html_text.extract_text(p["html"])
    if name == "h2t":  # html2text's README: html2text.html2text(html)
        import html2text
        return "markdown", lambda p: html2text.html2text(p["html"])
    sys.exit("direct.py: unknown tool " + name)


def main():
    name, dump, out = sys.argv[1:4]
    fmt, run = tool(name)
    n = 0
    with open(dump, encoding="utf-8") as f, open(out, "w", encoding="utf-8") as o:
        for line in f:
            p = json.loads(line)
            a = {"lang": p["lang"], "id": p["id"]}
            try:
                a.update(format=fmt, output=run(p))
            except Exception as e:
                a["error"] = "%s: %s" % (type(e).__name__, e)
            o.write(json.dumps(a, ensure_ascii=False) + "\n")
            n += 1
    print("%s: %d pages" % (name, n), file=sys.stderr)


main()
