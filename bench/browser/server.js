// A small local server for the benchmark page. Not test/browser/server.mjs: this one sends a
// Content-Security-Policy header on demand and serves documents generated in memory.
//   /page.html[?csp=strict]  the page; with csp=strict, `script-src 'self'` (no eval, no inline)
//   /page.js, /oracle.mjs    the in-page benchmark and the project's deep-equal
//   /bundle/index.js         the browser bundle, dist/browser/index.js
//   /documents.json          the documents' descriptions; /documents/<index> their bytes
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

// Cross-origin isolation gives the page a 5 µs clock instead of 100 µs.
const isolation = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cache-control': 'no-store',
};
export const strictPolicy = "script-src 'self'";

const pageHtml = '<!doctype html><meta charset="utf-8"><title>json-parse-binary bench</title><script type="module" src="/page.js"></script>';

/**
 * @param {{ files: Record<string, string>, documents: { set: string, id: string, name: string, origin: string, bytes: Uint8Array }[] }} options
 *   files: URL path to a file on disk (JavaScript)
 */
export async function startBenchServer({ files, documents }) {
  const list = JSON.stringify(documents.map(({ set, id, name, origin, bytes }) => ({ set, id, name, origin, bytes: bytes.byteLength })));
  const server = createServer((request, response) => {
    const url = new URL(request.url, 'http://127.0.0.1');
    const send = (status, type, body, extra = {}) => {
      response.writeHead(status, { ...isolation, 'content-type': type, ...extra });
      response.end(body);
    };
    if (url.pathname === '/page.html') {
      const policy = url.searchParams.get('csp') === 'strict' ? { 'content-security-policy': strictPolicy } : {};
      return send(200, 'text/html; charset=utf-8', pageHtml, policy);
    }
    if (url.pathname === '/favicon.ico') return send(204, 'text/plain', '');
    if (files[url.pathname]) return send(200, 'text/javascript; charset=utf-8', readFileSync(files[url.pathname]));
    if (url.pathname === '/documents.json') return send(200, 'application/json', list);
    const match = /^\/documents\/(\d+)$/.exec(url.pathname);
    if (match && documents[Number(match[1])]) return send(200, 'application/octet-stream', documents[Number(match[1])].bytes);
    return send(404, 'text/plain', 'not found');
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
