// Building short strings from character codes, the way most keys and values are made.
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { ON_BUN } from '../platform/on-bun.js';
import { tinyString } from './tiny-strings.js';

/**
 * Strings of 2 or 3 ASCII characters from a table (tiny-strings.ts): on Bun realworld+bodies
 * new/base 0.971 (iso-4217 0.78 to 0.83); on V8, where such a string is a cheap allocation,
 * 1.006 (Node 24) and 0.987 (Node 26), nothing gained (bench/NOTES.md, round 8, Bun).
 */
const TINY_FROM_TABLE = ON_BUN;

/**
 * The string of `length` (at most MAX_FROM_CODES; 64 in the browser build) character codes from
 * `codes[i]` on, made by one call with explicit arguments: cheaper than TextDecoder's fixed cost
 * and than apply's array handling, and one flat string (joining two halves past 12 characters
 * would make a cons string, three objects).
 */
export function fromCodes(c: Uint8Array | Uint16Array, i: number, length: number): string {
  const f = String.fromCharCode;
  switch (length) {
    case 0: return '';
    case 1: return f(c[i]);
    case 2: return TINY_FROM_TABLE ? tinyString(c, i, 2) : f(c[i], c[i + 1]);
    case 3: return TINY_FROM_TABLE ? tinyString(c, i, 3) : f(c[i], c[i + 1], c[i + 2]);
    case 4: return f(c[i], c[i + 1], c[i + 2], c[i + 3]);
    case 5: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4]);
    case 6: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5]);
    case 7: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6]);
    case 8: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7]);
    case 9: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8]);
    case 10: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9]);
    case 11: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10]);
    case 12: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11]);
    case 13: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12]);
    case 14: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13]);
    case 15: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14]);
    case 16: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15]);
    case 17: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16]);
    case 18: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17]);
    case 19: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18]);
    case 20: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19]);
    case 21: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20]);
    case 22: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21]);
    case 23: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21], c[i + 22]);
    case 24: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21], c[i + 22], c[i + 23]);
    default:
      // The browser build has no room for the longer switch (its joinCodes takes pieces of 64).
      if (BROWSER_BUILD) return fromCodesBySpread(c, i, length);
      if (length <= MAX_FROM_CODES) return fromMoreCodes(c, i, length);
      throw new RangeError(`fromCodes takes at most ${MAX_FROM_CODES} codes`);
  }
}

/** Codes a {@link joinCodes} piece: the browser build spreads arrays of up to 64. */
const JOINED_CODES = BROWSER_BUILD ? 64 : 24;

/** One array of each length up to JOINED_CODES, refilled for each string. */
const codeArrays: number[][] = BROWSER_BUILD ? Array.from({ length: JOINED_CODES + 1 }, (_, length) => new Array<number>(length).fill(0)) : [];

/**
 * {@link fromCodes} for 25 to 64 codes in the browser build: one call spreading an array of the
 * string's length. `joinCodes` pieces of 64 made a 40 to 60-byte key one call where pieces of 24
 * made two or three joined: in Chromium 150, maps keyed by such keys read as with the switch
 * (bench/NOTES.md, round 32).
 */
function fromCodesBySpread(c: Uint8Array | Uint16Array, i: number, length: number): string {
  const codes = codeArrays[length];
  for (let k = 0; k < length; k++) codes[k] = c[i + k];
  return String.fromCharCode(...codes);
}

/**
 * The most codes {@link fromCodes} takes outside the browser build. In a parse, 25 to 40 ASCII bytes
 * cost Buffer#latin1Slice 40 to 55 ns more a string than one fromCharCode call, though alone in a
 * loop it is as fast from 32 on (bench/NOTES.md, round 24).
 */
export const MAX_FROM_CODES = 40;

