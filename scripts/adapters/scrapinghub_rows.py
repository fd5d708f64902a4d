#!/usr/bin/env python3
"""The adapters on the Scrapinghub (Zyte) article-extraction benchmark, against the
rows its README publishes for the same tools (docs/adapters.md, "On the Scrapinghub
benchmark").

1. `detour run` on the benchmark's 181 pages (format scrapinghub, --lang en) with the
   adapters of tools its table lists, each with the settings that make the benchmark's
   own extractors/run_*.py call and answer its output as the benchmark scores it
   (MRD(output=text): article.textContent; RDL(html_partial=true,output=text):
   html_text.extract_text(summary(html_partial=True)); H2T(ignore_links=true,
   ignore_images=true,output=text): the raw Markdown as text) and, beside them, MRD,
   RDL and H2T as they answer by default; jusText (JTP, and the port JTA) with the
   benchmark's parameters and trafilatura (TRF(output_format=txt,
   include_comments=false): extract(html, include_comments=False)), JTP and TRF also
   as they answer by default; metric shingle, --aggregate f1-of-means (evaluate.py's F1 of the mean P
   and R).
2. `detour score` of the benchmark's own output/<name>.json files (same metric, same
   bootstrap seed as the run's table), so that each adapter stands beside the
   published file of its tool, scored the same way.
3. Per page: the words (Python's \\w+, as evaluate.py's shingles) of each adapter's
   output against those of the benchmark's file for the same tool: pages with the
   same words, and the pages that differ most (shingle F1 of ours against theirs).

Prints one table (published row, the benchmark's file scored by detour, detour's
adapter; F1, precision, recall, accuracy with the bootstrap std) and the per-page
agreement. Reproduced means: F1, P and R equal to the published row's 3 decimals;
within noise means: |F1 difference| at most the published F1 std.

Usage: scrapinghub_rows.py --benchmark AEB --detour build/detour --work DIR
       [--jobs 2] [--reuse] [--only NAME ...]
       (--reuse: keep DIR/run if it is there; --only: the systems whose name, before
       its settings, is NAME (MRD, RDL, HTX, H2T, BPJ, BP, RD, JTA_AEB, JTP, TRF), each
       --only adding some; all by default)
JTP and TRF need a python3 in PATH that imports justext and trafilatura (PYTHONPATH
is passed on to the tools).
Run outside the repository's data: AEB is a checkout of
github.com/scrapinghub/article-extraction-benchmark (html/, ground-truth.json,
output/, README.rst).
"""
import argparse
import collections
import glob
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "bench_metrics"))
from compare_scrapinghub_table import rows as readme_rows  # noqa: E402

