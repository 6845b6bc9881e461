/**
 * Keys that are array indices ("0", "17", "4096"), read as numbers in objects without a shape
 * (map-like or wide ones). V8 stores such a key as an element, never as a named property:
 * JSON.parse makes no string for it, while a string key would be built, cached, and turned back
 * into an index by the store (integer-keys-100k, bench/NOTES.md round 7).
 */

import { COLON, DIGIT_0, DIGIT_9, QUOTE } from './bytes.js';
import type { ParseState } from './state.js';

/** What {@link readIndexMember} returns for a key that is not a short array index. */
export const NOT_AN_INDEX = -1;

/**
 * Digits read at most: every 9-digit number is below 2^32 - 1, the first integer that is not an
 * array index, and below 2^30, so it is a small integer (Smi) on every V8 build.
 */
const MAX_INDEX_DIGITS = 9;

/**
 * A member name that is an index key, `"17":` at `at` with its colon right after it: its index, also
 * left in `state.key`, with `state.pos` after the colon. Otherwise NOT_AN_INDEX and `state.pos`
 * untouched: the caller reads the name as a string from `at` (a key such as "17" stored by name
 * still becomes an element; only the string is spent). Digits only, no leading zero but "0" itself,
 * at most MAX_INDEX_DIGITS. One function reads the whole member, where two each read part of it
 * before (integer-keys-100k, bench/NOTES.md round 18).
 */
export function readIndexMember(state: ParseState, at: number): number {
  const bytes = state.bytes;
  const end = state.end;
  const from = at + 1;
  if (from >= end || bytes[at] !== QUOTE) return NOT_AN_INDEX;
  const limit = from + MAX_INDEX_DIGITS < end ? from + MAX_INDEX_DIGITS : end;
  let pos = from;
  let index = 0;
  while (pos < limit) {
    const byte = bytes[pos];
    if (byte < DIGIT_0 || byte > DIGIT_9) break;
    index = index * 10 + (byte - DIGIT_0);
    pos++;
  }
  if (pos === from || pos + 1 >= end || bytes[pos] !== QUOTE || bytes[pos + 1] !== COLON) return NOT_AN_INDEX;
  if (bytes[from] === DIGIT_0 && pos - from > 1) return NOT_AN_INDEX;
  state.pos = pos + 2;
  state.key = index;
  return index;
}
