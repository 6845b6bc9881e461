import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { BodyCollector } from '../../src/body/body-collector.js';

const originalCreate = BodyCollector.create;
import { parseBody, readBody } from '../../src/body.js';

const encoder = new TextEncoder();

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function* iterableOf(chunks: Uint8Array[]) {
  for (const chunk of chunks) yield chunk;
}

describe('WHATWG Request and Response', () => {
  it('parses a Request body', async () => {
    const request = new Request('http://localhost/', { method: 'POST', body: '{"hello": ["world", 1]}' });
    expect(await parseBody(request)).toEqual({ ok: true, value: { hello: ['world', 1] } });
    expect(request.bodyUsed).toBe(true);
  });

  it('parses a Response body and reads one into exactly covering bytes', async () => {
    expect(await parseBody(new Response('[1, 2, 3]'))).toEqual({ ok: true, value: [1, 2, 3] });
    const read = await readBody(new Response('"text"'));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.bytes.byteLength).toBe(read.bytes.buffer.byteLength);
    expect(new TextDecoder().decode(read.bytes)).toBe('"text"');
  });

  it('refuses a declared Content-Length past the limit with 413 and cancels the body', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(new Uint8Array(1000)),
      cancel: () => {
        cancelled = true;
      },
    });
    const response = new Response(body, { headers: { 'content-length': '5000' } });
    expect(await parseBody(response, { limit: 4000 })).toMatchObject({ ok: false, status: 413 });
    expect(cancelled).toBe(true);
  });

  it('refuses a body longer than its declared length with 400, or 413 past the limit', async () => {
    const longer = () => new Response('[1, 2, 3, 4]', { headers: { 'content-length': '4' } });
    expect(await parseBody(longer())).toEqual({
      ok: false,
      status: 400,
      message: 'The body is longer than its declared Content-Length of 4 bytes',
    });
    expect(await parseBody(longer(), { limit: 8 })).toMatchObject({ ok: false, status: 413 });
  });

  it('refuses a body shorter than its declared length with 400', async () => {
    const response = new Response('[1]', { headers: { 'content-length': '10' } });
    expect(await parseBody(response)).toEqual({
      ok: false,
      status: 400,
      message: 'The body ended after 3 of its declared 10 bytes',
    });
  });

  it('refuses malformed Content-Length with 400, and compressed bodies with 415 when inflate is false', async () => {
    const lying = new Response('[]', { headers: { 'content-length': '2x' } });
    expect(await parseBody(lying)).toMatchObject({ ok: false, status: 400, message: 'Invalid Content-Length "2x"' });
    const repeated = new Response('[]', { headers: [['content-length', '2'], ['content-length', '2']] });
    expect(await parseBody(repeated)).toEqual({ ok: true, value: [] });
    const compressed = new Response('[]', { headers: { 'content-encoding': 'br' } });
    expect(await parseBody(compressed, { inflate: false })).toMatchObject({ ok: false, status: 415 });
    const identity = new Response('[]', { headers: { 'content-encoding': 'Identity' } });
    expect(await parseBody(identity)).toEqual({ ok: true, value: [] });
  });

  it('gives 400 for an empty or missing body from parseBody, and empty bytes from readBody', async () => {
    expect(await parseBody(new Request('http://localhost/'))).toEqual({ ok: false, status: 400, message: 'The body is empty' });
    expect(await parseBody(new Response(''))).toMatchObject({ ok: false, status: 400 });
    const read = await readBody(new Response(null));
    expect(read).toEqual({ ok: true, bytes: new Uint8Array(0) });
  });

  it('throws a TypeError for a body already used', async () => {
    const response = new Response('{}');
    await response.text();
    await expect(parseBody(response)).rejects.toThrow(TypeError);
  });
});

