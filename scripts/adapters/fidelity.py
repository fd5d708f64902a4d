"""Fidelity of the adapters (docs/adapters.md): each adapter's output through detour
against its tool called directly, byte for byte after the same conversion.

  1. the pages, as detour decodes them, are dumped (replay.py --dump, a served tool);
  2. each tool runs on them in one process through its documented API: direct.mjs
     (MRD, DFD, AEX), direct.py (RDL, HTX, H2T, JTP, TRF), and for BPJ the existing real-tool
     run of the Boilerpipe jar (scripts/boilerpipe/run.sh --batch, getContent());
  3. one detour run has the adapters and, for each, a served tool replaying the direct
     outputs (replay.py), so that both go through the same converter;
  4. outputs/<ADAPTER>/ and outputs/R<adapter>/ are compared file by file.

    /usr/bin/python3 scripts/adapters/fidelity.py --corpus ../shared/corpora/daniel \
        --tools MRD,RDL,BPJ --out /tmp/fidelity [--binary build/detour] [--jobs 2] [--dump FILE] \
        [-- EXTRA RUN OPTIONS]
--dump FILE reuses the pages dumped by an earlier check of the same corpus (DIR/pages.jsonl)
instead of dumping them again.
Prints one line per adapter (pages compared, identical, different, failed) and writes
DIR/fidelity.tsv; exits 1 if any page differs."""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
NODE = {"MRD": "mrd", "DFD": "dfd", "AEX": "aex"}
PY = {"RDL": "rdl", "HTX": "htx", "H2T": "h2t", "JTP": "jtp", "TRF": "trf"}


def run(argv):
    print("+ " + " ".join(argv), file=sys.stderr, flush=True)
    subprocess.run(argv, check=True)


def bpj_direct(dump, out, work):
    pages = os.path.join(work, "bpj-in")
    os.makedirs(pages, exist_ok=True)
    keys = []
    with open(dump, encoding="utf-8") as f:
        for i, line in enumerate(f):
            p = json.loads(line)
            name = "%06d" % i
            keys.append((name, p["lang"], p["id"]))
            with open(os.path.join(pages, name), "w", encoding="utf-8", errors="surrogatepass") as o:
                o.write(p["html"])
    texts = os.path.join(work, "bpj-out")
    run(["bash", os.path.join(ROOT, "scripts", "boilerpipe", "run.sh"), "--batch", pages, texts])
    with open(out, "w", encoding="utf-8") as o:
        for name, lang, doc_id in keys:
            a = {"lang": lang, "id": doc_id}
            path = os.path.join(texts, name)
            if os.path.exists(path):
                a.update(format="text", output=open(path, encoding="utf-8").read())
            else:
                a["error"] = "no output"
            o.write(json.dumps(a, ensure_ascii=False) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--tools", default="MRD,DFD,AEX,RDL,HTX,H2T,BPJ,JTP,TRF")
    ap.add_argument("--out", required=True)
    ap.add_argument("--binary", default=os.path.join(ROOT, "build", "detour"))
    ap.add_argument("--jobs", default="2")
    ap.add_argument("--dump", help="the pages.jsonl of an earlier check of the same corpus")
    ap.add_argument("extra", nargs="*")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    tools = a.tools.split(",")
    dump = a.dump or os.path.join(a.out, "pages.jsonl")
    common = ["--metrics", "to", "--no-progress", "--jobs", a.jobs] + a.extra
    if not a.dump:
        if os.path.exists(dump):
            os.remove(dump)
        run([a.binary, "run", "--corpus", a.corpus, "--serve",
             "DUMP=/usr/bin/python3 %s/replay.py --dump %s" % (HERE, dump), "--extractors", "DUMP"] + common)
    serves = []
    for t in tools:
        out = os.path.join(a.out, t.lower() + ".jsonl")
        if t in NODE:
            run(["node", os.path.join(HERE, "direct.mjs"), NODE[t], dump, out])
        elif t in PY:
            run(["/usr/bin/python3", os.path.join(HERE, "direct.py"), PY[t], dump, out])
        elif t == "BPJ":
            bpj_direct(dump, out, a.out)
        else:
            sys.exit("fidelity: no direct call for " + t)
        serves += ["--serve", "R%s=/usr/bin/python3 %s/replay.py %s" % (t.lower(), HERE, out)]
    runout = os.path.join(a.out, "run")
    run([a.binary, "run", "--corpus", a.corpus, "--extractors", ",".join(tools), "--out", runout, "--overwrite"]
        + serves + common)
    bad = False
    rows = ["adapter\tpages\tidentical\tdifferent\tfailed"]
    for t in tools:
        mine, theirs = os.path.join(runout, "outputs", t), os.path.join(runout, "outputs", "R" + t.lower())
        n = same = 0
        diff = []
        for d, _, files in os.walk(mine):
            for f in files:
                p = os.path.join(d, f)
                q = os.path.join(theirs, os.path.relpath(p, mine))
                n += 1
                if os.path.exists(q) and open(p, "rb").read() == open(q, "rb").read():
                    same += 1
                else:
                    diff.append(os.path.relpath(p, mine))
        failed = sum(1 for line in open(os.path.join(runout, "failures.tsv")) if line.split("\t")[0] == t)
        rows.append("%s\t%d\t%d\t%d\t%d" % (t, n, same, len(diff), failed))
        print(rows[-1] + ("  e.g. " + ", ".join(diff[:3]) if diff else ""))
        bad = bad or bool(diff)
    with open(os.path.join(a.out, "fidelity.tsv"), "w") as o:
        o.write("\n".join(rows) + "\n")
    sys.exit(1 if bad else 0)


main()
