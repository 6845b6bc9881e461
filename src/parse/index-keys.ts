/**
 * Keys that are array indices ("0", "17", "4096"), read as numbers in objects without a shape
 * (map-like or wide ones). V8 stores such a key as an element, never as a named property:
 * JSON.parse makes no string for it, while a string key would be built, cached, and turned back
 * into an index by the store (integer-keys-100k, bench/NOTES.md round 7).
 */

import { COLON, DIGIT_0, DIGIT_9, QUOTE } from './bytes.js';
import type { ParseState } from './state.js';

/** What {@link readIndexKey} returns for a key that is not a short array index. */
export const NOT_AN_INDEX = -1;

/**
 * Digits read at most: every 9-digit number is below 2^32 - 1, the first integer that is not an
 * array index, and below 2^30, so it is a small integer (Smi) on every V8 build.
 */
const MAX_INDEX_DIGITS = 9;

/**
 * The index spelled by the key whose bytes start at `from` (after its opening quote) when it is
 * canonical (digits only, no leading zero but "0" itself) and at most MAX_INDEX_DIGITS long; then
 * `state.pos` is after its closing quote. Otherwise NOT_AN_INDEX, `state.pos` untouched.
 */
export function readIndexKey(state: ParseState, from: number): number {
  const bytes = state.bytes;
  const end = state.end;
  const limit = from + MAX_INDEX_DIGITS < end ? from + MAX_INDEX_DIGITS : end;
  let pos = from;
  let index = 0;
  while (pos < limit) {
    const byte = bytes[pos];
    if (byte < DIGIT_0 || byte > DIGIT_9) break;
    index = index * 10 + (byte - DIGIT_0);
    pos++;
  }
  if (pos === from || pos >= end || bytes[pos] !== QUOTE) return NOT_AN_INDEX;
  if (bytes[from] === DIGIT_0 && pos - from > 1) return NOT_AN_INDEX;
  state.pos = pos + 1;
  return index;
}

/**
 * A compact member name that is an index key, `"17":` at `at` with no whitespace: its index, also
 * left in `state.key`, with `state.pos` after the colon. Otherwise NOT_AN_INDEX, `state.pos` untouched or inside the key (the
 * caller reads the name again from `at`). The object loop calls it for objects without a shape,
 * so that an index key needs neither a call nor the shape guess (integer-keys-100k).
 */
export function readIndexMember(state: ParseState, at: number): number {
  const bytes = state.bytes;
  if (at >= state.end || bytes[at] !== QUOTE) return NOT_AN_INDEX;
  const index = readIndexKey(state, at + 1);
  if (index === NOT_AN_INDEX) return NOT_AN_INDEX;
  const colon = state.pos;
  if (colon >= state.end || bytes[colon] !== COLON) return NOT_AN_INDEX;
  state.pos = colon + 1;
  state.key = index;
  return index;
}
