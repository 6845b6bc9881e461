import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { valueNestsAtMost } from '../../src/parse/value-depth.js';

/** The nesting depth of a parsed value, by recursion: `[]` is 1, a scalar 0. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce<number>((deepest, child) => Math.max(deepest, depthOf(child)), 0);
}

describe('valueNestsAtMost', () => {
  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>).polluted;
  });

  it('counts containers, not scalars', () => {
    expect(valueNestsAtMost(1, 0)).toBe(true);
    expect(valueNestsAtMost('[[[', 0)).toBe(true);
    expect(valueNestsAtMost(null, 0)).toBe(true);
    expect(valueNestsAtMost([], 0)).toBe(false);
    expect(valueNestsAtMost([], 1)).toBe(true);
    const value = JSON.parse('{"a":[1,{"b":{}}],"c":"]]]","d":[[],[]]}');
    expect(valueNestsAtMost(value, 4)).toBe(true);
    expect(valueNestsAtMost(value, 3)).toBe(false);
  });

  it('agrees with the recursive depth on JSON.parse values', () => {
    const node = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string(), fc.constant(null), fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(fc.string(), tie('node'), { maxKeys: 4 })),
    })).node;
    fc.assert(
      fc.property(node, fc.nat(8), (document, most) => {
        const value = JSON.parse(JSON.stringify(document));
        expect(valueNestsAtMost(value, most)).toBe(depthOf(value) <= most);
      }),
      { numRuns: 2000 },
    );
  });

  it('goes back to a wide array after each child it looks into, so the deepest may come last', () => {
    const records = Array.from({ length: 5000 }, (_, index) => (index % 3 === 0 ? { id: index, tags: ['a'] } : index));
    const wide = JSON.parse(JSON.stringify([...records, [[[[]]]], 7]));
    expect(valueNestsAtMost(wide, 5)).toBe(true);
    expect(valueNestsAtMost(wide, 4)).toBe(false);
    const siblings = JSON.parse('[[[]],[[[]]],[],[[[[]]]]]');
    expect(valueNestsAtMost(siblings, 5)).toBe(true);
    expect(valueNestsAtMost(siblings, 4)).toBe(false);
  });

  it('walks a value far deeper than the call stack allows without recursion, and stops past the bound', () => {
    const depth = 200_000;
    const value = JSON.parse(`${'[{"a":'.repeat(depth)}1${'}]'.repeat(depth)}`);
    expect(valueNestsAtMost(value, 2 * depth)).toBe(true);
    expect(valueNestsAtMost(value, 2 * depth - 1)).toBe(false);
    expect(valueNestsAtMost(value, 1000)).toBe(false);
  });

  it('answers false without walking where Object.prototype holds an enumerable property', () => {
    const value = JSON.parse('{"a":{"b":1}}');
    expect(valueNestsAtMost(value, 2)).toBe(true);
    let reads = 0;
    // A setter too: the test runner's own objects assign to the name while it is there.
    Object.defineProperty(Object.prototype, 'polluted', { get: () => ++reads, set: () => {}, enumerable: true, configurable: true });
    const answer = valueNestsAtMost(value, 2);
    const readsByWalk = reads;
    delete (Object.prototype as Record<string, unknown>).polluted;
    expect([answer, readsByWalk]).toEqual([false, 0]);
  });
});
