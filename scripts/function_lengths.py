#!/usr/bin/env python3
"""Lists the lengths of the C++ functions of the product, longest first.

  python3 scripts/function_lengths.py                 # the 20 longest functions of the product
  python3 scripts/function_lengths.py --top 50 runner  # the 50 longest under runner/
  python3 scripts/function_lengths.py --check 150      # exit 1 on a function over 150 lines
                                                       # without a reason at its head

The product is every .cc and .h of the project but tests/, bench/, fuzz/, reference/,
build folders and *_test.cc files. A function's length is counted in lines, from the
line that names it to its closing brace. A function may be longer than the --check
limit when the comment just above it says why, in a line holding "long function:"
followed by the reason, e.g.

  // long function: one table of every option, read top to bottom.

A careful scanner, not a compiler: comments, string and character literals (raw
strings too) and preprocessor lines are blanked first, then braces are matched. A
brace opened at namespace or class scope after a parameter list (with qualifiers,
a trailing return type or a constructor's initialiser list) opens a function; lambdas
and blocks inside a function are part of it.
"""

import argparse
import os
import re
import sys

SKIP_DIRS = {"tests", "bench", "fuzz", "reference", "node_modules", ".git"}
REASON = re.compile(r"long function:\s*\S")


def blank(text):
    """The text with comments, literals and preprocessor lines replaced by spaces
    (newlines kept, so line numbers hold), and the comments as (line, text) pairs."""
    out = []
    comments = []
    i, n = 0, len(text)
    line = 1
    at_line_start = True

    def keep_newlines(s):
        return "".join(c if c == "\n" else " " for c in s)

    while i < n:
        c = text[i]
        if at_line_start and c == "#":
            # a preprocessor line, with its continuations
            j = i
            while j < n and text[j] != "\n":
                if text[j] == "\\" and j + 1 < n and text[j + 1] == "\n":
                    j += 2
                    continue
                j += 1
            out.append(keep_newlines(text[i:j]))
            line += text.count("\n", i, j)
            i = j
            continue
        if c == "/" and i + 1 < n and text[i + 1] == "/":
            j = text.find("\n", i)
            j = n if j < 0 else j
            comments.append((line, text[i:j]))
            out.append(" " * (j - i))
            i = j
            continue
        if c == "/" and i + 1 < n and text[i + 1] == "*":
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            comments.append((line, text[i:j]))
            out.append(keep_newlines(text[i:j]))
            line += text.count("\n", i, j)
            i = j
            continue
        m = re.match(r'(?:u8|u|U|L)?R"([^()\\ ]{0,16})\(', text[i:i + 24])
        if m and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            end = text.find(")" + m.group(1) + '"', i + m.end())
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append(keep_newlines(text[i:j]))
            line += text.count("\n", i, j)
            i = j
            continue
        if c == '"' or (c == "'" and not (i > 0 and text[i - 1].isalnum())):
            # a string or character literal (a digit separator 1'000 is not one)
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(keep_newlines(text[i:j]))
            line += text.count("\n", i, j)
            i = j
            continue
        out.append(c)
        if c == "\n":
            line += 1
            at_line_start = True
        elif not c.isspace():
            at_line_start = False
        i += 1
    return "".join(out), comments


SCOPE_HEAD = re.compile(r"\b(namespace|class|struct|union|enum)\b")
CONTROL = re.compile(r"^(if|for|while|switch|catch|do|else|try)\b")
# What may follow a function's parameter list before its body.
TAIL = re.compile(
    r"\)\s*(?:const\b|noexcept\b(?:\s*\([^()]*\))?|override\b|final\b|mutable\b|volatile\b|&&|&|"
    r"->\s*[\w:<>,\s\*&\[\]]+|requires\b[^{]*|\s)*$")


def function_name(head):
    """The name before the head's first top-level parameter list, or None."""
    depth = 0
    angle = 0
    for k, ch in enumerate(head):
        if ch == "(":
            if depth == 0 and angle == 0:
                before = head[:k].rstrip()
                m = re.search(r"(operator\s*(?:\(\)|[^\s\w(]+|\w[\w\s:<>*&]*?)|~?[A-Za-z_]\w*(?:<[^()]*>)?)$", before)
                if not m:
                    return None
                q = re.search(r"((?:[A-Za-z_]\w*(?:<[^()]*>)?::)*)$", before[:m.start()])
                return (q.group(1) if q else "") + m.group(1).strip()
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "<" and depth == 0:
            angle += 1
        elif ch == ">" and depth == 0 and angle > 0:
            angle -= 1
    return None


def is_function_head(head):
    h = head.strip()
    if not h or CONTROL.match(h):
        return False
    before = h.split("(", 1)[0]
    if "=" in re.sub(r"operator\s*[^\s\w]+|<[^<>]*>", "", before):
        return False  # an initialiser (x = {...}, a lambda assigned to a variable)
    if TAIL.search(h):
        return function_name(h) is not None
    # a constructor with an initialiser list: Name(args) : a_(x), b_{y}
    m = re.search(r"\)\s*(?:noexcept\s*)?:(?!:)", h)
    if m and function_name(h[:m.start() + 1]) is not None:
        return True
    return False


