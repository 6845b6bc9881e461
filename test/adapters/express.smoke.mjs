// The Express adapter on every runtime of the matrix that runs Express (Node, Bun, Deno through
// their node:http), against the built dist/: good, invalid, compressed and oversized bodies, with
// body-parser's error fields reaching the error handler. Run: node|bun|deno run -A test/adapters/express.smoke.mjs
import { gzipSync } from 'node:zlib';
import express from 'express';
import { json } from '../../dist/express.js';
import { assert, check, report } from '../support/smoke.mjs';

const app = express();
app.use(json({ limit: '64kb' }));
app.post('/', (req, res) => res.json({ body: req.body ?? null }));
app.use((err, req, res, next) => res.status(err.status ?? 500).json({ type: err.type, message: err.message }));
const server = await new Promise((resolve) => {
  const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
});
const url = `http://127.0.0.1:${server.address().port}/`;
const post = (body, headers = {}) => fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

try {
  await check('a JSON body becomes req.body', async () => {
    const reply = await (await post('{"a":[1,"é"]}')).json();
    assert(JSON.stringify(reply) === '{"body":{"a":[1,"é"]}}', JSON.stringify(reply));
  });
  await check('invalid JSON is 400 entity.parse.failed with line and column', async () => {
    const response = await post('{\n "a": tru}');
    const reply = await response.json();
    assert(response.status === 400 && reply.type === 'entity.parse.failed' && /line 2, column/.test(reply.message), JSON.stringify(reply));
  });
  await check('a gzip body is inflated', async () => {
    const reply = await (await post(gzipSync('{"zipped":true}'), { 'content-encoding': 'gzip' })).json();
    assert(JSON.stringify(reply) === '{"body":{"zipped":true}}', JSON.stringify(reply));
  });
  await check('past the limit is 413 entity.too.large, also when inflated', async () => {
    const large = JSON.stringify({ data: 'x'.repeat(70_000) });
    for (const [body, headers] of [[large, {}], [gzipSync(large), { 'content-encoding': 'gzip' }]]) {
      const response = await post(body, headers);
      const reply = await response.json();
      assert(response.status === 413 && reply.type === 'entity.too.large', `${response.status} ${JSON.stringify(reply)}`);
    }
  });
  await check('another charset is 415 charset.unsupported', async () => {
    const response = await post('{}', { 'content-type': 'application/json; charset=latin1' });
    const reply = await response.json();
    assert(response.status === 415 && reply.type === 'charset.unsupported', JSON.stringify(reply));
  });
} finally {
  server.close();
}
report('adapters/express');
