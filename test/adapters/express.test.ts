// json-parse-binary/express against body-parser itself: the same requests go to an Express 5 app
// using express.json() and to one using ours, with the same options, over real HTTP. Statuses,
// req.body and the error fields that handlers read must agree; only the parse error messages (ours
// carry line and column) and the safe defaults (poisoning keys) differ, and are pinned apart.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { json, type JsonOptions } from '../../src/express.js';
import { send, type Sent } from './http-client.js';

const ERROR_FIELDS = ['name', 'status', 'statusCode', 'expose', 'type', 'limit', 'length', 'expected', 'received', 'charset', 'encoding', 'body', 'code'];

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

interface Reported {
  status: number;
  body?: unknown;
  hasBody?: boolean;
  raw?: string;
  error?: Record<string, unknown> & { message: string };
}

async function start(middleware: RequestHandler[], onError?: (error: unknown) => void): Promise<number> {
  const app = express();
  app.use(...middleware);
  app.all('/', (req, res) => {
    const raw = (req as { rawBody?: Buffer }).rawBody;
    res.json({ hasBody: 'body' in req, body: req.body === undefined ? '(undefined)' : req.body, raw: raw?.toString('latin1') });
  });
  const report: ErrorRequestHandler = (error, _req, res, _next) => {
    onError?.(error);
    const fields: Record<string, unknown> = { message: error.message };
    for (const field of ERROR_FIELDS) if (error[field] !== undefined) fields[field] = error[field];
    if (Buffer.isBuffer(fields.body)) fields.body = `buffer:${(fields.body as Buffer).toString('latin1')}`;
    res.status(error.status ?? 500).json({ error: fields });
  };
  app.use(report);
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

async function ask(port: number, sent: Sent): Promise<Reported> {
  const answer = await send(port, sent);
  return { status: answer.status, ...answer.json() };
}

/** Sends `sent` to body-parser and to ours (same options) and returns both reports. */
async function both(sent: Sent, options: JsonOptions = {}, ours: JsonOptions = {}) {
  const theirs = await ask(await start([express.json(options as never)]), sent);
  const mine = await ask(await start([json({ ...options, ...ours })]), sent);
  return { theirs, mine };
}

/** The two must agree on everything but the parse error message. */
function expectSame({ theirs, mine }: { theirs: Reported; mine: Reported }) {
  const withoutMessage = (report: Reported) => ({ ...report, error: report.error && { ...report.error, message: undefined } });
  expect(withoutMessage(mine)).toEqual(withoutMessage(theirs));
  if (theirs.error?.type !== 'entity.parse.failed') expect(mine.error?.message).toBe(theirs.error?.message);
}

const JSON_TYPE = { 'content-type': 'application/json' };

describe('json() as a drop-in for express.json()', () => {
  it('parses a JSON body into req.body', async () => {
    const sent = { headers: JSON_TYPE, body: '{"a":[1,2,{"b":null}],"s":"é€😀"}' };
    const result = await both(sent);
    expectSame(result);
    expect(result.mine.body).toEqual({ a: [1, 2, { b: null }], s: 'é€😀' });
  });

  it('leaves req.body undefined without a body, for another type, and on GET without one', async () => {
    const cases: Sent[] = [
      { method: 'GET', headers: JSON_TYPE },
      { method: 'DELETE' },
      { headers: { 'content-type': 'text/plain' }, body: '{"a":1}' },
      { headers: {}, body: '{"a":1}' },
    ];
    for (const sent of cases) {
      const result = await both(sent);
      expectSame(result);
      expect(result.mine.body).toBe('(undefined)');
    }
  });

  it('gives {} for an empty body, strict or not', async () => {
    for (const strict of [true, false]) {
      const result = await both({ headers: JSON_TYPE, body: '' }, { strict });
      expectSame(result);
      expect(result.mine.body).toEqual({});
    }
  });

  it('reports invalid JSON as entity.parse.failed with the body as a string, and our line and column', async () => {
    const result = await both({ headers: JSON_TYPE, body: '{\n  "a": tru }' });
    expectSame(result);
    expect(result.mine.status).toBe(400);
    expect(result.mine.error).toMatchObject({ type: 'entity.parse.failed', body: '{\n  "a": tru }', name: 'SyntaxError', expose: true });
    expect(result.mine.error!.message).toMatch(/line 2, column \d+/);
  });

  it('refuses a top-level scalar in strict mode and accepts it without', async () => {
    for (const body of ['"text"', '  42', 'true']) {
      const strict = await both({ headers: JSON_TYPE, body });
      expectSame(strict);
      expect(strict.mine.error?.type).toBe('entity.parse.failed');
      const loose = await both({ headers: JSON_TYPE, body }, { strict: false });
      expectSame(loose);
      expect(loose.mine.body).toEqual(JSON.parse(body));
    }
  });

  it('refuses a body past the limit, declared or chunked, with entity.too.large', async () => {
    const body = JSON.stringify({ data: 'x'.repeat(3000) });
    const declared = await both({ headers: JSON_TYPE, body }, { limit: '2kb' });
    expectSame(declared);
    expect(declared.mine.error).toMatchObject({ status: 413, type: 'entity.too.large', limit: 2048, length: body.length, expected: body.length });
    const chunked = await both({ headers: JSON_TYPE, body, chunked: true }, { limit: 2048 });
    expect(chunked.mine.status).toBe(413);
    expect({ ...chunked.mine.error, received: undefined }).toEqual({ ...chunked.theirs.error, received: undefined });
    // body-parser counts the chunk that crossed the limit; ours, the bytes accepted before it.
    expect(chunked.mine.error!.received).toBeLessThanOrEqual(2048);
  });

  it('reads limit strings as body-parser does and refuses invalid ones at creation', () => {
    expect(() => json({ limit: 'lots' })).toThrow(TypeError);
    expect(() => express.json({ limit: 'lots' })).toThrow(TypeError);
    expect(() => json({ verify: 'yes' as never })).toThrow('option verify must be function');
    expect(() => json({ protoaction: 'remove' } as never)).toThrow(TypeError);
    expect(() => json({ maxDepth: -1 })).toThrow(TypeError);
  });

  it('accepts UTF-16 and UTF-32 with or without a byte order mark, as body-parser does', async () => {
    const text = '{"name":"Zoë 😀","n":[1,2]}';
    const utf16le = Buffer.from(text, 'utf16le');
    const utf16be = Buffer.from(utf16le).swap16();
    const utf32le = Buffer.alloc([...text].length * 4);
    [...text].forEach((char, index) => utf32le.writeUInt32LE(char.codePointAt(0)!, index * 4));
    const cases: Array<[string, Buffer]> = [
      ['utf-16le', utf16le],
      ['utf-16le', Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le])],
      ['utf-16be', utf16be],
      ['utf-16', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be])],
      ['utf-16', utf16le],
      ['utf-32le', utf32le],
      ['utf-32', Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), utf32le])],
      ['utf-8', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])],
    ];
    for (const [charset, body] of cases) {
      const result = await both({ headers: { 'content-type': `application/json; charset=${charset}` }, body });
      expectSame(result);
      expect(result.mine.body).toEqual(JSON.parse(text));
    }
  });

  it('takes defaultCharset for a Content-Type without one', async () => {
    const body = Buffer.from('{"a":"ü"}', 'utf16le');
    const result = await both({ headers: JSON_TYPE, body }, { defaultCharset: 'utf-16le' });
    expectSame(result);
    expect(result.mine.body).toEqual({ a: 'ü' });
    const refused = await both({ headers: JSON_TYPE, body: '{}' }, { defaultCharset: 'latin1' });
    expectSame(refused);
    expect(refused.mine.error).toMatchObject({ status: 415, type: 'charset.unsupported' });
  });

  it('refuses other charsets with 415 charset.unsupported, before verify runs', async () => {
    let verified = false;
    const verify = () => {
      verified = true;
    };
    for (const charset of ['latin1', 'koi8-r', 'utf-99']) {
      const result = await both({ headers: { 'content-type': `application/json; charset=${charset}` }, body: '{}' }, { verify });
      expectSame(result);
      expect(result.mine.error).toMatchObject({ status: 415, type: 'charset.unsupported', charset });
    }
    expect(verified).toBe(false);
  });

  it('inflates gzip, deflate and br bodies, and refuses other codings with 415', async () => {
    const text = JSON.stringify({ list: Array.from({ length: 100 }, (_, index) => index) });
    for (const [coding, compress] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const) {
      const result = await both({ headers: { ...JSON_TYPE, 'content-encoding': coding }, body: compress(Buffer.from(text)) });
      expectSame(result);
      expect(result.mine.body).toEqual(JSON.parse(text));
    }
    const unknown = await both({ headers: { ...JSON_TYPE, 'content-encoding': 'compress' }, body: '{}' });
    expectSame(unknown);
    expect(unknown.mine.error).toMatchObject({ status: 415, type: 'encoding.unsupported', encoding: 'compress' });
    const refused = await both({ headers: { ...JSON_TYPE, 'content-encoding': 'gzip' }, body: gzipSync('{}') }, { inflate: false });
    expectSame(refused);
    expect(refused.mine.error).toMatchObject({ status: 415, type: 'encoding.unsupported', encoding: 'gzip' });
    const corrupt = await both({ headers: { ...JSON_TYPE, 'content-encoding': 'gzip' }, body: 'not gzip at all' });
    expect(corrupt.mine.status).toBe(corrupt.theirs.status);
    expect(corrupt.mine.error?.type).toBe(corrupt.theirs.error?.type);
  });

  it('counts the limit on inflated bytes', async () => {
    const body = gzipSync(JSON.stringify({ data: 'x'.repeat(200_000) }));
    const result = await both({ headers: { ...JSON_TYPE, 'content-encoding': 'gzip' }, body }, { limit: '100kb' });
    expect(result.mine.status).toBe(413);
    expect({ ...result.mine.error, received: undefined }).toEqual({ ...result.theirs.error, received: undefined });
  });

  it('hands verify the exact (inflated) bytes as a Buffer, which it may keep', async () => {
    const text = '{"event":"paid","amount":42}';
    const seen: Array<[boolean, string, string]> = [];
    const verify: JsonOptions['verify'] = (req, _res, buf, encoding) => {
      seen.push([Buffer.isBuffer(buf), buf.toString('latin1'), encoding]);
      (req as { rawBody?: Buffer }).rawBody = buf;
    };
    for (const body of [Buffer.from(text), gzipSync(text)]) {
      const headers = body.length === text.length ? JSON_TYPE : { ...JSON_TYPE, 'content-encoding': 'gzip' };
      const result = await both({ headers, body }, { verify });
      expectSame(result);
      expect(result.mine.raw).toBe(text);
    }
    expect(seen).toEqual(Array(4).fill([true, text, 'utf-8']));
  });

  it('checks a webhook signature over the exact bytes (the README example)', async () => {
    const secret = 'webhook secret';
    const verify: JsonOptions['verify'] = (req, _res, buf) => {
      const expected = `sha256=${createHmac('sha256', secret).update(buf).digest('hex')}`;
      const given = String(req.headers['x-hub-signature-256'] ?? '');
      if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
        throw Object.assign(new Error('invalid signature'), { status: 401, type: 'signature.invalid' });
      }
    };
    const port = await start([json({ verify })]);
    const body = '{ "action": "opened",\n  "number": 1 }';
    const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    const signed = await ask(port, { headers: { ...JSON_TYPE, 'x-hub-signature-256': signature }, body });
    expect(signed).toMatchObject({ status: 200, body: { action: 'opened', number: 1 } });
    const forged = await ask(port, { headers: { ...JSON_TYPE, 'x-hub-signature-256': signature }, body: body.replace('1', '2') });
    expect(forged).toMatchObject({ status: 401, error: { type: 'signature.invalid', message: 'invalid signature' } });
  });

  it('reports a throwing verify as 403 entity.verify.failed, keeping its own status and type', async () => {
    const refuse = () => {
      throw new Error('bad signature');
    };
    const plain = await both({ headers: JSON_TYPE, body: '{"a":1}' }, { verify: refuse });
    expectSame(plain);
    expect(plain.mine.error).toMatchObject({ status: 403, type: 'entity.verify.failed', message: 'bad signature', body: 'buffer:{"a":1}' });
    const own = () => {
      throw Object.assign(new Error('who are you'), { status: 401, type: 'signature.missing' });
    };
    const custom = await both({ headers: JSON_TYPE, body: '{"a":1}' }, { verify: own });
    expectSame(custom);
    expect(custom.mine.error).toMatchObject({ status: 401, type: 'signature.missing' });
  });

  it('applies a reviver as JSON.parse does', async () => {
    const reviver = function (this: unknown, key: string, value: unknown) {
      if (key === 'drop') return undefined;
      if (typeof value === 'number') return value * 10;
      if (key === '') return { root: value };
      return value;
    };
    const result = await both({ headers: JSON_TYPE, body: '{"a":1,"drop":2,"list":[1,{"drop":3,"b":4}]}' }, { reviver });
    expectSame(result);
    expect(result.mine.body).toEqual({ root: { a: 10, list: [10, { b: 40 }] } });
  });

  it('matches the type option as type-is does: strings, arrays, +json, wildcards and functions', async () => {
    const cases: Array<[JsonOptions['type'], string]> = [
      ['+json', 'application/vnd.api+json'],
      ['application/*', 'application/merge-patch+json'],
      ['json', 'application/json; charset=utf-8'],
      [['text/plain', 'application/json'], 'text/plain'],
      ['*/*', 'text/html'],
      ['application/json', 'application/vnd.api+json'],
      ['+json', 'not a type'],
      [(req: { headers: Record<string, unknown> }) => req.headers['x-json'] === 'yes', 'text/plain'],
    ];
    for (const [type, contentType] of cases) {
      const result = await both({ headers: { 'content-type': contentType, 'x-json': 'yes' }, body: '{"k":1}' }, { type });
      expectSame(result);
    }
  });

  it('does nothing the second time: two json() in a row, or after express.json()', async () => {
    for (const chain of [[json(), json()], [express.json(), json()], [json(), express.json()]]) {
      const result = await ask(await start(chain), { headers: JSON_TYPE, body: '{"once":true}' });
      expect(result).toMatchObject({ status: 200, body: { once: true } });
    }
  });

  it('refuses poisoning keys and deep nesting by default (the documented difference), and obeys the options', async () => {
    const poisoned = await both({ headers: JSON_TYPE, body: '{"__proto__":{"admin":true}}' });
    expect(poisoned.theirs.status).toBe(200);
    expect(poisoned.mine.error).toMatchObject({ status: 400, type: 'entity.parse.failed' });
    const removed = await both({ headers: JSON_TYPE, body: '{"__proto__":{"admin":true},"a":1}' }, {}, { protoAction: 'remove' });
    expect(removed.mine.body).toEqual({ a: 1 });
    const deep = '['.repeat(1001) + ']'.repeat(1001);
    expect((await both({ headers: JSON_TYPE, body: deep })).mine.error?.type).toBe('entity.parse.failed');
    expect((await both({ headers: JSON_TYPE, body: deep }, {}, { maxDepth: Infinity })).mine.status).toBe(200);
  });

  it('keeps the AsyncLocalStorage store of the request in next(err), as body-parser does', async () => {
    const storage = new AsyncLocalStorage<string>();
    const seen: Array<string | undefined> = [];
    const inStore: RequestHandler = (_req, _res, next) => storage.run('request store', next);
    const port = await start([inStore, json({ limit: 16 })], () => seen.push(storage.getStore()));
    await send(port, { headers: JSON_TYPE, body: JSON.stringify({ data: 'x'.repeat(100) }), chunked: true });
    await send(port, { headers: JSON_TYPE, body: '{"a": tru }' });
    expect(seen).toEqual(['request store', 'request store']);
  });

  it('reports a client hanging up midway as request.aborted', async () => {
    const errors: unknown[] = [];
    const reported = new Promise<void>((resolve) => {
      void start([json()], (error) => {
        errors.push(error);
        resolve();
      }).then((port) => {
        const { request } = require('node:http') as typeof import('node:http');
        const outgoing = request({ port, host: '127.0.0.1', method: 'POST', headers: { ...JSON_TYPE, 'content-length': '100' } });
        outgoing.on('error', () => {});
        outgoing.write('{"partial":');
        setTimeout(() => outgoing.destroy(), 50);
      });
    });
    await reported;
    expect(errors[0]).toMatchObject({ status: 400, type: 'request.aborted', code: 'ECONNABORTED', expected: 100, length: 100, received: 11 });
  });
});
