import { CARRIAGE_RETURN, LINE_FEED, SPACE, TAB } from './bytes.js';
import type { ParseState } from './state.js';

/** Four spaces read as one 32-bit word, in either byte order. */
const FOUR_SPACES = 0x20202020;

/** Skips whitespace from `pos`; returns the offset of the next other byte, or the end. */
export function skipWhitespace(state: ParseState, pos: number): number {
  const bytes = state.bytes;
  const end = state.end;
  const words = state.words;
  const wordsStart = state.wordsStart;
  const wordCount = state.wordCount;
  while (pos < end) {
    const byte = bytes[pos];
    if (byte !== SPACE) {
      if (byte === LINE_FEED || byte === CARRIAGE_RETURN || byte === TAB) {
        pos++;
        continue;
      }
      break;
    }
    pos++;
    // Inside a run of spaces: jump whole words once aligned.
    if (words != null && pos >= wordsStart && ((pos - wordsStart) & 3) === 0) {
      let index = (pos - wordsStart) >> 2;
      while (index < wordCount && words[index] === FOUR_SPACES) index++;
      pos = wordsStart + (index << 2);
    }
  }
  return pos;
}
