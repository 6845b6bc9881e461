import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sharedShapeTree } from '../../src/parse/object-shapes.js';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { expectAgreement } from './agreement.js';
import { utf8 } from './oracle.js';

/** Index members `"<index>":<value>` from `first` on, compact. */
function members(count: number, value: (index: number) => string, first = 0): string[] {
  return Array.from({ length: count }, (_, index) => `"${first + index}":${value(first + index)}`);
}
let serial = 0;
/**
 * An object that has no shape from its start (WIDE), where runs happen: keys never seen before lead
 * it, so the shapes tree has learnt none of them, then `parts`.
 */
function objectOf(parts: string[]): string {
  const leading = Array.from({ length: sharedShapeTree.freshKeysBeforeMap + 1 }, () => `"index-run-${(serial++).toString(36)}":0`);
  return `{${[...leading, ...parts].join(',')}}`;
}
const LONG_ENOUGH = 40;

describe('runs of index members with integer values agree with JSON.parse', () => {
  it('runs of every length, values of 1 to 9 digits and 0', () => {
    for (const count of [1, 2, LONG_ENOUGH, 100, 5000]) {
      expectAgreement(utf8(objectOf(members(count, (index) => String((index * 7919) % 1_000_000_000)))));
      expectAgreement(utf8(objectOf(members(count, () => '0'))));
      expectAgreement(utf8(objectOf(members(count, () => '999999999'))));
    }
  });

  it('a value the run does not take ends it, and the run starts again after it', () => {
    const breakers = ['1234567890', '-5', '-0', '1.5', '2e3', '7E1', '"s"', 'true', 'null', '{"0":1,"1":2}', '[1,2]', '0.0', '12 ', ' 12'];
    for (const breaker of breakers) {
      const parts = [...members(LONG_ENOUGH, (index) => String(index)), `"${LONG_ENOUGH}":${breaker}`, ...members(LONG_ENOUGH, () => '3', LONG_ENOUGH + 1)];
      expectAgreement(utf8(objectOf(parts)));
    }
  });

  it('a member that is not an index ends it: names, spaced keys, leading zeros, 10 digits, escapes', () => {
    for (const key of ['"a"', ' "9000"', '"01"', '"1234567890"', '"\\u0031"', '"__proto__"', '"-1"']) {
      const parts = [...members(LONG_ENOUGH, (index) => String(index)), `${key}:1`, ...members(LONG_ENOUGH, () => '4', 9000)];
      expectAgreement(utf8(objectOf(parts)));
    }
  });

  it('duplicate indices keep one property with the last value', () => {
    const parts = [...members(LONG_ENOUGH, (index) => String(index)), '"3":70', '"3":71', '"0":5'];
    expectAgreement(utf8(objectOf(parts)));
    const result = parseBinary(utf8(objectOf(parts)));
    expect(result.ok && (result.value as Record<string, number>)[3]).toBe(71);
  });

  it('grows the property stack in a run, past the height kept between parses, and the next parse is clean', () => {
    const count = (1 << 17) + 3;
    const text = objectOf(members(count, (index) => String(index % 1000)));
    const result = parseBinary(utf8(text));
    if (!result.ok) throw new Error(result.message);
    const value = result.value as Record<string, number>;
    expect(Object.keys(value)).toHaveLength(count + sharedShapeTree.freshKeysBeforeMap + 1);
    for (const index of [0, 1, 999, 1000, 4097, count - 2, count - 1]) expect(value[index]).toBe(index % 1000);
    expectAgreement(utf8('{"a":1,"b":[2]}'));
  });

  it('input that ends or breaks inside a run fails as JSON.parse does, at the same byte as before runs', () => {
    const head = objectOf(members(LONG_ENOUGH, (index) => String(index))).slice(0, -1);
    const tails = [',"90":1', ',"90":12,', ',"90":1,"91"', ',"90":1,"91":', ',"90":1,"91":x}', ',"90":01}', ',"90":1,,"91":2}', ',"90":1,"91":2', ',"90":1}x'];
    for (const tail of tails) {
      expectAgreement(utf8(head + tail));
      expect(parseBinary(utf8(head + tail)).ok).toBe(false);
    }
    const failure = parseBinary(utf8(`${head},"90":01}`));
    expect(failure.ok === false && failure.position).toBe(head.length + ',"90":0'.length);
  });

  it('random objects of index members, integers and other values, compact or spaced', () => {
    const value = fc.oneof(
      { weight: 6, arbitrary: fc.nat({ max: 2_000_000_000 }).map(String) },
      { weight: 1, arbitrary: fc.integer({ min: -99, max: -1 }).map(String) },
      { weight: 1, arbitrary: fc.constantFrom('1.5', '0', '"x"', 'null', '[]', '{"1":2}', '10000000000') },
    );
    const key = fc.oneof({ weight: 8, arbitrary: fc.nat({ max: 5000 }).map(String) }, { weight: 1, arbitrary: fc.constantFrom('a', '01', '') });
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value, fc.boolean()), { minLength: 1, maxLength: 80 }), (entries) => {
        const parts = entries.map(([name, text, spaced]) => `${JSON.stringify(name)}:${spaced ? ' ' : ''}${text}`);
        expectAgreement(utf8(objectOf(parts)));
      }),
      { numRuns: 300 },
    );
  });
});
