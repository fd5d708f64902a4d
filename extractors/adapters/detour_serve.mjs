// detour_serve: the framing of detour's extractor protocol (version 1) for Node tools.
//
// An adapter calls serve() once with its tool's name, version and settings and a
// function that extracts one page; serve() writes the handshake, reads the requests on
// standard input, answers each in order on standard output and exits when standard
// input ends. The protocol is described in docs/adapters.md.
//
//   import { serve } from './detour_serve.mjs';
//   serve({ name: 'mozilla-readability', toolVersion: '0.6.0', settings: { charThreshold: 500 },
//           extract: async (request) => ['html', someHtml] });   // or { format, output, notes }
//
// A page whose extract() throws (or rejects) is answered with an error and the tool
// goes on. The tool takes requests ahead ("pipelining"): it does them one at a time,
// ends each page's messages on standard error with the protocol's marker line, and
// gives each answer the time it took ("millis"). console.log, console.info and
// console.debug write to standard error, so that a library's messages cannot break the
// framing.
import readline from 'node:readline';

const FORMATS = ['text', 'html', 'markdown', 'cleaneval'];

function answerOf(seq, result) {
  const answer = Array.isArray(result) ? { seq, format: result[0], output: result[1] } : { seq, ...result };
  answer.seq = seq;
  if (answer.error === undefined) {
    if (!FORMATS.includes(answer.format)) throw new Error(`format must be one of ${FORMATS.join(', ')}, got ${answer.format}`);
    if (typeof answer.output !== 'string') throw new Error(`output must be a string, got ${typeof answer.output}`);
  }
  return answer;
}

function write(obj) {
  const line = JSON.stringify(obj) + '\n';
  return new Promise((resolve, reject) => {
    process.stdout.write(line, 'utf8', (err) => (err ? reject(err) : resolve()));
  });
}

export async function serve({ name, toolVersion, settings = {}, extract }) {
  for (const k of ['log', 'info', 'debug']) console[k] = console.error;
  await write({ protocol: 'detour-extractor', version: 1, name, tool_version: toolVersion, settings, pipelining: true });
  process.stdin.setEncoding('utf8');
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    const began = performance.now();
    if (!line.trim()) continue;
    const request = JSON.parse(line);
    let answer;
    try {
      answer = answerOf(request.seq, await extract(request));
    } catch (e) {
      answer = { seq: request.seq, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
    }
    answer.millis = Math.round((performance.now() - began) * 1000) / 1000;
    // The page's messages end here, before its answer (docs/adapters.md); standard
    // error is written at once on a pipe.
    process.stderr.write(`detour-extractor: end of seq ${request.seq}\n`);
    await write(answer);
  }
  process.exit(0);  // timers a library left (a DOM's) must not keep the tool alive
}