describe('ReadableStream', () => {
  it('parses a body split anywhere, even inside a multi-byte character', async () => {
    const bytes = encoder.encode('{"snow": "☃❄", "n": 12345}');
    const chunks = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect(await parseBody(streamOf(chunks))).toEqual({ ok: true, value: { snow: '☃❄', n: 12345 } });
  });

  const PADDED_LENGTH = 20_000;
  const padded = (text: string) => encoder.encode(text.padEnd(PADDED_LENGTH, ' '));

  it("detaches chunks that cover their whole buffer once copied, with detach: 'chunks'", async () => {
    const chunks = [padded('[1, '), padded('2]'), encoder.encode(' ')];
    expect(await parseBody(streamOf(chunks), { limit: Infinity, detach: 'chunks' })).toEqual({ ok: true, value: [1, 2] });
    expect(chunks.map((chunk) => chunk.buffer.byteLength)).toEqual([0, 0, 0]);
    const iterated = [padded('[3, '), padded('4]')];
    expect(await parseBody(iterableOf(iterated), { limit: Infinity, detach: 'chunks' })).toEqual({ ok: true, value: [3, 4] });
    expect(iterated.map((chunk) => chunk.buffer.byteLength)).toEqual([0, 0]);
  });

  it('leaves the chunks of streams and iterables alone by default (they may be shared unseen)', async () => {
    const chunks = [padded('[1, '), padded('2]'), encoder.encode(' ')];
    expect(await parseBody(streamOf(chunks), { limit: Infinity })).toEqual({ ok: true, value: [1, 2] });
    expect(chunks.map((chunk) => chunk.byteLength)).toEqual([PADDED_LENGTH, PADDED_LENGTH, 1]);
    const iterated = [encoder.encode('[3]')];
    expect(await parseBody(iterableOf(iterated))).toEqual({ ok: true, value: [3] });
    expect(iterated[0].byteLength).toBe(3);
  });

  it('still releases the body buffer it allocated itself, while leaving the chunks alone', async () => {
    const collectors: BodyCollector[] = [];
    const create = vi.spyOn(BodyCollector, 'create').mockImplementation((...args) => {
      const collector = originalCreate.apply(BodyCollector, args);
      collectors.push(collector);
      return collector;
    });
    try {
      const chunks = [padded('[1, '), padded('2]')];
      expect(await parseBody(streamOf(chunks), { limit: Infinity })).toEqual({ ok: true, value: [1, 2] });
      expect(chunks.map((chunk) => chunk.byteLength)).toEqual([PADDED_LENGTH, PADDED_LENGTH]);
      expect(collectors).toHaveLength(1);
      expect(collectors[0].backingBuffer.byteLength).toBe(0);
    } finally {
      create.mockRestore();
    }
  });

  it("a tee'd stream's other branch sees every byte while parseBody reads the first (default detach)", async () => {
    for (const chunks of [[encoder.encode('{"a":1}')], [padded('{"list": ['), padded('1, 2, 3'), encoder.encode(']}')]]) {
      const [forParse, forOther] = streamOf(chunks).tee();
      const parsed = await parseBody(forParse, { limit: Infinity });
      const other = new Uint8Array(await new Response(forOther).arrayBuffer());
      const expected = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
      chunks.reduce((offset, chunk) => (expected.set(chunk, offset), offset + chunk.byteLength), 0);
      expect(parsed.ok).toBe(true);
      expect(other).toEqual(expected);
    }
  });

  it('a cloned Request keeps its body after the original was parsed', async () => {
    const original = new Request('http://localhost/', { method: 'POST', body: '{"signed": true}' });
    const copy = original.clone();
    expect(await parseBody(original)).toEqual({ ok: true, value: { signed: true } });
    expect(await copy.text()).toBe('{"signed": true}');
  });

  it('leaves chunks that are views on a larger buffer alone', async () => {
    const whole = padded('[true, false]');
    const chunks = [whole.subarray(0, 5), whole.subarray(5)];
    expect(await parseBody(streamOf(chunks), { limit: Infinity })).toEqual({ ok: true, value: [true, false] });
    expect(whole.byteLength).toBe(PADDED_LENGTH);
    expect(new TextDecoder().decode(whole).trimEnd()).toBe('[true, false]');
  });

  it('leaves chunks over a SharedArrayBuffer alone', async () => {
    const shared = new Uint8Array(new SharedArrayBuffer(4));
    shared.set(encoder.encode('1234'));
    expect(await parseBody(streamOf([shared]))).toEqual({ ok: true, value: 1234 });
    expect(shared.byteLength).toBe(4);
  });

  it('leaves every chunk alone with detach: false', async () => {
    const chunks = [padded('[1, '), padded('2]')];
    expect(await parseBody(streamOf(chunks), { detach: false, limit: Infinity })).toEqual({ ok: true, value: [1, 2] });
    expect(chunks.map((chunk) => chunk.byteLength)).toEqual([PADDED_LENGTH, PADDED_LENGTH]);
  });

  it('stops an endless stream at the limit with 413 and cancels it', async () => {
    let pulls = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
      cancel() {
        cancelled = true;
      },
    });
    expect(await parseBody(endless, { limit: 1_000_000 })).toEqual({
      ok: false,
      status: 413,
      message: 'The body is larger than the limit of 1000000 bytes',
    });
    expect(cancelled).toBe(true);
    expect(pulls).toBeLessThan(20);
  });

  it('turns an erroring stream into a 400', async () => {
    let sent = false;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) controller.error(new Error('connection reset'));
        else controller.enqueue(encoder.encode('[1,'));
        sent = true;
      },
    });
    expect(await parseBody(failing)).toEqual({ ok: false, status: 400, message: 'Reading the body failed: connection reset' });
  });

  it('throws a TypeError for a locked stream and for chunks that are not bytes', async () => {
    const locked = streamOf([encoder.encode('1')]);
    locked.getReader();
    await expect(parseBody(locked)).rejects.toThrow(TypeError);
    const strings = new ReadableStream({
      start(controller) {
        controller.enqueue('{"a": 1}');
        controller.close();
      },
    });
    await expect(parseBody(strings as ReadableStream<Uint8Array>)).rejects.toThrow(/must be Uint8Array.*string/);
  });
});

