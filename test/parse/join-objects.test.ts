import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinObjects } from '../../src/parse/join-objects.js';

/** The members of `text` (an object's members, comma-separated) cut at `cuts` and joined, against JSON.parse of the whole. */
function expectJoinedAsWhole(members: string[], cuts: number[]): Record<string, unknown> {
  const parts: object[] = [];
  let from = 0;
  for (const cut of [...cuts, members.length]) {
    parts.push(JSON.parse(`{${members.slice(from, cut).join(',')}}`) as object);
    from = cut;
  }
  const joined = joinObjects(parts) as Record<string, unknown>;
  const whole = JSON.parse(`{${members.join(',')}}`) as Record<string, unknown>;
  expect(Object.keys(joined)).toEqual(Object.keys(whole));
  expect(joined).toEqual(whole);
  expect(Object.getPrototypeOf(joined)).toBe(Object.prototype);
  return joined;
}

describe('joinObjects: runs of members joined as JSON.parse of the whole would give them', () => {
  const members = ['"b":1', '"a":2', '"17":3', '"b":4', '"__proto__":{"x":1}', '"3":5', '"a":6', '"c":[7]', '"__proto__":8', '"d":9'];

  it('keeps first places and last values of repeated keys, index keys first, __proto__ as an own member', () => {
    for (const cuts of [[1], [2, 5], [4], [5], [1, 2, 3, 4, 5, 6, 7, 8, 9], []]) {
      const joined = expectJoinedAsWhole(members, cuts);
      expect(Object.getOwnPropertyDescriptor(joined, '__proto__')?.value).toBe(8);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('meets no setter or read-only property a program put on Object.prototype', () => {
    let seen = 0;
    Object.defineProperty(Object.prototype, 'c', { configurable: true, get: () => 'polluted', set: () => seen++ });
    Object.defineProperty(Object.prototype, 'd', { configurable: true, writable: false, value: 'read-only' });
    try {
      const joined = expectJoinedAsWhole(members, [2, 5]);
      expect(Object.getOwnPropertyDescriptor(joined, 'c')?.value).toEqual([7]);
      expect(Object.getOwnPropertyDescriptor(joined, 'd')?.value).toBe(9);
    } finally {
      delete (Object.prototype as Record<string, unknown>).c;
      delete (Object.prototype as Record<string, unknown>).d;
    }
    expect(seen).toBe(0);
  });

  it('gives what JSON.parse of the whole gives, for any members and cuts (property)', () => {
    // Few names, so that keys repeat across runs; index keys, __proto__ and names of Object.prototype among them.
    const key = fc.constantFrom('a', 'b', 'x', '0', '7', '42', '4294967295', '__proto__', 'constructor', 'toString', 'hasOwnProperty');
    const member = fc.tuple(key, fc.oneof(fc.integer(), fc.string(), fc.constant(null))).map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`);
    fc.assert(
      fc.property(fc.array(member, { minLength: 1, maxLength: 40 }), fc.array(fc.nat(), { maxLength: 6 }), (list, cutSeeds) => {
        const cuts = [...new Set(cutSeeds.map((seed) => 1 + (seed % list.length)))].filter((cut) => cut < list.length).sort((x, y) => x - y);
        expectJoinedAsWhole(list, cuts);
      }),
    );
  });
});
