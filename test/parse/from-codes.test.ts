import { describe, expect, it } from 'vitest';
import { fromCodes, MAX_FROM_CODES } from '../../src/parse/from-codes.js';

describe('fromCodes', () => {
  const codes = Uint16Array.from({ length: 64 }, (_, index) => [0x41 + index, 0xe9, 0x4e2d, 0xd83d][index % 4]);
  it('builds the string of every length from 0 to MAX_FROM_CODES (40 outside the browser build), at any offset', () => {
    expect(MAX_FROM_CODES).toBe(40);
    for (let length = 0; length <= MAX_FROM_CODES; length++) {
      for (const offset of [0, 3, 16]) {
        expect(fromCodes(codes, offset, length)).toBe(String.fromCharCode(...codes.subarray(offset, offset + length)));
      }
    }
  });
  it('refuses more than MAX_FROM_CODES codes', () => {
    expect(() => fromCodes(codes, 0, MAX_FROM_CODES + 1)).toThrow(RangeError);
  });
});
