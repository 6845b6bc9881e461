import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tinyString } from '../../src/parse/tiny-strings.js';

describe('tinyString', () => {
  it('gives the string of every 2- and 3-code ASCII sequence, first made and then from the table', () => {
    const codes = new Uint8Array(3);
    for (let round = 0; round < 2; round++) {
      for (let first = 0; first < 0x80; first++) {
        for (let second = 0; second < 0x80; second += 3) {
          codes.set([first, second, (first * 7 + second) & 0x7f]);
          expect(tinyString(codes, 0, 2)).toBe(String.fromCharCode(first, second));
          expect(tinyString(codes, 0, 3)).toBe(String.fromCharCode(first, second, codes[2]));
        }
      }
    }
  });

  it('agrees with fromCharCode on any codes at any offset, colliding slots and non-ASCII codes included', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 5, maxLength: 5 }), fc.integer({ min: 0, max: 2 }), fc.boolean(), (list, offset, ascii) => {
        const codes = ascii ? Uint8Array.from(list, (code) => code & 0x7f) : Uint16Array.from(list);
        for (const length of [2, 3]) {
          const expected = String.fromCharCode(...codes.subarray(offset, offset + length));
          expect(tinyString(codes, offset, length)).toBe(expected);
          expect(tinyString(codes, offset, length)).toBe(expected);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
