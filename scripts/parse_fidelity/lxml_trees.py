"""Writes lxml.html's tree of each decoded page in the form of `parse_fidelity trees`
(one node a line: depth, E name "attr"="value"..., T text, C comment; strings as JSON),
so that `diff -r` shows where our libxml2 tree (html/dom_libxml2.cc) differs from the
one jusText and readability-lxml read. Pages are parsed as readability's build_doc
does: the UTF-8 bytes with lxml.html.HTMLParser(encoding="utf-8").

Usage: /usr/bin/python3 lxml_trees.py PAGES OUT
  PAGES  <lang>/<id> files (parse_fidelity dump), or a flat folder
  OUT    written: OUT/<lang>/<id>.tree
"""
import json
import os
import sys

import lxml.etree as etree
import lxml.html


def js(s):
    # Same escaping as parse_fidelity's json_str: ASCII controls as \\u00XX, the rest raw.
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif o < 0x20 or o == 0x7F:
            out.append("\\u%04x" % o)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def emit(el, depth, out):
    tag = el.tag
    if tag is etree.Comment or tag is etree.ProcessingInstruction:
        out.append("%d C %s" % (depth, js(el.text or "")))
        return
    if not isinstance(tag, str):
        return
    attrs = "".join(" %s=%s" % (js(k), js(v)) for k, v in el.attrib.items())
    out.append("%d E %s%s" % (depth, js(tag), attrs))
    if el.text:
        out.append("%d T %s" % (depth + 1, js(el.text)))
    for child in el:
        emit(child, depth + 1, out)
        if child.tail:
            out.append("%d T %s" % (depth + 1, js(child.tail)))


def tree_of(data):
    parser = lxml.html.HTMLParser(encoding="utf-8")
    try:
        root = lxml.html.document_fromstring(data, parser=parser)
    except etree.ParserError:
        return ""
    out = []
    for sib in reversed(list(root.itersiblings(preceding=True))):
        emit(sib, 0, out)
    emit(root, 0, out)
    for sib in root.itersiblings():
        emit(sib, 0, out)
    return "".join(line + "\n" for line in out)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src, dst = sys.argv[1:3]
    for dirpath, _, files in os.walk(src):
        rel = os.path.relpath(dirpath, src)
        for f in files:
            with open(os.path.join(dirpath, f), "rb") as fh:
                data = fh.read()
            d = os.path.join(dst, rel)
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, f + ".tree"), "wb") as fh:
                fh.write(tree_of(data).encode("utf-8", "surrogateescape"))


if __name__ == "__main__":
    main()