/** {@link fromCodes} for 25 to MAX_FROM_CODES codes. */
function fromMoreCodes(c: Uint8Array | Uint16Array, i: number, length: number): string {
  const f = String.fromCharCode;
  switch (length) {
    case 25: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21], c[i + 22], c[i + 23], c[i + 24]);
    case 26: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21], c[i + 22], c[i + 23], c[i + 24], c[i + 25]);
    case 27: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21], c[i + 22], c[i + 23], c[i + 24], c[i + 25], c[i + 26]);
    case 28: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21], c[i + 22], c[i + 23], c[i + 24], c[i + 25], c[i + 26], c[i + 27]);
    case 29: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21], c[i + 22], c[i + 23], c[i + 24], c[i + 25], c[i + 26], c[i + 27], c[i + 28]);
    case 30: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21], c[i + 22], c[i + 23], c[i + 24], c[i + 25], c[i + 26], c[i + 27], c[i + 28], c[i + 29]);
    case 31: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21], c[i + 22], c[i + 23], c[i + 24], c[i + 25], c[i + 26], c[i + 27], c[i + 28], c[i + 29], c[i + 30]);
    case 32: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21], c[i + 22], c[i + 23], c[i + 24], c[i + 25], c[i + 26], c[i + 27], c[i + 28], c[i + 29], c[i + 30], c[i + 31]);
    case 33: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21], c[i + 22], c[i + 23], c[i + 24], c[i + 25], c[i + 26], c[i + 27], c[i + 28], c[i + 29], c[i + 30], c[i + 31], c[i + 32]);
    case 34: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21], c[i + 22], c[i + 23], c[i + 24], c[i + 25], c[i + 26], c[i + 27], c[i + 28], c[i + 29], c[i + 30], c[i + 31], c[i + 32], c[i + 33]);
    case 35: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21], c[i + 22], c[i + 23], c[i + 24], c[i + 25], c[i + 26], c[i + 27], c[i + 28], c[i + 29], c[i + 30], c[i + 31], c[i + 32], c[i + 33], c[i + 34]);
    case 36: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21], c[i + 22], c[i + 23], c[i + 24], c[i + 25], c[i + 26], c[i + 27], c[i + 28], c[i + 29], c[i + 30], c[i + 31], c[i + 32], c[i + 33], c[i + 34], c[i + 35]);
    case 37: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21], c[i + 22], c[i + 23], c[i + 24], c[i + 25], c[i + 26], c[i + 27], c[i + 28], c[i + 29], c[i + 30], c[i + 31], c[i + 32], c[i + 33], c[i + 34], c[i + 35], c[i + 36]);
    case 38: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21], c[i + 22], c[i + 23], c[i + 24], c[i + 25], c[i + 26], c[i + 27], c[i + 28], c[i + 29], c[i + 30], c[i + 31], c[i + 32], c[i + 33], c[i + 34], c[i + 35], c[i + 36], c[i + 37]);
    case 39: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21], c[i + 22], c[i + 23], c[i + 24], c[i + 25], c[i + 26], c[i + 27], c[i + 28], c[i + 29], c[i + 30], c[i + 31], c[i + 32], c[i + 33], c[i + 34], c[i + 35], c[i + 36], c[i + 37], c[i + 38]);
    case 40: return f(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7], c[i + 8], c[i + 9], c[i + 10], c[i + 11], c[i + 12], c[i + 13], c[i + 14], c[i + 15], c[i + 16], c[i + 17], c[i + 18], c[i + 19], c[i + 20], c[i + 21], c[i + 22], c[i + 23], c[i + 24], c[i + 25], c[i + 26], c[i + 27], c[i + 28], c[i + 29], c[i + 30], c[i + 31], c[i + 32], c[i + 33], c[i + 34], c[i + 35], c[i + 36], c[i + 37], c[i + 38], c[i + 39]);
    default: throw new RangeError(`fromCodes takes at most ${MAX_FROM_CODES} codes`);
  }
}

/**
 * The string of the codes `c[from, to)`, any number of them, by {@link fromCodes} calls of up to
 * JOINED_CODES codes joined: a rope until read. The browser build makes long plain strings this way, as
 * Chromium's TextDecoder costs 300 to 450 ns a call (bench/NOTES.md, Chromium); elsewhere only the
 * rare strings that no decoder makes (number texts for `Number()`, strings with lone surrogates).
 */
export function joinCodes(c: Uint8Array | Uint16Array, from: number, to: number): string {
  let text = '';
  for (let at = from; at < to; at += JOINED_CODES) text += fromCodes(c, at, Math.min(JOINED_CODES, to - at));
  return text;
}
