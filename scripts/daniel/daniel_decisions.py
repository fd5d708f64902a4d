#!/usr/bin/python3
"""Runs the real DAnIEL on a folder of texts and writes its per-document decisions, for
the parity check of detour's port (tasks/daniel/). DAnIEL's code is not part of detour:
pass the folder of a copy you fetched. Two versions are known:
  - EMBEDDIA/event-detection, folder event-detection-daniel (Python 3; the port's
    reference): run this script with python3;
  - the original rundimeco/daniel (Python 2; resources in ./ressources, get_ressource,
    the is_clean option): run this script with a Python 2.7 interpreter, e.g.
    `/path/to/python2.7 daniel_decisions.py --daniel rundimeco-daniel ...`.
The version is told from the folder (daniel.py defining get_resource or get_ressource).

    daniel_decisions.py --daniel DIR --resources DIR (--corpus ROOT [--system OUTDIR] | --texts DIR)
                        [--languages en,ru] [--ratio 0.8] --out FILE.tsv

The texts are the corpus's gold files (ROOT/<lang>/gold/<name>), or with --system
the outputs OUTDIR/<lang>/<name> of the same pages (a page with no output file is
skipped and listed as missing), or with --texts every file DIR/<lang>/<name>. Each text is processed as DAnIEL's process_corpus.py
does (daniel.process with the language's resources loaded by daniel.get_resource,
the text read by DAnIEL's own open_utf8), unfiltered so that the best disease and
location are known for every document; "relevant" is DAnIEL's result_filtering
decision (a disease candidate scoring at least the ratio).

DAnIEL reads its resources from ./resources (the original: ./ressources), so the
script runs it in a temporary folder whose resources/ (ressources/) links to the files
of --resources (with an empty language_codes.json when --resources has none: DAnIEL
reads it before anything). Nothing else is needed: DAnIEL's only imports are the
standard library and its own rstr_max (its __main__ blocks are not used here). The
original appends its ./rstr_max to sys.path relative to the working folder, so the
script also puts DAN/rstr_max on sys.path.

Output: lang, id, relevant (0/1), disease, location, score (repr of the best disease
score), error (the exception when DAnIEL failed on the document); then a line
"# cpu_seconds S documents N" with the CPU time of the DAnIEL calls alone.
"""
from __future__ import print_function

import argparse
import io
import os
import sys
import tempfile
import time

# CPU time of this process (Python 2.7 has no time.process_time).
cpu_clock = getattr(time, "process_time", None) or time.clock
PY2 = sys.version_info[0] == 2


class Options:
    def __init__(self, **entries):
        self.__dict__.update(entries)


def pages(root, languages):
    for lang in sorted(os.listdir(root)):
        gold = os.path.join(root, lang, "gold")
        html = os.path.join(root, lang, "html")
        if not os.path.isdir(gold) or not os.path.isdir(html):
            continue
        if languages and lang not in languages:
            continue
        html_names = set(os.listdir(html))
        for name in sorted(os.listdir(gold)):
            if name.startswith("."):
                continue
            page = name if name in html_names else None
            if page is None:
                for ext in (".html", ".htm", ".txt"):
                    if name + ext in html_names:
                        page = name + ext
            if page is None:
                continue
            yield lang, page, name


def tsv(s):
    if PY2 and isinstance(s, str):
        s = s.decode("utf-8")
    if not isinstance(s, type(u"")):
        s = u"%s" % (s,)
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--daniel", required=True, help="the event-detection-daniel folder")
    ap.add_argument("--resources", required=True)
    ap.add_argument("--corpus")
    ap.add_argument("--texts")
    ap.add_argument("--system")
    ap.add_argument("--languages", default="")
    ap.add_argument("--ratio", type=float, default=0.8)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    daniel_dir = os.path.abspath(a.daniel)
    resources = os.path.abspath(a.resources)
    if bool(a.corpus) == bool(a.texts):
        sys.exit("daniel_decisions: give --corpus or --texts")
    corpus = os.path.abspath(a.corpus or a.texts)
    system = os.path.abspath(a.system) if a.system else None
    out_path = os.path.abspath(a.out)
    languages = [x for x in a.languages.split(",") if x]
    if not os.path.isfile(os.path.join(daniel_dir, "daniel.py")):
        sys.exit("daniel_decisions: no daniel.py in %s" % daniel_dir)

    with io.open(os.path.join(daniel_dir, "daniel.py"), encoding="utf-8") as f:
        original = "def get_ressource(" in f.read()
    sys.path.insert(0, daniel_dir)
    if original:
        sys.path.insert(0, os.path.join(daniel_dir, "rstr_max"))
    work = tempfile.mkdtemp(prefix="daniel-")
    # ./resources: a link to each file of --resources, plus an empty language_codes.json
    # when there is none (DAnIEL reads it for its optional jusText step before anything).
    rdir = os.path.join(work, "ressources" if original else "resources")
    os.mkdir(rdir)
    for name in os.listdir(resources):
        os.symlink(os.path.join(resources, name), os.path.join(rdir, name))
    if not os.path.exists(os.path.join(rdir, "language_codes.json")):
        with open(os.path.join(rdir, "language_codes.json"), "w") as f:
            f.write("{}\n")
    os.chdir(work)
    import daniel  # noqa: E402  (DAnIEL's own module)
    get_resource = daniel.get_ressource if original else daniel.get_resource

    loaded = {}
    rows = []
    cpu = 0.0
    count = 0
    if a.texts:
        todo = [(lang, name, name) for lang in sorted(os.listdir(corpus)) if not languages or lang in languages
                for name in sorted(os.listdir(os.path.join(corpus, lang)))]
    else:
        todo = list(pages(corpus, languages))
    for lang, page, name in todo:
        if a.texts:
            path = os.path.join(corpus, lang, name)
        elif system:
            path = os.path.join(system, lang, name)
        else:
            path = os.path.join(corpus, lang, "gold", name)
        if not os.path.isfile(path):
            rows.append([lang, page, "-", "", "", "", "missing"])
            continue
        o = Options(document_path=path, language=lang, isnot_clean=False, is_clean=True, ratio=a.ratio,
                    verbose=False, debug=False, name_out=os.path.join(work, "out"), showrelevant=False)
        t0 = cpu_clock()
        try:
            if lang not in loaded:
                loaded[lang] = get_resource(lang, o)
            res = daniel.process(o, loaded[lang], filtered=False, process_res=False)
            err = ""
        except Exception as e:  # DAnIEL's own failures are recorded, not fatal
            res, err = None, "%s: %s" % (type(e).__name__, e)
        cpu += cpu_clock() - t0
        count += 1
        if res is None:
            rows.append([lang, page, "-", "", "", "", err])
            continue
        dis = res["dis_infos"]
        relevant = any(x[0] >= a.ratio for x in dis)
        disease = dis[0][1] if dis else ""
        score = repr(dis[0][0]) if dis else ""
        location = res["events"][0][1] if res["events"] else ""
        rows.append([lang, page, "1" if relevant else "0", disease, location, score, ""])
    with io.open(out_path, "w", encoding="utf-8") as f:
        f.write(u"lang\tid\trelevant\tdisease\tlocation\tscore\terror\n")
        for r in rows:
            f.write(u"\t".join(tsv(x) for x in r) + u"\n")
        f.write(u"# cpu_seconds %.3f documents %d\n" % (cpu, count))


if __name__ == "__main__":
    main()
