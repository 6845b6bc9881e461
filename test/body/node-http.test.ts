import { createServer, request, Agent, type IncomingMessage, type Server } from 'node:http';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBody, readBody } from '../../src/body.js';
import { chunked, postHead, sendRaw, startBodyServer, type BodyServer } from './http-harness.js';

let server: BodyServer;

beforeAll(async () => {
  server = await startBodyServer({ limit: 64 * 1024 });
});
afterAll(async () => {
  await server.close();
});

function post(id: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`http://127.0.0.1:${server.port}/`, { method: 'POST', body, headers: { ...headers, 'x-id': id } });
}

describe('parseBody on a node:http server', () => {
  it('parses a good body', async () => {
    const document = { name: 'ünïcode ✓', list: [1, 2.5, -3e10, true, null], nested: { a: { b: 'c' } } };
    const response = await post('good', JSON.stringify(document));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(document);
    expect(await server.outcomeOf('good')).toEqual({ ok: true, value: document });
  });

  it('refuses invalid JSON with 400, the parser message and the byte position', async () => {
    const response = await post('invalid', '{"a": 1,, "b": 2}');
    expect(response.status).toBe(400);
    const outcome = await server.outcomeOf('invalid');
    expect(outcome).toMatchObject({ ok: false, status: 400, position: 8 });
    expect(await response.text()).toBe((outcome as { message: string }).message);
  });

  it('refuses an empty body with 400', async () => {
    const response = await post('empty', '');
    expect(response.status).toBe(400);
    expect(await server.outcomeOf('empty')).toEqual({ ok: false, status: 400, message: 'The body is empty' });
  });

  it('refuses a declared length past the limit with 413 before reading anything', async () => {
    // The client announces 10 MB but sends only the headers: the answer must come anyway.
    const response = await sendRaw(server.port, postHead('declared-413', 10_000_000), '', 'wait');
    expect(response.status).toBe(413);
    expect(response.text).toMatch(/connection: close/i);
    const outcome = await server.outcomeOf('declared-413');
    expect(outcome).toMatchObject({ ok: false, status: 413 });
    expect((outcome as { message: string }).message).toContain('declares 10000000 bytes');
  });

  it('refuses a chunked body with 413 as soon as it passes the limit', async () => {
    const parts = Array.from({ length: 20 }, () => 'x'.repeat(8 * 1024));
    const response = await sendRaw(server.port, postHead('chunked-413', undefined), chunked(parts, true), 'wait');
    const outcome = await server.outcomeOf('chunked-413');
    expect(outcome).toEqual({ ok: false, status: 413, message: 'The body is larger than the limit of 65536 bytes' });
    // The server closes the connection after its answer; the client may see the 413 or a reset.
    expect(response.status === 413 || response.error !== undefined).toBe(true);
  });

  it('refuses a body cut short: declared length longer than sent, then the client half-closes', async () => {
    const response = await sendRaw(server.port, postHead('half-close', 100), '{"a": 1', 'end');
    // Half-closed, the client can still read the answer.
    expect(response.status).toBe(400);
    const outcome = await server.outcomeOf('half-close');
    expect(outcome).toMatchObject({ ok: false, status: 400 });
    expect((outcome as { message: string }).message).toMatch(/closed the connection|ended after/);
  });

  it('refuses a body cut short when the client destroys the socket', async () => {
    await sendRaw(server.port, postHead('destroy', 50_000), 'x'.repeat(5000), 'destroy');
    const outcome = await server.outcomeOf('destroy');
    expect(outcome).toMatchObject({ ok: false, status: 400 });
    expect((outcome as { message: string }).message).toMatch(/closed the connection before the body was complete/);
  });

  it('settles when a chunked body is aborted midway', async () => {
    await sendRaw(server.port, postHead('chunked-abort', undefined), chunked(['[1, 2, ', '3'], true), 'destroy');
    expect(await server.outcomeOf('chunked-abort')).toMatchObject({ ok: false, status: 400 });
  });

  it('refuses a body in a coding it cannot inflate with 415', async () => {
    const response = await post('compress', '{}', { 'content-encoding': 'compress' });
    expect(response.status).toBe(415);
    expect(await server.outcomeOf('compress')).toMatchObject({ ok: false, status: 415 });
  });

  it('parses pipelined keep-alive requests whose chunks were detached', async () => {
    const first = '{"first": true}';
    const second = '{"second": [1, 2, 3]}';
    const rest = `${first}${postHead('second', second.length, 'Connection: close')}\r\n\r\n${second}`;
    const response = await sendRaw(server.port, postHead('first', first.length), rest, 'wait');
    expect(response.text.match(/HTTP\/1\.1 200/g)).toHaveLength(2);
    expect(await server.outcomeOf('first')).toEqual({ ok: true, value: { first: true } });
    expect(await server.outcomeOf('second')).toEqual({ ok: true, value: { second: [1, 2, 3] } });
  });

  it('answers 200 concurrent requests correctly', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 50 });
    const send = (index: number) =>
      new Promise<unknown>((resolve, reject) => {
        const body = JSON.stringify({ index, padding: 'p'.repeat(index * 100) });
        const outgoing = request(
          { port: server.port, host: '127.0.0.1', method: 'POST', agent, headers: { 'content-length': body.length, 'x-id': `many-${index}` } },
          (incoming) => {
            const pieces: Buffer[] = [];
            incoming.on('data', (piece: Buffer) => pieces.push(piece));
            incoming.on('end', () => resolve(JSON.parse(Buffer.concat(pieces).toString())));
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      });
    const replies = await Promise.all(Array.from({ length: 200 }, (_, index) => send(index)));
    agent.destroy();
    replies.forEach((reply, index) => expect(reply).toEqual({ index, padding: 'p'.repeat(index * 100) }));
    for (let index = 0; index < 200; index++) expect((await server.outcomeOf(`many-${index}`)).ok).toBe(true);
  });
});

