#!/usr/bin/env python3
"""Generates corpora/sample: detour's embedded sample corpus (our own text, no copying).

Layout as DANIEL: corpora/sample/<lang>/{html,gold}/<date>_<site>_<sha224>.
Five languages (en, fr, zh, ru, el), six to eight pages each, on two or three invented sites per
language; pages of one site share a template. Pages carry the boilerplate real news and
blog pages carry (navigation, breadcrumbs, share bars, ads, cookie banners, comment
sections, related links, newsletter forms, footers, scripts, styles, layout and widget
tables, hidden elements, photo credits). Gold files use CleanEval markup: one segment per line, "<h>"
for headings, "<p>" for paragraphs, "<l>" for list items.

Some sites are written in legacy charsets and say so in a meta tag: the zh site
jiangcheng-daily in GBK under a "gb2312" label, the ru site vesti-prirechya in
windows-1251, one el site in ISO-8859-7. Gold files are always UTF-8.

It also writes the relevance judgments of the daniel task,
corpora/sample/tasks/daniel/annotations.json (DAnIEL's corpus format, one entry per
page, keyed "1", "2", ... in (language, page id) order): an article with an `event`
(sample_corpus_text.py) is relevant, [[disease, place, "unknown"]]; the others are
[["N", "N", "N"]]. The task's resource lists beside it are written by hand.

Deterministic: run it again and the files are byte-identical.
    python3 scripts/make_sample_corpus.py [--out corpora/sample]
"""
import argparse
import hashlib
import html
import json
import os
import shutil

from sample_corpus_text import ARTICLES, UI

# ----------------------------------------------------------------------------------
# Templates. Each takes (site, ui, article) and returns the page's HTML (str).
# article: dict(title, date, author, blocks=[(kind, payload)]), kind in h|p|l.
# ----------------------------------------------------------------------------------

E = html.escape


def body_html(blocks, p_class=None):
    out = []
    for kind, payload in blocks:
        if kind == "h":
            out.append(f"<h2>{E(payload)}</h2>")
        elif kind == "p":
            cls = f' class="{p_class}"' if p_class else ""
            out.append(f"<p{cls}>{E(payload)}</p>")
        elif kind == "l":
            out.append("<ul>\n" + "\n".join(f"  <li>{E(i)}</li>" for i in payload) + "\n</ul>")
    return "\n".join(out)


# Photo credits: a long paragraph of names with no function words, outside the gold.
# jusText with the page language's stoplist (JTA) rejects it (stop-word density far
# below 0.30); without a stoplist (JTS) every long, link-poor paragraph is kept, so the
# sample corpus tells the two apart.
CREDIT_NAMES = [
    "Anna Kowalski", "Peter Hale", "Maria Santos", "Jonas Berg", "Elena Petrova",
    "Tomas Novak", "Sofia Rinaldi", "Daniel Okafor", "Lena Hoffmann", "Marco Bellini",
    "Ingrid Solberg", "Pablo Medina", "Yuki Tanaka", "Olga Ivanova", "Nikos Pappas",
]


def credits_html(a):
    start = sum(map(ord, a["title"])) % len(CREDIT_NAMES)
    names = [CREDIT_NAMES[(start + k) % len(CREDIT_NAMES)] for k in range(12)]
    return f'<p class="photo-credits">Photos: {E(" / ".join(names))}</p>'


def meta_charset(site):
    cs = site["charset"]
    if site.get("meta_style") == "http-equiv":
        return f'<meta http-equiv="Content-Type" content="text/html; charset={cs}">'
    return f'<meta charset="{cs}">'


def common_scripts(site):
    return f"""<script type="text/javascript">
  var _analytics = _analytics || [];
  _analytics.push(['setAccount', '{site['slug']}-{len(site['name'])}']);
  function showMenu(id) {{ document.getElementById(id).style.display = 'block'; }}
  var msg = "Please enable JavaScript to read the full article and comments.";
</script>"""


