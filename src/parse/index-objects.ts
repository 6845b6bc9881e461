/**
 * Large objects that hold nothing but index keys with number values (`{"0":1,"1":7,...}`: counters,
 * histograms, arrays written out as objects), handed whole to the engine's own JSON.parse.
 *
 * V8 keeps index keys as the object's elements. Built one member at a time, from JavaScript, those
 * elements grow step by step, and each step past 128 KB is a new large object on fresh pages; no
 * JavaScript can size them once (`%GrowArrayElements` refuses). The engine's JSON.parse sizes them
 * once (integer-keys-100k on Node 26: ours 2.6 to 13.5 ms by process, JSON.parse 1.4 to 2.9;
 * bench/NOTES.md, rounds 27 and 28). Such an object's text is ASCII and its values are numbers, so
 * the string made for JSON.parse is dropped at once and nothing kept pins it.
 */

import { CLOSE_BRACE, COLON, COMMA, DIGIT_0, DOT, LOWER_E, MINUS, PLUS, QUOTE, SPACE, UPPER_E, isWhitespace } from './bytes.js';
import { engineJsonParse } from './engine-json-parse.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import type { ParseState } from './state.js';
import { decodeAscii, decodeUtf8 } from './utf8.js';
import { MAX_TEXT_BYTES } from './text-limits.js';

/**
 * Members an object needs before JSON.parse builds it: below this, the call and the text made for
 * it cost more than the members (in-process sweeps of 8 to 100,000 members; bench/NOTES.md, round 28).
 */
export const INDEX_OBJECT_MIN_MEMBERS = 64;

/** Digits of an index key: 9 keep every key below 2^32 - 1, the first that is not an index. */
const MAX_INDEX_DIGITS = 9;

/** Past this many bytes the text is made by TextDecoder, below by decodeAscii (its call costs less). */
const LONG_TEXT_BYTES = 16 * 1024;

/** Whether this engine hands index objects to JSON.parse at all. */
export const BUILDS_INDEX_OBJECTS = !BROWSER_BUILD && engineJsonParse !== undefined;

/**
 * The object that opens at `open` (its `{`), when it holds only index keys with number values, and at
 * least `minMembers` of them; `state.pos` is then after its `}`. Otherwise undefined and `state.pos`
 * untouched: the parser reads the object as any other, from the start.
 *
 * Each object is scanned once at most, and the scan stops at the first byte not of this shape (a
 * nested value ends it), so scans never overlap and the parse stays linear.
 */
export function readIndexObject(state: ParseState, open: number, minMembers = INDEX_OBJECT_MIN_MEMBERS): object | undefined {
  const bytes = state.bytes;
  // Reads past the input then give undefined, which every test below fails (a short input's kept
  // copy holds older bytes past its end, and is too short for minMembers anyway).
  if (engineJsonParse === undefined || state.shared || bytes.length !== state.end) return undefined;
  let pos = open + 1;
  let members = 0;
  for (;;) {
    let byte = bytes[pos];
    if (byte <= SPACE) byte = bytes[(pos = skipBlanks(bytes, pos))];
    if (byte !== QUOTE) return undefined;
    // The key: up to MAX_INDEX_DIGITS digits, no leading zero but "0" itself. `(byte ^ DIGIT_0) <= 9`
    // is true for digits only, false for undefined past the end; one test where two cost 20 % more
    // of the scan on Node 26 and Deno (bench/NOTES.md, round 28).
    const from = ++pos;
    byte = bytes[pos];
    while ((byte ^ DIGIT_0) <= 9) byte = bytes[++pos];
    if (byte !== QUOTE || pos === from || pos - from > MAX_INDEX_DIGITS || (bytes[from] === DIGIT_0 && pos - from > 1)) return undefined;
    byte = bytes[++pos];
    if (byte <= SPACE) byte = bytes[(pos = skipBlanks(bytes, pos))];
    if (byte !== COLON) return undefined;
    byte = bytes[++pos];
    if (byte <= SPACE) byte = bytes[(pos = skipBlanks(bytes, pos))];
    // The value: a JSON number, its integer part here, any fraction or exponent by numberTailEnd.
    if (byte === MINUS) byte = bytes[++pos];
    if (byte === DIGIT_0) byte = bytes[++pos];
    else {
      const digits = pos;
      while ((byte ^ DIGIT_0) <= 9) byte = bytes[++pos];
      if (pos === digits) return undefined;
    }
    if (byte === DOT || byte === LOWER_E || byte === UPPER_E) {
      pos = numberTailEnd(bytes, pos);
      if (pos < 0) return undefined;
      byte = bytes[pos];
    }
    members++;
    if (byte <= SPACE) byte = bytes[(pos = skipBlanks(bytes, pos))];
    pos++;
    if (byte === COMMA) continue;
    if (byte !== CLOSE_BRACE || members < minMembers) return undefined;
    break;
  }
  if (pos - open > MAX_TEXT_BYTES) return undefined;
  // Long texts by TextDecoder: Deno's latin1Slice, a polyfill, took 0.13 to 0.5 ms for 1 MB, its
  // TextDecoder 0.06 (bench/NOTES.md, round 28).
  const text = pos - open > LONG_TEXT_BYTES ? decodeUtf8(bytes, open, pos, false) : decodeAscii(bytes, open, pos, false);
  const object = engineJsonParse(text) as object;
  state.pos = pos;
  return object;
}

/** The offset of the first byte from `pos` that is not JSON whitespace. */
function skipBlanks(bytes: Uint8Array, pos: number): number {
  while (isWhitespace(bytes[pos])) pos++;
  return pos;
}

/** The end of a number's fraction and exponent, which start at `pos`, or -1 when either is cut short. */
function numberTailEnd(bytes: Uint8Array, pos: number): number {
  let byte = bytes[pos];
  if (byte === DOT) {
    const from = ++pos;
    byte = bytes[pos];
    while ((byte ^ DIGIT_0) <= 9) byte = bytes[++pos];
    if (pos === from) return -1;
  }
  if (byte === LOWER_E || byte === UPPER_E) {
    byte = bytes[++pos];
    if (byte === PLUS || byte === MINUS) byte = bytes[++pos];
    const from = pos;
    while ((byte ^ DIGIT_0) <= 9) byte = bytes[++pos];
    if (pos === from) return -1;
  }
  return pos;
}
