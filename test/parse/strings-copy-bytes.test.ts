import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyBytes } from '../../src/parse/copy-bytes.js';

type CopyBytes = typeof copyBytes;

/** Runs lengths around the loop's limit (40) as well as short, long and empty runs. */
const CASES = [[0, 0, 0], [0, 1, 5], [7, 40, 1], [7, 46, 3], [7, 47, 3], [7, 48, 0], [1, 297, 0], [100, 116, 33]] as const;

function checkCopies(copy: CopyBytes): void {
  const source = new Uint8Array(300).map((_, index) => index & 0xff).subarray(3);
  for (const [from, to, at] of CASES) {
    const target = new Uint8Array(310).fill(0xee).subarray(2);
    copy(source, from, to, target, at);
    expect(Array.from(target.subarray(at, at + to - from))).toEqual(Array.from(source.subarray(from, to)));
    expect(target.subarray(0, at).every((byte) => byte === 0xee)).toBe(true);
    expect(target.subarray(at + to - from).every((byte) => byte === 0xee)).toBe(true);
  }
}

describe('copyBytes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('copies exactly source[from, to) to target at `at`, from views that start inside their buffers', () => {
    checkCopies(copyBytes);
  });

  it('copies the same where there is no Buffer#copy (Deno): by a loop below 40 bytes, by set above', async () => {
    vi.stubGlobal('Deno', {});
    vi.resetModules();
    const withoutBufferCopy = (await import('../../src/parse/copy-bytes.js')).copyBytes;
    expect(withoutBufferCopy).not.toBe(copyBytes);
    checkCopies(withoutBufferCopy);
  });
});
