// fromCodes and joinCodes as the browser bundle runs them (BROWSER_BUILD true): explicit calls up to
// 4 codes, one spread call beyond, and joined pieces of up to 64 codes.
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../src/platform/browser-build.js', () => ({ BROWSER_BUILD: true }));

const { fromCodes, joinCodes } = await import('../../src/parse/from-codes.js');

describe('browser build: fromCodes and joinCodes', () => {
  const codes = Uint16Array.from({ length: 300 }, (_, index) => [0x41 + (index % 26), 0xe9, 0x4e2d, 0xd83d, 0x7f][index % 5]);
  const expected = (from: number, to: number): string => String.fromCharCode(...codes.subarray(from, to));

  it('fromCodes builds every length from 0 to 64, at any offset, twice in a row (its arrays are reused)', () => {
    for (let length = 0; length <= 64; length++) {
      for (const offset of [0, 3, 17]) {
        expect(fromCodes(codes, offset, length)).toBe(expected(offset, offset + length));
        expect(fromCodes(codes, offset + 1, length)).toBe(expected(offset + 1, offset + 1 + length));
      }
    }
  });

  it('joinCodes builds any length, across piece boundaries', () => {
    for (const length of [0, 1, 24, 63, 64, 65, 128, 129, 250]) {
      expect(joinCodes(codes, 5, 5 + length)).toBe(expected(5, 5 + length));
    }
  });
});
