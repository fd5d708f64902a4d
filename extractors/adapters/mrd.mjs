// MRD: Mozilla Readability (npm @mozilla/readability, the library of Firefox's reader
// view) on jsdom, the DOM its documentation uses, behind detour's extractor protocol
// (docs/adapters.md). Answers Readability's article.content as HTML ("" when it finds
// no article). Settings: Readability's options that change the output, and output:
// "html" (article.content, the default) or "text" (article.textContent answered as
// text, as the Scrapinghub benchmark scores Readability.js: the DOM's text, which joins
// adjacent blocks' words where the HTML puts no whitespace between them).
import { readFileSync } from 'node:fs';
import { JSDOM, VirtualConsole } from 'jsdom';
import { Readability } from '@mozilla/readability';
import { serve } from './detour_serve.mjs';

const version = (pkg) =>
  JSON.parse(readFileSync(new URL(`./node_modules/${pkg}/package.json`, import.meta.url), 'utf8')).version;
const quiet = new VirtualConsole();  // jsdom's CSS and script messages dropped

serve({
  name: 'mozilla-readability',
  toolVersion: version('@mozilla/readability'),
  settings: {
    charThreshold: 500, nbTopCandidates: 5, keepClasses: false, output: 'html', dom: `jsdom ${version('jsdom')}`,
  },
  extract: (req) => {
    const s = req.settings;
    if (s.output !== 'html' && s.output !== 'text') throw new Error(`output ${JSON.stringify(s.output)}: html or text`);
    const dom = new JSDOM(req.html, { url: req.url || 'http://localhost/', virtualConsole: quiet });
    try {
      const article = new Readability(dom.window.document, {
        charThreshold: s.charThreshold, nbTopCandidates: s.nbTopCandidates, keepClasses: s.keepClasses,
      }).parse();
      if (s.output === 'text') return ['text', article && article.textContent ? article.textContent : ''];
      return ['html', article && article.content ? article.content : ''];
    } finally {
      dom.window.close();
    }
  },
});
