// The Fastify plugin on every runtime of the matrix (Node, Bun, Deno), against the built dist/:
// Fastify's own codes and statuses for good, invalid, empty, poisoned, compressed and oversized
// bodies. Run: node|bun|deno run -A test/adapters/fastify.smoke.mjs
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import jsonParser from '../../dist/fastify.js';
import { assert, check, report } from '../support/smoke.mjs';

const app = Fastify({ bodyLimit: 64 * 1024 });
await app.register(jsonParser);
app.post('/', async (request) => ({ body: request.body }));
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${app.server.address().port}/`;
const post = (body, headers = {}) => fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

async function expectCode(body, headers, status, code) {
  const response = await post(body, headers);
  const reply = await response.json();
  assert(response.status === status && reply.code === code, `${response.status} ${JSON.stringify(reply)}`);
}

try {
  await check('a JSON body becomes request.body', async () => {
    const reply = await (await post('{"a":[1,"é"]}')).json();
    assert(JSON.stringify(reply) === '{"body":{"a":[1,"é"]}}', JSON.stringify(reply));
  });
  await check("invalid JSON, an empty body and a __proto__ key are Fastify's 400s", async () => {
    await expectCode('{"a": tru}', {}, 400, 'FST_ERR_CTP_INVALID_JSON_BODY');
    await expectCode('', {}, 400, 'FST_ERR_CTP_EMPTY_JSON_BODY');
    await expectCode('{"__proto__":{"x":1}}', {}, 400, 'FST_ERR_CTP_INVALID_JSON_BODY');
  });
  await check('past bodyLimit is 413 FST_ERR_CTP_BODY_TOO_LARGE, also when inflated', async () => {
    const large = JSON.stringify({ data: 'x'.repeat(70_000) });
    await expectCode(large, {}, 413, 'FST_ERR_CTP_BODY_TOO_LARGE');
    await expectCode(gzipSync(large), { 'content-encoding': 'gzip' }, 413, 'FST_ERR_CTP_BODY_TOO_LARGE');
  });
  await check('a gzip body is inflated', async () => {
    const reply = await (await post(gzipSync('{"zipped":true}'), { 'content-encoding': 'gzip' })).json();
    assert(JSON.stringify(reply) === '{"body":{"zipped":true}}', JSON.stringify(reply));
  });
} finally {
  await app.close();
}
report('adapters/fastify');