describe('async iterables and Node Readables', () => {
  it('parses an async iterable of chunks, ArrayBuffers and other views included', async () => {
    const text = encoder.encode('{"list": [1, 2, 3]}');
    const chunks = [text.slice(0, 3), new DataView(text.slice(3, 9).buffer), text.slice(9).buffer];
    expect(await parseBody(iterableOf(chunks as Uint8Array[]))).toEqual({ ok: true, value: { list: [1, 2, 3] } });
  });

  it('grows its buffer past many doublings for a large streamed body', async () => {
    const document = { items: Array.from({ length: 5_000 }, (_, index) => ({ index, name: `item ${index}` })) };
    const bytes = encoder.encode(JSON.stringify(document));
    const chunks: Uint8Array[] = [];
    for (let offset = 0; offset < bytes.length; offset += 7_000) chunks.push(bytes.slice(offset, offset + 7_000));
    const read = await readBody(iterableOf(chunks), { limit: Infinity });
    expect(read.ok && Buffer.from(read.bytes).equals(bytes)).toBe(true);
    expect(read.ok && read.bytes.byteLength === read.bytes.buffer.byteLength).toBe(true);
    expect(await parseBody(iterableOf([bytes.slice()]), { limit: bytes.length })).toEqual({
      ok: true,
      value: document,
    });
  });

  it('stops an async iterable at the limit and calls its return()', async () => {
    let finished = false;
    async function* endless() {
      try {
        for (;;) yield new Uint8Array(1000);
      } finally {
        finished = true;
      }
    }
    expect(await parseBody(endless(), { limit: 10_000 })).toMatchObject({ ok: false, status: 413 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(finished).toBe(true);
  });

  it('reads a plain Node Readable and destroys it when it is too large', async () => {
    expect(await parseBody(Readable.from([Buffer.from('{"node": '), Buffer.from('true}')]))).toEqual({
      ok: true,
      value: { node: true },
    });
    const large = Readable.from((function* () {
      for (;;) yield Buffer.alloc(4096, 0x20);
    })());
    expect(await parseBody(large, { limit: 50_000 })).toMatchObject({ ok: false, status: 413 });
    expect(large.destroyed).toBe(true);
  });

  it('turns a Node stream error into a 400 and refuses a stream already read', async () => {
    const failing = new Readable({ read() {} });
    setTimeout(() => failing.destroy(new Error('boom')), 5);
    expect(await parseBody(failing)).toEqual({ ok: false, status: 400, message: 'Reading the body failed: boom' });
    const consumed = Readable.from([Buffer.from('1')]);
    for await (const chunk of consumed) void chunk;
    await expect(parseBody(consumed)).rejects.toThrow(TypeError);
  });

  it('applies parseBinary options', async () => {
    const body = () => new Response('{"__proto__": {"polluted": true}, "ok": 1}');
    expect(await parseBody(body(), { protoAction: 'remove' })).toEqual({ ok: true, value: { ok: 1 } });
    expect(await parseBody(body(), { protoAction: 'error' })).toMatchObject({ ok: false, status: 400 });
    expect(await parseBody(new Response('[[[1]]]'), { maxDepth: 2 })).toMatchObject({ ok: false, status: 400 });
  });
});

describe('bad arguments and aborting', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', '{"a": 1}'],
    ['a Uint8Array', encoder.encode('{}')],
    ['a plain object', { body: '{}' }],
  ])('throws a TypeError for %s as the source', async (_, source) => {
    await expect(parseBody(source as never)).rejects.toThrow(TypeError);
    await expect(readBody(source as never)).rejects.toThrow(TypeError);
  });

  it('throws for invalid options', async () => {
    const body = () => new Response('1');
    await expect(parseBody(body(), { limit: '1mb' as never })).rejects.toThrow(TypeError);
    await expect(parseBody(body(), { limit: -1 })).rejects.toThrow(RangeError);
    await expect(parseBody(body(), { limit: 1.5 })).rejects.toThrow(RangeError);
    await expect(parseBody(body(), { detach: 'yes' as never })).rejects.toThrow(TypeError);
    await expect(parseBody(body(), { signal: {} as never })).rejects.toThrow(TypeError);
    await expect(parseBody(body(), 'options' as never)).rejects.toThrow(TypeError);
  });

  it('refuses a misspelt option name, naming it and the known ones', async () => {
    const body = () => new Response('{"__proto__": 1}');
    await expect(parseBody(body(), { protoaction: 'ignore' } as never)).rejects.toThrow(
      /parseBody: unknown option 'protoaction' \(did you mean 'protoAction'\?\); known options: 'limit', 'detach', 'signal', .*'fatal', 'maxDepth', 'protoAction', 'constructorAction'/,
    );
    await expect(parseBody(body(), { maxdepth: 2 } as never)).rejects.toThrow(TypeError);
    await expect(readBody(body(), { limt: 10 } as never)).rejects.toThrow(/readBody: unknown option 'limt'/);
    // readBody does not parse: a parse option there is a mistake too.
    await expect(readBody(body(), { protoAction: 'error' } as never)).rejects.toThrow(/readBody: unknown option 'protoAction'/);
  });

  it('rejects with the reason of an aborted signal and cancels the source', async () => {
    let cancelled = false;
    const slow = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('[1, '));
      },
      cancel() {
        cancelled = true;
      },
    });
    const controller = new AbortController();
    const parsing = parseBody(slow, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('too slow')), 10);
    await expect(parsing).rejects.toThrow('too slow');
    expect(cancelled).toBe(true);
    await expect(parseBody(new Response('1'), { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
