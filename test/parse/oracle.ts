// The reference every parseBinary result is judged against: decode, then JSON.parse. The
// comparison itself is the project's one deep-equal, in ../runtimes/oracle.mjs.
import { firstDifference, honestDifference } from '../runtimes/oracle.mjs';

export type OracleResult = { ok: true; value: unknown } | { ok: false };

/** `JSON.parse(new TextDecoder().decode(bytes))`, with `fatal` passed to the decoder. */
export function oracle(bytes: Uint8Array, fatal = false): OracleResult {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal }).decode(bytes);
  } catch {
    return { ok: false };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Whether two JSON values are the same: same key order, same array lengths, same prototypes,
 * same property attributes, and leaves equal by Object.is (so -0 differs from 0). Returns a
 * description of the first difference, or undefined. With `bytes`, honest on engines whose
 * JSON.parse is wrong (see honestDifference): a difference that a fresh realm's JSON.parse does
 * not confirm is no difference.
 */
export function jsonDifference(actual: unknown, expected: unknown, bytes?: Uint8Array): string | undefined {
  return bytes === undefined ? firstDifference(actual, expected) : honestDifference(actual, expected, bytes).difference;
}

const encoder = new TextEncoder();

/** UTF-8 bytes of a string (lone surrogates become U+FFFD, as TextEncoder does). */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Bytes from numbers, for input that is not valid UTF-8. */
export function bytesOf(...parts: Array<number | string>): Uint8Array {
  const out: number[] = [];
  for (const part of parts) {
    if (typeof part === 'number') out.push(part);
    else out.push(...encoder.encode(part));
  }
  return new Uint8Array(out);
}
