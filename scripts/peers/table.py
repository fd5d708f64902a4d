"""Prints the side-by-side speed table of scripts/peers/run.sh.

Usage: python3 table.py OURS_JSON PEERS_JSONL
OURS_JSON: Google Benchmark JSON of detour_bench --benchmark_filter=^Pipeline/ (one
iteration = one pass over the pages; counter "pages"). PEERS_JSONL: one JSON line per
peer driver (PeerBoilerpipe.java, peer_justext.py, peer_readability.py).
Ratios are peer ms / our ms; the issue-3 targets are >= 3x including parsing and
>= 10x for extraction alone; issue 15's, including parsing: BP faster than the jar,
JTA and RD >= 5x. CPU time is the headline (the machine may be shared); the
Java peer's CPU is its main thread's (JIT and GC threads excluded, which favours it).
"""
import json
import sys

FULL_TARGET, EXTRACT_TARGET = 3.0, 10.0
# Issue 15 (each original's parser): including parsing, BP faster than the jar, JTA and
# RD at least 5x faster than jusText and readability-lxml.
PARSER_TARGETS = {"BP": 1.0, "JTA": 5.0, "RD": 5.0}


def ours_per_page(path):
    data = json.load(open(path))
    out = {}
    for b in data.get("benchmarks", []):
        if b.get("error_occurred"):
            out[b.get("run_name", b["name"]).split("/iterations:")[0]] = None
            continue
        pages = b.get("pages") or 1
        scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b.get("time_unit", "ns")]
        iters = 1  # real_time / cpu_time are already per iteration (one pass)
        name = b.get("run_name", b["name"]).split("/iterations:")[0]
        out[name] = {
            "cpu": b["cpu_time"] * scale / pages / iters,
            "wall": b["real_time"] * scale / pages / iters,
            "pages": int(pages),
            "failed": int(b.get("failed", 0)),
        }
    return out, data.get("context", {})


def fmt(x):
    return "   -   " if x is None else "%7.3f" % x


def ratio(a, b):
    return None if a is None or b is None or b <= 0 else a / b


def main():
    if len(sys.argv) != 3:
        sys.stderr.write(__doc__)
        sys.exit(2)
    ours, ctx = ours_per_page(sys.argv[1])
    peers = {}
    for line in open(sys.argv[2]):
        line = line.strip()
        if line:
            r = json.loads(line)
            peers[r["peer"]] = r

    def o(name, key="cpu"):
        v = ours.get(name)
        return None if v is None else v[key]

    print()
    print("ours (detour_bench on %s, %s CPUs, load %s): ms/page, CPU (wall)" % (
        ctx.get("host_name", "?"), ctx.get("num_cpus", "?"),
        " ".join("%.1f" % x for x in ctx.get("load_avg", [])) or "?"))
    for stage in ("Read", "Decode", "Parse/gumbo", "Parse/libxml2", "Parse/neko"):
        print("  %-14s %s (%s)" % (stage, fmt(o("Pipeline/" + stage)), fmt(o("Pipeline/" + stage, "wall"))))
    print()
    header = ("system", "peer full", "ours full", "ratio", "peer extr", "ours extr", "ratio",
              "peer parse", "pages")
    print("%-4s | %9s %9s %7s | %9s %9s %7s | %10s | %s" % header)
    print("-" * 92)
    verdicts = []
    for name in ("BP", "JTA", "RD"):
        p = peers.get(name)
        of, oe = o("Pipeline/Full/" + name), o("Pipeline/Extract/" + name)
        if p is None:
            print("%-4s | peer not run; ours full %s, extract %s ms/page" % (name, fmt(of), fmt(oe)))
            continue
        pf, pe, pp = p.get("full_cpu_ms"), p.get("extract_cpu_ms"), p.get("parse_cpu_ms")
        rf, re_ = ratio(pf, of), ratio(pe, oe)
        print("%-4s | %9s %9s %6sx | %9s %9s %6sx | %10s | %d" % (
            name, fmt(pf), fmt(of), "%.1f" % rf if rf else "-", fmt(pe), fmt(oe),
            "%.1f" % re_ if re_ else "-", fmt(pp), p["pages"]))
        wf, owf = p.get("full_ms"), o("Pipeline/Full/" + name, "wall")
        rw = ratio(wf, owf)
        print("     | wall: peer %s ours %s ratio %s | peer: %s%s" % (
            fmt(wf), fmt(owf), "%.1fx" % rw if rw else "-", p["tool"],
            ", failed %d" % p["failed"] if p.get("failed") else ""))
        if p.get("process_cpu_ms") is not None:
            print("     | peer process CPU incl. JIT+GC threads: %s ms/page" % fmt(p["process_cpu_ms"]))
        if rf is not None:
            verdicts.append("%s incl. parsing %.1fx (target %.0fx): %s" % (
                name, rf, FULL_TARGET, "ok" if rf >= FULL_TARGET else "BELOW"))
            t = PARSER_TARGETS[name]
            verdicts.append("%s incl. parsing %.1fx (issue 15 target %s): %s" % (
                name, rf, "faster than the peer" if t == 1.0 else "%.0fx" % t, "ok" if rf > t or (t > 1 and rf >= t) else "BELOW"))
        if re_ is not None:
            verdicts.append("%s extraction %.1fx (target %.0fx): %s" % (
                name, re_, EXTRACT_TARGET, "ok" if re_ >= EXTRACT_TARGET else "BELOW"))
    print()
    for v in verdicts:
        print(v)


if __name__ == "__main__":
    main()
