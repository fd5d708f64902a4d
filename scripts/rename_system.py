#!/usr/bin/env python3
"""Renames a system in a `detour run --out` folder, in place.

  rename_system.py RUN_DIR OLD NEW

Rewrites results.json (the system's key and provenance entry), per_doc.tsv,
timings.tsv and failures.tsv (the system column) and moves outputs/OLD to
outputs/NEW. The extractor signature is left as it is, so the records still say
which extractor produced them. Used to show `detour gate` catching a regression:
a run where a weaker extractor stands under the name of the gated one. Refuses when
NEW already exists in the run.
"""
import json
import os
import sys


def fail(msg):
    print("rename_system: " + msg, file=sys.stderr)
    sys.exit(2)


def main():
    if len(sys.argv) != 4:
        fail("usage: rename_system.py RUN_DIR OLD NEW")
    run, old, new = sys.argv[1:]
    path = os.path.join(run, "results.json")
    try:
        with open(path, encoding="utf-8") as f:
            results = json.load(f)
    except (OSError, ValueError) as e:
        fail("%s: %s" % (path, e))
    systems = results.get("systems", {})
    if old not in systems:
        fail("%s: no system %s (systems: %s)" % (path, old, ", ".join(sorted(systems))))
    if new in systems:
        fail("%s: system %s exists already" % (path, new))
    results["systems"] = {(new if k == old else k): v for k, v in systems.items()}
    prov = results.get("provenance", {}).get("systems")
    if prov is not None and old in prov:
        prov[new] = prov.pop(old)
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(results, f, indent=2, ensure_ascii=False)
        f.write("\n")
    os.replace(path + ".tmp", path)
    for name in ("per_doc.tsv", "timings.tsv", "failures.tsv"):
        p = os.path.join(run, name)
        if not os.path.exists(p):
            continue
        with open(p, encoding="utf-8") as f:
            lines = f.read().split("\n")
        out = [new + line[len(old):] if line.startswith(old + "\t") else line for line in lines]
        with open(p + ".tmp", "w", encoding="utf-8") as f:
            f.write("\n".join(out))
        os.replace(p + ".tmp", p)
    outputs = os.path.join(run, "outputs")
    if os.path.isdir(os.path.join(outputs, old)):
        os.rename(os.path.join(outputs, old), os.path.join(outputs, new))


if __name__ == "__main__":
    main()
