// The npm tools called directly through their documented APIs, for the adapters'
// fidelity checks (docs/adapters.md): reads the pages of a dump (scripts/adapters/
// replay.py --dump: JSON lines of lang, id, url, html), runs the tool on each in this
// one process and writes JSON lines of lang, id, format, output (or error) for
// replay.py. The packages are those of extractors/adapters (npm ci there first).
//   node scripts/adapters/direct.mjs mrd|mrd-scrapinghub|dfd|aex DUMP OUT
import { createRequire } from 'node:module';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';

const base = new URL('../../extractors/adapters/', import.meta.url);
const require = createRequire(new URL('package.json', base));
const [tool, dumpFile, outFile] = process.argv.slice(2);

// Mozilla's README: new Readability(new JSDOM(html, {url}).window.document).parse().content;
// text: the Scrapinghub benchmark's call (its extractors/readability_js/cli.js prints
// article.textContent), on the page's URL, for MRD(output=text)
async function mrd(text = false) {
  const { JSDOM, VirtualConsole } = require('jsdom');
  const { Readability } = require('@mozilla/readability');
  const vc = new VirtualConsole();
  return async (p) => {
    const dom = new JSDOM(p.html, { url: p.url || 'http://localhost/', virtualConsole: vc });
    const article = new Readability(dom.window.document).parse();
    dom.window.close();
    if (text) return ['text', article && article.textContent ? article.textContent : ''];
    return article && article.content ? article.content : '';
  };
}
// Defuddle's README (Node, with JSDOM): (await Defuddle(dom.window.document, url)).content
async function dfd() {
  const { JSDOM, VirtualConsole } = require('jsdom');
  // The file the package's "./node" export names (it has an import condition only).
  const { Defuddle } = await import(new URL('node_modules/defuddle/dist/node.js', base));
  const vc = new VirtualConsole();
  return async (p) => {
    const url = p.url || 'http://localhost/';
    const dom = new JSDOM(p.html, { url, virtualConsole: vc });
    const result = await Defuddle(dom.window.document, url);
    dom.window.close();
    return result.content || '';
  };
}
// article-extractor's README: (await extractFromHtml(html, url)).content
async function aex() {
  const { extractFromHtml } = require('@extractus/article-extractor');
  return async (p) => {
    const article = await extractFromHtml(p.html, p.url || 'http://localhost/');
    return article && article.content ? article.content : '';
  };
}

const run = await ({ mrd: () => mrd(), 'mrd-scrapinghub': () => mrd(true), dfd, aex })[tool]();
// One line written per page as it is done, so that a check stopped early (Defuddle takes
// about 2 s a page on jsdom) keeps the pages it did: fidelity.py --reuse-direct.
writeFileSync(outFile, '');
let n = 0;
for (const line of readFileSync(dumpFile, 'utf8').split('\n')) {
  if (!line) continue;
  const p = JSON.parse(line);
  try {
    const out = await run(p);  // the output as HTML, or [format, output]
    const [format, output] = Array.isArray(out) ? out : ['html', out];
    appendFileSync(outFile, JSON.stringify({ lang: p.lang, id: p.id, format, output }) + '\n');
  } catch (e) {
    appendFileSync(outFile, JSON.stringify({ lang: p.lang, id: p.id, error: `${e.name}: ${e.message}` }) + '\n');
  }
  n += 1;
  // Let the event loop turn between pages, as it does in an adapter waiting for its next
  // request: a loop that only awaits promises starves process.nextTick, and jsdom's
  // window is held by the tick it queues at creation, so every page's DOM stayed alive
  // to the end (4 GB heap exhausted after about 1000 DANIEL pages).
  await new Promise((resolve) => setImmediate(resolve));
}
console.error(`${tool}: ${n} pages`);
