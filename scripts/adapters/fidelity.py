"""Fidelity of the adapters (docs/adapters.md): each adapter's output through detour
against its tool called directly, byte for byte after the same conversion.

  1. the pages, as detour decodes them, are dumped (replay.py --dump, a served tool);
  2. each tool runs on them in one process through its documented API: direct.mjs
     (MRD, DFD, AEX), direct.py (RDL, HTX, H2T, JTP, TRF, and BPJ: the existing real-tool
     run of the Boilerpipe jar, scripts/boilerpipe/run.sh --batch, getContent());
  3. one detour run has the adapters and, for each, a served tool replaying the direct
     outputs (replay.py), so that both go through the same converter;
  4. outputs/<ADAPTER>/ and outputs/R<adapter>/ are compared file by file.

    /usr/bin/python3 scripts/adapters/fidelity.py --corpus ../shared/corpora/daniel \
        --tools MRD,RDL,BPJ --out /tmp/fidelity [--binary build/detour] [--jobs 2] [--dump FILE] \
        [-- EXTRA RUN OPTIONS]
--dump FILE reuses the pages dumped by an earlier check of the same corpus (DIR/pages.jsonl)
instead of dumping them again.
--from-run RUN takes the detour side from a finished run of the same corpus that has the
adapters (e.g. a table run): its outputs/<ADAPTER>/, pages.tsv and failures.tsv; the
adapters are not run again, the check's own run only replays the direct outputs.
--skip-first N calls the tools directly on the pages after the first N of each language
only (in the order detour reads them: file names in byte order), taken in turn from each
language (with --from-run only); the pages compared are those.
--reuse-direct keeps DIR/<tool>.jsonl from an earlier direct call, even one stopped
early (direct.mjs writes a line per page as it goes), and calls the tool on the asked
pages it does not hold (--no-direct: not; with --from-run, the pages compared are those
the file holds).
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
PY = {"RDL": "rdl", "HTX": "htx", "H2T": "h2t", "JTP": "jtp", "TRF": "trf", "BPJ": "bpj"}


def run(argv):
    print("+ " + " ".join(argv), file=sys.stderr, flush=True)
    subprocess.run(argv, check=True)


def subset(dump, skip, out):
    """The dump's pages after the first `skip` of each language (detour's order: file
    names in byte order), one language after another in turn, written to `out`."""
    langs = {}
    with open(dump, encoding="utf-8") as f:
        for line in f:
            p = json.loads(line)
            langs.setdefault(p["lang"], []).append((p["id"].encode("utf-8", "surrogatepass"), line))
    rest = [[line for _, line in sorted(pages)[skip:]] for _, pages in sorted(langs.items())]
    with open(out, "w", encoding="utf-8") as o:
        for i in range(max((len(r) for r in rest), default=0)):
            for r in rest:
                if i < len(r):
                    o.write(r[i])


def complete_lines(path):
    """The (lang, id) of the complete answers in a direct call's file, dropping a last line
    cut short by a stopped call."""
    keys, lines = [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                a = json.loads(line)
            except ValueError:
                break
            keys.append((a["lang"], a["id"]))
            lines.append(line if line.endswith("\n") else line + "\n")
    with open(path, "w", encoding="utf-8") as o:
        o.writelines(lines)
    return keys


def same_file(p, q):
    return os.path.exists(p) and os.path.exists(q) and open(p, "rb").read() == open(q, "rb").read()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--tools", default="MRD,DFD,AEX,RDL,HTX,H2T,BPJ,JTP,TRF")
    ap.add_argument("--out", required=True)
    ap.add_argument("--binary", default=os.path.join(ROOT, "build", "detour"))
    ap.add_argument("--jobs", default="2")
    ap.add_argument("--dump", help="the pages.jsonl of an earlier check of the same corpus")
    ap.add_argument("--from-run", help="a finished run with the adapters: the detour side")
    ap.add_argument("--skip-first", type=int, default=0, help="direct calls after the first N pages of each language")
    ap.add_argument("--reuse-direct", action="store_true", help="keep OUT/<tool>.jsonl of an earlier direct call")
    ap.add_argument("--no-direct", action="store_true", help="with --reuse-direct: call no tool on the pages it lacks")
    ap.add_argument("extra", nargs="*")
    a = ap.parse_args()
    if a.skip_first and not a.from_run:
        ap.error("--skip-first needs --from-run (the check's own run would have the adapters on every page)")
    os.makedirs(a.out, exist_ok=True)
    tools = a.tools.split(",")
    dump = a.dump or os.path.join(a.out, "pages.jsonl")
    common = ["--metrics", "to", "--no-progress", "--jobs", a.jobs] + a.extra
    if not a.dump:
        if os.path.exists(dump):
            os.remove(dump)
        run([a.binary, "run", "--corpus", a.corpus, "--serve",
             "DUMP=/usr/bin/python3 %s/replay.py --dump %s" % (HERE, dump), "--extractors", "DUMP"] + common)
    if a.skip_first:
        asked = os.path.join(a.out, "pages-after-%d.jsonl" % a.skip_first)
        subset(dump, a.skip_first, asked)
        dump = asked
    serves = []
    direct = {}
    for t in tools:
        out = os.path.join(a.out, t.lower() + ".jsonl")
        direct[t] = out
        serves += ["--serve", "R%s=/usr/bin/python3 %s/replay.py %s" % (t.lower(), HERE, out)]
        asked, more = dump, None
        if a.reuse_direct and os.path.exists(out):
            done = set(complete_lines(out))
            asked = more = os.path.join(a.out, t.lower() + "-rest.jsonl")
            with open(dump, encoding="utf-8") as f, open(more, "w", encoding="utf-8") as o:
                n = 0
                for line in f:
                    p = json.loads(line)
                    if (p["lang"], p["id"]) not in done and not a.no_direct:
                        o.write(line)
                        n += 1
            print("fidelity: %s: %d pages of %s kept, %d to do" % (t, len(done), out, n), file=sys.stderr)
            if n == 0:
                continue
        to = out + ".more" if more else out
        try:
            if t in NODE:
                run(["node", os.path.join(HERE, "direct.mjs"), NODE[t], asked, to])
            elif t in PY:
                run(["/usr/bin/python3", os.path.join(HERE, "direct.py"), PY[t], asked, to])
            else:
                sys.exit("fidelity: no direct call for " + t)
        finally:
            if more and os.path.exists(to):  # the pages done now (even by a call stopped again) after those kept
                complete_lines(to)
                with open(to, encoding="utf-8") as f, open(out, "a", encoding="utf-8") as o:
                    o.write(f.read())
                os.remove(to)
    runout = os.path.join(a.out, "run")
    if a.from_run and not os.path.exists(os.path.join(a.from_run, "results.json")):
        sys.exit("fidelity: %s is not a finished run (no results.json); the direct calls are in %s: "
                 "run again with --reuse-direct when it is" % (a.from_run, a.out))
    systems = ["R" + t.lower() for t in tools] if a.from_run else tools  # served tools run beside those named
    run([a.binary, "run", "--corpus", a.corpus, "--extractors", ",".join(systems), "--out", runout, "--overwrite"]
        + serves + common)
    bad = False
    rows = ["adapter\tpages\tidentical\tdifferent\tfailed"]
    for t in tools:
        theirs = os.path.join(runout, "outputs", "R" + t.lower())
        n = same = failed = 0
        diff = []
        if a.from_run:  # the pages the direct call was made on, in the finished run
            mine = os.path.join(a.from_run, "outputs", t)
            with open(os.path.join(a.from_run, "pages.tsv"), encoding="utf-8") as f:
                names = {(r[0], r[1]): r[2] for r in (line.rstrip("\n").split("\t") for line in f)}
            lost = {tuple(r[1:3]) for r in (line.split("\t") for line in open(os.path.join(a.from_run, "failures.tsv")))
                    if r[0] == t}
            for key in complete_lines(direct[t]):
                rel = os.path.join(key[0], names[key])
                if key in lost:
                    failed += 1
                    continue
                n += 1
                if same_file(os.path.join(mine, rel), os.path.join(theirs, rel)):
                    same += 1
                else:
                    diff.append(rel)
        else:
            mine = os.path.join(runout, "outputs", t)
            for d, _, files in os.walk(mine):
                for f in files:
                    rel = os.path.relpath(os.path.join(d, f), mine)
                    n += 1
                    if same_file(os.path.join(mine, rel), os.path.join(theirs, rel)):
                        same += 1
                    else:
                        diff.append(rel)
            failed = sum(1 for line in open(os.path.join(runout, "failures.tsv")) if line.split("\t")[0] == t)
        rows.append("%s\t%d\t%d\t%d\t%d" % (t, n, same, len(diff), failed))
        print(rows[-1] + ("  e.g. " + ", ".join(diff[:3]) if diff else ""))
        bad = bad or bool(diff)
    with open(os.path.join(a.out, "fidelity.tsv"), "w") as o:
        o.write("\n".join(rows) + "\n")
    sys.exit(1 if bad else 0)


main()