def template_portal(site, ui, a, related):
    """A classic portal: table layout, top nav, left column, market/weather widget table."""
    nav = " | ".join(f'<a href="/{E(s.lower())}/">{E(s)}</a>' for s in ui["sections"])
    rel = "\n".join(f'<li><a href="/news/{i}.html">{E(t)}</a></li>' for i, t in related)
    widget_rows = "\n".join(
        f"<tr><td>{E(c)}</td><td>{E(v)}</td></tr>" for c, v in ui["widget_rows"])
    return f"""<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">
<html>
<head>
{meta_charset(site)}
<title>{E(a['title'])} - {E(site['name'])}</title>
<link rel="stylesheet" type="text/css" href="/css/main.css">
<style type="text/css">
  body {{ font-family: Verdana, sans-serif; font-size: 12px; }}
  .topnav a {{ color: #003366; }} .ad {{ border: 1px solid #ccc; }}
</style>
{common_scripts(site)}
</head>
<body>
<table width="960" cellpadding="0" cellspacing="0" border="0" align="center">
<tr><td colspan="2" class="masthead"><a href="/"><img src="/img/logo.gif" alt="{E(site['name'])}"></a>
<span class="slogan">{E(site['slogan'])}</span></td></tr>
<tr><td colspan="2" class="topnav">{nav}</td></tr>
<tr>
<td width="180" valign="top" class="leftcol">
  <div class="box"><b>{E(ui['most_read'])}</b>
  <ol>
{rel}
  </ol></div>
  <table class="widget" border="1">
  <caption>{E(ui['widget_title'])}</caption>
{widget_rows}
  </table>
  <div class="ad"><a href="http://ads.example.net/click?id=42"><img src="/ads/banner180.gif" alt="{E(ui['ad'])}"></a><br>{E(ui['ad'])}</div>
</td>
<td width="780" valign="top" class="maincol">
  <div class="crumbs"><a href="/">{E(ui['home'])}</a> &gt; <a href="/news/">{E(ui['sections'][0])}</a> &gt; {E(ui['article'])}</div>
  <h1 class="headline">{E(a['title'])}</h1>
  <div class="byline">{E(a['date'])} {E(a['author'])}</div>
  <div class="share">{E(ui['share'])}: <a href="#">Facebook</a> <a href="#">Twitter</a> <a href="#">E-mail</a> <a href="javascript:window.print()">{E(ui['print'])}</a></div>
  <div class="text">
{body_html(a['blocks'])}
{credits_html(a)}
  </div>
  <div class="tags">{E(ui['tags'])}: {E(', '.join(a.get('tags', ui['sections'][:2])))}</div>
  <div class="ad"><script type="text/javascript">document.write('<iframe src="http://ads.example.net/468x60"></iframe>');</script>{E(ui['ad'])}</div>
  <div class="comments"><h3>{E(ui['comments'])} (2)</h3>
  <div class="comment"><b>{E(ui['commenters'][0])}</b>: {E(ui['comment_texts'][0])}</div>
  <div class="comment"><b>{E(ui['commenters'][1])}</b>: {E(ui['comment_texts'][1])}</div>
  <form action="/comment" method="post"><textarea name="c"></textarea><input type="submit" value="{E(ui['send'])}"></form>
  </div>
</td>
</tr>
<tr><td colspan="2" class="footer">{E(ui['footer'])} &copy; 2024 {E(site['name'])} | <a href="/about">{E(ui['about'])}</a> | <a href="/contact">{E(ui['contact'])}</a> | <a href="/privacy">{E(ui['privacy'])}</a></td></tr>
</table>
<div style="display:none" id="popup">{E(ui['newsletter'])}</div>
<script type="text/javascript">_analytics.push(['trackPageview']);</script>
</body>
</html>
"""


