#!/usr/bin/env node
// A small extractor for the tests, on Node.js's standard library only: reads a page's
// HTML on standard input and writes the text of its blocks, one per line. Like many
// Node.js tools it instantiates a WebAssembly module with a memory first, for which V8
// reserves some 10 GB of address space (an address-space limit stops it there).
'use strict';

// (module (memory 1)): a module with one 64 KiB page of memory.
const kModule = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x05, 0x03, 0x01, 0x00, 0x01]);

const kBlocks = /<\/?(p|div|h[1-6]|li|td|th|tr|br|blockquote|pre|article|section|title)\b[^>]*>/gi;
const kEntities = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function text(html) {
  const body = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(kBlocks, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e) => {
      if (e[0] === '#') {
        const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return n > 0 && n < 0x110000 ? String.fromCodePoint(n) : ' ';
      }
      return kEntities[e.toLowerCase()] ?? m;
    });
  return body
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l.length > 0)
    .join('\n');
}

async function main() {
  await WebAssembly.instantiate(kModule);
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  process.stdout.write(text(Buffer.concat(chunks).toString('utf8')) + '\n');
}

main().catch((e) => {
  process.stderr.write(String(e) + '\n');
  process.exit(1);
});
