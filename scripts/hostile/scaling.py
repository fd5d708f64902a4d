#!/usr/bin/env python3
"""How extractors scale with the size of a page (issue 18): CPU time and peak memory of
`detour extract` (load, decode, parse, extract: one process per page) for BP, JTA, RD,
CETD and EAT (and NONE: the load and parse alone) on
  - pages of 1, 2, 4, 8, 16 MB of real text: DANIEL pages' bodies concatenated;
  - one tag with 10^3 .. 10^6 attributes;
  - 10^3 .. 10^6 sibling elements;
and the scoring of long outputs (`detour score`, metrics to and tm) against the
concatenated gold texts. Prints a Markdown table per input family; the ratio column is
the CPU time of the largest input over the smallest, beside the ratio of their sizes.

  python3 scripts/hostile/scaling.py [--bin build/detour] [--corpus ../shared/corpora/daniel]
      [--sizes 1,2,4,8,16] [--counts 1000,10000,100000,1000000] [--extractors BP,JTA,RD,CETD,EAT]
"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def bodies(corpus, lang):
    html_dir, gold_dir = os.path.join(corpus, lang, "html"), os.path.join(corpus, lang, "gold")
    for name in sorted(os.listdir(html_dir)):
        raw = open(os.path.join(html_dir, name), "rb").read().decode("utf-8", "replace")
        low = raw.lower()
        b, e = low.find("<body"), low.rfind("</body>")
        b = low.find(">", b) + 1 if b >= 0 else 0
        gold = open(os.path.join(gold_dir, name), "rb").read().decode("utf-8", "replace") \
            if os.path.exists(os.path.join(gold_dir, name)) else ""
        yield raw[b:e if e > b else len(raw)], gold


def real_text(corpus, mb, lang="en"):
    target = mb * 1024 * 1024
    parts, golds, size = [], [], 0
    while size < target:
        for body, gold in bodies(corpus, lang):
            parts.append("<div class=\"page\">" + body + "</div>\n")
            golds.append(gold)
            size += len(parts[-1].encode())
            if size >= target:
                break
    html = "<html><head><meta charset=\"utf-8\"><title>pages</title></head><body>" + "".join(parts) + "</body></html>"
    return html.encode(), "\n".join(golds).encode()


def attributes(n):
    return ("<html><body><div " + " ".join('a%d="v"' % i for i in range(n)) + ">text</div><p>" +
            "Some ordinary text. " * 20 + "</p></body></html>").encode()


def siblings(n):
    return ("<html><body><div>" + "".join("<p>item %d of the list</p>" % i for i in range(n)) +
            "</div></body></html>").encode()


def measure(cmd):
    r = subprocess.run(["/usr/bin/time", "-f", "%U %S %M %e"] + cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    last = r.stderr.strip().splitlines()[-1].split()
    user, sys_, kb, wall = float(last[0]), float(last[1]), int(last[2]), float(last[3])
    return user + sys_, kb / 1024.0, wall, r.returncode


def table(title, label, inputs, extractors, binary, work, lang):
    print("\n### " + title + "\n")
    print("| " + label + " | size | " + " | ".join(extractors) + " |")
    print("|---|---|" + "---|" * len(extractors))
    cpu = {e: [] for e in extractors}
    sizes = []
    for name, data in inputs:
        path = os.path.join(work, "page.html")
        with open(path, "wb") as f:
            f.write(data)
        sizes.append(len(data))
        cells = []
        for e in extractors:
            c, mem, wall, rc = measure([binary, "extract", "--extractor", e, "--lang", lang, path])
            cpu[e].append(c)
            cells.append("%.2f s, %.0f MB%s" % (c, mem, "" if rc == 0 else " (exit %d)" % rc))
        print("| %s | %.1f MB | %s |" % (name, len(data) / 1048576.0, " | ".join(cells)), flush=True)
    if len(sizes) > 1:
        print("| CPU ratio last/first | x%.0f | %s |" % (sizes[-1] / sizes[0], " | ".join(
            "x%.1f" % (cpu[e][-1] / max(cpu[e][0], 0.01)) for e in extractors)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "detour"))
    ap.add_argument("--corpus", default=os.path.join(ROOT, "..", "shared", "corpora", "daniel"))
    ap.add_argument("--sizes", default="1,2,4,8,16")
    ap.add_argument("--counts", default="1000,10000,100000,1000000")
    ap.add_argument("--extractors", default="NONE,BP,JTA,RD,CETD,EAT")
    ap.add_argument("--only", default="text,attributes,siblings,score")
    a = ap.parse_args()
    extractors = a.extractors.split(",")
    only = a.only.split(",")
    work = tempfile.mkdtemp(prefix="detour-scaling-")
    sizes = [int(s) for s in a.sizes.split(",")]
    counts = [int(c) for c in a.counts.split(",")]
    try:
        if "text" in only:
            table("Real text (DANIEL en pages concatenated)", "MB", [("%d MB" % mb, real_text(a.corpus, mb)[0])
                                                                    for mb in sizes], extractors, a.bin, work, "en")
        if "attributes" in only:
            table("One tag with N attributes", "N", [("%d" % n, attributes(n)) for n in counts], extractors, a.bin,
                  work, "en")
        if "siblings" in only:
            table("N sibling elements", "N", [("%d" % n, siblings(n)) for n in counts], extractors, a.bin, work, "en")
        if "score" in only:
            print("\n### Scoring a long output (the ALL baseline: every visible block) against its gold (`detour score --metrics to,tm`, one thread)\n")
            print("| MB | output | gold | CPU | peak |")
            print("|---|---|---|---|---|")
            for mb in sizes:
                html, gold = real_text(a.corpus, mb)
                d = os.path.join(work, "s%d" % mb)
                for side in ("gold", "sys"):
                    os.makedirs(os.path.join(d, side), exist_ok=True)
                with open(os.path.join(d, "page.html"), "wb") as f:
                    f.write(html)
                out = subprocess.run([a.bin, "extract", "--extractor", "ALL", "--lang", "en", os.path.join(d, "page.html")],
                                     capture_output=True).stdout
                with open(os.path.join(d, "sys", "p"), "wb") as f:
                    f.write(out)
                with open(os.path.join(d, "gold", "p"), "wb") as f:
                    f.write(gold)
                c, mem, wall, rc = measure([a.bin, "score", "--gold", os.path.join(d, "gold"), "--system",
                                            os.path.join(d, "sys"), "--metrics", "to,tm", "--jobs", "1"])
                print("| %d | %.1f MB | %.1f MB | %.2f s%s | %.0f MB |" % (mb, len(out) / 1048576.0, len(gold) / 1048576.0,
                                                                       c, "" if rc == 0 else " (exit %d)" % rc, mem),
                      flush=True)
    finally:
        subprocess.run(["rm", "-rf", work])


if __name__ == "__main__":
    sys.exit(main())
