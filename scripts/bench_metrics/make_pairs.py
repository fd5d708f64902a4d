#!/usr/bin/env python3
"""Builds (gold, output) text pairs from the DANIEL corpus and published system
outputs, as JSON lines {"id", "gold", "output"}, for the bench_metrics parity and
speed runs (rouge_reference.py, bench_metrics_pairs).

Conversion of a file to plain text (the same for gold and outputs, whatever their
markup: CleanEval <p>/<h>/<l> markers, HTML, or plain text):
  1. bytes decoded as UTF-8 (invalid bytes become U+FFFD);
  2. comments, <script>, <style> and <head> elements are deleted (tags and content,
     any case);
  3. the block tags p, h, l, h1-h6, li, br, div, tr, td, th, table, ul, ol, dd, dt,
     blockquote, pre, title, section, article, header, footer (opening or closing,
     any case, with attributes) become a newline; every other tag a space;
  4. HTML entities are decoded (html.unescape);
  5. in each line, runs of spaces and tabs become one space; lines are stripped of
     spaces, tabs and carriage returns; empty lines are dropped; lines are joined
     with "\n" (no final newline).
Other whitespace (no-break spaces, U+2028, ...) is kept, so that the tokenisers'
Unicode whitespace rules are exercised.

Variants (--variants): besides the plain pair, for every 10th pair a copy with every
newline of both texts replaced by a space (texts without newlines), and per language
three pairs with an empty gold, an empty output, both empty.

Usage: make_pairs.py --daniel ../shared/corpora/daniel \
         --outputs ../shared/corpora/daniel-published-outputs/outputs \
         [--systems a,b,...] [--langs en,zh,...] [--every K] [--variants] --out pairs.jsonl
"""
import argparse
import html
import json
import os
import re

BLOCK = (r"p|h|l|h[1-6]|li|br|div|tr|td|th|table|ul|ol|dd|dt|blockquote|pre|title|"
         r"section|article|header|footer")
RE_DROP = re.compile(r"<!--.*?-->|<script\b.*?</script\s*>|<style\b.*?</style\s*>|<head\b.*?</head\s*>",
                     re.IGNORECASE | re.DOTALL)
RE_BLOCK = re.compile(r"</?(?:%s)\b[^>]*>" % BLOCK, re.IGNORECASE)
RE_TAG = re.compile(r"<[^>]*>")
RE_SPACES = re.compile(r"[ \t]+")


def to_text(data: bytes) -> str:
    text = data.decode("utf-8", errors="replace")
    text = RE_DROP.sub(" ", text)
    text = RE_BLOCK.sub("\n", text)
    text = RE_TAG.sub(" ", text)
    text = html.unescape(text)
    lines = []
    for line in text.split("\n"):
        line = RE_SPACES.sub(" ", line).strip(" \t\r")
        if line:
            lines.append(line)
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--daniel", required=True)
    ap.add_argument("--outputs", required=True)
    ap.add_argument("--systems", default="")
    ap.add_argument("--langs", default="")
    ap.add_argument("--every", type=int, default=1, help="keep every K-th gold file")
    ap.add_argument("--variants", action="store_true")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    systems = args.systems.split(",") if args.systems else sorted(os.listdir(args.outputs))
    langs = args.langs.split(",") if args.langs else sorted(
        d for d in os.listdir(args.daniel) if os.path.isdir(os.path.join(args.daniel, d, "gold")))
    n = 0
    with open(args.out, "w", encoding="utf-8") as out:
        def emit(pid, gold, output):
            nonlocal n
            out.write(json.dumps({"id": pid, "gold": gold, "output": output}, ensure_ascii=False) + "\n")
            n += 1

        k = 0
        for lang in langs:
            gold_dir = os.path.join(args.daniel, lang, "gold")
            names = sorted(os.listdir(gold_dir))[::args.every]
            golds = {}
            for name in names:
                with open(os.path.join(gold_dir, name), "rb") as f:
                    golds[name] = to_text(f.read())
            for system in systems:
                for name in names:
                    path = os.path.join(args.outputs, system, lang, name)
                    if not os.path.isfile(path):
                        continue
                    with open(path, "rb") as f:
                        output = to_text(f.read())
                    pid = f"{system}/{lang}/{name}"
                    emit(pid, golds[name], output)
                    k += 1
                    if args.variants and k % 10 == 0:
                        emit(pid + "#flat", golds[name].replace("\n", " "), output.replace("\n", " "))
            if args.variants and names:
                g = golds[names[0]]
                emit(f"empty-gold/{lang}", "", g)
                emit(f"empty-output/{lang}", g, "")
                emit(f"empty-both/{lang}", "", "")
    print(f"{n} pairs written to {args.out}")


if __name__ == "__main__":
    main()