# system in the run -> (definition for --variant or None (an adapter's settings go in its name:
# --variant takes built-in extractors only), the benchmark's output file stem,
# README row name, how the benchmark calls the tool vs how the adapter does)
SYSTEMS = [
    ("MRD(output=text)", None, "readability_js", "readability_js",
     "the benchmark's call: new Readability(new JSDOM(html, {url}).window.document).parse().textContent, "
     "answered as text; Readability.js 0.6.0 on jsdom 26.1 and the page's URL (the benchmark: jsdom 27, "
     "url https://fake-url.com)"),
    ("MRD", None, "readability_js", "readability_js",
     "the default: article.content (HTML) read by detour's HTML converter"),
    ("RDL(html_partial=true,output=text)", None, "readability", "readability",
     "the benchmark's call: html_text.extract_text(Document(html).summary(html_partial=True)), answered as text; "
     "Debian readability-lxml 0.8.1 and html-text 0.5.2 (the benchmark: 0.8.4.1 and 0.7.0)"),
    ("RDL", None, "readability", "readability",
     "the default: Document(html).summary() read by detour's HTML converter"),
    ("HTX", None, "html-text", "html-text",
     "benchmark: html_text.extract_text(html), 0.7.0; HTX: the same call, Debian 0.5.2"),
    ("H2T(ignore_links=true,ignore_images=true,output=text)", None, "html2text", "html2text",
     "the benchmark's call: HTML2Text() with ignore_links and ignore_images, .handle(html), its Markdown answered "
     "as text; Debian html2text 2020.1.16 (the benchmark: 2025.4.15, and a 2020.1.16 row)"),
    ("H2T(ignore_links=true,ignore_images=true)", None, "html2text", "html2text",
     "the same call, its Markdown read by detour through cmark (H2T's default output=markdown)"),
    ("BPJ", None, "boilerpipe", "boilerpipe",
     "benchmark: python-boilerpipe Extractor('ArticleExtractor', html=...).getText() (Python 2 + the jar, ab3694d); "
     "BPJ: ArticleExtractor of Debian's jar 1.2.0"),
    ("BP", None, "boilerpipe", "boilerpipe", "detour's port of ArticleExtractor (built in)"),
    ("RD", None, "readability", "readability", "detour's port of readability-lxml 0.8.1 (built in)"),
    ("JTA_AEB", "JTA-EN(length_low=50,stopwords_low=0.1,stopwords_high=0.2,no_headings=true)", "justext", "justext",
     "benchmark: justext 3.0.2 with the English stoplist, (50, 200, 0.1, 0.2, 0.2, 200, True), paragraphs joined by "
     "spaces; detour's port with the same parameters (built in)"),
    ("JTP(stoplist=English,length_low=50,stopwords_low=0.1,stopwords_high=0.2,no_headings=true)", None, "justext",
     "justext",
     "the benchmark's call: justext.justext(html, get_stoplist('English'), 50, 200, 0.1, 0.2, 0.2, 200, True), the "
     "paragraphs not is_boilerplate (joined by spaces there, one <p> each here: the same words); jusText 3.0.2 both"),
    ("JTP", None, "justext", "justext",
     "the default: the page language's stoplist (English) and jusText's default thresholds (70, 200, 0.3, 0.32, "
     "0.2, 200, False)"),
    ("TRF(output_format=txt,include_comments=false)", None, "trafilatura", "trafilatura",
     "the benchmark's call: trafilatura.extract(html, include_comments=False), its text; TRF passes the page's URL "
     "as well, which trafilatura uses for links only (not extracted by default); trafilatura 2.2.0 (the benchmark: "
     "2.0.0)"),
    ("TRF", None, "trafilatura", "trafilatura",
     "the default: extract(html, url=url, output_format='html') read by detour's HTML converter (comments not in "
     "its HTML)"),
]
WORD = re.compile(r"\w+")


def words(text):
    return WORD.findall(text)


def shingles(ws, n=4):
    return collections.Counter(tuple(ws[i:i + n]) for i in range(max(1, len(ws) - n + 1)))


def f1_against(ours, theirs):
    a, b = shingles(words(ours)), shingles(words(theirs))
    tp = sum((a & b).values())
    p = tp / sum(a.values()) if a else 1.0
    r = tp / sum(b.values()) if b else 1.0
    return 0.0 if p + r == 0 else 2 * p * r / (p + r)


def markup_to_text(s):
    # detour's outputs are CleanEval markup: <p>, <h>, <l> open each segment
    return re.sub(r"^<[phl]>\s*", "", s, flags=re.M)


