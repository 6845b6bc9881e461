// Searches on a document's decoded text (whole-documents.ts): by the engine's string
// search, which V8 runs in the engine, where a loop here reads a character a step.
import { BACKSLASH } from './bytes.js';

export const QUOTE_TEXT = '"';
export const BACKSLASH_TEXT = '\\';

/**
 * The closing quote of the string open at `from` (a quote, or a backslash inside the string): the
 * first quote after it with an even run of backslashes before it; -1 if the text ends first.
 */
export function closingQuote(text: string, from: number): number {
  let close = from;
  for (;;) {
    close = text.indexOf(QUOTE_TEXT, close + 1);
    if (close === -1) return -1;
    let before = close - 1;
    while (text.charCodeAt(before) === BACKSLASH) before--;
    if (((close - 1 - before) & 1) === 0) return close;
  }
}
