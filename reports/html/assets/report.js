// detour report: the application of a report folder (reports/html/html_report.h).
//
// Data: window.DETOUR_RUNS[k] (data/run<k>.js, loaded by index.html); the viewer's
// pages are loaded on demand as scripts (r<k>/p/<n>.js calls detourPage, r<k>/raw/
// <n>.js calls detourRaw), since browsers load scripts, not JSON, from file://.
//
// Safety: every value from the data goes into the document as a text node or an
// attribute value (el() below); nothing is ever assigned to innerHTML. Links are
// built from our own routes ('#/...', parts URI-encoded). The raw page goes into an
// <iframe sandbox srcdoc>, which runs no script.
//
// Routes: #/r<k>/overview, #/r<k>/charts, #/r<k>/pages?sys=&lang=&site=&status=&m=&sort=,
//         #/r<k>/page/<n>?sys=&cmp=&form=&layout=
(function () {
  'use strict';
  const RUNS = window.DETOUR_RUNS || [];
  const SVGNS = 'http://www.w3.org/2000/svg';

  // ---- DOM helpers --------------------------------------------------------------
  function setAttrs(e, attrs) {
    if (!attrs) return;
    for (const k of Object.keys(attrs)) {
      const v = attrs[k];
      if (v === null || v === undefined || v === false) continue;
      if (k === 'on') {
        for (const ev of Object.keys(v)) e.addEventListener(ev, v[ev]);
      } else if (k === 'href') {
        const s = String(v);
        // Our routes, or a page of the report folder (tables<k>.html).
        if (s.charAt(0) !== '#' && !/^tables[0-9]+\.html$/.test(s)) throw new Error('link outside the report: ' + s);
        e.setAttribute('href', s);
      } else {
        e.setAttribute(k, v === true ? '' : String(v));
      }
    }
  }
  function add(e, kids) {
    for (const k of kids) {
      if (k === null || k === undefined || k === false) continue;
      if (Array.isArray(k)) add(e, k);
      else e.appendChild(k instanceof Node ? k : document.createTextNode(String(k)));
    }
  }
  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    setAttrs(e, attrs);
    add(e, kids);
    return e;
  }
  function sv(tag, attrs, ...kids) {
    const e = document.createElementNS(SVGNS, tag);
    setAttrs(e, attrs);
    add(e, kids);
    return e;
  }
  function clear(e) {
    while (e.firstChild) e.removeChild(e.firstChild);
    return e;
  }
  function fmt(x, d) {
    if (x === null || x === undefined || Number.isNaN(x)) return '-';
    return Number(x).toFixed(d === undefined ? 2 : d);
  }

  // ---- routes -------------------------------------------------------------------
  function parseRoute() {
    const h = decodeURI(location.hash.replace(/^#\/?/, ''));
    const qi = h.indexOf('?');
    const path = (qi >= 0 ? h.slice(0, qi) : h).split('/').filter(Boolean);
    const q = new URLSearchParams(qi >= 0 ? location.hash.slice(location.hash.indexOf('?') + 1) : '');
    let k = 0;
    if (path.length && /^r\d+$/.test(path[0])) k = parseInt(path.shift().slice(1), 10);
    if (k >= RUNS.length) k = 0;
    const view = path[0] || 'overview';
    const n = path.length > 1 ? parseInt(path[1], 10) : -1;
    return { k: k, view: view, n: n, q: q };
  }
  function route(k, view, params, n) {
    let s = '#/r' + k + '/' + view + (n !== undefined && n !== null ? '/' + n : '');
    const parts = [];
    for (const key of Object.keys(params || {})) {
      const v = params[key];
      if (v === null || v === undefined || v === '') continue;
      parts.push(encodeURIComponent(key) + '=' + encodeURIComponent(v));
    }
    return parts.length ? s + '?' + parts.join('&') : s;
  }
  function cellRoute(k, sys, lang, metric) {
    return route(k, 'pages', { sys: sys, lang: lang === 'all' ? '' : lang, m: metric, sort: 'f1' });
  }

  // ---- data loading -------------------------------------------------------------
  const cache = { page: new Map(), raw: new Map(), pages: new Map() };
  const waiting = { page: new Map(), raw: new Map(), pages: new Map() };
  // Raw pages are per corpus (raw/<set>/<n>.js, shared by the runs of one corpus).
  const FOLDER = { page: (k, n) => 'r' + k + '/p/' + n + '.js', raw: (s, n) => 'raw/' + s + '/' + n + '.js',
                   pages: (k) => 'data/pages' + k + '.js' };
  function deliver(kind, k, n, data) {
    const key = k + ':' + n;
    cache[kind].set(key, data);
    const w = waiting[kind].get(key);
    if (w) {
      waiting[kind].delete(key);
      w.forEach((f) => f.resolve(data));
    }
  }
  function fail(kind, k, n, err) {
    const key = k + ':' + n;
    const w = waiting[kind].get(key) || [];
    waiting[kind].delete(key);
    w.forEach((f) => f.reject(err));
  }
  // Compressed per-page files (html_report.h): a gzip member as a string of one
  // character per byte, the file read as windows-1252, whose decoder gives 27 of the
  // bytes 0x80-0x9F other code points; inflated by the browser (DecompressionStream).
  const CP1252 = [0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
                  0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178];
  const BYTE_OF = new Map(CP1252.map((c, i) => [c, 0x80 + i]));
  function inflate(s) {
    const b = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      const x = c < 0x80 || (c >= 0xA0 && c < 0x100) ? c : BYTE_OF.get(c);
      if (x === undefined) return Promise.reject(new Error('a damaged data file (character U+' + c.toString(16) + ' at ' + i + ')'));
      b[i] = x;
    }
    if (typeof DecompressionStream === 'undefined')
      return Promise.reject(new Error('this browser cannot inflate the report\u2019s compressed pages (no DecompressionStream: ' +
        'Chromium 80, Firefox 113, Safari 16.4 or later need it); detour report --compress no writes them uncompressed'));
    return new Response(new Blob([b]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  }
  function deliverPacked(kind, k, n, s, parse) {
    inflate(s).then((text) => deliver(kind, k, n, parse ? JSON.parse(text) : text),
      (err) => fail(kind, k, n, new Error('cannot read ' + FOLDER[kind](k, n) + ': ' + (err && err.message ? err.message : err))));
  }
  window.detourPage = function (k, n, data) { deliver('page', k, n, data); };
  window.detourPageZ = function (k, n, s) { deliverPacked('page', k, n, s, true); };
  window.detourPages = function (k, data) { deliver('pages', k, 0, data); };
  window.detourPagesZ = function (k, z) { deliverPacked('pages', k, 0, z, true); };
  window.detourRaw = function (s, n, data) { deliver('raw', s, n, data); };
  window.detourRawZ = function (s, n, z) { deliverPacked('raw', s, n, z, false); };
  function load(kind, k, n) {
    const key = k + ':' + n;
    if (cache[kind].has(key)) return Promise.resolve(cache[kind].get(key));
    return new Promise((resolve, reject) => {
      const w = waiting[kind].get(key);
      if (w) { w.push({ resolve: resolve, reject: reject }); return; }
      waiting[kind].set(key, [{ resolve: resolve, reject: reject }]);
      const src = FOLDER[kind](k, n);
      const s = document.createElement('script');
      if (RUNS[0].compressed) s.charset = 'windows-1252';  // binary strings (inflate)
      s.src = src;
      s.onerror = () => fail(kind, k, n, new Error('cannot load ' + src + ' (missing from the report folder?)'));
      s.onload = () => s.remove();
      document.head.appendChild(s);
    });
  }

  // The per-page data of a run (data/pages<k>.js: ids, statuses, times, scores),
  // merged into the run object; the overview does without it.
  function ensurePages(run) {
    if (run.pages) return Promise.resolve(run);
    return load('pages', run.k, 0).then((data) => Object.assign(run, data));
  }

  // ---- statistics -----------------------------------------------------------------
  function quantile(sorted, p) {  // type 7 (linear interpolation), as NumPy's default
    if (!sorted.length) return NaN;
    const h = (sorted.length - 1) * p, lo = Math.floor(h), hi = Math.ceil(h);
    return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
  }
  function summary(values) {
    const v = values.filter((x) => x !== null && x !== undefined && !Number.isNaN(x)).sort((a, b) => a - b);
    if (!v.length) return null;
    let sum = 0;
    for (const x of v) sum += x;
    return { n: v.length, min: v[0], q1: quantile(v, 0.25), med: quantile(v, 0.5), q3: quantile(v, 0.75),
             max: v[v.length - 1], mean: sum / v.length };
  }

  // ---- run helpers ----------------------------------------------------------------
  function langsOf(run) { return run.verdicts.languages; }
  function pagesOfLang(run, lang) {
    const out = [];
    const L = run.pages.lang;
    for (let i = 0; i < L.length; i++) if (lang === 'all' || !lang || L[i] === lang) out.push(i);
    return out;
  }
  function metricNames(run) { return run.metrics.map((m) => m.name); }
  function defaultMetric(run) {
    const names = metricNames(run);
    return names.indexOf('to') >= 0 ? 'to' : names[0];
  }
  function systemIndex(run, name) {
    for (let s = 0; s < run.systems.length; s++) if (run.systems[s].name === name) return s;
    return -1;
  }
  function defaultSystem(run) {
    for (const s of run.systems) if (!s.baseline) return s.name;
    return run.systems.length ? run.systems[0].name : '';
  }
  const STATUS = { o: 'ok', f: 'failed', x: 'excluded' };

  // ---- sortable, filterable table -----------------------------------------------
  // columns: [{label, cls, group, title, count, sort}], rows: [{cells: [{v, node, cls, title}], cls}].
  // A count column prints its numbers as whole numbers ("475"), the others with two
  // decimals. Options: groups (a header row above), filter (placeholder of a filter
  // box), cls, sticky (the first column stays in view when the table scrolls
  // sideways in its box), sorted ({key, dir}) and onSort(key, dir): a table showing
  // part of its rows (the page list) sorts them all by asking for its view again,
  // each column's `sort` naming its key; the others sort the rows they hold.
  function table(spec) {
    const wrap = el('div', { class: 'tablewrap' + (spec.sticky ? ' wide' : '') });
    let rows = spec.rows.slice();
    let sortCol = -1, sortDir = 1, filterText = '';
    const tbody = el('tbody');
    const heads = spec.columns.map((c, i) => {
      const h = el('th', { class: c.cls || '', title: c.title || 'sort', 'data-sort': c.sort || null, on: { click: () => sortBy(i) } }, c.label);
      if (spec.sorted && c.sort && c.sort === spec.sorted.key) h.classList.add(spec.sorted.dir > 0 ? 'sorted-asc' : 'sorted-desc');
      return h;
    });
    const thead = el('thead');
    if (spec.groups) {
      thead.appendChild(el('tr', null, spec.groups.map((g) => el('th', { class: 'grp', colspan: g.span }, g.label))));
    }
    thead.appendChild(el('tr', null, heads));
    const t = el('table', { class: 't' + (spec.cls ? ' ' + spec.cls : '') + (spec.sticky ? ' sticky1' : '') }, thead, tbody);
    function render() {
      clear(tbody);
      const f = filterText.toLowerCase();
      for (const r of rows) {
        if (f && r.text.indexOf(f) < 0) continue;
        tbody.appendChild(el('tr', { class: r.cls || '' },
          r.cells.map((c, i) => el('td', { class: [spec.columns[i].cls || '', c.cls || ''].join(' ').trim() || null,
                                          title: c.title || null }, c.node !== undefined ? c.node : fmtCell(c.v, spec.columns[i])))));
      }
    }
    function fmtCell(v, col) {
      if (typeof v === 'number') return col.count && Number.isInteger(v) ? String(v) : fmt(v);
      return v === null || v === undefined ? '-' : String(v);
    }
    function sortBy(i) {
      if (spec.onSort) {
        const key = spec.columns[i].sort;
        if (!key) return;
        spec.onSort(key, spec.sorted && spec.sorted.key === key ? -spec.sorted.dir : 1);
        return;
      }
      sortDir = sortCol === i ? -sortDir : (typeof rows[0]?.cells[i]?.v === 'number' ? -1 : 1);
      sortCol = i;
      rows.sort((a, b) => {
        const x = a.cells[i].v, y = b.cells[i].v;
        const xn = x === null || x === undefined, yn = y === null || y === undefined;
        if (xn || yn) return xn && yn ? 0 : xn ? 1 : -1;
        return (x < y ? -1 : x > y ? 1 : 0) * sortDir;
      });
      heads.forEach((h, j) => h.classList.remove('sorted-asc', 'sorted-desc'));
      heads[i].classList.add(sortDir > 0 ? 'sorted-asc' : 'sorted-desc');
      render();
    }
    for (const r of rows) r.text = r.cells.map((c) => (c.text !== undefined ? c.text : String(c.v))).join(' ').toLowerCase();
    if (spec.filter) {
      wrap.appendChild(el('div', { class: 'controls' },
        el('label', null, 'Filter ', el('input', { type: 'search', placeholder: spec.filter, on: {
          input: (e) => { filterText = e.target.value; render(); } } }))));
    }
    wrap.appendChild(spec.sticky ? el('div', { class: 'scroller' }, t) : t);
    render();
    return wrap;
  }

  // ---- overview ---------------------------------------------------------------------
  function provenance(run) {
    const p = run.provenance || {};
    const r = p.run || {};
    const dl = el('dl', { class: 'prov' });
    const item = (k, v, mono) => { if (v !== undefined && v !== null && v !== '') dl.append(el('dt', null, k), el('dd', { class: mono ? 'mono' : null }, v)); };
    item('run', run.dir, true);
    item('detour', (p.version || run.version || '') + (p.commit ? ' (commit ' + p.commit + ')' : ''));
    item('command', r.command, true);
    item('started', r.started);
    item('duration', r.seconds !== undefined ? fmt(r.seconds, 1) + ' s on ' + (r.threads || '?') + ' threads' : '');
    item('host', r.host);
    item('corpus', run.corpus, true);
    item('corpus fingerprint', run.fingerprint, true);
    item('languages', (p.languages && p.languages.length) ? p.languages.join(', ') : 'all');
    item('pages', run.n_pages + ' pages x ' + run.systems.length + ' systems');
    item('missing outputs', p.missing_policy);
    item('score signature', run.signature, true);
    item('intervals', run.verdicts.signature || 'none (--resamples 0)', true);
    item('best and ties', run.verdicts.tie_rule);
    return dl;
  }
  function checks(run) {
    const c = run.checks, out = [];
    if (!run.outputs) out.push(el('div', { class: 'warn', 'data-check': 'outputs' }, 'The viewer shows each page\u2019s recorded counts, not its alignments (no output texts): ' + run.outputs_note + '.'));
    if (c.mismatches.length) {
      out.push(el('div', { class: 'error' },
        c.mismatches.length + ' (system, page, metric) alignments recomputed for the viewer do not give the recorded counts ',
        '(the corpus or the outputs changed since the run?):',
        el('ul', null, c.mismatches.slice(0, 20).map((m) => el('li', null,
          el('a', { href: route(run.k, 'page', { sys: m[0], form: formOf(run, m[2]) }, m[1]) }, m[0] + ' / ' + m[5]),
          ' ' + m[2] + ': recorded ' + m[3] + ', recomputed ' + m[4])))));
    }
    if (c.gold_errors.length)
      out.push(el('div', { class: 'warn' }, c.gold_errors.length + ' pages without a readable gold text, e.g. ' + c.gold_errors[0][1]));
    if (c.output_errors.length)
      out.push(el('div', { class: 'warn' }, c.output_errors.length + ' outputs could not be read, e.g. ' + c.output_errors[0][0] + ': ' + c.output_errors[0][2]));
    if (c.raw_errors.length)
      out.push(el('div', { class: 'warn' }, c.raw_errors.length + ' raw pages could not be read, e.g. ' + c.raw_errors[0][1]));
    return out;
  }
  function formOf(run, metric) {
    for (const m of run.metrics) if (m.name === metric) return m.form || '';
    return '';
  }
  // Verdict cell: [docs, p, r, f1, p_lo, p_hi, r_lo, r_hi, f1_lo, f1_hi, flags]
  function scoreCell(run, lang, metric, sys, v, idx, lo, hi, marks) {
    const flags = v[10];
    const hasCi = (flags & 8) !== 0;
    let cls = null;
    if (marks && (flags & 1)) cls = 'best';
    else if (marks && (flags & 2)) cls = 'tied';
    const href = cellRoute(run.k, sys, lang, metric);
    const node = el('a', { href: href, title: 'the worst pages of this cell' }, fmt(v[idx]),
      marks && (flags & 2) ? '~' : '',
      hasCi ? el('span', { class: 'ci' }, '\u00b1' + fmt((v[hi] - v[lo]) / 2)) : null);
    return { v: v[0] ? v[idx] : null, node: v[0] ? node : '-', cls: cls,
             title: hasCi ? '95% bootstrap interval [' + fmt(v[lo]) + ', ' + fmt(v[hi]) + '], ' + v[0] + ' pages' : v[0] + ' pages' };
  }
  function table2(run, lang) {
    const li = langsOf(run).indexOf(lang);
    const metrics = metricNames(run);
    const columns = [{ label: 'system', cls: 'l' }, { label: 'pages', count: true }];
    const groups = [{ label: '', span: 1 }, { label: '', span: 1 }];
    metrics.forEach((m) => {
      groups.push({ label: m.toUpperCase(), span: 3 });
      columns.push({ label: 'P' }, { label: 'R' }, { label: 'F1' });
    });
    const rows = run.systems.map((s, si) => {
      const cells = [{ v: s.name, node: el('span', { title: s.signature }, s.name) }];
      const docs = run.verdicts.cells[li][0] ? run.verdicts.cells[li][0][si][0] : 0;
      cells.push({ v: docs });
      metrics.forEach((m, mi) => {
        const v = run.verdicts.cells[li][mi][si];
        cells.push(scoreCell(run, lang, m, s.name, v, 1, 4, 5, false));
        cells.push(scoreCell(run, lang, m, s.name, v, 2, 6, 7, false));
        cells.push(scoreCell(run, lang, m, s.name, v, 3, 8, 9, true));
      });
      return { cells: cells, cls: s.baseline ? 'baseline' : '' };
    });
    return table({ columns: columns, groups: groups, rows: rows, filter: 'system', cls: 'table2 scores', sticky: true });
  }
  function table4(run) {
    const metrics = metricNames(run);
    const columns = [{ label: 'language', cls: 'l' }];
    metrics.forEach((m) => columns.push({ label: m.toUpperCase() + ' best', cls: 'l' }, { label: 'F1' }, { label: 'tied with it', cls: 'l wrap' }));
    const rows = langsOf(run).map((lang, li) => {
      const cells = [{ v: lang }];
      metrics.forEach((m, mi) => {
        const vs = run.verdicts.cells[li][mi];
        let best = -1;
        const tied = [];
        vs.forEach((v, si) => { if (v[10] & 1) best = si; if (v[10] & 2) tied.push(run.systems[si].name); });
        if (best < 0) { cells.push({ v: null, node: '-' }, { v: null, node: '-' }, { v: '', node: '' }); return; }
        const b = run.systems[best].name;
        cells.push({ v: b, node: el('a', { href: cellRoute(run.k, b, lang, m) }, b) });
        cells.push({ v: vs[best][3] });
        cells.push({ v: tied.join(', '), node: tied.length ? tied.join(', ') : el('span', { class: 'muted' }, 'none') });
      });
      return { cells: cells };
    });
    return table({ columns: columns, rows: rows, sticky: true });  // in its own box, the page kept to the screen
  }
  // A table of the table model (reports/table.h, as its JSON writer gives it: the
  // task's Table 3, the correlation) drawn as Table 2 is: each score with its interval
  // (half its width; the bounds on hover), the best in bold, ties marked ~, baselines
  // in italics, the first column kept in view. A table whose columns are grouped by
  // language shows the group of the language chosen for Table 2 (its pills).
  function modelCell(c, d0) {
    if (c === null || c === undefined) return { v: null, node: '-' };
    if (typeof c !== 'object') return { v: c };
    const d = c.decimals === undefined ? d0 : c.decimals;
    const marks = c.marks || [];
    const hasCi = typeof c.lo === 'number' && typeof c.hi === 'number';
    const tied = marks.indexOf('tied') >= 0;
    return { v: c.value, cls: marks.indexOf('best') >= 0 ? 'best' : tied ? 'tied' : null,
             node: el('span', { class: 'v' }, fmt(c.value, d), tied ? '~' : '',
                      hasCi ? el('span', { class: 'ci' }, '\u00b1' + fmt((c.hi - c.lo) / 2, d)) : null),
             title: hasCi ? 'interval [' + fmt(c.lo, d) + ', ' + fmt(c.hi, d) + ']' : null };
  }
  function modelTable(run, t, lang) {
    const groups = [];
    t.columns.forEach((c) => { if (c.group && groups.indexOf(c.group) < 0) groups.push(c.group); });
    const pick = groups.length < 2 ? null : groups.indexOf(lang) >= 0 ? lang : groups.indexOf('all') >= 0 ? 'all' : groups[0];
    const shown = [];
    t.columns.forEach((c, i) => { if (!pick || !c.group || c.group === pick) shown.push(i); });
    const columns = shown.map((i) => ({ label: t.columns[i].label, cls: t.columns[i].align === 'left' ? 'l' : '', count: true }));
    const heads = [];
    for (const i of shown) {
      const g = t.columns[i].group || '';
      if (heads.length && heads[heads.length - 1].label === g) heads[heads.length - 1].span++;
      else heads.push({ label: g, span: 1 });
    }
    const baselines = new Set(run.systems.filter((s) => s.baseline).map((s) => s.name));
    const rows = t.rows.map((r) => ({
      cls: (typeof r[0] === 'string' && baselines.has(r[0])) || r.some((c) => c && c.marks && c.marks.indexOf('baseline') >= 0) ? 'baseline' : '',
      cells: shown.map((i) => modelCell(r[i], 2)) }));
    const marks = t.rows.some((r) => r.some((c) => c && c.marks && c.marks.length));
    return [
      pick ? el('div', { class: 'small muted' }, 'Language ' + pick + (pick !== lang ? ' (the table has no ' + lang + ' columns)' : '') +
        '; the pills above Table 2 choose it (' + groups.join(', ') + ').') : null,
      table({ columns: columns, groups: heads.some((h) => h.label) ? heads : null, rows: rows, filter: 'text', cls: 'model scores', sticky: true }),
      marks ? el('div', { class: 'legend' }, 'Bold: the best; ~: tied with the best; italics: a baseline. \u00b1 half the interval (hover for its bounds).') : null,
      (t.signatures || []).map((x) => el('div', { class: 'small muted mono sig' }, x)),
      (t.notes || []).map((n) => el('div', { class: 'small muted sig' }, n))];
  }
  function viewOverview(run, q) {
    const langs = langsOf(run);
    const lang = langs.indexOf(q.get('lang')) >= 0 ? q.get('lang') : 'all';
    const out = [el('h2', null, 'Run'), provenance(run), checks(run)];
    out.push(el('details', null, el('summary', null, 'Extractor signatures (' + run.systems.length + ' systems)'),
      table({ columns: [{ label: 'system', cls: 'l' }, { label: 'signature', cls: 'l wrap mono' }],
              rows: run.systems.map((s) => ({ cells: [{ v: s.name }, { v: s.signature }] })), filter: 'system or setting' })));
    out.push(el('h2', null, 'Table 2: micro P, R, F1 per language'));
    out.push(el('div', { class: 'controls' }, 'Language: ', langs.map((l) =>
      el('a', { class: 'pill' + (l === lang ? ' on' : ''), href: route(run.k, 'overview', { lang: l }) }, l))));
    out.push(el('div', { class: 'legend' }, 'Percentages over the pages scored; \u00b1 half the 95% bootstrap interval (hover for its bounds). ',
      'Bold F1: the best system (baselines GOLD, ALL, NONE in italics never win); ~: tied with the best. Click a value for the cell\u2019s worst pages; click a header to sort.'));
    out.push(table2(run, lang));
    out.push(el('h2', null, 'Table 4: best system per language and measure (F1)'), table4(run));
    out.push(el('p', { class: 'small' }, 'Table 2 and Table 4 as ', el('code', null, 'detour run'), ' writes them (the table model\u2019s HTML writer): ',
      el('a', { href: 'tables' + run.k + '.html' }, 'tables' + run.k + '.html'), '.'));
    for (const t of run.extra_tables) {
      out.push(el('h2', null, t.name === 'table3' ? 'Table 3: the downstream task' : t.name === 'correlation' ? 'Intrinsic-extrinsic correlation' : t.name),
        el('div', { class: 'small muted' }, (t.table.title ? t.table.title + ', ' : '') + 'from ' + t.file),
        el('div', { 'data-table': t.name }, modelTable(run, t.table, lang)));
    }
    if (run.deltas) out.push(el('h2', null, 'Compared with run 0'), deltaTable(run));
    out.push(el('h2', null, 'Metrics'), table({ columns: [{ label: 'metric', cls: 'l' }, { label: 'per page', cls: 'l' }, { label: 'viewer form', cls: 'l' }, { label: 'what', cls: 'l wrap' }],
      rows: run.metrics.map((m) => ({ cells: [{ v: m.name }, { v: m.kind }, { v: m.form || '-' }, { v: m.description }] })) }));
    return out;
  }
  // The systems and metrics a comparison with the reference run leaves out.
  function unmatchedNote(run) {
    const d = run.deltas, items = [];
    const list = (names) => names.join(', ');
    if (d.only_reference && d.only_reference.length)
      items.push(el('li', { 'data-only': 'reference' }, 'not compared, in run ' + d.against + ' (' + RUNS[d.against].label + ') only: ' + list(d.only_reference)));
    if (d.only_here && d.only_here.length)
      items.push(el('li', { 'data-only': 'here' }, 'not compared, in this run (' + run.label + ') only: ' + list(d.only_here)));
    if (d.signature_changed && d.signature_changed.length)
      items.push(el('li', { 'data-only': 'changed' }, 'compared although their extractor signatures differ: ',
        el('ul', null, d.signature_changed.map((c) => el('li', null, c[0] + ': ', el('span', { class: 'mono' }, c[1]), ' \u2192 ', el('span', { class: 'mono' }, c[2]))))));
    if (d.metrics_only_reference && d.metrics_only_reference.length) items.push(el('li', null, 'metrics not compared, of run ' + d.against + ' only: ' + list(d.metrics_only_reference)));
    if (d.metrics_only_here && d.metrics_only_here.length) items.push(el('li', null, 'metrics not compared, of this run only: ' + list(d.metrics_only_here)));
    if (!items.length) return null;
    return el('div', { class: 'warn unmatched' }, 'Systems are matched by name (a changed setting changes the name):', el('ul', null, items));
  }
  function deltaTable(run) {
    const d = run.deltas;
    const rows = d.cells.map((c) => ({ cells: [
      { v: c[0] }, { v: c[1] }, { v: c[2] }, { v: c[3] }, { v: c[4] }, { v: c[5] },
      { v: c[6], node: el('a', { href: route(run.k, 'pages', { sys: c[0], lang: c[1] === 'all' ? '' : c[1], m: c[2], vs: d.against, sort: 'delta' }) }, (c[6] > 0 ? '+' : '') + fmt(c[6])),
        cls: c[7] > 0 || c[8] < 0 ? 'best' : '' },
      { v: c[7], node: '[' + fmt(c[7]) + ', ' + fmt(c[8]) + ']' }, { v: c[9], node: fmt(c[9], 4) }] }));
    return [unmatchedNote(run), el('div', { class: 'legend' }, 'F1 of this run minus F1 of run ' + d.against + ' on the pages both scored; ' + d.pairing + '. ' + d.signature),
      table({ columns: [{ label: 'system', cls: 'l' }, { label: 'lang', cls: 'l' }, { label: 'metric', cls: 'l' }, { label: 'pages', count: true },
        { label: 'F1 run ' + d.against }, { label: 'F1 here' }, { label: '\u0394 F1' }, { label: '95% interval' }, { label: 'p' }], rows: rows, filter: 'system, language, metric', cls: 'deltas' })];
  }

  // ---- charts (SVG) ---------------------------------------------------------------
  function linear(d0, d1, r0, r1) { return (x) => r0 + (x - d0) / (d1 - d0 || 1) * (r1 - r0); }
  function boxChart(rows, opts) {
    const W = opts.width || 760, left = opts.left || 130, right = 16, rowH = 18, top = 22, bottom = 26;
    const H = top + bottom + rows.length * rowH;
    const log = !!opts.log;
    let lo = opts.min, hi = opts.max;
    const tx = log ? (x) => Math.log10(Math.max(x, opts.floor || 0.01)) : (x) => x;
    const x = linear(tx(lo), tx(hi), left, W - right);
    const svg = sv('svg', { class: 'chart box', width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'aria-label': opts.title || 'box plot' });
    const ticks = opts.ticks || [0, 20, 40, 60, 80, 100];
    for (const t of ticks) {
      svg.appendChild(sv('line', { class: 'grid', x1: x(tx(t)), x2: x(tx(t)), y1: top - 4, y2: H - bottom }));
      svg.appendChild(sv('text', { x: x(tx(t)), y: H - bottom + 14, 'text-anchor': 'middle' }, String(t)));
    }
    if (opts.xlabel) svg.appendChild(sv('text', { x: (left + W - right) / 2, y: H - 2, 'text-anchor': 'middle', class: 'muted' }, opts.xlabel));
    if (opts.title) svg.appendChild(sv('text', { x: left, y: 13, 'font-weight': 600 }, opts.title));
    rows.forEach((r, i) => {
      const y = top + i * rowH + rowH / 2;
      const a = sv('a', { href: r.href });
      a.appendChild(sv('text', { x: left - 6, y: y + 4, 'text-anchor': 'end' }, r.label));
      const s = r.s;
      if (s) {
        const c = r.color || '#6b9bd1';
        a.appendChild(sv('line', { x1: x(tx(s.min)), x2: x(tx(s.max)), y1: y, y2: y, stroke: '#7d8a97' }));
        a.appendChild(sv('rect', { class: 'box', x: x(tx(s.q1)), y: y - 6, width: Math.max(1, x(tx(s.q3)) - x(tx(s.q1))), height: 12, fill: c, 'fill-opacity': 0.55, stroke: '#3b5f86' }));
        a.appendChild(sv('line', { x1: x(tx(s.med)), x2: x(tx(s.med)), y1: y - 7, y2: y + 7, stroke: '#12263a', 'stroke-width': 2 }));
        a.appendChild(sv('circle', { cx: x(tx(s.mean)), cy: y, r: 2.5, fill: '#c0392b' }));
        a.appendChild(sv('title', null, r.label + ': ' + s.n + ' pages; min ' + fmt(s.min) + ', q1 ' + fmt(s.q1) + ', median ' + fmt(s.med) +
          ', q3 ' + fmt(s.q3) + ', max ' + fmt(s.max) + ', mean ' + fmt(s.mean) + (opts.unit ? ' ' + opts.unit : '') + '. Click: ' + (opts.clickText || 'the worst pages')));
      } else {
        a.appendChild(sv('text', { x: left + 4, y: y + 4, class: 'muted' }, 'no page'));
      }
      svg.appendChild(a);
    });
    return svg;
  }
  function scatterChart(points, opts) {
    const W = opts.size || 300, H = W, m = 36;
    const x = linear(opts.min, 100, m, W - 10), y = linear(opts.min, 100, H - m, 14);
    const svg = sv('svg', { class: 'chart scatter', width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'aria-label': opts.title });
    svg.appendChild(sv('text', { x: m, y: 10, 'font-weight': 600 }, opts.title));
    for (let t = Math.ceil(opts.min / 20) * 20; t <= 100; t += 20) {
      svg.appendChild(sv('line', { class: 'grid', x1: x(t), x2: x(t), y1: y(opts.min), y2: y(100) }));
      svg.appendChild(sv('line', { class: 'grid', y1: y(t), y2: y(t), x1: x(opts.min), x2: x(100) }));
      svg.appendChild(sv('text', { x: x(t), y: H - m + 13, 'text-anchor': 'middle' }, String(t)));
      svg.appendChild(sv('text', { x: m - 4, y: y(t) + 4, 'text-anchor': 'end' }, String(t)));
    }
    // Iso-F1 curves: R = F P / (2P - F).
    for (const f of [40, 60, 80]) {
      let d = '';
      for (let p = f / 2 + 0.5; p <= 100; p += 0.5) {
        const r = f * p / (2 * p - f);
        if (r > 100 || r < opts.min || p < opts.min) continue;
        d += (d ? 'L' : 'M') + x(p).toFixed(1) + ',' + y(r).toFixed(1);
      }
      if (d) svg.appendChild(sv('path', { d: d, fill: 'none', stroke: '#d9dee3', 'stroke-dasharray': '3,3' }));
    }
    svg.appendChild(sv('text', { x: (m + W) / 2, y: H - 6, 'text-anchor': 'middle' }, 'precision'));
    svg.appendChild(sv('text', { x: 10, y: H / 2, transform: 'rotate(-90 10 ' + H / 2 + ')', 'text-anchor': 'middle' }, 'recall'));
    for (const p of points) {
      const a = sv('a', { href: p.href });
      a.appendChild(sv('circle', { cx: x(Math.max(p.p, opts.min)), cy: y(Math.max(p.r, opts.min)), r: 4, fill: p.baseline ? '#aaa' : '#2f6db3', 'fill-opacity': 0.8 }));
      a.appendChild(sv('text', { x: x(Math.max(p.p, opts.min)) + 5, y: y(Math.max(p.r, opts.min)) - 4, 'font-size': 9 }, p.label));
      a.appendChild(sv('title', null, p.label + ': P ' + fmt(p.p) + ', R ' + fmt(p.r) + ', F1 ' + fmt(p.f)));
      svg.appendChild(a);
    }
    return svg;
  }
  function heatColor(v) {  // 0 red .. 100 green
    if (v === null || v === undefined) return '#eee';
    const h = Math.max(0, Math.min(120, v * 1.2));
    return 'hsl(' + h.toFixed(0) + ',62%,' + (78 - v * 0.2).toFixed(0) + '%)';
  }
  function heatmap(run, metric, sites, sysOrder) {
    const cw = 46, ch = 17, left = 130, top = 120;
    const W = left + sites.length * cw + 10, H = top + sysOrder.length * ch + 10;
    const svg = sv('svg', { class: 'chart heat', width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'aria-label': 'F1 by site' });
    const F = run.scores[metric].f;
    sites.forEach((site, j) => {
      const cx = left + j * cw + cw / 2;
      svg.appendChild(sv('text', { x: cx, y: top - 6, transform: 'rotate(-50 ' + cx + ' ' + (top - 6) + ')', 'font-size': 10 }, site.name + ' (' + site.pages.length + ')'));
    });
    sysOrder.forEach((si, i) => {
      const y = top + i * ch;
      svg.appendChild(sv('text', { x: left - 6, y: y + ch - 5, 'text-anchor': 'end' }, run.systems[si].name));
      sites.forEach((site, j) => {
        const vals = site.pages.map((p) => F[si][p]).filter((v) => v !== null);
        const mean = vals.length ? vals.reduce((a, b) => a + b, 0) / vals.length : null;
        const a = sv('a', { href: route(run.k, 'pages', { sys: run.systems[si].name, site: site.name, m: metric, sort: 'f1' }) });
        a.appendChild(sv('rect', { class: 'box', x: left + j * cw, y: y, width: cw - 1, height: ch - 1, fill: heatColor(mean) }));
        a.appendChild(sv('text', { x: left + j * cw + cw / 2, y: y + ch - 5, 'text-anchor': 'middle', 'font-size': 9 }, mean === null ? '-' : fmt(mean, 0)));
        a.appendChild(sv('title', null, run.systems[si].name + ' on ' + site.name + ': mean ' + metric + ' F1 ' + fmt(mean) + ' over ' + vals.length + ' pages'));
        svg.appendChild(a);
      });
    });
    return svg;
  }
  function failureChart(run) {
    const rows = run.systems.map((s, si) => {
      const st = run.status[si];
      let f = 0, x = 0;
      for (let i = 0; i < st.length; i++) { if (st[i] === 'f') f++; else if (st[i] === 'x') x++; }
      return { s: s.name, f: f, x: x };
    });
    const n = run.pages.id.length || 1;
    const W = 760, left = 130, rowH = 18, top = 22, H = top + rows.length * rowH + 26;
    const x = linear(0, n, left, W - 60);
    const svg = sv('svg', { class: 'chart fails', width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'aria-label': 'failures and exclusions' });
    svg.appendChild(sv('text', { x: left, y: 13, 'font-weight': 600 }, 'Failed (red, scored as empty) and excluded (grey, not scored) pages of ' + n));
    rows.forEach((r, i) => {
      const y = top + i * rowH;
      svg.appendChild(sv('text', { x: left - 6, y: y + 13, 'text-anchor': 'end' }, r.s));
      const af = sv('a', { href: route(run.k, 'pages', { sys: r.s, status: 'f' }) });
      af.appendChild(sv('rect', { class: 'box', x: left, y: y + 3, width: Math.max(r.f ? 1 : 0, x(r.f) - left), height: 12, fill: '#d9534f' }));
      af.appendChild(sv('title', null, r.s + ': ' + r.f + ' failed pages'));
      const ax = sv('a', { href: route(run.k, 'pages', { sys: r.s, status: 'x' }) });
      ax.appendChild(sv('rect', { class: 'box', x: x(r.f), y: y + 3, width: Math.max(r.x ? 1 : 0, x(r.x) - left), height: 12, fill: '#a0a7ae' }));
      ax.appendChild(sv('title', null, r.s + ': ' + r.x + ' excluded pages'));
      svg.append(af, ax, sv('text', { x: x(r.f + r.x) + 5, y: y + 13, class: 'muted' }, r.f + ' failed, ' + r.x + ' excluded'));
    });
    return svg;
  }
  function forestChart(run, metric, lang) {
    const d = run.deltas;
    const cells = d.cells.filter((c) => c[2] === metric && c[1] === lang);
    if (!cells.length) return el('p', { class: 'muted' }, 'No common cell.');
    let lo = 0, hi = 0;
    for (const c of cells) { lo = Math.min(lo, c[7], c[6]); hi = Math.max(hi, c[8], c[6]); }
    const pad = (hi - lo) * 0.05 || 1;
    lo -= pad; hi += pad;
    const W = 760, left = 130, rowH = 18, top = 22, H = top + cells.length * rowH + 26;
    const x = linear(lo, hi, left, W - 16);
    const svg = sv('svg', { class: 'chart forest', width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'aria-label': 'deltas' });
    svg.appendChild(sv('text', { x: left, y: 13, 'font-weight': 600 }, lang + ': \u0394 ' + metric + ' F1 (this run - run ' + d.against + ') with 95% paired intervals'));
    svg.appendChild(sv('line', { x1: x(0), x2: x(0), y1: top - 4, y2: H - 22, stroke: '#444' }));
    const step = Math.pow(10, Math.floor(Math.log10(Math.max(hi - lo, 1e-9)))) ;
    for (let t = Math.ceil(lo / step) * step; t <= hi; t += step)
      svg.appendChild(sv('text', { x: x(t), y: H - 8, 'text-anchor': 'middle' }, fmt(t, step < 1 ? 1 : 0)));
    cells.forEach((c, i) => {
      const y = top + i * rowH + rowH / 2;
      const sig = c[7] > 0 || c[8] < 0;
      const a = sv('a', { href: route(run.k, 'pages', { sys: c[0], lang: lang === 'all' ? '' : lang, m: metric, vs: d.against, sort: 'delta' }) });
      a.appendChild(sv('text', { x: left - 6, y: y + 4, 'text-anchor': 'end' }, c[0]));
      a.appendChild(sv('line', { x1: x(c[7]), x2: x(c[8]), y1: y, y2: y, stroke: sig ? '#b03a2e' : '#7d8a97', 'stroke-width': 2 }));
      a.appendChild(sv('circle', { cx: x(c[6]), cy: y, r: 3.5, fill: sig ? '#b03a2e' : '#34495e' }));
      a.appendChild(sv('title', null, c[0] + ' ' + lang + ' ' + metric + ': ' + fmt(c[4]) + ' -> ' + fmt(c[5]) + ', \u0394 ' + fmt(c[6]) + ' [' + fmt(c[7]) + ', ' + fmt(c[8]) + '], ' + c[3] + ' pages'));
      svg.appendChild(a);
    });
    return svg;
  }
  function viewCharts(run, q) {
    const metrics = metricNames(run);
    const metric = metrics.indexOf(q.get('m')) >= 0 ? q.get('m') : defaultMetric(run);
    const out = [];
    out.push(el('div', { class: 'controls' }, 'Metric: ', metrics.map((m) =>
      el('a', { class: 'pill' + (m === metric ? ' on' : ''), href: route(run.k, 'charts', { m: m }) }, m))));
    const F = run.scores[metric].f, P = run.scores[metric].p, R = run.scores[metric].r;
    // 1. Per-page F1 distributions, per language.
    out.push(el('h2', null, 'Per-page ' + metric + ' F1 by system, per language'));
    out.push(el('div', { class: 'legend' }, 'Box: quartiles; line: median; dot: mean; whiskers: min and max. Systems by median. Click a system for its worst pages.'));
    for (const lang of langsOf(run)) {
      const pages = pagesOfLang(run, lang);
      const rows = run.systems.map((s, si) => ({ label: s.name, s: summary(pages.map((p) => F[si][p])), href: cellRoute(run.k, s.name, lang, metric), color: s.baseline ? '#bbb' : null }));
      rows.sort((a, b) => (b.s ? b.s.med : -1) - (a.s ? a.s.med : -1) || (b.s ? b.s.mean : -1) - (a.s ? a.s.mean : -1));
      out.push(el('figure', { class: 'chart', 'data-chart': 'box-' + lang }, boxChart(rows, { min: 0, max: 100, title: lang + ' (' + pages.length + ' pages)', xlabel: metric + ' F1 per page (%)' })));
    }
    // 2. Precision against recall.
    out.push(el('h2', null, 'Precision against recall (micro ' + metric + '), per language'));
    const grid = el('div', { class: 'charts-grid' });
    const mi = metrics.indexOf(metric);
    langsOf(run).forEach((lang, li) => {
      const points = run.systems.map((s, si) => {
        const v = run.verdicts.cells[li][mi][si];
        return { label: s.name, p: v[1], r: v[2], f: v[3], baseline: s.baseline, href: cellRoute(run.k, s.name, lang, metric), n: v[0] };
      }).filter((p) => p.n > 0);
      grid.appendChild(el('figure', { class: 'chart', 'data-chart': 'pr-' + lang }, scatterChart(points, { title: lang, min: 0, size: 320 })));
    });
    out.push(grid);
    // 3. F1 by site.
    const bySite = new Map();
    run.pages.site.forEach((s, i) => { if (!s) return; if (!bySite.has(s)) bySite.set(s, []); bySite.get(s).push(i); });
    const sites = Array.from(bySite.entries()).map(([name, pages]) => ({ name: name, pages: pages }))
      .sort((a, b) => b.pages.length - a.pages.length || (a.name < b.name ? -1 : 1)).slice(0, 20);
    out.push(el('h2', null, 'Mean ' + metric + ' F1 by site, the ' + sites.length + ' largest sites'));
    if (sites.length) {
      const all = langsOf(run).indexOf('all');
      const order = run.systems.map((s, si) => si).sort((a, b) => run.verdicts.cells[all][mi][b][3] - run.verdicts.cells[all][mi][a][3]);
      out.push(el('figure', { class: 'chart', 'data-chart': 'sites' }, heatmap(run, metric, sites, order)));
    } else {
      out.push(el('p', { class: 'muted' }, 'The page ids name no site.'));
    }
    // 4. Failures and exclusions.
    out.push(el('h2', null, 'Failures and exclusions per system'));
    out.push(el('figure', { class: 'chart', 'data-chart': 'failures' }, failureChart(run)));
    // 5. Time per page.
    out.push(el('h2', null, 'Time per page per system'));
    if (run.ms) {
      const rows = run.systems.map((s, si) => ({ label: s.name, s: summary(run.ms[si].filter((v, i) => run.status[si][i] !== 'x').map((v) => Math.max(v, 0.01))),
        href: route(run.k, 'pages', { sys: s.name, sort: '-ms' }) }));
      rows.sort((a, b) => (b.s ? b.s.med : 0) - (a.s ? a.s.med : 0));
      let max = 1;
      rows.forEach((r) => { if (r.s) max = Math.max(max, r.s.max); });
      const ticks = [];
      for (let t = 0.01; t <= max * 10; t *= 10) ticks.push(+t.toPrecision(1));
      out.push(el('figure', { class: 'chart', 'data-chart': 'time' }, boxChart(rows, { log: true, floor: 0.01, min: 0.01, max: Math.pow(10, Math.ceil(Math.log10(max))), ticks: ticks,
        title: 'milliseconds per page of the system\u2019s last stage (log scale)', xlabel: 'ms', unit: 'ms', clickText: 'the slowest pages' })));
    } else {
      out.push(el('p', { class: 'muted' }, 'The run folder has no timings.tsv.'));
    }
    // 6. Deltas between runs.
    if (run.deltas) {
      out.push(el('h2', null, 'Per-cell deltas against run ' + run.deltas.against), unmatchedNote(run));
      for (const lang of langsOf(run)) out.push(el('figure', { class: 'chart', 'data-chart': 'delta-' + lang }, forestChart(run, metric, lang)));
    } else if (RUNS.length > 1 && run.k === 0) {
      out.push(el('p', null, 'Deltas against this run: see the charts of ', RUNS.slice(1).map((r) => el('a', { href: route(r.k, 'charts', { m: metric }) }, 'run ' + r.k + ' ')), '.'));
    }
    return out;
  }

  // ---- pages list --------------------------------------------------------------------
  // The page list's orders: KEY ascending, -KEY descending, over every page that
  // matches (not only the rows shown); pages without a value (not scored, not in the
  // other run) last either way, then by language and page number.
  function viewPages(run, q) {
    const metrics = metricNames(run);
    const sysName = systemIndex(run, q.get('sys')) >= 0 ? q.get('sys') : defaultSystem(run);
    const si = systemIndex(run, sysName);
    const metric = metrics.indexOf(q.get('m')) >= 0 ? q.get('m') : defaultMetric(run);
    const lang = q.get('lang') || '';
    const site = q.get('site') || '';
    const status = q.get('status') || '';
    const limit = parseInt(q.get('limit') || '100', 10);
    const vs = q.get('vs') !== null && q.get('vs') !== '' && RUNS[+q.get('vs')] ? RUNS[+q.get('vs')] : null;
    const F = run.scores[metric].f, P = run.scores[metric].p, R = run.scores[metric].r;
    // The page's F1 in the other run (by language and id).
    let vsF = null, vsMissing = '';
    if (vs) {
      const vsi = systemIndex(vs, sysName);
      if (vsi < 0) vsMissing = sysName + ' is not a system of run ' + vs.k + ' (' + vs.label + '): no page has a \u0394.';
      else if (!vs.scores[metric]) vsMissing = 'run ' + vs.k + ' has no ' + metric + ' scores: no page has a \u0394.';
      const idx = new Map();
      vs.pages.id.forEach((id, i) => idx.set(vs.pages.lang[i] + '\t' + id, i));
      vsF = run.pages.id.map((id, i) => {
        const j = idx.get(run.pages.lang[i] + '\t' + id);
        return j === undefined || vsi < 0 || !vs.scores[metric] ? null : vs.scores[metric].f[vsi][j];
      });
    }
    const delta = (i) => (vsF && vsF[i] !== null && F[si][i] !== null ? +(F[si][i] - vsF[i]).toFixed(2) : null);
    const KEYS = {
      n: (i) => i, lang: (i) => run.pages.lang[i], site: (i) => run.pages.site[i], id: (i) => run.pages.lang[i] + '\t' + run.pages.id[i],
      status: (i) => STATUS[run.status[si][i]], p: (i) => P[si][i], r: (i) => R[si][i], f1: (i) => F[si][i],
      ms: (i) => (run.ms ? run.ms[si][i] : null), reason: (i) => run.reasons[si][i] || '',
    };
    if (vsF) { KEYS.vsf1 = (i) => vsF[i]; KEYS.delta = delta; }
    let sort = q.get('sort') || 'f1';
    let dir = 1;
    if (sort.charAt(0) === '-') { dir = -1; sort = sort.slice(1); }
    if (!KEYS[sort]) { sort = 'f1'; dir = 1; }
    const params = { sys: sysName, m: metric, lang: lang, site: site, status: status, sort: (dir < 0 ? '-' : '') + sort, vs: vs ? vs.k : '' };
    const go = (change) => { location.hash = route(run.k, 'pages', Object.assign({}, params, change)); };
    const select = (name, value, options) => el('select', { name: name, on: { change: (e) => go({ [name]: e.target.value, limit: '' }) } },
      options.map((o) => el('option', { value: o[0], selected: o[0] === value }, o[1])));
    const langs = langsOf(run).filter((l) => l !== 'all');
    const orders = [['f1', 'F1, worst first'], ['-f1', 'F1, best first'], ['-ms', 'time, slowest first'], ['ms', 'time, fastest first'], ['id', 'language and id']]
      .concat(vs ? [['delta', '\u0394 F1, most lost first'], ['-delta', '\u0394 F1, most gained first']] : []);
    if (!orders.some((o) => o[0] === params.sort)) orders.push([params.sort, 'by ' + sort + (dir < 0 ? ', descending' : ', ascending')]);
    const controls = el('div', { class: 'controls' },
      el('label', null, 'System', select('sys', sysName, run.systems.map((s) => [s.name, s.name]))),
      el('label', null, 'Metric', select('m', metric, metrics.map((m) => [m, m]))),
      el('label', null, 'Language', select('lang', lang, [['', 'all']].concat(langs.map((l) => [l, l])))),
      el('label', null, 'Status', select('status', status, [['', 'any'], ['o', 'ok'], ['f', 'failed'], ['x', 'excluded']])),
      el('label', null, 'Site', el('input', { type: 'search', value: site, placeholder: 'host', on: { change: (e) => go({ site: e.target.value, limit: '' }) } })),
      el('label', null, 'Sort', select('sort', params.sort, orders)));
    let pages = [];
    for (let i = 0; i < run.pages.id.length; i++) {
      if (lang && run.pages.lang[i] !== lang) continue;
      if (site && run.pages.site[i].indexOf(site) < 0) continue;
      if (status && run.status[si][i] !== status) continue;
      pages.push(i);
    }
    const key = KEYS[sort];
    const value = new Map(pages.map((i) => [i, key(i)]));
    const none = (v) => v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v));
    pages.sort((a, b) => {
      const x = value.get(a), y = value.get(b);
      const xn = none(x), yn = none(y);
      if (xn !== yn) return xn ? 1 : -1;
      const c = xn ? 0 : (x < y ? -1 : x > y ? 1 : 0) * dir;
      return c || (run.pages.lang[a] < run.pages.lang[b] ? -1 : run.pages.lang[a] > run.pages.lang[b] ? 1 : 0) || a - b;
    });
    const shown = pages.slice(0, limit);
    const columns = [{ label: '#', count: true, sort: 'n' }, { label: 'lang', cls: 'l', sort: 'lang' }, { label: 'site', cls: 'l', sort: 'site' },
      { label: 'page', cls: 'l', sort: 'id' }, { label: 'status', cls: 'l', sort: 'status' },
      { label: 'P', sort: 'p' }, { label: 'R', sort: 'r' }, { label: 'F1', sort: 'f1' }];
    if (vsF) columns.push({ label: 'F1 run ' + vs.k, sort: 'vsf1' }, { label: '\u0394', sort: 'delta' });
    columns.push({ label: 'ms', sort: 'ms' }, { label: 'reason', cls: 'l wrap', sort: 'reason' });
    for (const c of columns) c.title = 'sort every matching page by ' + c.label + ' (click again: the other way)';
    const rows = shown.map((i) => {
      const cells = [{ v: i }, { v: run.pages.lang[i] }, { v: run.pages.site[i] },
        { v: run.pages.id[i], node: el('a', { href: route(run.k, 'page', { sys: sysName, form: formOf(run, metric) }, i), class: 'mono' }, run.pages.id[i]) },
        { v: STATUS[run.status[si][i]] }, { v: P[si][i] }, { v: R[si][i] }, { v: F[si][i] }];
      if (vsF) cells.push({ v: vsF[i] }, { v: delta(i) });
      cells.push({ v: run.ms ? run.ms[si][i] : null }, { v: run.reasons[si][i] || '' });
      return { cells: cells };
    });
    const out = [el('h2', null, 'Pages of ' + sysName), controls,
      vsMissing ? el('div', { class: 'warn' }, vsMissing) : null,
      el('p', { class: 'small muted' }, pages.length + ' pages match' + (pages.length > shown.length ? '; the first ' + shown.length + ' shown' : '') +
        ', sorted over all of them. Click a page to see its alignment, a header to sort.'),
      table({ columns: columns, rows: rows, filter: 'id, site, reason', cls: 'pages', sorted: { key: sort, dir: dir },
              onSort: (k, d) => go({ sort: (d < 0 ? '-' : '') + k }) })];
    if (pages.length > shown.length) out.push(el('button', { class: 'more', on: { click: () => go({ limit: String(limit + 200) }) } }, 'Show 200 more'));
    return out;
  }

  // ---- the per-page viewer -------------------------------------------------------------
  // Token indices (page_view.h): w digits each, most significant first.
  const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const DIGIT = {};
  for (let i = 0; i < DIGITS.length; i++) DIGIT[DIGITS[i]] = i;
  function indexed(s, w, dict) {
    const out = new Array(Math.floor(s.length / w));
    for (let i = 0, p = 0; p + w <= s.length; i++, p += w) {
      let v = 0;
      for (let d = 0; d < w; d++) v = v * 64 + DIGIT[s[p + d]];
      out[i] = dict[v];
    }
    return out;
  }
  function tokensOf(page, side, key, chars) {
    return chars ? Array.from(side[key === 'i' ? 't' : 'x']) : indexed(side[key], page.w, page.dict);
  }
  const KIND = ['p', 'h', 'l'];
  function segMap(seg) {
    const m = new Map();
    if (seg) for (let i = 0; i + 1 < seg.length; i += 2) m.set(seg[i], KIND[seg[i + 1]] || 'p');
    return m;
  }
  function isMarker(tok) {
    return tok.length === 3 && tok[0] === '<' && tok[2] === '>' && 'phlPHL'.indexOf(tok[1]) >= 0;
  }
  // A builder of aligned text: blocks (segments) holding runs of tokens of one class.
  function Builder(chars) {
    this.chars = chars;
    this.root = el('div', { class: 'align' });
    this.block = null;
    this.run = null;
    this.newBlock('n');
  }
  Builder.prototype.newBlock = function (kind) {
    this.flushRun();
    this.block = el('div', { class: 'seg s' + kind });
    this.root.appendChild(this.block);
  };
  // Ends the open run of tokens: its text and its token count (data-n).
  Builder.prototype.flushRun = function () {
    if (!this.run) return;
    this.run.span.textContent = this.run.text.join(this.chars ? '' : ' ');
    this.run.span.setAttribute('data-n', String(this.run.n));
    this.run = null;
  };
  Builder.prototype.push = function (cls, tok, seg) {
    if (seg) this.newBlock(seg);
    if (!this.chars && isMarker(tok)) {  // a CleanEval marker token: a boundary, and a counted token
      this.newBlock(tok[1].toLowerCase());
      this.block.appendChild(el('span', { class: 'tok mk ' + cls, 'data-n': 1, title: 'segment marker' }, tok));
      this.block.appendChild(document.createTextNode(' '));
      return;
    }
    if (!this.chars && tok === '') {
      this.flushRun();
      this.block.appendChild(el('span', { class: 'tok e ' + cls, 'data-n': 1, title: 'an empty CleanEval token (a leading or trailing space): it counts' }));
      this.block.appendChild(document.createTextNode(' '));
      return;
    }
    if (this.run && this.run.cls === cls) {
      this.run.n++;
      this.run.text.push(tok);
      return;
    }
    this.flushRun();
    const span = el('span', { class: 'tok ' + cls });
    this.block.appendChild(span);
    if (!this.chars) this.block.appendChild(document.createTextNode(' '));
    this.run = { cls: cls, n: 1, text: [tok], span: span };
  };
  Builder.prototype.done = function () {
    this.flushRun();
    for (const b of Array.from(this.root.children)) if (!b.firstChild) b.remove();
    return this.root;
  };

  // Walks the opcodes: calls f(cls, goldIndex, sysIndex, token) for each token in
  // reading order (kept and missed from the gold, extra from the output).
  function walk(G, X, ops, f) {
    let i = 0, j = 0, x = 0;
    for (let o = 0; o + 2 < ops.length; o += 3) {
      const tag = ops[o], la = ops[o + 1], lb = ops[o + 2];
      if (tag === 0) { for (let k = 0; k < la; k++) f('k', j + k, i + k, G[j + k]); }
      if (tag === 3 || tag === 1) { for (let k = 0; k < lb; k++) f('m', j + k, -1, G[j + k]); }
      if (tag === 2 || tag === 1) { for (let k = 0; k < la; k++) f('x', -1, i + k, X[x + k]); x += la; }
      i += la;
      if (tag !== 2) j += lb;
    }
  }
  function alignment(run, page, si, form, layout) {
    const rec = page.systems[si];
    const g = page.gold && page.gold[form];
    if (page.forms.indexOf(form) < 0 && !page.gold_error)
      return el('p', { class: 'warn' }, 'This page keeps no ' + form + ' alignment' + (form === 'car'
        ? ': characters are aligned only for pages whose words are long (unsegmented scripts such as Chinese; detour report --car-view all keeps every page\u2019s). The to alignment shows the same text word by word.' : '.'));
    if (rec.st === 'x') return el('p', { class: 'muted' }, 'Excluded for this system (not scored): ' + (rec.reason || ''));
    if (page.gold_error) return el('div', { class: 'error' }, 'No gold text: ' + page.gold_error);
    if (!run.outputs) return el('div', { class: 'warn' }, 'The report has no output text of this run to align: ' + run.outputs_note + '.');
    if (rec.o < 0 || !g) return el('div', { class: 'error' }, 'No output to align' + (rec.output_error ? ': ' + rec.output_error : '.'));
    const o = page.outputs[rec.o][form];
    const chars = form === 'car';
    const G = tokensOf(page, g, 'i', chars), X = tokensOf(page, o, 'x', chars);
    if (G.length !== g.n || X.length !== o.nx || G.indexOf(undefined) >= 0 || X.indexOf(undefined) >= 0)
      return el('div', { class: 'error' }, 'Damaged page data: ' + G.length + '/' + g.n + ' gold and ' + X.length + '/' + o.nx + ' output tokens.');
    const gseg = segMap(g.seg), sseg = segMap(o.seg);
    const counts = { k: 0, m: 0, x: 0 };
    if (layout === 'columns') {
      const left = new Builder(chars), right = new Builder(chars);
      walk(G, X, o.ops, (cls, j, i, tok) => {
        counts[cls]++;
        if (j >= 0) left.push(cls, tok, gseg.get(j));
        if (i >= 0) right.push(cls, tok, sseg.get(i));
      });
      return { counts: counts, node: el('div', { class: 'cols' },
        el('div', { 'data-side': 'gold' }, el('h4', null, 'gold'), left.done()),
        el('div', { 'data-side': 'output' }, el('h4', null, 'output'), right.done())) };
    }
    const b = new Builder(chars);
    walk(G, X, o.ops, (cls, j, i, tok) => {
      counts[cls]++;
      b.push(cls, tok, j >= 0 ? gseg.get(j) : sseg.get(i));
    });
    return { counts: counts, node: b.done() };
  }
  function metricOfForm(form) { return form; }  // tm, tmu, to, car: the metric of the same name
  function panel(run, page, si, form, layout) {
    const rec = page.systems[si];
    const sys = run.systems[si];
    const p = el('div', { class: 'panel', 'data-system': sys.name, 'data-form': form, 'data-status': STATUS[rec.st] });
    p.appendChild(el('h3', null, sys.name, ' ', el('span', { class: 'muted small' }, STATUS[rec.st] + (rec.ms ? ', ' + fmt(rec.ms) + ' ms' : ''))));
    if (rec.reason) p.appendChild(el('div', { class: rec.st === 'f' ? 'error' : 'warn' }, rec.reason));
    // Per-metric scores of the page.
    const metrics = metricNames(run).filter((m) => rec.scores[m]);
    if (metrics.length) {
      p.appendChild(el('table', { class: 't small scores' },
        el('thead', null, el('tr', null, ['metric', 'tp', 'fp', 'fn', 'P', 'R', 'F1', 'viewer'].map((h) => el('th', null, h)))),
        el('tbody', null, metrics.map((m) => {
          const s = rec.scores[m];
          const chk = rec.check[m];
          return el('tr', { 'data-metric': m }, el('td', { class: 'l' }, m), s.slice(0, 3).map((v) => el('td', null, String(v))),
            s.slice(3).map((v) => el('td', null, fmt(v))),
            el('td', { class: 'l' }, chk === undefined ? '' : chk ? '\u2713 same counts' : '\u2717 counts differ'));
        }))));
    }
    if (rec.notes) p.appendChild(el('div', { class: 'notes' }, 'notes: ' + rec.notes));
    const a = alignment(run, page, si, form, layout);
    p.setAttribute('data-aligned', a instanceof Node ? 'no' : 'yes');
    if (a instanceof Node) { p.appendChild(a); return p; }
    const m = metricOfForm(form);
    const s = rec.scores[m];
    const line = el('div', { class: 'counts', 'data-kept': a.counts.k, 'data-missed': a.counts.m, 'data-extra': a.counts.x },
      'alignment (' + form + '): kept ' + a.counts.k + ', missed ' + a.counts.m + ', extra ' + a.counts.x + ' tokens');
    if (s) {
      const same = s[0] === a.counts.k && s[1] === a.counts.x && s[2] === a.counts.m;
      line.appendChild(el('span', { class: same ? 'ok' : 'bad' }, same ? ' = tp, fn, fp of ' + m : ' differ from the recorded tp ' + s[0] + ', fn ' + s[2] + ', fp ' + s[1]));
    }
    p.append(line, a.node);
    return p;
  }
  function viewPage(run, n, q) {
    const out = el('div');
    const N = run.pages.id.length;
    if (!(n >= 0 && n < N)) { out.appendChild(el('p', { class: 'error' }, 'No page ' + n + '.')); return out; }
    const sysName = systemIndex(run, q.get('sys')) >= 0 ? q.get('sys') : defaultSystem(run);
    const cmpName = systemIndex(run, q.get('cmp')) >= 0 ? q.get('cmp') : '';
    const form = run.forms.indexOf(q.get('form')) >= 0 ? q.get('form') : (run.forms.indexOf('tm') >= 0 ? 'tm' : run.forms[0]);
    const layout = q.get('layout') === 'columns' && !cmpName ? 'columns' : 'unified';
    const params = { sys: sysName, cmp: cmpName, form: form, layout: layout === 'columns' ? 'columns' : '' };
    const go = (change) => { location.hash = route(run.k, 'page', Object.assign({}, params, change), n); };
    const select = (name, value, options) => el('select', { name: name, on: { change: (e) => go({ [name]: e.target.value }) } },
      options.map((o) => el('option', { value: o[0], selected: o[0] === value }, o[1])));
    out.appendChild(el('div', { class: 'viewer-meta' },
      el('a', { href: route(run.k, 'pages', { sys: sysName, lang: run.pages.lang[n] }) }, '\u2190 pages'),
      n > 0 ? el('a', { href: route(run.k, 'page', params, n - 1) }, '\u2039 previous') : null,
      n + 1 < N ? el('a', { href: route(run.k, 'page', params, n + 1) }, 'next \u203a') : null,
      el('span', null, 'page ', el('b', null, String(n)), ' of ' + N),
      el('span', null, 'language ', el('b', null, run.pages.lang[n] || '-')),
      el('span', null, 'site ', el('b', null, run.pages.site[n] || '-')),
      el('span', { class: 'mono' }, run.pages.id[n]),
      el('span', null, 'decoding: ' + (run.pages.decoding[n] || '-'))));
    out.appendChild(el('div', { class: 'controls' },
      el('label', null, 'System', select('sys', sysName, run.systems.map((s) => [s.name, s.name]))),
      el('label', null, 'beside', select('cmp', cmpName, [['', '(none)']].concat(run.systems.map((s) => [s.name, s.name])))),
      el('label', null, 'Alignment', select('form', form, run.forms.map((f) => [f, { tm: 'tm: CleanEval tokens and markers', tmu: 'tmu: unlabelled', to: 'to: words of the text', car: 'car: characters' }[f] || f]))),
      cmpName ? null : el('label', null, 'Layout', select('layout', layout === 'columns' ? 'columns' : '', [['', 'one text (kept, missed, extra)'], ['columns', 'gold | output']])),
      run.raw_pages ? el('button', { id: 'rawbtn', on: { click: () => showRaw(run, n, rawBox) } }, 'Open the raw page (no scripts)') : null));
    out.appendChild(el('div', { class: 'legend' }, 'Legend: kept ', el('span', { class: 'tok k' }, 'as in the gold'), ', ',
      el('span', { class: 'tok m' }, 'missed'), ' (in the gold, not in the output), ', el('span', { class: 'tok x' }, 'extra'),
      ' (in the output, not in the gold); p/h/l at the left: a paragraph, heading or list item starts. The alignment is the scores\u2019 (difflib\u2019s Ratcliff/Obershelp over the metric\u2019s tokens).'));
    const body = el('div', null, el('p', { class: 'loading' }, 'Loading page ' + n + '...'));
    const rawBox = el('div', { class: 'rawbox' });
    out.append(body, rawBox);
    load('page', run.k, n).then((page) => {
      clear(body);
      const sis = [systemIndex(run, sysName)];
      if (cmpName) sis.push(systemIndex(run, cmpName));
      body.appendChild(el('div', { class: 'panels' + (sis.length > 1 ? ' two' : '') }, sis.map((si) => panel(run, page, si, form, layout))));
      document.body.setAttribute('data-page-loaded', String(n));
    }, (err) => { clear(body).appendChild(el('div', { class: 'error' }, String(err.message || err))); document.body.setAttribute('data-page-loaded', 'error'); });
    return out;
  }
  function showRaw(run, n, box) {
    clear(box).appendChild(el('p', { class: 'loading' }, 'Loading the raw page...'));
    load('raw', run.raw_set, run.raw_index ? run.raw_index[n] : n).then((html) => {
      clear(box);
      box.appendChild(el('h3', null, 'Raw page (sandboxed: no scripts, no forms, nothing fetched)'));
      const f = el('iframe', { class: 'raw', sandbox: '', referrerpolicy: 'no-referrer', title: 'raw page' });
      // The frame inherits the report's Content-Security-Policy; the meta repeats it
      // for the frame itself.
      f.srcdoc = '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; img-src data:">' + html;
      box.appendChild(f);
    }, (err) => { clear(box).appendChild(el('div', { class: 'error' }, String(err.message || err))); });
  }

  // ---- shell ---------------------------------------------------------------------------
  let renders = 0;
  function render() {
    ++renders;
    const app = clear(document.getElementById('app'));
    if (!RUNS.length || RUNS.some((r) => !r)) {
      app.appendChild(el('p', { class: 'error' }, 'The report\u2019s data (data/run*.js) did not load: is the folder complete?'));
      return;
    }
    const r = parseRoute();
    const run = RUNS[r.k];
    const nav = el('header', { class: 'top' }, el('h1', null, run.title || 'detour report'));
    if (RUNS.length > 1) {
      nav.appendChild(el('select', { on: { change: (e) => { location.hash = route(+e.target.value, r.view === 'page' ? 'overview' : r.view, {}); } } },
        RUNS.map((x) => el('option', { value: x.k, selected: x.k === r.k }, 'run ' + x.k + ': ' + x.label))));
    }
    for (const [v, label] of [['overview', 'Overview'], ['charts', 'Charts'], ['pages', 'Pages']])
      nav.appendChild(el('a', { href: route(r.k, v, {}), class: r.view === v ? 'on' : null }, label));
    nav.appendChild(el('span', { class: 'small', style: 'opacity:.7' }, run.label + ' \u00b7 ' + run.n_pages + ' pages \u00b7 ' + run.systems.length + ' systems'));
    const main = el('main');
    app.append(nav, main);
    const vs = r.q.get('vs') !== null && RUNS[+r.q.get('vs')] ? RUNS[+r.q.get('vs')] : null;
    if (r.view !== 'overview' && (!run.pages || (vs && !vs.pages))) {
      main.appendChild(el('p', { class: 'loading' }, 'Loading the pages of the run...'));
      const my = ++renders;
      Promise.all([ensurePages(run), vs ? ensurePages(vs) : null]).then(() => { if (my === renders) render(); },
        (err) => { clear(main).appendChild(el('div', { class: 'error' }, String(err.message || err))); });
      return;
    }
    let content;
    try {
      if (r.view === 'charts') content = viewCharts(run, r.q);
      else if (r.view === 'pages') content = viewPages(run, r.q);
      else if (r.view === 'page') content = viewPage(run, r.n, r.q);
      else content = viewOverview(run, r.q);
    } catch (e) {
      content = el('div', { class: 'error' }, 'Cannot show this view: ' + (e && e.message ? e.message : e));
      if (window.console) console.error(e);
    }
    add(main, [content]);
    document.body.setAttribute('data-view', r.view);
    document.body.setAttribute('data-hash', location.hash);  // the route rendered (for tests)
    if (!window.DETOUR_FIRST_RENDER_MS) window.DETOUR_FIRST_RENDER_MS = performance.now();
    window.scrollTo(0, 0);
  }
  window.addEventListener('hashchange', render);
  render();
})();