def functions(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    code, comments = blank(text)
    line_of = []
    ln = 1
    for ch in code:
        line_of.append(ln)
        if ch == "\n":
            ln += 1
    comment_lines = {}
    for cl, ctext in comments:
        for k, part in enumerate(ctext.split("\n")):
            comment_lines[cl + k] = comment_lines.get(cl + k, "") + part
    stack = []  # kinds: "scope", "function", "block", "init"
    head_start = 0
    found = []
    i = 0
    n = len(code)
    paren = 0  # parentheses open in the head (outside functions)
    while i < n:
        ch = code[i]
        in_function = any(k[0] in ("function", "init") for k in stack)
        if not in_function and ch in "()":
            paren += 1 if ch == "(" else -1
        if ch == "{" and not in_function and paren > 0:
            stack.append(("inner",))  # a default argument's braces: part of the head
        elif ch == "}" and stack and stack[-1][0] == "inner":
            stack.pop()
        elif ch == "{":
            head = code[head_start:i]
            if in_function:
                stack.append(("block",))
            elif SCOPE_HEAD.search(head) and not head.rstrip().endswith(")") and "(" not in head.split("=")[0]:
                stack.append(("scope",))
            elif head.strip().startswith('extern'):
                stack.append(("scope",))
            elif is_function_head(head):
                name = function_name(head.strip())
                # the line that names the function
                name_pos = head_start + len(head) - len(head.lstrip())
                k = head.find(name.split("::")[-1] + "(") if name else -1
                if k < 0 and name:
                    k = head.find(name.split("::")[-1])
                if k >= 0:
                    name_pos = head_start + k
                stack.append(("function", name, line_of[name_pos]))
            else:
                stack.append(("init",))
            head_start = i + 1
        elif ch == "}":
            if stack:
                top = stack.pop()
                if top[0] == "function":
                    start = top[2]
                    end = line_of[i]
                    # the comment just above the function's first line (its head)
                    above = []
                    j = start - 1
                    while j > 0 and (j in comment_lines or code_line_blank(code, line_of, j, text)):
                        if j in comment_lines:
                            above.append(comment_lines[j])
                        j -= 1
                        if start - j > 60:
                            break
                    reason = any(REASON.search(c) for c in above)
                    found.append((end - start + 1, path, start, top[1], reason))
            head_start = i + 1
        elif ch == ";":
            if not any(k[0] in ("function", "init") for k in stack):
                head_start = i + 1
        i += 1
    return found


_line_cache = {}


def code_line_blank(code, line_of, j, text):
    """Whether source line j holds no code but template<...> or attribute lines are
    part of the head: a blank code line (a comment, an empty line)."""
    key = id(text)
    lines = _line_cache.get(key)
    if lines is None:
        lines = code.split("\n")
        _line_cache.clear()
        _line_cache[key] = lines
    if j - 1 >= len(lines):
        return False
    s = lines[j - 1].strip()
    return s == "" or s.startswith("template") or s.startswith("[[")


def product_files(root, under):
    for base in under:
        top = os.path.join(root, base)
        if os.path.isfile(top):
            yield top
            continue
        for d, dirs, files in os.walk(top):
            rel = os.path.relpath(d, root)
            parts = rel.split(os.sep)
            dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not x.startswith("build")
                             and not (rel == "." and x in ("scripts", "baselines", "resources")))
            if parts[0] in SKIP_DIRS or parts[0].startswith("build"):
                continue
            for f in sorted(files):
                if (f.endswith(".cc") or f.endswith(".h")) and not f.endswith("_test.cc"):
                    yield os.path.join(d, f)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("paths", nargs="*", help="folders or files (default: the whole product)")
    ap.add_argument("--top", type=int, default=20, help="how many to list (0: all)")
    ap.add_argument("--over", type=int, default=0, help="list only functions over this many lines")
    ap.add_argument("--check", type=int, default=0, metavar="LINES",
                    help="exit 1 if a function is over LINES lines without a reason at its head")
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    args = ap.parse_args()
    root = os.path.normpath(args.root)
    found = []
    for p in product_files(root, args.paths or ["."]):
        found.extend(functions(p))
    found.sort(key=lambda f: (-f[0], f[1], f[2]))
    shown = [f for f in found if f[0] > args.over]
    if args.top:
        shown = shown[:args.top]
    for length, path, line, name, reason in shown:
        mark = "  (reason given)" if reason else ""
        print(f"{length:5d}  {os.path.relpath(path, root)}:{line}  {name}{mark}")
    print(f"{len(found)} functions; longest {found[0][0] if found else 0} lines; "
          f"over 150: {sum(1 for f in found if f[0] > 150)}; over 100: {sum(1 for f in found if f[0] > 100)}")
    if args.check:
        bad = [f for f in found if f[0] > args.check and not f[4]]
        for length, path, line, name, _ in bad:
            print(f"{os.path.relpath(path, root)}:{line}: {name} is {length} lines (over {args.check}) "
                  f"and gives no reason ('long function: ...' in the comment above it)", file=sys.stderr)
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
