#!/usr/bin/env python3
"""Python peer of `detour score` for the `tm` and `car` metrics, used to time detour
against difflib on the same input in one run (scripts/bench_score.sh), and as an
independent check of the counts.

It follows the CleanEval protocol (cleaneval.py v1.0, Evert 2008) on bytes with
Python 3's difflib.SequenceMatcher. Usage:
  cleaneval_reference.py --metric tm|to|car [--autojunk yes|no] GOLD_DIR SYSTEM_DIR [...pairs]
Prints one line per pair: "<system_dir>\t<docs>\t<tp>\t<fp>\t<fn>", and on standard
error "kernel_seconds\t<s>": the CPU time spent inside difflib.
"""
import argparse
import os
import re
import sys
import time
from difflib import SequenceMatcher

URL = re.compile(rb"^\s*URL.*$", re.MULTILINE)
TAG = re.compile(rb"(<[phl]>)", re.IGNORECASE)
WS = re.compile(rb"\s+")
CTRL = re.compile(rb"[\x00-\x1F]+")
ANYTAG = re.compile(rb"<[A-Za-z/!?][^<>]*>")


def tm_tokens(data):
    t = URL.sub(b"", data)
    t = CTRL.sub(b" ", t)
    t = TAG.sub(rb"\n\g<1> ", t)
    t = WS.sub(b" ", t)
    return WS.split(t)


def to_tokens(data):
    t = ANYTAG.sub(b" ", data)
    t = CTRL.sub(b" ", t)
    return t.split()


def car_tokens(data):
    t = ANYTAG.sub(b" ", data)
    t = CTRL.sub(b" ", t)
    text = t.decode("utf-8", errors="surrogateescape")
    return [c for c in text if not c.isspace()]


KERNEL_SECONDS = 0.0  # CPU time inside difflib (matcher construction + get_opcodes)


def counts(a, b, autojunk):
    global KERNEL_SECONDS
    tp = fp = fn = 0
    t0 = time.thread_time()
    ops = SequenceMatcher(None, a, b, autojunk=autojunk).get_opcodes()
    KERNEL_SECONDS += time.thread_time() - t0
    for tag, i1, i2, j1, j2 in ops:
        if tag == "equal":
            tp += i2 - i1
        if tag in ("delete", "replace"):
            fp += i2 - i1
        if tag in ("insert", "replace"):
            fn += j2 - j1
    return tp, fp, fn


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--metric", choices=["tm", "to", "car"], default="tm")
    ap.add_argument("--autojunk", choices=["yes", "no"], default="yes")
    ap.add_argument("dirs", nargs="+", help="GOLD_DIR SYSTEM_DIR pairs")
    args = ap.parse_args()
    if len(args.dirs) % 2:
        sys.exit("expects GOLD_DIR SYSTEM_DIR pairs")
    tok = {"tm": tm_tokens, "to": to_tokens, "car": car_tokens}[args.metric]
    for k in range(0, len(args.dirs), 2):
        gold_dir, sys_dir = args.dirs[k], args.dirs[k + 1]
        tot = [0, 0, 0]
        docs = 0
        for name in sorted(os.listdir(sys_dir)):
            gold = os.path.join(gold_dir, name)
            if not os.path.isfile(gold):
                continue
            with open(os.path.join(sys_dir, name), "rb") as f:
                a = tok(f.read())
            with open(gold, "rb") as f:
                b = tok(f.read())
            c = counts(a, b, args.autojunk == "yes")
            tot = [x + y for x, y in zip(tot, c)]
            docs += 1
        print(f"{sys_dir}\t{docs}\t{tot[0]}\t{tot[1]}\t{tot[2]}", flush=True)
    print(f"kernel_seconds\t{KERNEL_SECONDS:.6f}", file=sys.stderr)


if __name__ == "__main__":
    main()
