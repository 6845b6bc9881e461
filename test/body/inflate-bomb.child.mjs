// Child process of inflate-bomb.test.ts: reads one compressed body (a file holding a zip bomb) with
// parseBody over real node:http and as a WHATWG Request, and reports the answers and how far RSS
// rose above the warmed-up level: sampled every millisecond while the bomb is read (inflation
// yields between chunks, so the samples see it), and the peak RSS (getrusage's maxrss).
// argv: <bundled json-parse-binary/body> <bomb file> <coding> <limit>
import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { gzipSync, brotliCompressSync } from 'node:zlib';

const [bundle, bombFile, coding, limitText] = process.argv.slice(2);
const { parseBody } = await import(bundle);
const bomb = readFileSync(bombFile);
const limit = Number(limitText);
const compress = coding === 'br' ? brotliCompressSync : gzipSync;

const server = createServer(async (req, res) => {
  const outcome = await parseBody(req, { limit });
  res.writeHead(outcome.ok ? 200 : outcome.status, { connection: 'close' }).end(outcome.ok ? 'ok' : outcome.message);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

function post(body) {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { port, host: '127.0.0.1', method: 'POST', headers: { 'content-encoding': coding, 'content-length': body.length } },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (part) => (text += part));
        incoming.on('end', () => resolve({ status: incoming.statusCode, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const webParse = (body) =>
  parseBody(new Request('http://localhost/', { method: 'POST', body, headers: { 'content-encoding': coding } }), { limit });

// Warm up every path (zlib, the web streams, the parser) with small bodies inside the limit.
const small = compress(Buffer.from(JSON.stringify({ data: 'x'.repeat(16 * 1024) })));
for (let round = 0; round < 5; round++) {
  await post(small);
  await webParse(small);
}
const MiB = 1024 * 1024;

/** Runs `read` and returns its outcome with RSS growth in MiB: sampled peak, and maxrss peak. */
async function measured(read) {
  const rssBefore = process.memoryUsage.rss();
  const maxBefore = process.resourceUsage().maxRSS * 1024;
  let sampled = rssBefore;
  const sampler = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage.rss())), 1);
  const outcome = await read();
  clearInterval(sampler);
  sampled = Math.max(sampled, process.memoryUsage.rss());
  const maxAfter = process.resourceUsage().maxRSS * 1024;
  return { outcome, sampledGrowthMiB: (sampled - rssBefore) / MiB, peakGrowthMiB: Math.max(0, maxAfter - Math.max(maxBefore, rssBefore)) / MiB, rssBeforeMiB: rssBefore / MiB };
}

const http = await measured(() => post(bomb));
const web = await measured(() => webParse(bomb));
server.close();
console.log(
  JSON.stringify({
    httpStatus: http.outcome.status,
    webStatus: web.outcome.ok ? 200 : web.outcome.status,
    http: { sampledGrowthMiB: http.sampledGrowthMiB, peakGrowthMiB: http.peakGrowthMiB, rssBeforeMiB: http.rssBeforeMiB },
    web: { sampledGrowthMiB: web.sampledGrowthMiB, peakGrowthMiB: web.peakGrowthMiB, rssBeforeMiB: web.rssBeforeMiB },
  }),
);
