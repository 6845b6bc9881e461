// Where a string dense with escapes ends, found by the engine's byte search rather than a byte loop.
import { typedArrayIndexOf } from '../buffers/intrinsics.js';
import { BACKSLASH, QUOTE } from './bytes.js';

/**
 * The closing quote of the string whose backslash at `backslash` starts an escape: the first quote
 * after the escaped byte with an even run of backslashes before it; `end` if there is none before it.
 */
export function closingQuoteAt(bytes: Uint8Array, backslash: number, end: number): number {
  for (let from = backslash + 2; ; ) {
    const quote = typedArrayIndexOf(bytes, QUOTE, from);
    if (quote === -1 || quote >= end) return end;
    let before = quote - 1;
    while (bytes[before] === BACKSLASH) before--;
    if (((quote - 1 - before) & 1) === 0) return quote;
    from = quote + 1;
  }
}
