// Compressed bodies through parseBody and readBody: every coding over a real node:http request and
// as a WHATWG Request, the limit counted on inflated bytes, and the refusals (415, 400).
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import * as zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBody, readBody, type ParseBodyOptions, type ParseBodyResult } from '../../src/body.js';

const document = { items: Array.from({ length: 200 }, (_, index) => ({ id: index, name: `item ${index}`, tags: ['a', 'b'] })) };
const text = JSON.stringify(document);
const zstdCompress = (zlib as { zstdCompressSync?: (input: Uint8Array) => Buffer }).zstdCompressSync;
const hasZstd = typeof zstdCompress === 'function';

const encoders: Record<string, (input: Uint8Array) => Uint8Array> = {
  gzip: gzipSync,
  'x-gzip': gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
};

let handlerOptions: ParseBodyOptions = {};
let port = 0;
const server = createServer(async (req: IncomingMessage, res) => {
  const outcome = await parseBody(req, handlerOptions);
  res.writeHead(outcome.ok ? 200 : outcome.status, { connection: 'close', 'content-type': 'application/json' });
  res.end(JSON.stringify(outcome));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function post(body: Uint8Array, headers: Record<string, string>, options: ParseBodyOptions = {}): Promise<ParseBodyResult> {
  handlerOptions = options;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ port, host: '127.0.0.1', method: 'POST', headers: { 'content-length': String(body.length), ...headers } }, (incoming) => {
      const parts: Buffer[] = [];
      incoming.on('data', (part: Buffer) => parts.push(part));
      incoming.on('end', () => resolve(JSON.parse(Buffer.concat(parts).toString('utf8'))));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const webRequest = (body: Uint8Array, encoding: string) =>
  new Request('http://localhost/', { method: 'POST', body: new Uint8Array(body), headers: { 'content-encoding': encoding } });

describe('inflating compressed bodies', () => {
  it.each(Object.keys(encoders))('parses a %s body from node:http and from a Request', async (coding) => {
    const compressed = encoders[coding](Buffer.from(text));
    expect(await post(compressed, { 'content-encoding': coding })).toEqual({ ok: true, value: document });
    expect(await parseBody(webRequest(compressed, coding))).toEqual({ ok: true, value: document });
    const read = await readBody(webRequest(compressed, coding.toUpperCase()));
    expect(read.ok && new TextDecoder().decode(read.bytes)).toBe(text);
  });

  it.runIf(hasZstd)('parses a zstd body where the runtime has zstd', async () => {
    const compressed = zstdCompress!(Buffer.from(text));
    expect(await post(compressed, { 'content-encoding': 'zstd' })).toEqual({ ok: true, value: document });
  });

  it.runIf(!hasZstd)('refuses zstd with 415 where the runtime has no zstd', async () => {
    const outcome = await post(Buffer.from('{}'), { 'content-encoding': 'zstd' });
    expect(outcome).toMatchObject({ ok: false, status: 415 });
  });

  it('passes identity through and refuses unknown or stacked codings with 415', async () => {
    expect(await post(Buffer.from('[1]'), { 'content-encoding': 'identity' })).toEqual({ ok: true, value: [1] });
    expect(await post(Buffer.from('[1]'), { 'content-encoding': 'compress' })).toMatchObject({ ok: false, status: 415 });
    const twice = gzipSync(gzipSync(Buffer.from('[1]')));
    expect(await post(twice, { 'content-encoding': 'gzip, gzip' })).toMatchObject({ ok: false, status: 415 });
    expect(await parseBody(webRequest(Buffer.from('[1]'), 'compress'))).toMatchObject({ ok: false, status: 415 });
  });

  it('refuses every compressed body with 415 when inflate is false', async () => {
    const compressed = gzipSync(Buffer.from(text));
    expect(await post(compressed, { 'content-encoding': 'gzip' }, { inflate: false })).toMatchObject({ ok: false, status: 415 });
    expect(await parseBody(webRequest(compressed, 'gzip'), { inflate: false })).toMatchObject({ ok: false, status: 415 });
  });

  it('refuses a corrupt or truncated stream with 400', async () => {
    const corrupt = Buffer.from('{"not": "gzip"}');
    const truncated = gzipSync(Buffer.from(text)).subarray(0, 100);
    for (const body of [corrupt, truncated]) {
      expect(await post(body, { 'content-encoding': 'gzip' })).toMatchObject({ ok: false, status: 400 });
      expect(await parseBody(webRequest(body, 'gzip'))).toMatchObject({ ok: false, status: 400 });
    }
    expect(await post(corrupt, { 'content-encoding': 'br' })).toMatchObject({ ok: false, status: 400 });
  });

  it('counts the limit on inflated bytes: a small compressed body that inflates past it is 413', async () => {
    const large = Buffer.from(JSON.stringify({ data: 'x'.repeat(300_000) }));
    for (const coding of ['gzip', 'br']) {
      const compressed = encoders[coding](large);
      expect(compressed.length).toBeLessThan(2_000);
      expect(await post(compressed, { 'content-encoding': coding }, { limit: 100_000 })).toMatchObject({ ok: false, status: 413 });
      expect(await parseBody(webRequest(compressed, coding), { limit: 100_000 })).toMatchObject({ ok: false, status: 413 });
      // The compressed length is not held against the limit: only what it inflates to.
      expect(await post(compressed, { 'content-encoding': coding }, { limit: large.length })).toMatchObject({ ok: true });
    }
  });

  it('checks the inflate option type', async () => {
    await expect(parseBody(webRequest(gzipSync(Buffer.from('1')), 'gzip'), { inflate: 'yes' as never })).rejects.toThrow(TypeError);
  });
});
