// Short strings of non-ASCII text (names with accents, flags, short Cyrillic or CJK labels): found
// by a scan of a few words, then decoded and made in one loop.
import { BACKSLASH, QUOTE } from './bytes.js';
import { fromCodes } from './from-codes.js';
import type { ParseState } from './state.js';
import { readStringAfterText, SHORT_LENGTH } from './strings.js';
import { wordsOf } from './word-view.js';

/** The most bytes after a string's plain ASCII start that are looked at for its end here. */
const SHORT_TEXT_BYTES = 48;

/** Code units of the string being decoded: its ASCII start, then at most one a byte. */
const units = new Uint16Array(SHORT_LENGTH + SHORT_TEXT_BYTES);

/**
 * After this many non-ASCII strings in a row handed on (too long, or an escape in them), the parse
 * stops calling readShortText: sentences (messages, diagnostics) would pay for the call and a scan
 * split in two, for nothing. Trying again one string in eight after that still cost them 4 to 13 %
 * (bench/NOTES.md, round 26).
 */
export const LONG_TEXTS_TO_STOP = 4;

/**
 * Reads a string whose opening quote is at `from - 1`, its bytes plain ASCII up to `plainEnd` and
 * a non-ASCII byte there, leaving `state.pos` after its closing quote. If it ends within
 * SHORT_TEXT_BYTES more bytes, with no escape or control character, in well-formed UTF-8 of at most
 * SHORT_LENGTH code units, it is decoded and made here; else readStringAfterText reads on from where
 * this scan stopped, and names any fault.
 *
 * readStringFrom scans such a string, then decodes it into code units, then makes it, a call each:
 * arrays of 4-character Cyrillic words, of flags and of 10 to 15 Chinese characters parsed 1.4 to
 * 1.5 times as fast this way on Node 24 (bench/NOTES.md, round 26).
 */
export function readShortText(state: ParseState, from: number, plainEnd: number): string {
  const bytes = state.bytes;
  const end = state.end;
  const limit = end < plainEnd + SHORT_TEXT_BYTES ? end : plainEnd + SHORT_TEXT_BYTES;
  let stop = plainEnd + 1;
  const words = wordsOf(state);
  if (words !== undefined) {
    // Byte by byte to the next word boundary, then the words before `limit`.
    const wordsStart = state.wordsStart;
    let index = ((stop - wordsStart) >> 2) + 1;
    const boundary = wordsStart + (index << 2);
    while (stop < boundary && stop < limit) {
      const byte = bytes[stop];
      if (byte === QUOTE || byte === BACKSLASH || byte < 0x20) break;
      stop++;
    }
    if (stop === boundary) {
      const lastIndex = Math.min((limit - wordsStart) >> 2, state.wordCount);
      while (index < lastIndex) {
        const word = words[index];
        // A quote, a backslash or a control character (word-view.ts, textStops).
        const marked = ((word - 0x20202020) | ((word ^ 0x22222222) - 0x01010101) | ((word ^ 0x5c5c5c5c) - 0x01010101)) & ~word & 0x80808080;
        if (marked !== 0) break;
        index++;
      }
      stop = wordsStart + (index << 2);
    }
  }
  while (stop < limit) {
    const byte = bytes[stop];
    if (byte === QUOTE || byte === BACKSLASH || byte < 0x20) break;
    stop++;
  }
  if (stop >= end || bytes[stop] !== QUOTE || plainEnd - from > SHORT_LENGTH) return handOn(state, stop);
  let count = 0;
  for (let at = from; at < plainEnd; at++) units[count++] = bytes[at];
  let pos = plainEnd;
  while (pos < stop) {
    const lead = bytes[pos];
    if (lead < 0x80) {
      units[count++] = lead;
      pos++;
    } else if (lead < 0xe0) {
      // Two bytes: U+0080 to U+07FF (0xc0 and 0xc1 would be overlong).
      if (lead < 0xc2 || pos + 2 > stop) return handOn(state, stop);
      const second = bytes[pos + 1];
      if ((second & 0xc0) !== 0x80) return handOn(state, stop);
      units[count++] = ((lead & 0x1f) << 6) | (second & 0x3f);
      pos += 2;
    } else if (lead < 0xf0) {
      // Three bytes: U+0800 to U+FFFF, no overlong forms, no surrogates.
      if (pos + 3 > stop) return handOn(state, stop);
      const second = bytes[pos + 1];
      const third = bytes[pos + 2];
      if ((second & 0xc0) !== 0x80 || (third & 0xc0) !== 0x80) return handOn(state, stop);
      if ((lead === 0xe0 && second < 0xa0) || (lead === 0xed && second > 0x9f)) return handOn(state, stop);
      units[count++] = ((lead & 0x0f) << 12) | ((second & 0x3f) << 6) | (third & 0x3f);
      pos += 3;
    } else {
      // Four bytes: U+10000 to U+10FFFF, as a surrogate pair.
      if (lead > 0xf4 || pos + 4 > stop) return handOn(state, stop);
      const second = bytes[pos + 1];
      const third = bytes[pos + 2];
      const fourth = bytes[pos + 3];
      if ((second & 0xc0) !== 0x80 || (third & 0xc0) !== 0x80 || (fourth & 0xc0) !== 0x80) return handOn(state, stop);
      if ((lead === 0xf0 && second < 0x90) || (lead === 0xf4 && second > 0x8f)) return handOn(state, stop);
      const codePoint = (((lead & 0x07) << 18) | ((second & 0x3f) << 12) | ((third & 0x3f) << 6) | (fourth & 0x3f)) - 0x10000;
      units[count++] = 0xd800 | (codePoint >> 10);
      units[count++] = 0xdc00 | (codePoint & 0x3ff);
      pos += 4;
    }
  }
  if (count > SHORT_LENGTH) return handOn(state, stop);
  state.longTexts = 0;
  state.pos = stop + 1;
  return fromCodes(units, 0, count);
}

/** The string read on by readStringAfterText from `stop`: the bytes before it hold no quote, escape or control character. */
function handOn(state: ParseState, stop: number): string {
  state.longTexts++;
  return readStringAfterText(state, stop);
}
