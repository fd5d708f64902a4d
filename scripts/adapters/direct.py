"""The Python tools called directly through their documented APIs, for the adapters'
fidelity checks (docs/adapters.md): reads the pages of a dump (replay.py --dump), runs
the tool on each in this one process and writes JSON lines of lang, id, format, output
(or error) for replay.py.
    /usr/bin/python3 scripts/adapters/direct.py rdl|htx|h2t|jtp|trf DUMP OUT
    /usr/bin/python3 scripts/adapters/direct.py rdl-scrapinghub|h2t-scrapinghub DUMP OUT
    /usr/bin/python3 scripts/adapters/direct.py bpj DUMP OUT
(rdl-scrapinghub and h2t-scrapinghub: the calls of the Scrapinghub benchmark's
extractors/run_readability.py and run_html2text.py, whose outputs it scores as text;
bpj: the Boilerpipe jar's existing real-tool run, scripts/boilerpipe/run.sh --batch,
ArticleExtractor's TextDocument.getContent() in one JVM over the pages written to files)"""
import html
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def justext_call():
    """jusText's README: justext.justext(html, justext.get_stoplist("English")), with the
    stoplist named after the page's language (babel's English name of its code); for a
    language jusText has no stoplist for, its command line's language-independent mode
    (no stoplist, stopwords_low = stopwords_high = 0). The paragraphs kept, as HTML."""
    import babel
    import justext

    def run(p):
        try:
            name = babel.Locale(p["lang"]).english_name
        except (ValueError, babel.UnknownLocaleError):
            name = ""
        if name in justext.get_stoplists():
            paragraphs = justext.justext(p["html"], justext.get_stoplist(name))
        else:
            paragraphs = justext.justext(p["html"], frozenset(), stopwords_low=0, stopwords_high=0)
        return "".join(("<h2>%s</h2>\n" if q.heading else "<p>%s</p>\n") % html.escape(q.text, quote=False)
                       for q in paragraphs if not q.is_boilerplate)
    return "html", run


def tool(name):
    if name == "rdl":  # readability-lxml's README: Document(html).summary()
        from readability import Document
        return "html", lambda p: Document(p["html"]).summary()
    if name == "rdl-scrapinghub":  # RDL(html_partial=true,output=text)
        import html_text
        from readability import Document
        return "text", lambda p: html_text.extract_text(Document(p["html"]).summary(html_partial=True))
    if name == "htx":  # html-text's README: html_text.extract_text(html)
        import html_text
        return "text", lambda p: html_text.extract_text(p["html"])
    if name == "h2t":  # html2text's README: html2text.html2text(html)
        import html2text
        return "markdown", lambda p: html2text.html2text(p["html"])
    if name == "h2t-scrapinghub":  # H2T(ignore_links=true,ignore_images=true,output=text)
        from html2text import HTML2Text

        def run(p):
            h = HTML2Text()
            h.ignore_links = True
            h.ignore_images = True
            return h.handle(p["html"])
        return "text", run
    if name == "jtp":
        return justext_call()
    if name == "trf":  # trafilatura's documentation: trafilatura.extract(html, url=...), as HTML
        import trafilatura
        return "html", lambda p: trafilatura.extract(p["html"], url=p["url"] or None, output_format="html") or ""
    sys.exit("direct.py: unknown tool " + name)


def bpj(dump, out):
    """The pages through scripts/boilerpipe/run.sh --batch (one JVM), as text."""
    with tempfile.TemporaryDirectory(prefix="detour-bpj-") as work:
        pages, texts = os.path.join(work, "in"), os.path.join(work, "out")
        os.makedirs(pages)
        keys = []
        with open(dump, encoding="utf-8") as f:
            for i, line in enumerate(f):
                p = json.loads(line)
                name = "%06d" % i
                keys.append((name, p["lang"], p["id"]))
                with open(os.path.join(pages, name), "w", encoding="utf-8", errors="surrogatepass") as o:
                    o.write(p["html"])
        subprocess.run(["bash", os.path.join(HERE, "..", "boilerpipe", "run.sh"), "--batch", pages, texts], check=True)
        with open(out, "w", encoding="utf-8") as o:
            for name, lang, doc_id in keys:
                a = {"lang": lang, "id": doc_id}
                path = os.path.join(texts, name)
                if os.path.exists(path):
                    with open(path, encoding="utf-8") as t:
                        a.update(format="text", output=t.read())
                else:
                    a["error"] = "no output"
                o.write(json.dumps(a, ensure_ascii=False) + "\n")
    print("bpj: %d pages" % len(keys), file=sys.stderr)


def main():
    name, dump, out = sys.argv[1:4]
    if name == "bpj":
        return bpj(dump, out)
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
