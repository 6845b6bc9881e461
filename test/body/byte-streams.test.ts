// Byte streams (Deno.serve's request bodies are ones) are read with a BYOB reader straight into the
// body's own buffer; these tests reach that path through a `type: 'bytes'` stream whose pull sees
// the reader's view (`byobRequest`), and pin its edges: lengths, limits, errors, aborts.
import { describe, expect, it } from 'vitest';
import { BodyCollector } from '../../src/body/body-collector.js';
import { BUFFER_FULL, readByteStream, type ByobReaderLike } from '../../src/body/read-byte-stream.js';
import { parseBody, readBody } from '../../src/body.js';

const encoder = new TextEncoder();

interface ByteStreamLog {
  /** Size of each view a BYOB read lent to the source; empty when read chunk by chunk. */
  views: number[];
  cancelled: boolean;
}

/** A byte stream serving `bytes` in pieces of at most `piece` bytes, into the reader's view when there is one. */
function byteStream(bytes: Uint8Array, piece: number, log: ByteStreamLog = { views: [], cancelled: false }) {
  let offset = 0;
  const stream = new ReadableStream({
    type: 'bytes',
    pull(controller) {
      if (offset === bytes.byteLength) {
        controller.close();
        controller.byobRequest?.respond(0);
        return;
      }
      const request = controller.byobRequest;
      if (request?.view) {
        const view = new Uint8Array(request.view.buffer, request.view.byteOffset, request.view.byteLength);
        log.views.push(view.byteLength);
        const count = Math.min(piece, view.byteLength, bytes.byteLength - offset);
        view.set(bytes.subarray(offset, offset + count));
        offset += count;
        request.respond(count);
      } else {
        const count = Math.min(piece, bytes.byteLength - offset);
        controller.enqueue(bytes.slice(offset, offset + count));
        offset += count;
      }
    },
    cancel() {
      log.cancelled = true;
    },
  });
  return { stream, log };
}

function declared(stream: ReadableStream<Uint8Array>, length: number): Response {
  return new Response(stream, { headers: { 'content-length': String(length) } });
}

