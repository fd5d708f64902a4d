// AEX: article-extractor (npm @extractus/article-extractor), its extractFromHtml, behind
// detour's extractor protocol (docs/adapters.md). Answers the article's content as
// HTML ("" when it finds none).
import { readFileSync } from 'node:fs';
import { extractFromHtml } from '@extractus/article-extractor';
import { serve } from './detour_serve.mjs';

const version = (pkg) =>
  JSON.parse(readFileSync(new URL(`./node_modules/${pkg}/package.json`, import.meta.url), 'utf8')).version;

serve({
  name: 'article-extractor',
  toolVersion: version('@extractus/article-extractor'),
  settings: { wordsPerMinute: 300, descriptionLengthThreshold: 180, contentLengthThreshold: 200 },
  extract: async (req) => {
    const s = req.settings;
    const article = await extractFromHtml(req.html, req.url || 'http://localhost/', {
      wordsPerMinute: s.wordsPerMinute, descriptionLengthThreshold: s.descriptionLengthThreshold,
      contentLengthThreshold: s.contentLengthThreshold,
    });
    return ['html', article && article.content ? article.content : ''];
  },
});
