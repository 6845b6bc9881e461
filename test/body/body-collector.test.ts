import { describe, expect, it } from 'vitest';
import { BodyCollector } from '../../src/body/body-collector.js';
import { MIN_RELEASE_BYTES } from '../../src/body/release.js';

function collector(declared: number | undefined, limit: number, detach = true): BodyCollector {
  const created = BodyCollector.create(declared, limit, detach);
  if (!(created instanceof BodyCollector)) throw new Error(created.message);
  return created;
}

describe('BodyCollector', () => {
  it('allocates exactly the declared length once and hands that buffer back', () => {
    const body = collector(6, 100);
    const buffer = body.backingBuffer;
    expect(buffer.byteLength).toBe(6);
    body.add(Uint8Array.of(1, 2, 3));
    body.add(Uint8Array.of(4, 5, 6));
    expect(body.backingBuffer).toBe(buffer);
    const bytes = body.exactBytes();
    expect(bytes.buffer).toBe(buffer);
    expect([...bytes]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('grows a streamed body by doubling, never past the limit, and trims the result', () => {
    const body = collector(undefined, 100_000);
    const capacities: number[] = [];
    for (let index = 0; index < 10; index++) {
      expect(body.add(new Uint8Array(9_000).fill(index))).toBeUndefined();
      capacities.push(body.backingBuffer.byteLength);
    }
    expect([...new Set(capacities)]).toEqual([16_384, 32_768, 65_536, 100_000]);
    const bytes = body.exactBytes();
    expect(bytes.byteLength).toBe(90_000);
    expect(bytes.buffer.byteLength).toBe(90_000);
    expect(bytes[89_999]).toBe(9);
  });

  it('refuses the chunk that passes the limit, or the declared length, before copying it', () => {
    const streamed = collector(undefined, 10);
    expect(streamed.add(new Uint8Array(8))).toBeUndefined();
    expect(streamed.add(new Uint8Array(3))).toMatchObject({ status: 413 });
    expect(streamed.receivedLength).toBe(8);
    const declared = collector(4, 10);
    expect(declared.add(new Uint8Array(5))).toMatchObject({ status: 400 });
    expect(declared.add(new Uint8Array(11))).toMatchObject({ status: 413 });
  });

  it('reports a body shorter than declared', () => {
    const body = collector(10, 100);
    body.add(new Uint8Array(4));
    expect(body.finish()).toMatchObject({ ok: false, status: 400, message: 'The body ended after 4 of its declared 10 bytes' });
  });

  it('reports a declared length that cannot be allocated as 413', () => {
    expect(BodyCollector.create(2 ** 52, Infinity, true)).toMatchObject({ ok: false, status: 413 });
  });

  it('detaches copied chunks of 16 KiB or more, only when detach is on', () => {
    const released = new Uint8Array(MIN_RELEASE_BYTES);
    collector(undefined, 100_000, true).add(released);
    expect(released.byteLength).toBe(0);
    const small = new Uint8Array(MIN_RELEASE_BYTES - 1);
    collector(undefined, 100_000, true).add(small);
    expect(small.byteLength).toBe(MIN_RELEASE_BYTES - 1);
    const kept = new Uint8Array(MIN_RELEASE_BYTES);
    collector(undefined, 100_000, false).add(kept);
    expect(kept.byteLength).toBe(MIN_RELEASE_BYTES);
  });

  it('detaches the buffer it outgrows', () => {
    const body = collector(undefined, 1_000_000);
    body.add(new Uint8Array(20_000));
    const outgrown = body.backingBuffer;
    body.add(new Uint8Array(20_000));
    expect(outgrown.byteLength).toBe(0);
    expect(body.backingBuffer.byteLength).toBe(40_000);
  });
});
