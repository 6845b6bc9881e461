import { describe, expect, it } from 'vitest';
import { copyBytes } from '../../src/parse/copy-bytes.js';

describe('copyBytes', () => {
  it('copies exactly source[from, to) to target at `at`, from views that start inside their buffers', () => {
    const source = new Uint8Array(300).map((_, index) => index & 0xff).subarray(3);
    for (const [from, to, at] of [[0, 0, 0], [0, 1, 5], [7, 40, 1], [1, 297, 0], [100, 116, 33]] as const) {
      const target = new Uint8Array(310).fill(0xee).subarray(2);
      copyBytes(source, from, to, target, at);
      expect(Array.from(target.subarray(at, at + to - from))).toEqual(Array.from(source.subarray(from, to)));
      expect(target.subarray(0, at).every((byte) => byte === 0xee)).toBe(true);
      expect(target.subarray(at + to - from).every((byte) => byte === 0xee)).toBe(true);
    }
  });
});
