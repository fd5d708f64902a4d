#!/usr/bin/env python3
"""Oracle for the difflib-exact matcher test (tests/sequence_matcher_test.cc).

Reads cases from stdin and writes one line of opcodes per case to stdout, computed
by Python's own difflib.SequenceMatcher(None, a, b, autojunk).

Input, per case, three lines:
    <autojunk 0|1> <len a> <len b>
    <a tokens, space-separated non-negative integers>
    <b tokens>
Output, per case, one line: space-separated opcodes "<tag><i1>,<i2>,<j1>,<j2>" with
tag e (equal), r (replace), d (delete) or i (insert); an empty line if there are none.
"""
import difflib
import sys

TAGS = {"equal": "e", "replace": "r", "delete": "d", "insert": "i"}


def main() -> int:
    lines = sys.stdin.read().split("\n")
    out = []
    pos = 0
    while pos < len(lines) and lines[pos].strip():
        header = lines[pos].split()
        if len(header) != 3 or pos + 2 >= len(lines):
            sys.stderr.write(f"difflib_oracle: malformed case header at line {pos + 1}\n")
            return 2
        autojunk, la, lb = (int(x) for x in header)
        a = [int(x) for x in lines[pos + 1].split()]
        b = [int(x) for x in lines[pos + 2].split()]
        if len(a) != la or len(b) != lb:
            sys.stderr.write(f"difflib_oracle: length mismatch in case at line {pos + 1}\n")
            return 2
        sm = difflib.SequenceMatcher(None, a, b, autojunk=bool(autojunk))
        out.append(" ".join(f"{TAGS[t]}{i1},{i2},{j1},{j2}"
                            for t, i1, i2, j1, j2 in sm.get_opcodes()))
        pos += 3
    sys.stdout.write("\n".join(out) + ("\n" if out else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
