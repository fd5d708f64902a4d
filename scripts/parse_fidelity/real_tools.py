"""Runs the real tools on pages already decoded to UTF-8, for the parse-fidelity
comparisons (issue 15): Boilerpipe 1.2.0 ArticleExtractor (Debian libboilerpipe-java,
through scripts/boilerpipe/run.sh), jusText 3.0.2 (its source, fetched by whoever runs
this and given with --justext; run with Debian's python3-lxml) and readability-lxml
0.8.1 (Debian python3-readability).

Every tool gets the same Unicode text that detour's extractors see (the pages written
by `parse_fidelity --dump-decoded`), so that charset detection is out of the
comparison: Boilerpipe reads it as UTF-8, jusText and readability get a Python str.

Usage: /usr/bin/python3 real_tools.py PAGES OUT [--tools bp,jta,jta-en,rd]
                                       [--justext DIR] [--stoplists DIR] [--lang L]
  PAGES      <lang>/<id> files (a corpus-like tree), or a flat folder of pages
  OUT        written: OUT/<tool>/<lang>/<id> (flat: OUT/<tool>/<id>)
             bp: TextDocument.getContent(); jta, jta-en: the good paragraphs' text,
             one a line; rd: Document(text).summary()
  --lang L   language of a flat folder (jta's stoplist; default en)
A tool that is not installed is reported and skipped; a page a tool fails on is
written as an empty file and listed in OUT/<tool>/FAILED.
"""
import argparse
import os
import subprocess
import sys

NAMES = {"en": "English", "zh": "Chinese", "el": "Greek", "pl": "Polish", "ru": "Russian",
         "fr": "French", "de": "German", "es": "Spanish", "it": "Italian", "pt": "Portuguese"}
HERE = os.path.dirname(os.path.abspath(__file__))


def page_groups(root):
    """[(lang, folder, [names])]: language folders, or the root itself as lang ''."""
    entries = sorted(os.listdir(root))
    dirs = [e for e in entries if os.path.isdir(os.path.join(root, e))]
    if dirs:
        return [(d, os.path.join(root, d), sorted(f for f in os.listdir(os.path.join(root, d))
                                                if not f.startswith(".")))
                for d in dirs]
    return [("", root, [e for e in entries if not e.startswith(".")])]


def out_dir(out, tool, lang):
    d = os.path.join(out, tool, lang) if lang else os.path.join(out, tool)
    os.makedirs(d, exist_ok=True)
    return d


def read_text(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", "replace")


def write(path, text):
    with open(path, "wb") as f:
        f.write(text.encode("utf-8", "surrogatepass"))


def run_bp(groups, out):
    jars = "/usr/share/java"
    if not all(os.path.exists(os.path.join(jars, j + ".jar")) for j in ("boilerpipe", "nekohtml", "xercesImpl")):
        print("bp skipped: apt-get install libboilerpipe-java default-jdk-headless")
        return
    for lang, folder, _ in groups:
        d = out_dir(out, "bp", lang)
        r = subprocess.run(["bash", os.path.join(HERE, "..", "boilerpipe", "run.sh"), "--batch", folder, d])
        if r.returncode != 0:
            print("bp: some pages of %s failed (see above)" % (lang or folder))


def run_justext(groups, out, jt_dir, stop_dir, english, default_lang):
    sys.path.insert(0, jt_dir)
    import justext.core as jc  # noqa: E402
    tool = "jta-en" if english else "jta"
    lists = {}

    def stoplist(lang):
        name = "English" if english else NAMES[lang or default_lang]
        if name not in lists:
            with open(os.path.join(stop_dir, name + ".txt"), encoding="utf-8") as f:
                lists[name] = frozenset(w.strip().lower() for w in f if w.strip())
        return lists[name]

    for lang, folder, names in groups:
        d = out_dir(out, tool, lang)
        failed = []
        for name in names:
            text = read_text(os.path.join(folder, name))
            try:
                paras = jc.justext(text, stoplist(lang))
                res = "".join(p.text + "\n" for p in paras if not p.is_boilerplate)
            except Exception as e:  # jusText raises on empty documents
                failed.append("%s\t%s" % (name, e))
                res = ""
            write(os.path.join(d, name), res)
        if failed:
            write(os.path.join(d, "FAILED"), "\n".join(failed) + "\n")


def run_readability(groups, out):
    import logging
    from readability import Document
    logging.disable(logging.CRITICAL)
    for lang, folder, names in groups:
        d = out_dir(out, "rd", lang)
        failed = []
        for name in names:
            text = read_text(os.path.join(folder, name))
            try:
                res = Document(text).summary()
            except Exception as e:
                failed.append("%s\t%s" % (name, e))
                res = ""
            write(os.path.join(d, name), res)
        if failed:
            write(os.path.join(d, "FAILED"), "\n".join(failed) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pages")
    ap.add_argument("out")
    ap.add_argument("--tools", default="bp,jta,jta-en,rd")
    ap.add_argument("--justext", default=os.environ.get("JUSTEXT_DIR", ""))
    ap.add_argument("--stoplists", default=os.path.join(HERE, "..", "..", "resources", "stoplists", "justext"))
    ap.add_argument("--lang", default="en")
    a = ap.parse_args()
    groups = page_groups(a.pages)
    tools = [t for t in a.tools.split(",") if t]
    for t in tools:
        if t == "bp":
            run_bp(groups, a.out)
        elif t in ("jta", "jta-en"):
            if not (a.justext and os.path.exists(os.path.join(a.justext, "justext", "core.py"))):
                print("%s skipped: give the folder holding jusText 3.0.2's justext/ package with --justext" % t)
                continue
            run_justext(groups, a.out, a.justext, a.stoplists, t == "jta-en", a.lang)
        elif t == "rd":
            try:
                import readability  # noqa: F401
            except ImportError:
                print("rd skipped: apt-get install python3-readability")
                continue
            run_readability(groups, a.out)
        else:
            sys.exit("real_tools.py: unknown tool " + t)


if __name__ == "__main__":
    main()
