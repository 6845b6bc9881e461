// An ASCII word searched for in the input's bytes instead of its decoded text, on Bun only: there
// JavaScriptCore's String#indexOf read "proto" in a decoded text at 0.6 to 0.9 ms a MB (Markdown
// prose, the server's mixed bodies), where Bun's `Buffer#indexOf` read the same bytes at 0.02 to
// 0.03 (bench/NOTES.md, round 50). V8's text search is already within a factor of two of it.
import { ON_BUN } from '../platform/on-bun.js';

type BytesIndexOf = (this: Uint8Array, value: string, byteOffset: number) => number;

// Captured at load, like the buffer intrinsics: a later patch of Buffer.prototype changes nothing.
const bunBytesIndexOf: BytesIndexOf | undefined = ON_BUN
  ? ((globalThis as { Buffer?: { prototype?: { indexOf?: BytesIndexOf } } }).Buffer?.prototype?.indexOf ?? undefined)
  : undefined;

/** Whether {@link bytesMayHoldWord} answers here (Bun), rather than always saying maybe. */
export const SEARCHES_BYTES = typeof bunBytesIndexOf === 'function';

/**
 * False only when `bytes[start, end)` surely lack the ASCII `word`; true when they may hold it, and
 * always where {@link SEARCHES_BYTES} is false. A UTF-8 decoder gives every ASCII byte as itself
 * and no other byte as ASCII, so the text decoded from these bytes holds the word exactly where
 * they do. Bun's indexOf takes any Uint8Array as `this`, and searches from `start` to the array's
 * end: a find that runs past `end` only says maybe.
 */
export function bytesMayHoldWord(bytes: Uint8Array, word: string, start: number, end: number): boolean {
  if (!SEARCHES_BYTES) return true;
  try {
    const at = bunBytesIndexOf!.call(bytes, word, start);
    return at !== -1 && at < end;
  } catch {
    return true;
  }
}
