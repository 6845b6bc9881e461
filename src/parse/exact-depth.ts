/**
 * The exact nesting depth of a document's text, for whole-documents.ts when its opening brackets
 * outnumber maxDepth (the body entry points' 1000): documents of prose and messages hold brackets
 * inside their strings (`{0}` placeholders, Markdown links), which the bracket count cannot tell
 * from structure.
 *
 * The walk jumps from string to string by the engine's string search and reads only the bytes
 * between strings, so it costs about a search a string: 0.10 to 0.27 of native's whole parse on
 * documents of prose and messages, where the parser took 1.3 to 1.9 times native's, but 0.4 to 1.8
 * on records, numbers and short strings (`depth2.mjs`, Node 24, bench/NOTES.md, round 33). So it
 * runs only where a sample of the document finds long strings (string-sample.ts).
 */
import { CLOSE_BRACE, CLOSE_BRACKET, OPEN_BRACE, OPEN_BRACKET } from './bytes.js';
import { QUOTE_TEXT, closingQuote } from './text-scan.js';

/**
 * Whether `text` nests at most `most` deep. Exact for valid JSON, whose strings close; on invalid
 * JSON the answer may be either, and JSON.parse refuses the text then.
 */
export function nestsAtMost(text: string, most: number): boolean {
  const end = text.length;
  let depth = 0;
  let at = 0;
  for (;;) {
    const quote = text.indexOf(QUOTE_TEXT, at);
    const stop = quote === -1 ? end : quote;
    for (; at < stop; at++) {
      const code = text.charCodeAt(at);
      if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        if (++depth > most) return false;
      } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        depth--;
      }
    }
    if (quote === -1) return true;
    const close = closingQuote(text, quote);
    if (close === -1) return true;
    at = close + 1;
  }
}
