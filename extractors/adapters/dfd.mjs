// DFD: Defuddle (npm defuddle, its Node entry defuddle/node) on jsdom, behind detour's
// extractor protocol (docs/adapters.md). Answers Defuddle's result.content as HTML.
import { readFileSync } from 'node:fs';
import { JSDOM, VirtualConsole } from 'jsdom';
import { Defuddle } from 'defuddle/node';
import { serve } from './detour_serve.mjs';

const version = (pkg) =>
  JSON.parse(readFileSync(new URL(`./node_modules/${pkg}/package.json`, import.meta.url), 'utf8')).version;
const quiet = new VirtualConsole();

serve({
  name: 'defuddle',
  toolVersion: version('defuddle'),
  settings: { removeImages: false, dom: `jsdom ${version('jsdom')}` },
  extract: async (req) => {
    const url = req.url || 'http://localhost/';
    const dom = new JSDOM(req.html, { url, virtualConsole: quiet });
    try {
      const result = await Defuddle(dom.window.document, url, { removeImages: req.settings.removeImages });
      return ['html', result.content || ''];
    } finally {
      dom.window.close();
    }
  },
});