def template_magazine(site, ui, a, related):
    """A modern magazine: header/nav/main/aside, cookie banner, related cards, newsletter."""
    nav = "\n".join(f'<li><a href="/{i}/">{E(s)}</a></li>' for i, s in enumerate(ui["sections"]))
    cards = "\n".join(
        f'<article class="card"><a href="/story/{i}"><img src="/thumbs/{i}.jpg" alt=""><h4>{E(t)}</h4></a></article>'
        for i, t in related)
    return f"""<!DOCTYPE html>
<html lang="{site['lang']}">
<head>
{meta_charset(site)}
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{E(a['title'])} | {E(site['name'])}</title>
<meta property="og:title" content="{E(a['title'])}">
<style>
  .cookie-banner{{position:fixed;bottom:0;background:#222;color:#fff}}
  .card h4{{font-size:14px}} main{{max-width:720px}}
</style>
<script async src="https://cdn.example.com/tag.js"></script>
{common_scripts(site)}
</head>
<body class="article-page">
<div class="cookie-banner" id="cookies"><p>{E(ui['cookies'])}</p><button>{E(ui['accept'])}</button> <a href="/privacy">{E(ui['privacy'])}</a></div>
<header class="site-header">
  <a class="logo" href="/">{E(site['name'])}</a>
  <nav class="main-nav"><ul>
{nav}
  </ul></nav>
  <form class="search" action="/search"><input type="text" name="q" placeholder="{E(ui['search'])}"><button>{E(ui['search'])}</button></form>
</header>
<nav class="breadcrumbs" aria-label="breadcrumb"><ol><li><a href="/">{E(ui['home'])}</a></li><li><a href="/{site['slug']}/">{E(ui['sections'][1])}</a></li></ol></nav>
<div class="layout">
<main>
  <article class="story">
    <header>
      <h1>{E(a['title'])}</h1>
      <p class="meta"><time datetime="{a['iso']}">{E(a['date'])}</time> <span class="author">{E(a['author'])}</span></p>
    </header>
    <ul class="share-bar"><li><a href="#">{E(ui['share'])}</a></li><li><a href="#">Facebook</a></li><li><a href="#">X</a></li><li><a href="#">WhatsApp</a></li></ul>
    <div class="story-body">
{body_html(a['blocks'], p_class='para')}
{credits_html(a)}
    </div>
    <aside class="inline-ad"><span>{E(ui['ad'])}</span><div id="ad-slot-2"></div></aside>
  </article>
  <section class="related"><h3>{E(ui['related'])}</h3>
{cards}
  </section>
  <section class="newsletter"><h3>{E(ui['newsletter'])}</h3><form><input type="email" placeholder="email"><button>{E(ui['subscribe'])}</button></form></section>
</main>
<aside class="sidebar">
  <div class="widget"><h3>{E(ui['most_read'])}</h3><ol>{''.join(f'<li><a href="/m/{i}">{E(t)}</a></li>' for i, t in related)}</ol></div>
  <div class="ad"><iframe src="https://ads.example.com/300x250" title="{E(ui['ad'])}"></iframe></div>
</aside>
</div>
<footer class="site-footer">
  <ul><li><a href="/about">{E(ui['about'])}</a></li><li><a href="/contact">{E(ui['contact'])}</a></li><li><a href="/privacy">{E(ui['privacy'])}</a></li></ul>
  <p>&copy; 2024 {E(site['name'])}. {E(ui['footer'])}</p>
</footer>
<noscript><img src="https://stats.example.com/pixel.gif" alt=""></noscript>
</body>
</html>
"""


def template_blog(site, ui, a, related):
    """A personal blog: sidebar with archives and tag cloud, long comment thread."""
    archive = "\n".join(f'<li><a href="/archive/{m}">{E(m)}</a></li>' for m in ui["archive"])
    recent = "\n".join(f'<li><a href="/post/{i}">{E(t)}</a></li>' for i, t in related)
    comments = "\n".join(
        f"""<li class="comment"><div class="comment-author">{E(n)}</div><div class="comment-date">{E(a['date'])}</div>
<div class="comment-body"><p>{E(t)}</p></div><a class="reply" href="#">{E(ui['reply'])}</a></li>"""
        for n, t in zip(ui["commenters"], ui["comment_texts"]))
    return f"""<!DOCTYPE html>
<html>
<head>
{meta_charset(site)}
<title>{E(a['title'])} &laquo; {E(site['name'])}</title>
<link rel="alternate" type="application/rss+xml" href="/feed">
<style type="text/css">#sidebar{{float:right;width:250px}} .post{{margin:0 270px 0 0}}</style>
{common_scripts(site)}
</head>
<body>
<div id="wrapper">
<div id="header"><h1 id="blog-title"><a href="/">{E(site['name'])}</a></h1><p class="description">{E(site['slogan'])}</p></div>
<div id="menu"><a href="/">{E(ui['home'])}</a> <a href="/about">{E(ui['about'])}</a> <a href="/contact">{E(ui['contact'])}</a></div>
<div id="content">
<div class="post">
<h2 class="post-title">{E(a['title'])}</h2>
<div class="post-meta">{E(ui['posted'])} <span class="date">{E(a['date'])}</span> <span class="author">{E(a['author'])}</span> &middot; <a href="#comments">{len(ui['commenters'])} {E(ui['comments'])}</a></div>
<div class="entry">
{body_html(a['blocks'])}
{credits_html(a)}
</div>
<div class="post-footer">{E(ui['tags'])}: <a href="/tag/1">{E(ui['sections'][2])}</a>, <a href="/tag/2">{E(ui['sections'][3])}</a> | <a href="#">{E(ui['share'])}</a></div>
<div class="navigation"><a href="/prev">&laquo; {E(related[0][1])}</a> <a href="/next">{E(related[1][1])} &raquo;</a></div>
<div id="comments"><h3>{E(ui['comments'])}</h3>
<ol class="commentlist">
{comments}
</ol>
<div id="respond"><h3>{E(ui['leave_reply'])}</h3><form><input name="author"><textarea name="comment"></textarea><input type="submit" value="{E(ui['send'])}"></form></div>
</div>
</div>
</div>
<div id="sidebar">
<div class="widget"><h3>{E(ui['recent'])}</h3><ul>
{recent}
</ul></div>
<div class="widget"><h3>{E(ui['archives'])}</h3><ul>
{archive}
</ul></div>
<div class="widget tagcloud"><h3>{E(ui['tags'])}</h3>{' '.join(f'<a href="/tag/{i}" style="font-size:{10 + i}px">{E(s)}</a>' for i, s in enumerate(ui['sections']))}</div>
<div class="widget ad">{E(ui['ad'])}<script>var slot = 'sidebar-250';</script></div>
</div>
<div id="footer"><p>{E(site['name'])} &copy; 2024 &middot; {E(ui['footer'])}</p></div>
</div>
</body>
</html>
"""


