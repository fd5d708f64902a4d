#!/usr/bin/env python3
"""The HTML report in a real browser (Debian's headless Chromium over the DevTools
protocol; no network, a fresh profile).

  browser_test.py --binary build/detour [--work DIR] [--shots DIR]
      Makes the sample run with `detour run --report` and a run of the hostile fixture
      (tests/report/fixtures/hostile) with `detour report`, opens both reports from
      file:// and checks:
       - no console error, no exception, no dialog, no request other than file:/data:;
       - Table 2 (one row per system), Table 4 and every chart rendered (SVG
         elements counted per chart: a box per system and language, a point per
         system and language, a cell per system and site, a bar per system);
       - the per-page viewer, for every page and system in tm, and every page of six
         systems in to and car: the kept, missed and extra tokens shown (data-n of the spans, and the
         words or characters of their text) equal tp, fn and fp of per_doc.tsv, and
         the markers of the tm view equal the tag counts; the gold | output layout and
         two systems side by side;
       - hostile content (<script>alert(1)</script>, </textarea>, "><img onerror=...>,
         invalid UTF-8, a page id made of markup) renders as text, and the raw page in
         its sandboxed frame runs no script (no dialog, nothing set on the report's
         window, the frame's document unreachable);
       - at 1600 px, Table 2 and the task's Table 3 (the table model, with best and
         tie marks) fit the screen; on a narrow screen their box scrolls sideways with
         the system column kept in view; whole numbers print as such ("475", not
         "475.00");
       - two runs whose systems differ in settings: the systems of one run only are
         named (by `detour report` and on the page), and the page list sorted by the
         change of F1, both ways, over every page (not only the rows shown), from its
         menu and from its column header;
      and takes screenshots of the overview, the charts and the viewer.
  browser_test.py --measure REPORT_DIR [--shots DIR] [--repeat N]
      Times the overview of an existing report (navigation start to the first
      render; median of N loads), gives the widths of Table 2 and Table 3 at 1600 px
      and takes screenshots; for large runs.

Exit status 0 when every check passes, 1 otherwise, 77 (skipped) without Chromium or
python3-websocket.
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SKIP = 77

try:
    sys.path.insert(0, HERE)
    from cdp import Browser, find_chromium
except ImportError as e:  # python3-websocket missing
    print("SKIPPED: the report's browser test needs python3-websocket (%s); scripts/install-deps.sh installs it" % e)
    sys.exit(SKIP)

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL: " + what)
    return cond


def unescape(f):
    out, i = [], 0
    while i < len(f):
        c = f[i]
        if c == "\\" and i + 1 < len(f):
            out.append({"t": "\t", "n": "\n", "r": "\r", "\\": "\\"}.get(f[i + 1], "\\" + f[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def read_run(run_dir):
    """per_doc.tsv and pages.tsv, read independently of detour."""
    counts, status = {}, {}
    with open(os.path.join(run_dir, "per_doc.tsv"), encoding="utf-8", errors="surrogateescape") as f:
        header = f.readline().rstrip("\n").split("\t")
        col = {h: i for i, h in enumerate(header)}
        for line in f:
            x = line.rstrip("\n").split("\t")
            key = (unescape(x[col["system"]]), unescape(x[col["lang"]]), unescape(x[col["id"]]))
            status[key] = x[col["status"]]
            if x[col["metric"]] != "-":
                counts[key + (x[col["metric"]],)] = (int(x[col["tp"]]), int(x[col["fp"]]), int(x[col["fn"]]))
    pages = []
    with open(os.path.join(run_dir, "pages.tsv"), encoding="utf-8", errors="surrogateescape") as f:
        f.readline()
        for line in f:
            x = line.rstrip("\n").split("\t")
            pages.append((unescape(x[0]), unescape(x[1])))
    systems = []
    for key in status:
        if key[0] not in systems:
            systems.append(key[0])
    return counts, status, pages, systems


def sh(cmd):
    print("$ " + " ".join(cmd), flush=True)
    r = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(r.stdout[-3000:])
    if r.returncode != 0:
        raise SystemExit("command failed with status %d" % r.returncode)
    return r.stdout


def file_url(path):
    return "file://" + os.path.abspath(path).replace("%", "%25").replace("#", "%23").replace("?", "%3F")


# The viewer, driven from inside the page: every (page, system, form), the counts the
# panel shows and the words or characters of its spans.
COLLECT_JS = r"""
(async (pages, systems, forms) => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const out = [];
  for (const n of pages) for (const sys of systems) for (const form of forms) {
    document.body.removeAttribute('data-page-loaded');
    location.hash = '#/r0/page/' + n + '?sys=' + encodeURIComponent(sys) + '&form=' + form;
    const t0 = performance.now();
    const sel = '.panel[data-system="' + CSS.escape(sys) + '"][data-form="' + form + '"]';
    while (document.body.getAttribute('data-page-loaded') !== String(n) || !document.querySelector(sel)) {
      if (document.body.getAttribute('data-page-loaded') === 'error' || performance.now() - t0 > 120000) break;
      await sleep(2);
    }
    const panel = document.querySelector(sel);
    const r = { n: n, sys: sys, form: form, found: !!panel, aligned: panel ? panel.getAttribute('data-aligned') : null, ms: performance.now() - t0,
                state: document.body.getAttribute('data-page-loaded') + ' ' + location.hash, k: 0, m: 0, x: 0, mk: 0, mm: 0, mx: 0, textBad: 0, status: panel ? panel.getAttribute('data-status') : null };
    if (panel) {
      for (const s of panel.querySelectorAll('.align .tok')) {
        const cls = s.classList.contains('k') ? 'k' : s.classList.contains('m') ? 'm' : 'x';
        const n1 = +s.getAttribute('data-n');
        r[cls] += n1;
        if (s.classList.contains('mk')) { r['m' + cls] += 1; continue; }
        if (s.classList.contains('e')) { if (s.textContent !== '') r.textBad++; continue; }
        const t = s.textContent;
        const words = form === 'car' ? Array.from(t).length : t.split(' ').length;
        if (words !== n1) r.textBad++;
      }
      const c = panel.querySelector('.counts');
      r.line = c ? c.textContent : '';
    }
    out.push(r);
  }
  return out;
})
"""


def open_report(b, index, view="overview", timeout=120):
    b.navigate(file_url(index))
    b.wait_for("document.body && document.body.getAttribute('data-view') === '%s'" % view, timeout, "the report to render")


# The widths of the overview's Table 2 and Table 3 (found by their headings, so that
# reports of any version are measured alike): the table's own width, the box it
# scrolls in (if any) and the page's width.
WIDTHS_JS = r"""
(() => {
  const after = (prefix) => {
    for (const h of document.querySelectorAll('h2')) {
      if (!h.textContent.startsWith(prefix)) continue;
      for (let e = h.nextElementSibling; e && e.tagName !== 'H2'; e = e.nextElementSibling) {
        const t = e.matches('table') ? e : e.querySelector('table');
        if (t) return t;
      }
    }
    return null;
  };
  const box = (t) => {
    if (!t) return null;
    const r = t.getBoundingClientRect(), sc = t.closest('.scroller');
    const first = t.querySelector('tbody tr td');
    return { width: Math.round(r.width), left: Math.round(r.left), right: Math.round(r.right),
             box: sc ? { client: sc.clientWidth, scroll: sc.scrollWidth, right: Math.round(sc.getBoundingClientRect().right) } : null,
             sticky: first ? getComputedStyle(first).position : null,
             best: t.querySelectorAll('td.best').length, tied: t.querySelectorAll('td.tied').length,
             ci: t.querySelectorAll('td .ci').length };
  };
  return { page: document.documentElement.scrollWidth, view: window.innerWidth,
           table2: box(after('Table 2')), table3: box(after('Table 3')) };
})()
"""

# Scrolls Table 2's box sideways and says where its first column went.
STICKY_JS = r"""
(() => {
  const t = document.querySelector('table.table2'), sc = t && t.closest('.scroller');
  if (!sc) return { scroller: false, page: document.documentElement.scrollWidth, view: innerWidth };
  const cell = (n) => t.querySelector('tbody tr td:nth-child(' + n + ')').getBoundingClientRect();
  const before = cell(4).left;
  sc.scrollLeft = 300;
  const first = cell(1), fourth = cell(4);
  return { scroller: true, overflow: sc.scrollWidth > sc.clientWidth, scrolled: sc.scrollLeft,
           firstLeft: first.left, boxLeft: sc.getBoundingClientRect().left, moved: before - fourth.left,
           page: document.documentElement.scrollWidth, view: innerWidth };
})()
"""


def check_layout(b, index, what, table3):
    """Table 2 (and Table 3) fit a 1600 px screen; on a 700 px one they scroll in their
    box, the system column in view."""
    b.viewport(1600, 900)
    open_report(b, index)
    w = b.eval(WIDTHS_JS)
    print("%s at 1600 px: page %d px, Table 2 %s, Table 3 %s" % (what, w["page"], w["table2"], w["table3"]))
    check(w["page"] <= 1600, "%s: the overview fits a 1600 px screen (page %d px)" % (what, w["page"]))
    names = ["table2"] + (["table3"] if table3 else [])
    for name in names:
        t = w[name]
        if not check(t is not None, "%s: %s is shown" % (what, name)):
            continue
        check(t["right"] <= 1600 and t["box"] is not None and t["box"]["scroll"] <= t["box"]["client"],
              "%s: %s fits at 1600 px without scrolling (%s)" % (what, name, t))
        check(t["sticky"] == "sticky", "%s: %s keeps its system column in view (position %s)" % (what, name, t["sticky"]))
    if table3 and w["table3"]:
        check(w["table3"]["best"] >= 1 and w["table3"]["ci"] > 0,
              "%s: Table 3 shows its best cell and intervals as Table 2 does (%s)" % (what, w["table3"]))
    b.viewport(700, 900)
    open_report(b, index)
    b.pump(0.2)
    st = b.eval(STICKY_JS)
    b.pump(0.1)
    check(st["scroller"] and st["overflow"] and st["scrolled"] > 0 and abs(st["firstLeft"] - st["boxLeft"]) <= 1 and st["moved"] > 100
          and st["page"] <= 700,
          "%s at 700 px: Table 2 scrolls in its box, the system column stays in view, the page does not widen: %s" % (what, st))
    b.viewport(1400, 900)
    return w


def test_sample(b, binary, work, shots):
    run_dir = os.path.join(work, "sample")
    sh([binary, "run", "--corpus", "corpora/sample", "--extractors", "all", "--chains", "BP-JTA,JTA-BP",
        "--metrics", "to,car,tm,tag", "--task", "daniel", "--trials", "2000", "--out", run_dir, "--report", "--no-progress",
        "--resamples", "200"])
    counts, status, pages, systems = read_run(run_dir)
    index = os.path.join(run_dir, "report", "index.html")
    check(os.path.exists(index), "detour run --report wrote report/index.html")
    html = open(index, encoding="utf-8").read()
    refs = re.findall(r'(?:src|href)\s*=\s*"([^"]*)"', html)
    check(all(not re.match(r"[a-z]+:", r) for r in refs), "index.html refers to nothing outside its folder: %s" % refs)

    open_report(b, index)
    render_ms = b.eval("window.DETOUR_FIRST_RENDER_MS")
    print("sample overview: first render %.0f ms after navigation start" % render_ms)
    nsys = len(systems)
    langs = b.eval("window.DETOUR_RUNS[0].verdicts.languages")
    check(langs[-1] == "all" and len(langs) == len(set(l for l, _ in pages)) + 1, "languages %s" % langs)
    rows = b.eval("document.querySelectorAll('table.table2 tbody tr').length")
    check(rows == nsys, "Table 2 has one row per system (%d, expected %d)" % (rows, nsys))
    best = b.eval("document.querySelectorAll('table.table2 td.best').length")
    check(best == 4, "Table 2 (all) marks one best F1 per metric (%d cells, expected 4)" % best)
    t4 = b.eval("document.querySelectorAll('table.t')[2] ? document.querySelectorAll('table.t')[2].querySelectorAll('tbody tr').length : 0")
    check(t4 == len(langs), "Table 4 has one row per language (%d)" % t4)
    # A score cell links to its worst pages.
    href = b.eval("document.querySelector('table.table2 td.best a').getAttribute('href')")
    check(href.startswith("#/r0/pages?") and "sort=f1" in href, "a Table 2 cell links to its worst pages: " + href)
    if shots:
        b.screenshot(os.path.join(shots, "sample_overview.png"))
    check_layout(b, index, "sample", table3=True)
    open_report(b, index)

    # Charts: count the SVG elements of each.
    b.eval("location.hash = '#/r0/charts?m=to'")
    b.wait_for("document.body.getAttribute('data-view') === 'charts' && document.querySelector('figure[data-chart=time]')", 60, "charts")
    charts = b.eval("""(() => { const r = {}; for (const f of document.querySelectorAll('figure.chart')) {
        const s = f.querySelector('svg'); r[f.getAttribute('data-chart')] = s ? {
          boxes: s.querySelectorAll('rect.box').length, circles: s.querySelectorAll('circle').length,
          links: s.querySelectorAll('a').length } : null; } return r; })()""")
    def with_pages(lang):  # systems with a scored page in the language
        return sum(1 for s in systems if any(status[(s, l, i)] != "excluded" for l, i in pages if lang in ("all", l)))
    for lang in langs:
        c = charts.get("box-" + lang)
        check(c is not None and c["boxes"] == with_pages(lang) and c["links"] == nsys, "box plot %s: %s, expected %d boxes" % (lang, c, with_pages(lang)))
        c = charts.get("pr-" + lang)
        check(c is not None and c["circles"] >= nsys - 4 and c["circles"] <= nsys, "P/R scatter %s: %s" % (lang, c))
    c = charts.get("sites")
    nsites = len(set(p[1].split("_")[1] for p in pages))
    check(c is not None and c["boxes"] == nsys * min(nsites, 20), "F1 by site heatmap: %s (%d sites)" % (c, nsites))
    c = charts.get("failures")
    check(c is not None and c["links"] == 2 * nsys, "failures chart: %s" % c)
    c = charts.get("time")
    check(c is not None and c["boxes"] == with_pages("all"), "time chart: %s" % c)
    if shots:
        b.screenshot(os.path.join(shots, "sample_charts.png"))

    # The page list of a cell, sorted worst first; its first link opens the viewer.
    b.eval("location.hash = '#/r0/pages?sys=BP&m=to&sort=f1'")
    b.wait_for("document.body.getAttribute('data-view') === 'pages' && document.querySelector('table.pages tbody tr')", 30, "pages")
    f1s = b.eval("Array.from(document.querySelectorAll('table.pages tbody tr')).map((r) => r.children[7].textContent)")
    vals = [float(v) for v in f1s if v != "-"]
    check(len(f1s) == len(pages) and vals == sorted(vals), "page list of BP: all pages, worst F1 first")
    numbers = b.eval("Array.from(document.querySelectorAll('table.pages tbody tr')).map((r) => r.children[0].textContent)")
    check(all(re.fullmatch(r"[0-9]+", n) for n in numbers), "page numbers print as whole numbers: %s" % numbers[:5])
    link = b.eval("document.querySelector('table.pages tbody a').getAttribute('href')")
    b.eval("location.hash = %s" % json.dumps(link))
    b.wait_for("document.body.getAttribute('data-page-loaded') !== null && document.querySelector('.panel')", 30, "the viewer")
    check(b.eval("!!document.querySelector('.panel[data-system=\"BP\"] .align .tok')"), "the viewer link opens an alignment")

    # Every page, system and form: the viewer's counts equal per_doc.tsv.
    forms = b.eval("window.DETOUR_RUNS[0].forms")
    check(forms == ["tm", "to", "car"], "viewer forms %s" % forms)
    started = time.time()
    # Every page and system in tm (its markers give tag's counts), every page of six
    # systems (good, poor, everything, nothing, a chain, one with excluded pages) in
    # to and car.
    all_pages = json.dumps(list(range(len(pages))))
    results = b.eval("(%s)(%s, %s, %s)" % (COLLECT_JS, all_pages, json.dumps(systems), json.dumps(["tm"])))
    few = [s for s in ["BP", "JTA-EN", "ALL", "NONE", "BP-JTA", "NC"] if s in systems]
    results += b.eval("(%s)(%s, %s, %s)" % (COLLECT_JS, all_pages, json.dumps(few), json.dumps(["to", "car"])))
    print("viewer: %d panels checked in %.1f s" % (len(results), time.time() - started))
    bad = 0
    compared = collections.Counter()
    for r in results:
        lang, pid = pages[r["n"]]
        key = (r["sys"], lang, pid)
        if not r["found"]:
            bad += 1
            check(False, "no panel for %s %s after %.0f ms (%s)" % (key, r["form"], r["ms"], r["state"]))
            continue
        if status[key] == "excluded":
            compared["excluded"] += 1
            continue
        if r["form"] == "car" and r["aligned"] == "no":  # kept only for pages of long words (zh)
            check(lang != "zh", "a zh page has its character alignment: %s" % (key,))
            compared["car left out"] += 1
            continue
        tp, fp, fn = counts[key + (r["form"],)]
        ok = (r["k"], r["x"], r["m"]) == (tp, fp, fn) and r["textBad"] == 0
        if r["form"] == "tm":
            ttp, tfp, tfn = counts[key + ("tag",)]
            ok = ok and (r["mk"], r["mx"], r["mm"]) == (ttp, tfp, tfn)
            compared["tag"] += 1
        compared[r["form"]] += 1
        if not ok:
            bad += 1
            if bad <= 10:
                check(False, "viewer counts of %s %s: kept %d extra %d missed %d (markers %d/%d/%d, %d spans whose text disagrees), per_doc %s"
                      % (key, r["form"], r["k"], r["x"], r["m"], r["mk"], r["mx"], r["mm"], r["textBad"], (tp, fp, fn)))
    check(bad == 0, "%d viewer panels disagree with per_doc.tsv" % bad)
    print("viewer counts equal per_doc.tsv: %s" % dict(compared))

    # Layouts: gold | output, and two systems side by side.
    n = 0
    b.eval("location.hash = '#/r0/page/%d?sys=BP&form=to&layout=columns'" % n)
    b.wait_for("document.querySelector('.panel [data-side=gold] .tok')", 30, "columns layout")
    side = b.eval("""(() => { const sum = (sel) => Array.from(document.querySelectorAll(sel)).reduce((a, s) => a + +s.getAttribute('data-n'), 0);
       return { gk: sum('[data-side=gold] .tok.k'), gm: sum('[data-side=gold] .tok.m'), gx: sum('[data-side=gold] .tok.x'),
                ok: sum('[data-side=output] .tok.k'), ox: sum('[data-side=output] .tok.x'), om: sum('[data-side=output] .tok.m') }; })()""")
    tp, fp, fn = counts[("BP",) + pages[n] + ("to",)]
    check(side == {"gk": tp, "gm": fn, "gx": 0, "ok": tp, "ox": fp, "om": 0}, "gold | output columns: %s vs %s" % (side, (tp, fp, fn)))
    b.eval("location.hash = '#/r0/page/%d?sys=BP&cmp=JTA&form=tm'" % n)
    b.wait_for("document.querySelectorAll('.panels.two .panel').length === 2 && document.querySelector('.panel[data-system=JTA] .tok')", 30, "two systems")
    check(True, "two systems side by side")
    if shots:
        b.screenshot(os.path.join(shots, "sample_viewer_two_systems.png"))
        b.eval("location.hash = '#/r0/page/%d?sys=BP-JTA&form=tm'" % n)
        b.wait_for("document.querySelector('.panel[data-system=\"BP-JTA\"] .tok')", 30, "viewer")
        b.screenshot(os.path.join(shots, "sample_viewer.png"))

    # tables0.html (the table model's HTML writer), linked from the overview: no script,
    # Table 2 per language with a row per system, then Table 4.
    b.navigate(file_url(os.path.join(run_dir, "report", "tables0.html")))
    b.wait_for("document.readyState === 'complete' && document.querySelector('table')", 30, "tables0.html")
    t = b.eval("""(() => ({ scripts: document.scripts.length,
        titles: Array.from(document.querySelectorAll('h3')).map((h) => h.textContent),
        rows: Array.from(document.querySelectorAll('table')).map((x) => x.querySelectorAll('tbody tr').length),
        }))()""")
    t2 = ["Table 2 - " + l for l in langs]
    check(t["scripts"] == 0 and t["titles"][:len(t2)] == t2 and all(r == nsys for r in t["rows"][:len(t2)])
          and len(t["titles"]) > len(t2), "tables0.html: %s" % t)
    return render_ms


def per_page_f1(run_dir, system, metric):
    """(lang, id) -> F1 of `system` under `metric`, as the report rounds it."""
    out = {}
    with open(os.path.join(run_dir, "per_doc.tsv"), encoding="utf-8", errors="surrogateescape") as f:
        header = f.readline().rstrip("\n").split("\t")
        col = {h: i for i, h in enumerate(header)}
        for line in f:
            x = line.rstrip("\n").split("\t")
            if unescape(x[col["system"]]) == system and x[col["metric"]] == metric:
                out[(unescape(x[col["lang"]]), unescape(x[col["id"]]))] = round(float(x[col["f1"]]), 2)
    return out


def test_two_runs(b, binary, work, shots):
    """Two runs of the sample whose systems differ in settings: a chain's JTA setting
    (BP-JTA in run 0, BP-JTA(length_low=60) in run 1), and a variant V that is BP in
    run 0 and JTA in run 1 (the same name, another signature, every page's F1 moved)."""
    run_a = os.path.join(work, "two_a")
    run_b = os.path.join(work, "two_b")
    sh([binary, "run", "--corpus", "corpora/sample", "--extractors", "BP,JTA,NONE", "--chains", "BP-JTA", "--variant", "V=BP",
        "--metrics", "to,tm", "--out", run_a, "--no-progress"])
    sh([binary, "run", "--corpus", "corpora/sample", "--extractors", "BP,JTA,NONE", "--chains", "BP-JTA(length_low=60)",
        "--variant", "V=JTA", "--metrics", "to,tm", "--out", run_b, "--no-progress"])
    out = os.path.join(work, "two_report")
    text = sh([binary, "report", run_a, run_b, "--out", out, "--resamples", "100"])
    check("1 system in run 0 only, not compared: BP-JTA;" in text and "1 system in run 1 only, not compared: BP-JTA(length_low=60);" in text
          and "1 system compared although their signatures differ: V" in text, "detour report names the systems of one run only")
    index = os.path.join(out, "index.html")
    b.navigate(file_url(index) + "#/r1/overview")
    b.wait_for("document.body && document.body.getAttribute('data-view') === 'overview' && document.body.textContent.includes('Compared with run 0')", 60,
               "run 1's overview")
    note = b.eval("(() => { const n = document.querySelector('.unmatched'); return n ? n.textContent : ''; })()")
    check("run 0 (two_a) only: BP-JTA" in note and "this run (two_b) only: BP-JTA(length_low=60)" in note and "V: BP|" in note,
          "the overview names the systems of one run only: %r" % note)
    pages_col = b.eval("Array.from(document.querySelectorAll('table.deltas tbody tr')).map((r) => r.children[3].textContent)")
    check(pages_col and all(re.fullmatch(r"[0-9]+", p) for p in pages_col),
          "the comparison's page counts print as whole numbers: %s" % pages_col[:5])
    if shots:
        b.screenshot(os.path.join(shots, "two_runs_overview.png"))

    # The change of F1 of every page of V (to), from the record files.
    fa, fb = per_page_f1(run_a, "V", "to"), per_page_f1(run_b, "V", "to")
    deltas = sorted(round(fb[k] - fa[k], 2) for k in fb if k in fa)
    check(len(set(deltas)) > 5 and deltas[0] < 0 < deltas[-1], "the two runs' F1 differ on several pages, both ways: %s" % deltas)
    n = 5

    def shown(route):
        b.eval("location.hash = %s" % json.dumps(route))
        try:
            b.wait_for("document.body.getAttribute('data-hash') === %s" % json.dumps(route), 10, route)
        except RuntimeError:  # a report that does not say which route it rendered (older): a second for it
            b.pump(1.0)
        return rows_now()

    def rows_now():
        b.wait_for("document.body.getAttribute('data-view') === 'pages' && document.querySelector('table.pages tbody tr')", 30, "pages")
        cells = b.eval("""Array.from(document.querySelectorAll('table.pages tbody tr')).map((r) => r.children[9].textContent)""")
        return [float(c) for c in cells if c != "-"]

    def same(got, want):
        return len(got) == len(want) and all(abs(x - y) <= 0.011 for x, y in zip(got, want))

    base = "#/r1/pages?sys=V&m=to&vs=0&limit=%d" % n
    got = shown(base + "&sort=delta")
    check(same(got, deltas[:n]), "the %d pages that lost most, over all %d: %s, expected %s" % (n, len(deltas), got, deltas[:n]))
    got = shown(base + "&sort=-delta")
    check(same(got, deltas[::-1][:n]), "the %d pages that gained most, over all %d: %s, expected %s" % (n, len(deltas), got, deltas[::-1][:n]))
    # The column header sorts every page too, both ways.
    shown(base + "&sort=delta")
    click = "(() => { const h = document.querySelector('table.pages th[data-sort=delta]'); if (!h) return false; h.click(); return true; })()"
    clicked = b.eval(click)
    if clicked:
        b.wait_for("document.querySelector('table.pages th[data-sort=delta].sorted-desc')", 30, "the list sorted the other way")
    got = rows_now()[:n] if clicked else []
    check(clicked and "sort=-delta" in b.eval("location.hash") and same(got, deltas[::-1][:n]),
          "a click on the \u0394 header sorts all pages, most gained first: %s" % got)
    clicked = clicked and b.eval(click)
    if clicked:
        b.wait_for("document.querySelector('table.pages th[data-sort=delta].sorted-asc')", 30, "the list sorted the other way")
    got = rows_now()[:n] if clicked else []
    check(clicked and same(got, deltas[:n]), "a second click sorts them the other way: %s" % got)
    # BP-JTA is not in run 1: its page list against run 0 says so.
    b.eval("location.hash = '#/r0/pages?sys=BP-JTA&m=to&vs=1'")
    b.wait_for("document.body.getAttribute('data-view') === 'pages' && document.querySelector('table.pages')", 30, "pages")
    check(b.eval("document.body.textContent.includes('BP-JTA is not a system of run 1')"),
          "the page list says the system is not in the other run")
    # One raw page set for both runs: run 1's raw page opens from it.
    check(not os.path.exists(os.path.join(out, "r1", "raw")) and not os.path.exists(os.path.join(out, "raw", "1")),
          "the raw pages are written once for the two runs")
    b.eval("location.hash = '#/r1/page/2?sys=V&form=to'")
    b.wait_for("document.body.getAttribute('data-page-loaded') === '2'", 30, "viewer")
    b.eval("document.getElementById('rawbtn').click()")
    b.wait_for("document.querySelector('iframe.raw') || document.querySelector('.rawbox .error')", 30, "the raw page")
    check(b.eval("!!document.querySelector('iframe.raw') && document.querySelector('iframe.raw').srcdoc.length > 1000"),
          "run 1's raw page opens from the shared set")


def test_hostile(b, binary, work, shots):
    run_dir = os.path.join(work, "hostile")
    out = os.path.join(work, "hostile_report")
    sh([binary, "run", "--corpus", "tests/report/fixtures/hostile", "--extractors", "BP,JTA,RD,ALL,GOLD,NONE",
        "--metrics", "to,car,tm", "--out", run_dir, "--no-progress"])
    sh([binary, "report", run_dir, "--out", out, "--resamples", "100"])
    counts, status, pages, systems = read_run(run_dir)
    open_report(b, os.path.join(out, "index.html"))
    scripts0 = b.eval("document.querySelectorAll('script').length")
    check(b.eval("document.body.textContent.includes('\"><svg onload=alert(8)>')") or True, "")
    b.eval("location.hash = '#/r0/pages?sys=GOLD'")
    b.wait_for("document.querySelector('table.pages tbody tr')", 30, "pages")
    check(b.eval("document.body.textContent.includes('\"><svg onload=alert(8)>')"), "a page id made of markup shows as text")
    check(b.eval("document.querySelectorAll('svg[onload], img').length") == 0, "no element made from a page id")
    results = b.eval("(%s)(%s, %s, %s)" % (COLLECT_JS, json.dumps(list(range(len(pages)))), json.dumps(systems), json.dumps(["tm", "to"])))
    for r in results:
        key = (r["sys"],) + pages[r["n"]]
        if status[key] == "excluded" or not r["found"]:
            continue
        tp, fp, fn = counts[key + (r["form"],)]
        check((r["k"], r["x"], r["m"]) == (tp, fp, fn) and r["textBad"] == 0, "hostile viewer counts %s %s" % (key, r["form"]))
    b.eval("location.hash = '#/r0/page/0?sys=GOLD&form=tm'")
    b.wait_for("document.querySelector('.panel[data-system=GOLD] .tok')", 30, "viewer")
    text = b.eval("document.querySelector('.panel .align').textContent")
    # The gold's bytes that are not UTF-8 (FF FE, C3 28) are decoded as pages are: the
    # file is then windows-1252 (uchardet), so they show as the characters they are there.
    for needle in ["<script>alert(1)</script>", "</textarea>", '"><img', "onerror=alert(2)>", "\u00ff\u00fe"]:
        check(needle in text, "the viewer shows %r as text" % needle)
    check(b.eval("document.querySelectorAll('img, textarea, iframe').length") == 0, "no element made from the page's text")
    check(b.eval("document.querySelectorAll('script').length") == scripts0, "no script element added by the page's text")
    # The raw page in its sandboxed frame.
    b.eval("document.getElementById('rawbtn').click()")
    b.wait_for("document.querySelector('iframe.raw')", 30, "the raw page frame")
    b.pump(2.0)
    frame = b.eval("""(() => { const f = document.querySelector('iframe.raw');
        return { sandbox: f.getAttribute('sandbox'), reachable: (() => { try { return f.contentDocument !== null; } catch (e) { return false; } })(),
                 srcdoc: f.srcdoc.length }; })()""")
    check(frame["sandbox"] == "" and not frame["reachable"] and frame["srcdoc"] > 1000,
          "raw page in a sandboxed frame without scripts, its document unreachable: %s" % frame)
    pwned = b.eval("typeof window.__pwned === 'undefined' ? null : window.__pwned")
    check(pwned is None, "no script of the page ran in the report (window.__pwned = %r)" % pwned)
    if shots:
        b.screenshot(os.path.join(shots, "hostile_viewer_raw.png"))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(ROOT, "build", "detour"))
    ap.add_argument("--work", help="folder for the runs and reports (default: a temporary one, removed)")
    ap.add_argument("--shots", help="write screenshots (PNG) here")
    ap.add_argument("--measure", help="only time an existing report's overview (a report folder)")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    chromium = find_chromium()
    if not chromium:
        print("SKIPPED: the report's browser test needs Chromium (Debian package chromium; scripts/install-deps.sh installs it)")
        return SKIP
    if args.shots:
        os.makedirs(args.shots, exist_ok=True)
    if args.measure:
        return measure(chromium, args)
    work = args.work or tempfile.mkdtemp(prefix="detour-report-test-")
    os.makedirs(work, exist_ok=True)
    t0 = time.time()
    b = Browser(chromium)
    print("chromium started in %.1f s" % (time.time() - t0))
    b.call("Network.enable")
    try:
        test_sample(b, args.binary, work, args.shots)
        try:
            test_two_runs(b, args.binary, work, args.shots)
        except RuntimeError as e:  # a view that never came
            check(False, "two runs: %s" % e)
        errors = [c for c in b.console if c[0] in ("error", "assert")] + [("exception", e, "") for e in b.exceptions]
        check(not errors, "no console error or exception on the sample reports: %s" % errors[:5])
        check(not b.dialogs, "no dialog: %s" % b.dialogs)
        b.console.clear()
        test_hostile(b, args.binary, work, args.shots)
        blocked = [c for c in b.console if c[0] == "error" and re.search(r"Refused to|Blocked script execution|sandbox", c[1])]
        other = [c for c in b.console if c[0] in ("error", "assert") and c not in blocked] + [("exception", e, "") for e in b.exceptions]
        print("hostile page: %d loads or scripts blocked by the sandbox and the policy" % len(blocked))
        check(not other, "no other console error or exception on the hostile report: %s" % other[:5])
        check(not b.dialogs, "no dialog opened by the hostile page: %s" % b.dialogs)
        urls = set()
        for e in b.events:
            if e.get("method") == "Network.requestWillBeSent":
                urls.add(e["params"]["request"]["url"].split(":", 1)[0])
        check(urls <= {"file", "data", "about"}, "only file:, data: and about: requests: %s" % urls)
    finally:
        b.close()
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)
    print("%d failures; %.1f s" % (len(failures), time.time() - t0))
    return 1 if failures else 0


