// The Hono adapter on every runtime of the matrix (Node, Bun, Deno), against the built dist/:
// requests go through app.fetch, and on Bun and Deno also through their own servers over HTTP.
// Run: node|bun|deno run -A test/adapters/hono.smoke.mjs
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import { jsonBody } from '../../dist/hono.js';
import { currentRuntime } from '../runtimes/skip.mjs';
import { assert, check, report } from '../support/smoke.mjs';

const app = new Hono();
app.use(jsonBody({ limit: '64kb' }));
app.post('/', async (c) => {
  const value = await c.req.json();
  return c.json({ value, same: value === (await c.req.json()) });
});
app.post('/validated', validator('json', (value) => value), (c) => c.json({ value: c.req.valid('json') }));

async function gzip(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function runChecks(label, fetchOne) {
  const post = (body, headers = {}, path = '/') =>
    fetchOne(new Request(`http://localhost${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } }));
  const document = { text: 'ünïcode ☃', list: [1, 2.5, true, null] };

  await check(`${label}: c.req.json() gets the parsed value, the same object each call`, async () => {
    const response = await post(JSON.stringify(document));
    assert(response.status === 200, `status ${response.status}`);
    const reply = await response.json();
    assert(JSON.stringify(reply) === JSON.stringify({ value: document, same: true }), `reply ${JSON.stringify(reply)}`);
  });
  await check(`${label}: validator('json') gets it too`, async () => {
    const reply = await (await post(JSON.stringify(document), {}, '/validated')).json();
    assert(JSON.stringify(reply) === JSON.stringify({ value: document }), `reply ${JSON.stringify(reply)}`);
  });
  await check(`${label}: invalid JSON is 400 with line and column`, async () => {
    const response = await post('{\n "a": tru}');
    const text = await response.text();
    assert(response.status === 400 && /line 2, column/.test(text), `${response.status} ${text}`);
  });
  await check(`${label}: past the limit is 413 Payload Too Large`, async () => {
    const response = await post(JSON.stringify({ data: 'x'.repeat(70_000) }));
    const text = await response.text();
    assert(response.status === 413 && text === 'Payload Too Large', `${response.status} ${text}`);
  });
  await check(`${label}: a gzip body is inflated, and a gzip bomb stops at the limit`, async () => {
    const zipped = await post(await gzip(JSON.stringify(document)), { 'content-encoding': 'gzip' });
    assert(zipped.status === 200, `status ${zipped.status}`);
    const bomb = await post(await gzip(' '.repeat(8 * 1024 * 1024)), { 'content-encoding': 'gzip' });
    assert(bomb.status === 413, `bomb status ${bomb.status}`);
  });
}

await runChecks('app.fetch', (request) => app.fetch(request));

const runtime = currentRuntime();
if (runtime === 'bun') {
  const server = globalThis.Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: app.fetch });
  try {
    await runChecks('Bun.serve', (request) => fetch(new URL(new URL(request.url).pathname, `http://127.0.0.1:${server.port}`), request));
  } finally {
    server.stop(true);
  }
} else if (runtime === 'deno') {
  const server = globalThis.Deno.serve({ port: 0, hostname: '127.0.0.1', onListen() {} }, app.fetch);
  try {
    await runChecks('Deno.serve', (request) => fetch(new URL(new URL(request.url).pathname, `http://127.0.0.1:${server.addr.port}`), request));
  } finally {
    await server.shutdown();
  }
}
report('adapters/hono');