def load_bench_output(path):
    with open(path, encoding="utf-8") as f:
        d = json.load(f)
    if isinstance(d, dict) and set(d) == {"version", "output"}:
        return d["output"], str(d["version"])
    return d, ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--benchmark", required=True)
    ap.add_argument("--detour", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--jobs", default="2")
    ap.add_argument("--reuse", action="store_true")
    ap.add_argument("--only", action="append", default=[])
    args = ap.parse_args()
    global SYSTEMS
    if args.only:
        unknown = set(args.only) - {s[0].split("(")[0] for s in SYSTEMS}
        if unknown:
            ap.error("--only: no system named " + ", ".join(sorted(unknown)))
        SYSTEMS = [s for s in SYSTEMS if s[0].split("(")[0] in args.only]
    bench = os.path.abspath(args.benchmark)
    run = os.path.join(os.path.abspath(args.work), "run")
    os.makedirs(args.work, exist_ok=True)

    if not (args.reuse and os.path.exists(os.path.join(run, "results.json"))):
        cmd = [args.detour, "run", "--corpus", bench, "--format", "scrapinghub", "--lang", "en",
               "--extractors", ",".join(s[0] for s in SYSTEMS if s[1] is None),
               "--metrics", "shingle", "--aggregate", "f1-of-means", "--jobs", args.jobs, "--no-progress",
               "--overwrite", "--out", run]
        for name, definition, *_ in SYSTEMS:
            if definition:
                cmd += ["--variant", f"{name}={definition}"]
        print("$ " + " ".join(cmd), flush=True)
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)

    # detour's systems: the run's own table; the benchmark's files: `detour score`, same
    # metric and bootstrap seed
    with open(os.path.join(run, "aggregate-f1-of-means.json"), encoding="utf-8") as f:
        scored = {n: s["groups"]["all"]["shingle"] for n, s in json.load(f)["systems"].items()}
    stems = sorted({s[2] for s in SYSTEMS})
    score_json = os.path.join(args.work, "scores.json")
    cmd = [args.detour, "score", "--corpus", bench, "--metrics", "shingle", "--aggregate", "f1-of-means",
           "--format", "json", "--out", score_json]
    for stem in stems:
        cmd += ["--system", os.path.join(bench, "output", stem + ".json")]
    print("$ " + " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL)
    with open(score_json, encoding="utf-8") as f:
        scored.update({n: s["groups"]["all"]["shingle"] for n, s in json.load(f)["systems"].items()})

    with open(os.path.join(bench, "README.rst"), encoding="utf-8") as f:
        readme = f.read()
    published_all = collections.defaultdict(list)  # name -> [(version, values)] newest table first
    row_re = re.compile(r"^\s*(\S+)\s+(\S+(?: \d{4})?)\s+[0-9.]+ ± ")
    for line in readme.splitlines():
        m = row_re.match(line)
        if m:
            vals = readme_rows(line).get(m.group(1))
            if vals:
                published_all[m.group(1)].append((m.group(2), vals))
    alias = {"readability": "readability-lxml"}

    def fmt(c):
        return (f"{c['f1']:.3f} ± {c['f1_std']:.3f} | {c['precision']:.3f} ± {c['precision_std']:.3f} | "
                f"{c['recall']:.3f} ± {c['recall_std']:.3f} | {c['accuracy']:.3f} ± {c['accuracy_std']:.3f}")

    print("\n| system | row | version | F1 | precision | recall | accuracy | verdict |")
    print("|---|---|---|---|---|---|---|---|")
    with open(os.path.join(bench, "ground-truth.json"), encoding="utf-8") as f:
        ids = list(json.load(f))
    agreement = []
    for name, _, stem, row, how in SYSTEMS:
        rows = [(row, *r) for r in published_all.get(row, [])]
        if row in alias:
            rows += [(alias[row], *r) for r in published_all.get(alias[row], [])]
        for rowname, version, v in rows:
            print(f"| | published `{rowname}` | {version} | {v[0]:.3f} ± {v[1]:.3f} | {v[2]:.3f} ± {v[3]:.3f} | "
                  f"{v[4]:.3f} ± {v[5]:.3f} | {v[6]:.3f} ± {v[7]:.3f} | |")
        theirs_c = scored[stem]
        print(f"| | its output/{stem}.json, scored by detour | | {fmt(theirs_c)} | |")
        ours = scored[name]
        newest = rows[0][2] if rows else None
        verdict = ""
        if newest:
            same3 = all(f"{ours[k]:.3f}" == f"{newest[i]:.3f}" for k, i in (("f1", 0), ("precision", 2), ("recall", 4)))
            d = ours["f1"] - newest[0]
            verdict = ("reproduced (3 decimals)" if same3 else
                       f"F1 {d:+.3f}: " + ("within the published std" if abs(d) <= newest[1] else "NOT reproduced"))
        print(f"| **{name}** | detour | | {fmt(ours)} | {verdict} |")

        bench_out, _ = load_bench_output(os.path.join(bench, "output", stem + ".json"))
        same, per = 0, []
        for pid in ids:
            path = glob.glob(os.path.join(run, "outputs", name, "*", pid)) or \
                glob.glob(os.path.join(run, "outputs", name, pid))
            mine = markup_to_text(open(path[0], encoding="utf-8", errors="replace").read()) if path else ""
            their = bench_out.get(pid, {}).get("articleBody", "") or ""
            if words(mine) == words(their):
                same += 1
            else:
                per.append((f1_against(mine, their), pid, len(words(mine)), len(words(their))))
        per.sort()
        agreement.append((name, stem, same, len(ids), per, how))

    print("\nPer page, the words of detour's output against the benchmark's file for the same tool:")
    for name, stem, same, n, per, how in agreement:
        mean = (same + sum(p[0] for p in per)) / n
        print(f"- {name} vs output/{stem}.json: {same} of {n} pages with the same words; "
              f"mean shingle F1 of ours against theirs {mean:.3f}; {how}")
        for f1, pid, a, b in per[:3]:
            print(f"    {pid}: F1 {f1:.3f} ({a} words ours, {b} theirs)")


if __name__ == "__main__":
    main()