TEMPLATES = {"portal": template_portal, "magazine": template_magazine, "blog": template_blog}


def gold_text(a):
    lines = [f"<h>{a['title']}", f"<p>{a['date']} {a['author']}".rstrip()]
    for kind, payload in a["blocks"]:
        if kind == "h":
            lines.append(f"<h>{payload}")
        elif kind == "p":
            lines.append(f"<p>{payload}")
        elif kind == "l":
            lines.extend(f"<l>{i}" for i in payload)
    return "\n".join(lines) + "\n"


def page_id(site, a):
    h = hashlib.sha224(f"{site['lang']}|{site['host']}|{a['title']}".encode("utf-8")).hexdigest()
    return f"{a['iso'].replace('-', '')}_{site['host']}_{h}"


def encode_page(text, charset):
    # Legacy charsets: characters they lack become numeric references, as servers do.
    py = {"gb2312": "gbk", "windows-1251": "cp1251", "iso-8859-7": "iso8859_7"}.get(charset.lower(), charset)
    return text.encode(py, errors="xmlcharrefreplace")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--out", default=os.path.join(here, "..", "corpora", "sample"))
    args = ap.parse_args()
    out = os.path.normpath(args.out)
    for lang in sorted(ARTICLES):
        shutil.rmtree(os.path.join(out, lang), ignore_errors=True)
    count = 0
    judged = []  # (lang, page id, article)
    for lang in sorted(ARTICLES):
        ui = UI[lang]
        os.makedirs(os.path.join(out, lang, "html"))
        os.makedirs(os.path.join(out, lang, "gold"))
        entries = ARTICLES[lang]
        for n, (site, a) in enumerate(entries):
            site = dict(site, lang=lang)
            # Related links: titles of the other pages of the same site, then of the others.
            others = [x for s, x in entries if x is not a and s["host"] == site["host"]]
            others += [x for s, x in entries if x is not a and s["host"] != site["host"]]
            related = [(k + 1, x["title"]) for k, x in enumerate(others[:4])]
            page = TEMPLATES[site["template"]](site, ui, a, related)
            pid = page_id(site, a)
            with open(os.path.join(out, lang, "html", pid), "wb") as f:
                f.write(encode_page(page, site["charset"]))
            with open(os.path.join(out, lang, "gold", pid), "wb") as f:
                f.write(gold_text(a).encode("utf-8"))
            judged.append((lang, pid, a))
            count += 1
    annotations = {}
    for n, (lang, pid, a) in enumerate(sorted(judged, key=lambda x: (x[0], x[1]))):
        if "event" in a:
            disease, place = a["event"]
            events, comment = [[disease, place, "unknown"]], f"epidemic event: {disease}, {place} (read by us)"
        else:
            events = [["N", "N", "N"]]
            comment = a.get("note", "no epidemic event: the page reports none") + " (read by us)"
        annotations[str(n + 1)] = {"path": pid, "langue": lang, "annotations": events, "comment": comment}
    task_dir = os.path.join(out, "tasks", "daniel")
    os.makedirs(task_dir, exist_ok=True)
    with open(os.path.join(task_dir, "annotations.json"), "w", encoding="utf-8") as f:
        f.write(json.dumps(annotations, indent=1, ensure_ascii=False) + "\n")
    relevant = sum("event" in a for _, _, a in judged)
    print(f"wrote {count} pages under {out} ({relevant} relevant to the daniel task)")


if __name__ == "__main__":
    main()
