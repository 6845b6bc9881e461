// json-parse-binary/hono on Node over real HTTP (@hono/node-server): the parsed value reaches
// c.req.json() and validator('json') without a second read or parse, refusals answer as Hono's
// bodyLimit does (413 Payload Too Large), and compressed bodies are inflated.
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cloneRawRequest } from 'hono/request';
import { validator } from 'hono/validator';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonBody, type HonoJsonOptions } from '../../src/hono.js';
import { send, type Sent } from './http-client.js';

const servers: ServerType[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

async function listen(app: Hono): Promise<number> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port));
    servers.push(server);
  });
}

let nativeParses = 0;
const nativeParse = JSON.parse;

function appWith(options?: HonoJsonOptions): Hono {
  const app = new Hono();
  app.use(jsonBody(options));
  app.post('/', async (c) => {
    const first = await c.req.json();
    const again = await c.req.json();
    return c.json({ value: first, same: first === again, bodyUsed: c.req.raw.bodyUsed });
  });
  app.post(
    '/validated',
    validator('json', (value) => value),
    async (c) => c.json({ value: c.req.valid('json'), same: c.req.valid('json') === (await c.req.json()) }),
  );
  app.post('/text', async (c) => c.json({ text: await c.req.text() }));
  return app;
}

const JSON_TYPE = { 'content-type': 'application/json' };

describe('jsonBody() for Hono', () => {
  it('gives handlers the parsed value through c.req.json() and validator(), parsing once', async () => {
    const port = await listen(appWith());
    const body = '{"a":[1,2,{"b":"é😀"}]}';
    JSON.parse = function (this: unknown, ...args: Parameters<typeof JSON.parse>) {
      // Only parses of the body count: the test runner parses source maps on its own.
      if (String(args[0]).includes('"a":[1,2')) nativeParses++;
      return nativeParse.apply(this, args);
    } as typeof JSON.parse;
    try {
      nativeParses = 0;
      const plain = (await send(port, { headers: JSON_TYPE, body })).text;
      const validated = (await send(port, { path: '/validated', headers: { 'content-type': 'application/vnd.api+json' }, body })).text;
      // Nothing on the request path parsed the body with JSON.parse (Hono's json() would have).
      expect(nativeParses).toBe(0);
      expect(nativeParse(plain)).toEqual({ value: nativeParse(body), same: true, bodyUsed: true });
      expect(nativeParse(validated)).toEqual({ value: nativeParse(body), same: true });
    } finally {
      JSON.parse = nativeParse;
    }
  });

  it('leaves other requests alone, and text() still answers after parsing', async () => {
    const port = await listen(appWith());
    const plain = await send(port, { path: '/text', headers: { 'content-type': 'text/plain' }, body: 'not json' });
    expect(plain.json()).toEqual({ text: 'not json' });
    const parsed = await send(port, { path: '/text', headers: JSON_TYPE, body: '{ "k" : 1 }' });
    expect(parsed.json()).toEqual({ text: '{"k":1}' });
  });

  it("lets Hono's cloneRawRequest() rebuild the request after parsing (from the value, as Hono does)", async () => {
    const app = new Hono();
    app.use(jsonBody());
    app.post('/clone', async (c) => c.json({ cloned: await (await cloneRawRequest(c.req)).json() }));
    const answer = await app.request('/clone', { method: 'POST', headers: JSON_TYPE, body: '{ "k" : [1, 2] }' });
    expect(await answer.json()).toEqual({ cloned: { k: [1, 2] } });
  });

  it('answers a body past the limit as Hono bodyLimit does: 413 Payload Too Large', async () => {
    const limited = new Hono();
    limited.use(bodyLimit({ maxSize: 1024 }));
    limited.post('/', async (c) => c.json(await c.req.json()));
    const theirs = await listen(limited);
    const ours = await listen(appWith({ limit: '1kb' }));
    const big = JSON.stringify({ data: 'x'.repeat(2000) });
    for (const sent of [{ headers: JSON_TYPE, body: big }, { headers: JSON_TYPE, body: big, chunked: true }] as Sent[]) {
      const expected = await send(theirs, sent);
      const actual = await send(ours, sent);
      expect([actual.status, actual.text]).toEqual([expected.status, expected.text]);
      expect(actual.status).toBe(413);
    }
  });

  it('answers invalid JSON with 400 and its line and column, an empty body with 400, and takes onError', async () => {
    const port = await listen(appWith());
    const invalid = await send(port, { headers: JSON_TYPE, body: '{\n "a": tru }' });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toMatch(/line 2, column \d+/);
    expect((await send(port, { headers: JSON_TYPE, body: '' })).status).toBe(400);
    const poisoned = await send(port, { headers: JSON_TYPE, body: '{"__proto__":{}}' });
    expect(poisoned.status).toBe(400);
    const custom = await listen(appWith({ onError: (c, failure) => c.json({ refused: failure.status }, 422) }));
    const answer = await send(custom, { headers: JSON_TYPE, body: '{' });
    expect([answer.status, answer.json()]).toEqual([422, { refused: 400 }]);
  });

  it('inflates compressed bodies, counting the limit on inflated bytes', async () => {
    const port = await listen(appWith({ limit: 100_000 }));
    const zipped = await send(port, { headers: { ...JSON_TYPE, 'content-encoding': 'gzip' }, body: gzipSync('{"zipped":true}') });
    expect(zipped.json()).toMatchObject({ value: { zipped: true } });
    const bomb = await send(port, { headers: { ...JSON_TYPE, 'content-encoding': 'gzip' }, body: gzipSync(Buffer.alloc(10_000_000, 0x20)) });
    expect([bomb.status, bomb.text]).toEqual([413, 'Payload Too Large']);
  });

  it('checks its options when created', () => {
    expect(() => jsonBody({ limit: 'lots' })).toThrow(TypeError);
    expect(() => jsonBody({ protoaction: 'remove' } as never)).toThrow(TypeError);
    expect(() => jsonBody({ maxDepth: -2 })).toThrow(TypeError);
    expect(() => jsonBody({ onError: 'no' as never })).toThrow(TypeError);
  });
});
