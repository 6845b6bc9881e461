/**
 * A long string dense with escapes (a file's text with `\n` every few bytes, text in `\u` escapes),
 * handed to the engine's JSON.parse once the escape loop has met {@link DENSE_STRING_ESCAPES} escapes
 * in it: the loop writes each escape for about 15 ns, JSON.parse for about 5 (a string of 2,000,000
 * `a\n`: 3.0 times native's time, bench/NOTES.md, round 56). The string's raw text is decoded as the
 * input is (invalid UTF-8 as TextDecoder replaces it), so JSON.parse's value is the loop's.
 */
import { engineJsonParse } from './engine-json-parse.js';
import type { ParseState } from './state.js';
import { closingQuoteAt } from './string-end.js';
import { decodeRange } from './utf8.js';

/** Whether long strings dense with escapes go to JSON.parse here (V8 outside the browser build). */
export const READS_DENSE_STRINGS = engineJsonParse !== undefined;

/** Escapes in one string after which the rest of it goes to JSON.parse. */
export const DENSE_STRING_ESCAPES = 1024;

/**
 * The string whose text starts at `start` (after its opening quote), by JSON.parse of its raw text
 * up to the closing quote found from the escape at `backslash`, with `state.pos` after it; undefined,
 * `state.pos` untouched, in fatal mode or shared memory, when the input ends first, or when JSON.parse
 * refuses it (a control character): the escape loop then reads on to the failure and words it.
 */
export function readDenseString(state: ParseState, start: number, backslash: number): string | undefined {
  if (state.fatal || state.shared) return undefined;
  const close = closingQuoteAt(state.bytes, backslash, state.end);
  if (close >= state.end) return undefined;
  let value: unknown;
  try {
    value = engineJsonParse!(decodeRange(state.bytes, start - 1, close + 1, false));
  } catch {
    return undefined;
  }
  state.pos = close + 1;
  return value as string;
}
