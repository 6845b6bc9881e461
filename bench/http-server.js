// The server side of `npm run bench:http`, one process per case so its memory is its own.
// Usage: node bench/http-server.js <usual|parseBody|parseBody-no-detach> [url of body.js]
// Prints `port <n>` once listening. GET /stats answers { peakRssBytes, rssBytes } for this process.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const mode = process.argv[2];
const { parseBody } = await import(process.argv[3] ?? new URL('../dist/body.js', import.meta.url).href);
const LIMIT = 16 * 1024 * 1024;

function itemCount(value) {
  return String(value?.items?.length ?? -1);
}

// What most hand-written servers do: keep every chunk, concatenate, decode to a string, parse.
function usualPipeline(req, res) {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let value;
    try {
      value = JSON.parse(Buffer.concat(chunks).toString());
    } catch (error) {
      res.writeHead(400).end(error.message);
      return;
    }
    res.end(itemCount(value));
  });
}

function parseBodyPipeline(detach) {
  return async (req, res) => {
    const body = await parseBody(req, { limit: LIMIT, detach });
    if (!body.ok) {
      res.writeHead(body.status, { connection: 'close' }).end(body.message);
      return;
    }
    res.end(itemCount(body.value));
  };
}

const pipelines = {
  usual: usualPipeline,
  parseBody: parseBodyPipeline(true),
  'parseBody-no-detach': parseBodyPipeline(false),
};
const handle = pipelines[mode];
if (!handle) {
  console.error(`unknown mode ${mode}; known: ${Object.keys(pipelines).join(', ')}`);
  process.exit(2);
}

// Sampling catches the peak where /proc is missing; VmHWM (the kernel's own peak) is exact.
let sampledPeak = process.memoryUsage.rss();
setInterval(() => {
  sampledPeak = Math.max(sampledPeak, process.memoryUsage.rss());
}, 10).unref();

function kernelPeakRss() {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/stats') {
    const rssBytes = process.memoryUsage.rss();
    const peakRssBytes = Math.max(kernelPeakRss() ?? 0, sampledPeak, rssBytes);
    res.end(JSON.stringify({ peakRssBytes, rssBytes }));
    return;
  }
  handle(req, res);
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => console.log(`port ${server.address().port}`));
