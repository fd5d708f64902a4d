#!/usr/bin/env python3
"""Splits (gold, output) pairs (make_pairs.py: JSON lines {"id": "SYSTEM/LANG/NAME",
"gold", "output"}) into what `detour score` reads: a JSONL corpus of the distinct
golds (OUT/corpus.jsonl: {"id": "LANG_NAME", "html": "", "gold", "lang"}) and one
outputs file per system (OUT/SYSTEM.jsonl: {"id", "text"}), so that the benchmark
metrics can be timed and checked through the command line on exactly the texts the
reference scripts score. Pairs whose id has no SYSTEM/LANG/NAME shape (variants) are
left out.

Usage: pairs_to_corpus.py PAIRS.jsonl OUT_DIR
"""
import json
import os
import sys


def main():
    pairs, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    golds, systems = {}, {}
    with open(pairs, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            p = json.loads(line)
            parts = p["id"].split("/")
            if len(parts) != 3 or "#" in p["id"]:
                continue
            system, lang, name = parts
            key = f"{lang}_{name}"
            golds.setdefault(key, (lang, p["gold"]))
            systems.setdefault(system, []).append({"id": key, "text": p["output"]})
    with open(os.path.join(out, "corpus.jsonl"), "w", encoding="utf-8") as f:
        for key, (lang, gold) in sorted(golds.items()):
            f.write(json.dumps({"id": key, "html": "", "gold": gold, "lang": lang}, ensure_ascii=False) + "\n")
    for system, rows in systems.items():
        with open(os.path.join(out, system + ".jsonl"), "w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(golds)} golds, {len(systems)} systems, {sum(len(r) for r in systems.values())} pairs -> {out}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
