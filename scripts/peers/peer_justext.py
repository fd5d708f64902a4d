"""Times the original jusText 3.0.2 (miso-belica/jusText) in-process on a page list.

For the side-by-side speed table of scripts/peers/run.sh. jusText is not packaged in
Debian; its `justext` package folder must be copied somewhere outside the repository
and given as JUSTEXT_DIR (the folder that contains `justext/`). It runs with Debian's
python3-lxml. Stoplists: jusText's <Language>.txt files from STOPLISTS (default
../shared/resources/stoplists/justext), chosen by the page's language as our JTA does.

Usage: python3 peer_justext.py PAGE_LIST JUSTEXT_DIR STOPLISTS [WARMUP] [TIMED]
Per page and pass, on the raw bytes in memory: "parse" = justext.core.html_to_dom
(its own charset detection + lxml parse); "extract" = preprocessor + make_paragraphs +
classify_paragraphs + revise_paragraph_classification, which is exactly the body of
justext.justext(). Prints one JSON line of per-page means, wall clock (*_ms) and
process CPU time (*_cpu_ms; less disturbed by other load on the machine).
"""
import json
import os
import sys
import time


def main():
    if len(sys.argv) < 4:
        sys.stderr.write(__doc__)
        sys.exit(2)
    page_list, jt_dir, stop_dir = sys.argv[1:4]
    warm = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    timed = int(sys.argv[5]) if len(sys.argv) > 5 else 1
    sys.path.insert(0, jt_dir)
    import justext.core as jc  # noqa: E402  (path set above)

    names = {"en": "English", "zh": "Chinese", "el": "Greek", "pl": "Polish", "ru": "Russian"}
    stoplists = {}
    pages = []
    for line in open(page_list, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line:
            continue
        lang, path = line.split("\t", 1)
        if lang not in stoplists:
            with open(os.path.join(stop_dir, names[lang] + ".txt"), encoding="utf-8") as f:
                stoplists[lang] = frozenset(w.strip().lower() for w in f if w.strip())
        with open(path, "rb") as f:
            pages.append((lang, f.read()))

    parse_s = extract_s = parse_c = extract_c = 0.0
    failed = 0
    sink = 0
    clock, cpu = time.perf_counter, time.process_time
    for p in range(warm + timed):
        count = p >= warm
        for lang, data in pages:
            t0, c0 = clock(), cpu()
            try:
                dom = jc.html_to_dom(data, jc.DEFAULT_ENCODING, None, jc.DEFAULT_ENC_ERRORS)
            except Exception:
                failed += count
                continue
            t1, c1 = clock(), cpu()
            try:
                dom = jc.preprocessor(dom)
                paras = jc.ParagraphMaker.make_paragraphs(dom)
                jc.classify_paragraphs(paras, stoplists[lang], jc.LENGTH_LOW_DEFAULT,
                                       jc.LENGTH_HIGH_DEFAULT, jc.STOPWORDS_LOW_DEFAULT,
                                       jc.STOPWORDS_HIGH_DEFAULT, jc.MAX_LINK_DENSITY_DEFAULT,
                                       jc.NO_HEADINGS_DEFAULT)
                jc.revise_paragraph_classification(paras, jc.MAX_HEADING_DISTANCE_DEFAULT)
                sink += sum(1 for x in paras if not x.is_boilerplate)
            except Exception:
                failed += count
            t2, c2 = clock(), cpu()
            if count:
                parse_s += t1 - t0
                extract_s += t2 - t1
                parse_c += c1 - c0
                extract_c += c2 - c1
    n = len(pages) * timed
    print(json.dumps({
        "peer": "JTA", "tool": "jusText 3.0.2 (lxml %s, python %s)" % (
            __import__("lxml").__version__, sys.version.split()[0]),
        "pages": len(pages), "timed_passes": timed, "failed": failed,
        "full_ms": round((parse_s + extract_s) / n * 1e3, 3),
        "parse_ms": round(parse_s / n * 1e3, 3), "extract_ms": round(extract_s / n * 1e3, 3),
        "full_cpu_ms": round((parse_c + extract_c) / n * 1e3, 3),
        "parse_cpu_ms": round(parse_c / n * 1e3, 3), "extract_cpu_ms": round(extract_c / n * 1e3, 3),
        "sink": sink}))


if __name__ == "__main__":
    main()
