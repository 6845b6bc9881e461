import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestsAtMost } from '../../src/parse/exact-depth.js';

/** The nesting depth of a parsed value: `[]` is 1, a scalar 0. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce<number>((deepest, child) => Math.max(deepest, depthOf(child)), 0);
}

describe('nestsAtMost', () => {
  it('counts structure, not the brackets inside strings', () => {
    const text = '{"a":"[[[[{{{{","b":[1,{"c":"]]]}}}\\"[["}],"d":"\\\\"}';
    expect(depthOf(JSON.parse(text))).toBe(3);
    expect(nestsAtMost(text, 3)).toBe(true);
    expect(nestsAtMost(text, 2)).toBe(false);
    expect(nestsAtMost('"[[["', 0)).toBe(true);
    expect(nestsAtMost('[[[]]]', 2)).toBe(false);
  });

  it('agrees with the depth of the value on generated documents, pretty-printed or not', () => {
    const bracketty = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ' ', 'é') });
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, bracketty, fc.integer(), fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(bracketty, tie('node'), { maxKeys: 4 })),
    })).node;
    fc.assert(
      fc.property(value, fc.boolean(), fc.nat(8), (document, pretty, most) => {
        const text = JSON.stringify(document, null, pretty ? 2 : undefined);
        expect(nestsAtMost(text, most)).toBe(depthOf(document) <= most);
      }),
      { numRuns: 2000 },
    );
  });
});
