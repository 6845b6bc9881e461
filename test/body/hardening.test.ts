import { describe, expect, it } from 'vitest';
import { parseBody, readBody } from '../../src/body/index.js';
import { detach } from '../../src/detach/index.js';

// Found by review: a caller's detach of an empty result, and an abort during a pending read.

const encoder = new TextEncoder();

describe('request bodies after hostile or unlucky callers', () => {
  it('keep working after a caller detached an empty body it was given', async () => {
    const empty = await readBody((async function* () {})());
    expect(empty.ok && empty.bytes.byteLength).toBe(0);
    if (empty.ok) detach(empty.bytes);
    const later = await parseBody(
      (async function* () {
        yield new Uint8Array(0);
        yield encoder.encode('[1]');
      })(),
    );
    expect(later).toEqual({ ok: true, value: [1] });
  });

  it('reject with the abort reason when the signal aborts while a chunk is being read', async () => {
    const controller = new AbortController();
    let calls = 0;
    const source: AsyncIterable<Uint8Array> = {
      [Symbol.asyncIterator]: () => ({
        next: () => {
          calls++;
          if (calls === 1) {
            controller.abort(new Error('stop reading'));
            return Promise.resolve({ done: false, value: encoder.encode('[1') });
          }
          return new Promise<IteratorResult<Uint8Array>>(() => {});
        },
        return: () => Promise.resolve({ done: true, value: undefined }),
      }),
    };
    await expect(parseBody(source, { signal: controller.signal })).rejects.toThrow('stop reading');
  });
});