def measure(chromium, args):
    index = os.path.join(args.measure, "index.html")
    b = Browser(chromium, width=1600, height=900)
    try:
        times = []
        for i in range(args.repeat):
            b.navigate("about:blank")
            b.pump(0.2)
            t0 = time.time()
            open_report(b, index, timeout=300)
            wall = time.time() - t0
            nav = b.eval("(() => { const e = performance.getEntriesByType('navigation')[0]; return { load: e.loadEventEnd, dcl: e.domContentLoadedEventEnd }; })()")
            times.append((b.eval("window.DETOUR_FIRST_RENDER_MS"), nav["load"], wall))
            print("overview: first render %.0f ms, load event %.0f ms after navigation start (%.2f s wall including the protocol)"
                  % (times[-1][0], nav["load"], wall))
        firsts = sorted(t[0] for t in times)
        print("overview: median first render %.0f ms over %d loads (least %.0f, most %.0f)"
              % (firsts[len(firsts) // 2] if len(firsts) % 2 else (firsts[len(firsts) // 2 - 1] + firsts[len(firsts) // 2]) / 2,
                 len(firsts), firsts[0], firsts[-1]))
        w = b.eval(WIDTHS_JS)
        print("at 1600 px: page %d px wide; Table 2 %s; Table 3 %s" % (w["page"], w["table2"], w["table3"]))
        errors = [c for c in b.console if c[0] in ("error", "assert")] + b.exceptions
        print("console errors: %s" % (errors[:5] or "none"))
        if args.shots:
            b.screenshot(os.path.join(args.shots, "overview.png"))
            t0 = time.time()
            b.eval("location.hash = '#/r0/charts'")
            b.wait_for("document.querySelector('figure[data-chart=time]')", 120, "charts")
            print("charts rendered in %.2f s" % (time.time() - t0))
            for chart in ("box-all", "pr-all", "sites", "failures", "time"):
                b.eval("document.querySelector('figure[data-chart=\"%s\"]').scrollIntoView()" % chart)
                b.pump(0.2)
                b.screenshot(os.path.join(args.shots, "chart_%s.png" % chart), full=False)
            t0 = time.time()
            b.eval("location.hash = '#/r0/page/0?sys=BP&form=tm'")
            b.wait_for("document.body.getAttribute('data-page-loaded') === '0'", 60, "viewer")
            print("viewer page 0 rendered in %.2f s" % (time.time() - t0))
            b.screenshot(os.path.join(args.shots, "viewer.png"))
        return 1 if errors else 0
    finally:
        b.close()


if __name__ == "__main__":
    sys.exit(main())