describe('a slow client and an AbortSignal on node:http', () => {
  it('rejects with the timeout reason and lets the server answer 408', async () => {
    let reason: unknown;
    const slowServer = createServer(async (req, res) => {
      try {
        await parseBody(req, { signal: AbortSignal.timeout(100) });
        res.end('unexpected');
      } catch (error) {
        reason = error;
        res.writeHead(408, { connection: 'close' }).end('too slow');
      }
    });
    await new Promise<void>((resolve) => slowServer.listen(0, '127.0.0.1', resolve));
    const port = (slowServer.address() as AddressInfo).port;
    // Declares 50 bytes, sends 5, then waits for the answer.
    const response = await sendRaw(port, postHead('slow', 50), '{"a":', 'wait');
    await new Promise((resolve) => slowServer.close(resolve));
    expect(response.status).toBe(408);
    expect(reason).toMatchObject({ name: 'TimeoutError' });
  });
});

describe('chunk release on node:http', () => {
  /** Serves one request with `handle`, posts `body` to it (in `pieces` writes), and returns what `handle` resolved to. */
  async function serveOnce<T>(body: string, pieces: number, handle: (req: IncomingMessage) => Promise<T>): Promise<T> {
    let outcome!: Promise<T>;
    const once: Server = createServer((req, res) => {
      outcome = handle(req);
      outcome.then(() => res.end(), () => res.end());
    });
    await new Promise<void>((resolve) => once.listen(0, '127.0.0.1', resolve));
    const port = (once.address() as AddressInfo).port;
    await new Promise<void>((resolve, reject) => {
      const sending = request({ port, host: '127.0.0.1', method: 'POST' }, (res) => res.resume().on('end', resolve));
      sending.on('error', reject);
      const step = Math.ceil(body.length / pieces);
      const writeFrom = (offset: number) => {
        if (offset >= body.length) return void sending.end();
        sending.write(body.slice(offset, offset + step));
        // A pause between writes makes each piece a chunk of its own on the server.
        setTimeout(() => writeFrom(offset + step), 5);
      };
      writeFrom(0);
    });
    const result = await outcome;
    await new Promise((resolve) => once.close(resolve));
    return result;
  }

  /** Records every chunk the request emits without adding a listener (a listener would change parseBody's choice). */
  function recordChunks(req: IncomingMessage): Buffer[] {
    const chunks: Buffer[] = [];
    const emit = req.emit;
    req.emit = function (this: IncomingMessage, event: string | symbol, ...args: unknown[]) {
      if (event === 'data') chunks.push(args[0] as Buffer);
      return emit.call(this, event, ...args);
    } as typeof req.emit;
    return chunks;
  }

  const large = JSON.stringify({ data: 'y'.repeat(300_000) });

  it('detaches every chunk once parsed when parseBody is the only reader (detach: true)', async () => {
    const { lengths, ok } = await serveOnce(large, 1, async (req) => {
      const chunks = recordChunks(req);
      const outcome = await parseBody(req, { limit: Infinity });
      return { lengths: chunks.map((chunk) => chunk.byteLength), ok: outcome.ok };
    });
    expect(ok).toBe(true);
    expect(lengths.length).toBeGreaterThan(1);
    expect(lengths.every((length) => length === 0)).toBe(true);
  });

  it('leaves chunks intact with detach: false', async () => {
    const { total, ok } = await serveOnce(large, 1, async (req) => {
      const chunks = recordChunks(req);
      const outcome = await parseBody(req, { limit: Infinity, detach: false });
      return { total: chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0), ok: outcome.ok };
    });
    expect(ok).toBe(true);
    expect(total).toBe(large.length);
  });

  // The HMAC case: a second 'data' listener keeps the chunks and concatenates them once the body ends.
  for (const [name, body, pieces] of [
    ['a 7-byte body', '{"a":1}', 1],
    ['a multi-chunk body', large, 4],
  ] as const) {
    for (const order of ['after', 'before'] as const) {
      it(`a second 'data' listener added ${order} parseBody sees every byte of ${name}, and nothing throws`, async () => {
        const { value, seen, chunkCount } = await serveOnce(body, pieces, async (req) => {
          const kept: Buffer[] = [];
          const keep = (chunk: Buffer) => kept.push(chunk);
          if (order === 'before') req.on('data', keep);
          const parsing = parseBody(req, { limit: Infinity });
          if (order === 'after') req.on('data', keep);
          const ended = new Promise((resolve) => req.on('end', resolve));
          const outcome = await parsing;
          await ended;
          // Concatenated after parseBody is done, as a digest computed later would be.
          return { value: outcome.ok ? outcome.value : outcome, seen: Buffer.concat(kept).toString(), chunkCount: kept.length };
        });
        expect(value).toEqual(JSON.parse(body));
        expect(seen).toBe(body);
        if (pieces > 1) expect(chunkCount).toBeGreaterThan(1);
      });
    }
  }

  it('leaves the chunks of a piped request alone', async () => {
    const { copied, ok } = await serveOnce(large, 2, async (req) => {
      const copies: Buffer[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          // A slow consumer: the chunks must still be intact when it gets to them.
          setTimeout(() => {
            copies.push(Buffer.from(chunk));
            done();
          }, 1);
        },
      });
      const finished = new Promise<void>((resolve) => sink.on('finish', resolve));
      req.pipe(sink);
      const outcome = await parseBody(req, { limit: Infinity });
      await finished;
      return { copied: Buffer.concat(copies).toString(), ok: outcome.ok };
    });
    expect(ok).toBe(true);
    expect(copied).toBe(large);
  });
});

describe('readBody on a node:http server', () => {
  it('returns bytes covering their own ArrayBuffer, for declared and chunked bodies', async () => {
    const seen: Uint8Array[] = [];
    const reader = createServer(async (req, res) => {
      const outcome = await readBody(req);
      if (outcome.ok) seen.push(outcome.bytes);
      res.end();
    });
    await new Promise<void>((resolve) => reader.listen(0, '127.0.0.1', resolve));
    const port = (reader.address() as AddressInfo).port;
    const text = 'z'.repeat(100_000);
    await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: text });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text.slice(0, 40_000)));
        controller.enqueue(new TextEncoder().encode(text.slice(40_000)));
        controller.close();
      },
    });
    await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    await new Promise((resolve) => reader.close(resolve));
    expect(seen).toHaveLength(2);
    for (const bytes of seen) {
      expect(bytes.byteOffset).toBe(0);
      expect(bytes.byteLength).toBe(bytes.buffer.byteLength);
      expect(new TextDecoder().decode(bytes)).toBe(text);
    }
  });
});
