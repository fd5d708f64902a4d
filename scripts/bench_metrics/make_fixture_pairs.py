#!/usr/bin/env python3
"""Writes the committed test pairs of bench_metrics (tests/fixtures/bench_metrics/
pairs.jsonl): short excerpts of DANIEL (gold, output) pairs as make_pairs.py builds
them (per language el, en, pl, ru, zh, eight of the pairs, spread over the
systems: each text cut to its first lines, at most --chars characters), plus
hand-written pairs for the edge cases: empty texts, texts without newlines, Unicode
whitespace, abbreviations, initials, numbers, ellipses, closing quotes and brackets
after sentence ends, repeated tokens (ties in the LCS), KELVIN SIGN and dotted
capital I, Greek final sigma.

Usage: make_fixture_pairs.py PAIRS.jsonl (from make_pairs.py --variants) OUT.jsonl [--chars 700]
"""
import argparse
import collections
import json

HAND = [
    ("hand/empty-both", "", ""),
    ("hand/empty-gold", "", "Some output text.\nSecond line."),
    ("hand/empty-output", "Gold text here.\nAnother line.", ""),
    ("hand/blank-gold", " \n\t\u00a0\n", "Output only."),
    ("hand/blank-both", "\n\n", " \u3000 "),
    ("hand/no-newlines", "the cat sat on the mat and the dog sat on the log", "the dog sat on the mat and the cat sat"),
    ("hand/ties", "a b a b a b a\nb a b a\na a a b b b", "b a b a b\na b\nb b a a\na b a b a b a b"),
    ("hand/repeat", "x x x x x x\ny y y\nx y x y", "x y\ny x\nx x x\ny"),
    ("hand/abbrev", "Dr. Smith met Mr. Jones at 5 p.m. on Jan. 3. They talked. \"Really?\" he asked. (Yes.) Then -- silence... And more!",
     "Mr. Jones met Dr. Smith. They talked at 5 p.m. \"Really?\" (Yes.) Silence... more! U.S. policy, e.g. this."),
    ("hand/initials", "J. S. Bach wrote it in 1723. It was long. The U.S. Army came. A. Then B.",
     "J. S. Bach wrote it. In 1723. it was long! The U.S. army came? A. then B."),
    ("hand/quotes", "He said \"Stop.\" She left. 'Go!' they cried. [See above.] {End.} Done.)  Next sentence.",
     "He said \"Stop.\"  She left.\n'Go!' they cried.\n[See above.] Done."),
    ("hand/numbers", "Prices rose 3.5% in 2011. The index hit 1,234.56 points. Item no. 7 sold. 2. Second point.",
     "The index hit 1,234.56 points. Prices rose 3.5% in 2011. 2. Second point. -3. Minus."),
    ("hand/ellipsis", "Wait... what? Well.. maybe. . . . Or not!!! Fine?! Yes.", "Wait... what? Or not!!! Yes. . . . Fine."),
    ("hand/unicode-space", "alpha\u00a0beta\u2003gamma\u2028delta\u3000epsilon\x1cfeta\u200bzeta",
     "alpha beta gamma\ndelta epsilon\u200bzeta\x1dfeta"),
    ("hand/kelvin-dotted-i", "\u212aelvin \u0130stanbul KELVIN istanbul \u0130i", "kelvin i\u0307stanbul \u212a \u0130"),
    ("hand/greek-sigma", "ΟΔΟΣ ΣΟΦΟΣ. Η οδός είναι σοφός. ΣΑΣ ΕΙΣ.", "οδος σοφος. η οδός είναι σοφός. σας εις."),
    ("hand/mixed-scripts", "Москва — столица России. 北京是中国的首都。 Αθήνα είναι η πρωτεύουσα.",
     "Москва столица. 北京是中国的首都。 Αθήνα."),
    ("hand/combining", "cafe\u0301 na\u0308ive re\u0301sume\u0301 ۱۲۳ ²³ Ⅻ x_y", "café naïve résumé 123 23 XII x y"),
    ("hand/crlf", "line one.\r\nline two.\r\n\r\nline three.", "line one.\nline two.\rline three."),
    ("hand/long-line", " ".join(f"w{i % 37}" for i in range(300)), " ".join(f"w{(i * 7) % 41}" for i in range(280))),
]


def cut(text, chars):
    out, n = [], 0
    for line in text.split("\n"):
        if n + len(line) > chars:
            if not out:
                out.append(line[:chars])
            break
        out.append(line)
        n += len(line) + 1
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pairs")
    ap.add_argument("out")
    ap.add_argument("--chars", type=int, default=700)
    ap.add_argument("--per-lang", type=int, default=8)
    args = ap.parse_args()
    by_lang = collections.defaultdict(list)
    with open(args.pairs, encoding="utf-8") as f:
        for line in f:
            p = json.loads(line)
            parts = p["id"].split("/")
            if len(parts) == 3 and "#" not in p["id"]:
                by_lang[parts[1]].append(p)
    with open(args.out, "w", encoding="utf-8") as out:
        for lang in sorted(by_lang):
            ps = by_lang[lang]
            step = max(1, len(ps) // args.per_lang)
            for p in ps[::step][:args.per_lang]:
                gold, output = cut(p["gold"], args.chars), cut(p["output"], args.chars)
                # Short ids: system/lang/site_<first 8 hex digits of the page hash>.
                system, _, name = p["id"].split("/")
                date, site, digest = name.split("_", 2)
                pid = f"{system}/{lang}/{site}_{digest[:8]}"
                out.write(json.dumps({"id": pid, "gold": gold, "output": output}, ensure_ascii=False) + "\n")
                if lang in ("en", "ru"):
                    out.write(json.dumps({"id": pid + "#flat", "gold": gold.replace("\n", " "),
                                          "output": output.replace("\n", " ")}, ensure_ascii=False) + "\n")
        for pid, gold, output in HAND:
            out.write(json.dumps({"id": pid, "gold": gold, "output": output}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