describe('byte streams, read into the body buffer (BYOB)', () => {
  const document = encoder.encode(JSON.stringify({ items: Array.from({ length: 8_000 }, (_, index) => `item ${index}`) }));

  it('reads a declared body into one buffer of that length, lent to the source as the rest of it', async () => {
    const { stream, log } = byteStream(document, 10_000);
    const read = await readBody(declared(stream, document.byteLength));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.bytes).toEqual(document);
    expect(read.bytes.buffer.byteLength).toBe(document.byteLength);
    expect(log.views[0]).toBe(document.byteLength);
    expect(log.views[1]).toBe(document.byteLength - 10_000);
    const parsed = await parseBody(declared(byteStream(document, 7_000).stream, document.byteLength), { limit: 1 << 20 });
    expect(parsed).toEqual({ ok: true, value: JSON.parse(new TextDecoder().decode(document)) });
  });

  it('lends at most 256 KiB per read, into the one buffer of the declared length', async () => {
    const bytes = new Uint8Array(600_000).map((_, index) => index % 253);
    const { stream, log } = byteStream(bytes, 1 << 20);
    const read = await readBody(declared(stream, bytes.byteLength), { limit: 1 << 20 });
    expect(read.ok && read.bytes).toEqual(bytes);
    expect(read.ok && read.bytes.buffer.byteLength).toBe(600_000);
    expect(log.views).toEqual([262_144, 262_144, 600_000 - 2 * 262_144]);
  });

  it('grows a body of unknown length by doubling within the limit and trims it', async () => {
    const bytes = new Uint8Array(40_000).map((_, index) => index % 251);
    const { stream, log } = byteStream(bytes, 9_000);
    const read = await readBody(stream, { limit: 100_000 });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.bytes).toEqual(bytes);
    expect(read.bytes.buffer.byteLength).toBe(40_000);
    // 16 KiB first, then doubled: each view is what is left of the current buffer.
    expect(log.views.slice(0, 4)).toEqual([16_384, 7_384, 16_384, 7_384]);
  });

  it('reads a body of exactly the limit, and refuses one byte more with 413, cancelling the stream', async () => {
    const exact = await readBody(byteStream(new Uint8Array(50).fill(32), 20).stream, { limit: 50 });
    expect(exact).toMatchObject({ ok: true });
    const over = byteStream(new Uint8Array(51).fill(32), 20);
    expect(await readBody(over.stream, { limit: 50 })).toMatchObject({ ok: false, status: 413 });
    expect(over.log.cancelled).toBe(true);
  });

  it('refuses a body longer than declared with 400, or 413 when the rest passes the limit', async () => {
    const longer = () => declared(byteStream(new Uint8Array(70_012).fill(32), 1 << 20).stream, 70_000);
    expect(await parseBody(longer(), { limit: 1 << 20 })).toEqual({
      ok: false,
      status: 400,
      message: 'The body is longer than its declared Content-Length of 70000 bytes',
    });
    expect(await parseBody(longer(), { limit: 70_008 })).toMatchObject({ ok: false, status: 413 });
  });

  it('reads a body declared to fit in one chunk (64 KiB) chunk by chunk', async () => {
    const small = byteStream(encoder.encode('[1, 2, 3]'), 64);
    expect(await parseBody(declared(small.stream, 9))).toEqual({ ok: true, value: [1, 2, 3] });
    const atBound = byteStream(new Uint8Array(65_536).fill(32), 1 << 20);
    expect(await readBody(declared(atBound.stream, 65_536))).toMatchObject({ ok: true });
    expect([small.log.views, atBound.log.views]).toEqual([[], []]);
    const pastBound = byteStream(new Uint8Array(65_537).fill(32), 1 << 20);
    expect(await readBody(declared(pastBound.stream, 65_537))).toMatchObject({ ok: true });
    expect(pastBound.log.views).toEqual([65_537]);
  });

  it('refuses a body shorter than declared, and takes an empty one', async () => {
    const short = byteStream(encoder.encode('[1]'), 64);
    expect(await parseBody(declared(short.stream, 100_000), { limit: 1 << 20 })).toEqual({
      ok: false,
      status: 400,
      message: 'The body ended after 3 of its declared 100000 bytes',
    });
    expect(short.log.views).toEqual([100_000]);
    expect(await parseBody(byteStream(new Uint8Array(0), 64).stream)).toEqual({ ok: false, status: 400, message: 'The body is empty' });
    const empty = await readBody(byteStream(new Uint8Array(0), 64).stream);
    expect(empty.ok && empty.bytes.byteLength).toBe(0);
  });

  it('turns a failing source into 400', async () => {
    const stream = new ReadableStream({
      type: 'bytes',
      pull(controller) {
        controller.error(new Error('connection reset'));
      },
    });
    expect(await parseBody(stream)).toEqual({ ok: false, status: 400, message: 'Reading the body failed: connection reset' });
  });

  it('rejects with the reason of a signal aborted mid-read, and cancels the stream', async () => {
    let cancelled = false;
    const stream = new ReadableStream({
      type: 'bytes',
      pull: () => new Promise(() => {}),
      cancel() {
        cancelled = true;
      },
    });
    const controller = new AbortController();
    const parsing = parseBody(declared(stream, 100_000), { limit: 1 << 20, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('too slow')), 10);
    await expect(parsing).rejects.toThrow('too slow');
    expect(cancelled).toBe(true);
  });

  it('reports a reader that answers without the buffer it was lent', async () => {
    let released = false;
    const reader: ByobReaderLike = {
      read: () => Promise.resolve({ done: false, value: undefined }),
      cancel: () => Promise.resolve(),
      releaseLock: () => {
        released = true;
      },
    };
    const outcome = await readByteStream(reader, BodyCollector.create(8, 100, true), undefined);
    expect(outcome).toMatchObject({ ok: false, status: 400, message: 'Reading the body failed: the byte stream did not give the body buffer back' });
    expect(released).toBe(true);
  });

  it('hands a full buffer back to the caller, and refuses a declared length it cannot allocate', async () => {
    const full = BodyCollector.create(0, 100, true);
    const reader: ByobReaderLike = { read: () => Promise.reject(new Error('not read')), cancel: () => Promise.resolve(), releaseLock: () => {} };
    expect(await readByteStream(reader, full, undefined)).toBe(BUFFER_FULL);
    expect(await readByteStream(reader, BodyCollector.create(2 ** 52, Infinity, true), undefined)).toMatchObject({ ok: false, status: 413 });
  });
});

describe('BodyCollector free space for BYOB reads', () => {
  it('lends the rest of the declared buffer, takes back the transferred one, and is full at the declared length', () => {
    const collector = BodyCollector.create(6, 100, true);
    const first = collector.freeSpace();
    if (!(first instanceof Uint8Array)) throw new Error('expected a view');
    expect([first.byteOffset, first.byteLength]).toEqual([0, 6]);
    const moved = structuredClone(first.buffer, { transfer: [first.buffer] });
    new Uint8Array(moved).set([1, 2, 3, 4]);
    collector.filled(new Uint8Array(moved, 0, 4));
    const second = collector.freeSpace();
    if (!(second instanceof Uint8Array)) throw new Error('expected a view');
    expect([second.byteOffset, second.byteLength]).toEqual([4, 2]);
    collector.filled(new Uint8Array(second.buffer, 4, 2));
    expect(collector.freeSpace()).toBeUndefined();
    expect([...(collector.finish() as Uint8Array)]).toEqual([1, 2, 3, 4, 0, 0]);
  });
});
