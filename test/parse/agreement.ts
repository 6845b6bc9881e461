import { expect } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import type { ParseBinaryOptions } from '../../src/parse/types.js';
import { jsonDifference, oracle, utf8 } from './oracle.js';
import { withWholeDocumentRoute } from './whole-document-route.js';

/**
 * Asserts that parseBinary and the oracle agree on `bytes`: both fail, or both give the same value.
 * Checked twice: by the parser, and with whole documents handed to the engine's JSON.parse.
 */
export function expectAgreement(bytes: Uint8Array, options: ParseBinaryOptions = {}): void {
  checkAgreement(bytes, options);
  withWholeDocumentRoute(() => checkAgreement(bytes, options));
}

function checkAgreement(bytes: Uint8Array, options: ParseBinaryOptions): void {
  const expected = oracle(bytes, options.fatal ?? false);
  const actual = parseBinary(bytes, options);
  if (actual.ok !== expected.ok) {
    const shown = Array.from(bytes.subarray(0, 64), (byte) => byte.toString(16).padStart(2, '0')).join(' ');
    expect.fail(
      `parseBinary ${actual.ok ? 'succeeded' : `failed (${actual.message})`} where the oracle ` +
        `${expected.ok ? 'succeeded' : 'failed'}; bytes: ${shown}${bytes.length > 64 ? ' ...' : ''}`,
    );
  }
  if (actual.ok && expected.ok) {
    // With the bytes: honest where this engine's own JSON.parse gets an escaped key wrong (oracle.ts).
    const difference = jsonDifference(actual.value, expected.value, bytes);
    if (difference !== undefined) expect.fail(`values differ: ${difference}`);
  }
  if (!actual.ok) {
    expect(actual.position).toBeGreaterThanOrEqual(0);
    expect(actual.position).toBeLessThanOrEqual(bytes.length);
    expect(actual.message).toMatch(/^Unexpected .+ at line \d+, column \d+ \(byte \d+\): expected .+/);
  }
}

/** Asserts that `text` fails at byte `position`, and agrees with the oracle both ways. */
export function expectFailureAt(text: string, position: number): void {
  const result = parseBinary(utf8(text));
  expect(result.ok, text).toBe(false);
  if (!result.ok) expect(result.position, text).toBe(position);
  expectAgreement(utf8(text));
}
