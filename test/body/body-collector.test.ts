import { describe, expect, it } from 'vitest';
import { BodyCollector } from '../../src/body/body-collector.js';

const collector = (declared: number | undefined, limit: number, detach = true) =>
  BodyCollector.create(declared, limit, detach);

describe('BodyCollector', () => {
  it('allocates exactly the declared length once and hands that buffer back', () => {
    const body = collector(6, 100);
    body.add(Uint8Array.of(1, 2, 3), true);
    const buffer = body.backingBuffer;
    expect(buffer.byteLength).toBe(6);
    body.add(Uint8Array.of(4, 5, 6), true);
    expect(body.backingBuffer).toBe(buffer);
    const bytes = body.exactBytes();
    expect(bytes.buffer).toBe(buffer);
    expect([...bytes]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('grows a streamed body by doubling, never past the limit, and trims the result', () => {
    const body = collector(undefined, 100_000);
    const capacities: number[] = [];
    for (let index = 0; index < 10; index++) {
      expect(body.add(new Uint8Array(9_000).fill(index), true)).toBeUndefined();
      capacities.push(body.backingBuffer.byteLength);
    }
    // The first chunk is adopted as it is; each later growth doubles, capped by the limit.
    expect([...new Set(capacities)]).toEqual([9_000, 18_000, 36_000, 72_000, 100_000]);
    const bytes = body.exactBytes();
    expect(bytes.byteLength).toBe(90_000);
    expect(bytes.buffer.byteLength).toBe(90_000);
    expect(bytes[89_999]).toBe(9);
  });

  it('refuses the chunk that passes the limit, or the declared length, before copying it', () => {
    const streamed = collector(undefined, 10);
    expect(streamed.add(new Uint8Array(8), true)).toBeUndefined();
    expect(streamed.add(new Uint8Array(3), true)).toMatchObject({ status: 413 });
    expect(streamed.receivedLength).toBe(8);
    const declared = collector(4, 10);
    expect(declared.add(new Uint8Array(5), true)).toMatchObject({ status: 400 });
    expect(declared.add(new Uint8Array(11), true)).toMatchObject({ status: 413 });
  });

  it('reports a body shorter than declared', () => {
    const body = collector(10, 100);
    body.add(new Uint8Array(4), true);
    expect(body.finish()).toMatchObject({ ok: false, status: 400, message: 'The body ended after 4 of its declared 10 bytes' });
  });

  it('reports a declared length that cannot be allocated as 413', () => {
    expect(collector(2 ** 52, Infinity, true).add(new Uint8Array(10), true)).toMatchObject({ ok: false, status: 413 });
  });

  it('adopts a first chunk that is the whole declared body, without copying', () => {
    const chunk = Uint8Array.of(1, 2, 3);
    const body = collector(3, 100);
    body.add(chunk, true);
    expect(body.finish()).toBe(chunk);
    expect(body.exactBytes()).toBe(chunk);
  });

  it('copies instead of adopting when the chunk is a view on a larger buffer, or detach is off', () => {
    const larger = Uint8Array.of(9, 1, 2, 3);
    const view = larger.subarray(1);
    const fromView = collector(3, 100);
    fromView.add(view, true);
    expect(fromView.backingBuffer).not.toBe(larger.buffer);
    const whole = Uint8Array.of(1, 2, 3);
    const kept = collector(3, 100, false);
    kept.add(whole, false);
    expect(kept.backingBuffer).not.toBe(whole.buffer);
    expect([...kept.exactBytes()]).toEqual([1, 2, 3]);
  });

  it('moves an adopted first chunk into a grown buffer when more chunks follow, then releases it', () => {
    const size = 20_000;
    const first = new Uint8Array(size).fill(7);
    const body = collector(undefined, 1_000_000);
    body.add(first, true);
    expect(body.backingBuffer).toBe(first.buffer);
    body.add(Uint8Array.of(8), true);
    expect(first.byteLength).toBe(0);
    const bytes = body.exactBytes();
    expect(bytes.byteLength).toBe(size + 1);
    expect([bytes[0], bytes[size - 1], bytes[size]]).toEqual([7, 7, 8]);
  });

  it('detaches copied chunks of every size, only when detach is on', () => {
    // A declared length larger than the chunk rules out adopting it: it is copied.
    for (const size of [1, 100, 20_000]) {
      const released = new Uint8Array(size);
      collector(100_000, 100_000, true).add(released, true);
      expect(released.byteLength).toBe(0);
      const kept = new Uint8Array(size);
      collector(100_000, 100_000, false).add(kept, false);
      expect(kept.byteLength).toBe(size);
    }
  });

  it('keeps working after growing from empty many times (the empty start value is never detached)', () => {
    for (let round = 0; round < 3; round++) {
      const body = collector(undefined, 1_000_000);
      body.add(Uint8Array.of(1, 2), true);
      body.add(new Uint8Array(30_000), true);
      expect(body.exactBytes().byteLength).toBe(30_002);
    }
  });

  it('detaches the buffer it outgrows', () => {
    const body = collector(undefined, 1_000_000);
    body.add(new Uint8Array(20_000), true);
    const outgrown = body.backingBuffer;
    body.add(new Uint8Array(20_000), true);
    expect(outgrown.byteLength).toBe(0);
    expect(body.backingBuffer.byteLength).toBe(40_000);
  });
  it('borrows a first chunk that is the whole declared body: read in place, never detached, copied for exactBytes', () => {
    // A slice of a larger read, as node:http hands a small body over: it cannot be adopted.
    const read = Uint8Array.of(9, 9, 1, 2, 3, 9);
    const chunk = read.subarray(2, 5);
    for (const consumable of [true, false]) {
      const body = collector(3, 100);
      expect(body.add(chunk, consumable)).toBeUndefined();
      const bytes = body.finish();
      expect(bytes).toBe(chunk);
      expect(body.backingBuffer.byteLength).toBe(0);
      const exact = body.exactBytes();
      expect([...exact]).toEqual([1, 2, 3]);
      expect(exact.buffer).not.toBe(read.buffer);
      expect(read.byteLength).toBe(6);
    }
    // One byte more than declared is still refused, before anything is kept.
    const longer = collector(2, 100);
    expect(longer.add(chunk, true)).toMatchObject({ status: 400 });
  });

  it('hands an empty body out as an array of its own', () => {
    const first = collector(0, 100).finish() as Uint8Array;
    const second = collector(undefined, 100).exactBytes();
    expect(first.byteLength).toBe(0);
    expect(second.byteLength).toBe(0);
    expect(first.buffer).not.toBe(second.buffer);
  });
});
