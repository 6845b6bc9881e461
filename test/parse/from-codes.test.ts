import { describe, expect, it } from 'vitest';
import { fromCodes } from '../../src/parse/from-codes.js';

describe('fromCodes', () => {
  const codes = Uint16Array.from({ length: 40 }, (_, index) => [0x41 + index, 0xe9, 0x4e2d, 0xd83d][index % 4]);
  it('builds the string of every length from 0 to 24, at any offset', () => {
    for (let length = 0; length <= 24; length++) {
      for (const offset of [0, 3, 16]) {
        expect(fromCodes(codes, offset, length)).toBe(String.fromCharCode(...codes.subarray(offset, offset + length)));
      }
    }
  });
  it('refuses more than 24 codes', () => {
    expect(() => fromCodes(codes, 0, 25)).toThrow(RangeError);
  });
});
