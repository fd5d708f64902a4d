#!/usr/bin/env python3
"""Writes the parameters of an NLTK Punkt model (a pickled PunktSentenceTokenizer,
e.g. nltk_data/tokenizers/punkt/english.pickle, the model nltk.sent_tokenize loads
in NLTK 3.8) as a punkt_tab folder, the plain-text layout bench_metrics' PunktModel
reads: abbrev_types.txt and sent_starters.txt (one type a line), collocations.tab
("first<TAB>second" a line), ortho_context.tab ("type<TAB>flags" a line); UTF-8,
sorted, nothing trimmed. Refuses a type holding a tab or a newline.

Unpickling runs code named by the file: use only a model you trust (NLTK's own).

Usage: punkt_pickle_to_tab.py MODEL.pickle OUT_DIR   (needs python3-nltk)
"""
import os
import pickle
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src, out = sys.argv[1], sys.argv[2]
    with open(src, "rb") as f:
        tok = pickle.load(f)
    params = tok._params

    def check(t):
        if "\t" in t or "\n" in t:
            sys.exit(f"{src}: type {t!r} holds a tab or a newline; the tab layout cannot hold it")
        return t

    os.makedirs(out, exist_ok=True)

    def write(name, lines):
        with open(os.path.join(out, name), "w", encoding="utf-8", newline="\n") as f:
            for line in lines:
                f.write(line + "\n")

    write("abbrev_types.txt", sorted(check(t) for t in params.abbrev_types))
    write("sent_starters.txt", sorted(check(t) for t in params.sent_starters))
    write("collocations.tab", sorted(f"{check(a)}\t{check(b)}" for a, b in params.collocations))
    write("ortho_context.tab", sorted(f"{check(t)}\t{int(v)}" for t, v in params.ortho_context.items()))
    print(f"{out}: {len(params.abbrev_types)} abbreviations, {len(params.collocations)} collocations, "
          f"{len(params.sent_starters)} sentence starters, {len(params.ortho_context)} orthographic contexts")


if __name__ == "__main__":
    main()
