import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { GUARDS_CONSTRUCTOR, GUARDS_PROTO, valueNestsAtMost } from '../../src/parse/value-depth.js';

/** The nesting depth of a parsed value, by recursion: `[]` is 1, a scalar 0. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce<number>((deepest, child) => Math.max(deepest, depthOf(child)), 0);
}

/** Whether a parsed value holds a key that `guards` refuses, by recursion. */
function holdsGuardedKey(value: unknown, guards: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((child) => holdsGuardedKey(child, guards));
  return Object.entries(value).some(
    ([key, child]) =>
      (key === '__proto__' && (guards & GUARDS_PROTO) !== 0) ||
      (key === 'constructor' && (guards & GUARDS_CONSTRUCTOR) !== 0 && typeof child === 'object' && child !== null && Object.hasOwn(child, 'prototype')) ||
      holdsGuardedKey(child, guards),
  );
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

  it('refuses the keys it is asked to guard, wherever they are, and only those', () => {
    const both = GUARDS_PROTO | GUARDS_CONSTRUCTOR;
    const proto = JSON.parse('[1,{"a":[{"b":2,"__proto__":{}}]}]');
    expect([valueNestsAtMost(proto, 10), valueNestsAtMost(proto, 10, GUARDS_PROTO), valueNestsAtMost(proto, 10, GUARDS_CONSTRUCTOR)]).toEqual([true, false, true]);
    // A scalar under "__proto__" is refused too: protoAction acts on the key, whatever it holds.
    expect(valueNestsAtMost(JSON.parse('{"a":{"__proto__":1}}'), 10, GUARDS_PROTO)).toBe(false);
    // constructorAction acts only on a constructor object with its own prototype key.
    const constructor = JSON.parse('{"a":{"constructor":{"prototype":1}}}');
    expect([valueNestsAtMost(constructor, 10, GUARDS_PROTO), valueNestsAtMost(constructor, 10, GUARDS_CONSTRUCTOR)]).toEqual([true, false]);
    for (const text of ['{"constructor":1}', '{"constructor":{"b":{"prototype":1}}}', '{"prototype":{"constructor":1}}', '{"proto":1,"__proto":2,"constructors":{"prototype":1}}', '["__proto__",{"x":"constructor"}]']) {
      expect(valueNestsAtMost(JSON.parse(text), 10, both)).toBe(true);
    }
    // Past a wide array's first visit, too.
    const wide = JSON.parse(JSON.stringify([...Array.from({ length: 600 }, (_, id) => ({ id })), JSON.parse('{"__proto__":[]}')]));
    expect(valueNestsAtMost(wide, 10, GUARDS_PROTO)).toBe(false);
  });

  it('agrees with a recursive search for guarded keys on JSON.parse values', () => {
    const node = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.constant('__proto__'), fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', 'prototype'), tie('node'), { maxKeys: 4 })),
    })).node;
    fc.assert(
      fc.property(node, fc.nat(8), fc.integer({ min: 0, max: 3 }), (document, most, guards) => {
        // JSON.stringify of an object made by fc.dictionary writes "__proto__" as an own key.
        const value = JSON.parse(JSON.stringify(document));
        expect(valueNestsAtMost(value, most, guards)).toBe(depthOf(value) <= most && !holdsGuardedKey(value, guards));
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
