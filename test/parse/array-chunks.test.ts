import { getBuiltinModule } from 'node:process';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { CHUNK_LENGTH, weaklyHeldNumberChunks } from '../../src/parse/array-scratch.js';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { jsonDifference, oracle, utf8 } from './oracle.js';

/** Parses `text` and checks the value against JSON.parse's. */
function expectSameAsNative(text: string): void {
  const bytes = utf8(text);
  const result = parseBinary(bytes);
  if (!result.ok) throw new Error(result.message);
  const expected = oracle(bytes);
  if (!expected.ok) throw new Error('the oracle failed');
  expect(jsonDifference(result.value, expected.value, bytes)).toBeUndefined();
}

const numbers = (length: number, offset = 0) => Array.from({ length }, (_, index) => (index + offset) * 0.5);
const lengthsAroundChunks = [CHUNK_LENGTH - 1, CHUNK_LENGTH, CHUNK_LENGTH + 1, 2 * CHUNK_LENGTH, 2 * CHUNK_LENGTH + 1, 5 * CHUNK_LENGTH + 7];

describe('arrays longer than one element buffer are joined from chunks', () => {
  it.each(lengthsAroundChunks)('%i numbers, integers, strings and objects', (length) => {
    expectSameAsNative(JSON.stringify(numbers(length)));
    expectSameAsNative(JSON.stringify(Array.from({ length }, (_, index) => index % 10)));
    expectSameAsNative(JSON.stringify(Array.from({ length }, (_, index) => String.fromCharCode(97 + (index % 26)))));
    expectSameAsNative(JSON.stringify(Array.from({ length }, (_, index) => ({ index }))));
  });

  it('numbers that turn to other values after some chunks, at every place around a chunk edge', () => {
    for (const switchAt of [CHUNK_LENGTH - 1, CHUNK_LENGTH, CHUNK_LENGTH + 1, 3 * CHUNK_LENGTH - 2]) {
      const values: unknown[] = numbers(switchAt);
      values.push('text', null, { a: [1, 2] }, ...numbers(CHUNK_LENGTH + 3));
      expectSameAsNative(JSON.stringify(values));
    }
  });

  it('long arrays inside long arrays, both spilling at once, and again in the next parse', () => {
    const inner = (index: number) => (index % 1500 === 0 ? numbers(CHUNK_LENGTH + 5, index) : [index, `s${index}`]);
    const document = JSON.stringify([Array.from({ length: 3 * CHUNK_LENGTH }, (_, index) => inner(index)), numbers(CHUNK_LENGTH * 2)]);
    for (let round = 0; round < 3; round++) expectSameAsNative(document);
  });

  it("rings of coordinate pairs (canada's shape): pairs close inside spilled rings, rings spill one after another", () => {
    const ring = (length: number, offset: number) => Array.from({ length }, (_, index) => [-(index + offset) / 7, (index + offset) / 3]);
    const rings = [ring(CHUNK_LENGTH + 9, 0), ring(5, 1), ring(3 * CHUNK_LENGTH, 2), ring(CHUNK_LENGTH - 1, 3)];
    const document = JSON.stringify({ type: 'Polygon', coordinates: rings, more: [rings, [ring(2 * CHUNK_LENGTH + 1, 4)]] });
    for (let round = 0; round < 2; round++) expectSameAsNative(document);
  });

  it('long arrays deeper than the reused buffers go', () => {
    const deep = `${'['.repeat(70)}${JSON.stringify(Array.from({ length: 2 * CHUNK_LENGTH + 3 }, (_, index) => (index % 3 === 0 ? 'x' : index)))}${']'.repeat(70)}`;
    expectSameAsNative(deep);
    expectSameAsNative(deep);
  });

  it('a failure inside a spilled array leaves the next parse right', () => {
    const longArray = Array.from({ length: 3 * CHUNK_LENGTH }, (_, index) => (index % 2 === 0 ? index : `v${index}`));
    const broken = utf8(`[${JSON.stringify(longArray)}, [${numbers(CHUNK_LENGTH + 1).join(',')},]]`);
    const failure = parseBinary(broken);
    expect(failure.ok).toBe(false);
    expectSameAsNative(JSON.stringify([numbers(CHUNK_LENGTH + 2), longArray]));
  });
});

/** V8's `gc()` without starting Node with --expose-gc. */
function forceGarbageCollection(): void {
  const v8 = (getBuiltinModule as (id: string) => typeof import('node:v8'))('node:v8');
  const vm = (getBuiltinModule as (id: string) => typeof import('node:vm'))('node:vm');
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

describe('the numbers chunks of one parse, held weakly, serve the next', () => {
  const parseNumbers = (values: number[]) => {
    const result = parseBinary(utf8(JSON.stringify(values)));
    if (!result.ok) throw new Error(result.message);
    return result.value as number[];
  };

  it('are taken by the next long array of numbers, which leaves a kept result as it was', () => {
    const first = numbers(12 * CHUNK_LENGTH + 5);
    const kept = parseNumbers(first);
    const held = weaklyHeldNumberChunks();
    // Of 12 chunks a few stay strongly held spares; the others are held weakly.
    expect(held).toBeGreaterThanOrEqual(6);
    const second = numbers(9 * CHUNK_LENGTH + 1, 7);
    const taken = weaklyHeldNumberChunks();
    expect(parseNumbers(second)).toEqual(second);
    // The second parse took chunks from them and gave them back.
    expect(weaklyHeldNumberChunks()).toBe(taken);
    expect(kept).toEqual(first);
    expect(parseNumbers(first)).toEqual(first);
  });

  it('an array of numbers that turns general keeps its numbers chunks right, from held chunks', () => {
    parseNumbers(numbers(10 * CHUNK_LENGTH));
    const values: unknown[] = numbers(4 * CHUNK_LENGTH + 11, 3);
    values.push('text', ...numbers(2 * CHUNK_LENGTH));
    expectSameAsNative(JSON.stringify(values));
  });

  it('are let go by the next full collection', async () => {
    parseNumbers(numbers(12 * CHUNK_LENGTH));
    expect(weaklyHeldNumberChunks()).toBeGreaterThan(0);
    // A WeakRef holds its target until the current job ends.
    await delay(0);
    forceGarbageCollection();
    expect(weaklyHeldNumberChunks()).toBe(0);
  });
});

describe('a program that makes arrays unspreadable to concat', () => {
  const prototype = Array.prototype as unknown as Record<symbol, unknown>;
  afterEach(() => {
    delete prototype[Symbol.isConcatSpreadable];
  });

  it('still gets each long array whole', () => {
    prototype[Symbol.isConcatSpreadable] = false;
    const result = parseBinary(utf8(JSON.stringify(numbers(2 * CHUNK_LENGTH + 1))));
    delete prototype[Symbol.isConcatSpreadable];
    if (!result.ok) throw new Error(result.message);
    expect(result.value).toEqual(numbers(2 * CHUNK_LENGTH + 1));
  });
});
