#!/usr/bin/env python3
"""Writes the hostile pages of issue 18 as a small DANIEL-layout corpus, at test time
(nothing big is committed): OUT/en/html/<name> and OUT/en/gold/<name>.

  python3 tests/hostile/make_pages.py OUT [--scale S] [--only NAME,...] [--normal SAMPLE_CORPUS]

Pages (sizes at --scale 1, the sizes of the issue's table):
  attributes   one tag with 10^6 attributes (about 9 MB)
  huge         a 50 MB page (over the 32 MiB cap)
  long_token   one 20 MB text node without spaces
  cjk          20 MB of Chinese text in paragraphs, no spaces
  fmt_bomb     500 nested unclosed <b><i><font>, 2000 times
  reconstruct  in a <p>, 300 unclosed <b id=N><i id=N><u id=N> then 10,000 "<p>x": gumbo
               re-creates every open formatting element in every paragraph (58 KB: 574 MB
               of gumbo's tree before its parse was bounded)
  reopen       the same elements then 10,000 "<li>x": the NekoHTML-style balancer
               re-opens every open inline element in every item (69 KB)
  siblings     100000 sibling elements
  random       1 MB of random bytes
  png          a PNG image (valid, 256x256)
With --normal SAMPLE_CORPUS, the sample corpus's English pages are added as they are
(under their own names): their results must not change when hostile pages share their run.
Deterministic: the same bytes every time (seeded).
"""
import argparse
import os
import random
import shutil
import struct
import zlib

CJK = ("疫情防控工作领导小组今天召开会议研究部署下一阶段工作要求各地区各部门进一步落实责任"
       "加强监测预警严格执行各项措施确保人民群众生命安全和身体健康经济社会发展稳定")


def attributes(scale):
    n = int(1_000_000 * scale)
    attrs = " ".join('a%d="v"' % i for i in range(n))
    return ("<html><head><title>attributes</title></head><body><div %s>one tag with %d attributes</div>"
            "<p>After the tag, a paragraph of ordinary text that an extractor may keep.</p></body></html>"
            % (attrs, n)).encode()


def huge(scale):
    para = "<p>" + "word " * 200 + "</p>\n"
    target = int(50 * 1024 * 1024 * scale)
    return ("<html><body>" + para * (target // len(para) + 1) + "</body></html>").encode()


def long_token(scale):
    return ("<html><body><p>" + "a" * int(20 * 1024 * 1024 * scale) + "</p></body></html>").encode()


def cjk(scale):
    rng = random.Random(7)
    target = int(20 * 1024 * 1024 * scale)
    parts, size = [], 0
    while size < target:
        n = rng.randint(40, 400)
        start = rng.randint(0, len(CJK) - 1)
        text = (CJK * (n // len(CJK) + 2))[start:start + n] + "。"
        p = "<p>" + text + "</p>\n"
        parts.append(p)
        size += len(p.encode())
    return ("<html><head><meta charset=\"utf-8\"></head><body>" + "".join(parts) + "</body></html>").encode()


def fmt_bomb(scale):
    reps = max(1, int(2000 * scale))
    return ("<html><body>" + ("<b><i><font>" * 500 + "text ") * reps + "</body></html>").encode()


def distinct_formatting(n):
    # Distinct attributes: HTML5's "Noah's Ark" clause keeps at most three identical
    # elements in the list of active formatting elements, none of these.
    return "".join('<b id=%d><i id=%d><u id=%d>' % (i, i, i) for i in range(n))


def reconstruct(scale):
    return ("<html><body><p>" + distinct_formatting(300) + "<p>x\n" * max(1, int(10000 * scale)) +
            "</body></html>").encode()


def reopen(scale):
    return ("<html><body>" + distinct_formatting(300) + "<li>x\n" * max(1, int(10000 * scale)) +
            "</body></html>").encode()


def siblings(scale):
    n = max(1, int(100_000 * scale))
    return ("<html><body><div>" + "".join("<p>item %d</p>" % i for i in range(n)) + "</div></body></html>").encode()


def random_bytes(scale):
    return random.Random(42).randbytes(max(1, int(1024 * 1024 * scale)))


def png(scale):
    w = h = 256
    rng = random.Random(3)
    raw = b"".join(b"\0" + rng.randbytes(w * 3) for _ in range(h))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


PAGES = {
    "attributes": attributes,
    "huge": huge,
    "long_token": long_token,
    "cjk": cjk,
    "fmt_bomb": fmt_bomb,
    "reconstruct": reconstruct,
    "reopen": reopen,
    "siblings": siblings,
    "random": random_bytes,
    "png": png,
}


def main_args(out, scale=1.0, only=(), normal=""):
    """Writes the pages named in `only` (all when empty) and, with `normal`, that corpus's en pages."""
    names = [n for n in only if n] or list(PAGES)
    for n in names:
        if n not in PAGES:
            raise ValueError("unknown page %s (known: %s)" % (n, ", ".join(PAGES)))
    html, gold = os.path.join(out, "en", "html"), os.path.join(out, "en", "gold")
    os.makedirs(html, exist_ok=True)
    os.makedirs(gold, exist_ok=True)
    for n in names:
        with open(os.path.join(html, n), "wb") as f:
            f.write(PAGES[n](scale))
        with open(os.path.join(gold, n), "w") as f:
            f.write("<p>The text of the hostile page %s, as a reference.\n" % n)
    if normal:
        src = os.path.join(normal, "en")
        for side in ("html", "gold"):
            for f in sorted(os.listdir(os.path.join(src, side))):
                shutil.copyfile(os.path.join(src, side, f), os.path.join(out, "en", side, f))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--only", default="")
    ap.add_argument("--normal", default="", help="a DANIEL-layout corpus whose en pages are added as they are")
    a = ap.parse_args()
    try:
        main_args(a.out, a.scale, a.only.split(","), a.normal)
    except ValueError as e:
        ap.error(str(e))


if __name__ == "__main__":
    main()
