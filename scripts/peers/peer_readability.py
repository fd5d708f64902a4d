"""Times the original readability-lxml (Debian python3-readability 0.8.1) in-process.

For the side-by-side speed table of scripts/peers/run.sh. Each page's raw bytes (in
memory) go through Document(bytes).summary(), the form of the published DANIEL outputs
(scripts/readability/run.sh). summary() parses the page itself (charset detection +
lxml parse + html_cleaner), once per attempt, so "full" includes parsing. "parse" is
readability.htmls.build_doc(bytes) alone, timed in a separate pass over the same pages;
"extract" = full - parse (an estimate: summary() may parse more than once).

Usage: /usr/bin/python3 peer_readability.py PAGE_LIST [WARMUP] [TIMED]
Prints one JSON line of per-page means, wall clock (*_ms) and process CPU time
(*_cpu_ms; less disturbed by other load on the machine).
"""
import json
import logging
import sys
import time


def main():
    if len(sys.argv) < 2:
        sys.stderr.write(__doc__)
        sys.exit(2)
    warm = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    timed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    import readability
    from readability import Document
    from readability.htmls import build_doc
    logging.disable(logging.CRITICAL)

    pages = []
    for line in open(sys.argv[1], encoding="utf-8"):
        line = line.rstrip("\n")
        if line:
            with open(line.split("\t", 1)[1], "rb") as f:
                pages.append(f.read())

    clock, cpu = time.perf_counter, time.process_time
    full_s = parse_s = full_c = parse_c = 0.0
    failed = sink = 0
    for p in range(warm + timed):
        count = p >= warm
        for data in pages:
            t0, c0 = clock(), cpu()
            try:
                sink += len(Document(data).summary())
            except Exception:
                failed += count
            t1, c1 = clock(), cpu()
            build_doc(data)
            t2, c2 = clock(), cpu()
            if count:
                full_s += t1 - t0
                parse_s += t2 - t1
                full_c += c1 - c0
                parse_c += c2 - c1
    n = len(pages) * timed
    print(json.dumps({
        "peer": "RD", "tool": "readability-lxml %s (lxml %s, python %s)" % (
            getattr(readability, "__version__", "0.8.1"), __import__("lxml").__version__,
            sys.version.split()[0]),
        "pages": len(pages), "timed_passes": timed, "failed": failed,
        "full_ms": round(full_s / n * 1e3, 3), "parse_ms": round(parse_s / n * 1e3, 3),
        "extract_ms": round((full_s - parse_s) / n * 1e3, 3),
        "full_cpu_ms": round(full_c / n * 1e3, 3), "parse_cpu_ms": round(parse_c / n * 1e3, 3),
        "extract_cpu_ms": round((full_c - parse_c) / n * 1e3, 3), "sink": sink}))


if __name__ == "__main__":
    main()
