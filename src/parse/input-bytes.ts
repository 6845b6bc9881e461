// What the input check hands the parser: the caller's bytes in a Uint8Array made here, a view of
// them or, for short inputs, a copy kept across parses.
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { ON_BUN } from '../platform/on-bun.js';
import { copyTarget } from './byte-views.js';
import { ByteArray } from './copy-bytes.js';
import { EAGER_WORD_VIEW_LENGTH } from './word-view.js';

/**
 * The caller's bytes as the parser reads them: a Uint8Array made here, never the caller's own object,
 * so that nothing the caller's array carries (own properties, a subclass's methods) is ever looked up.
 * The parser reads `length` here, not `bytes.length`, and makes views with `buffer` and `byteOffset`,
 * not with the getters of `bytes`, which a program may have patched on the prototypes since load.
 */
export interface InputBytes {
  bytes: Uint8Array;
  length: number;
  buffer: ArrayBufferLike;
  byteOffset: number;
  /** The bytes live in a SharedArrayBuffer. */
  shared: boolean;
}

const EMPTY_BUFFER = new ArrayBuffer(0);
export const EMPTY: InputBytes = { bytes: new ByteArray(EMPTY_BUFFER), length: 0, buffer: EMPTY_BUFFER, byteOffset: 0, shared: false };

/**
 * Inputs shorter than this are parsed from a copy kept across parses (outside the browser build,
 * whose size cap has no room for it). A copy needs nothing of the caller's array but its length and
 * kind, where a view needs its buffer, and JavaScriptCore makes a typed array's ArrayBuffer only when
 * the `buffer` getter asks for it: about 150 ns for a body made just before the call. The copy also
 * gives the word scans their words at once, and it is never shared memory. On V8 the inputs too
 * short for a word view of their own (word-view.ts); on Bun up to 16 KB, the bodies' range: bodies
 * made just before each parse 1.79 → 1.65 times native against a 1 KB limit; on Node 26 no gain
 * (1.42 → 1.54, 1.41 → 1.46, 1.45 → 1.45 in three runs; bench/NOTES.md, round 13, "fresh bodies").
 */
export const COPIED_LENGTH = ON_BUN ? 16 * 1024 : EAGER_WORD_VIEW_LENGTH;

/** Words of the kept copy: room for the longest copied input and the zero byte written after it. */
export const KEPT_WORDS = (COPIED_LENGTH >> 2) + 1;

export const keptWords = BROWSER_BUILD ? undefined : new Uint32Array(KEPT_WORDS);
const keptBuffer = keptWords?.buffer;
/** The kept copy that the parser reads (a ByteArray, see copy-bytes.ts). */
export const keptBytes = keptBuffer === undefined ? undefined : new ByteArray(keptBuffer);
/** The kept copy as a DataView, for the key compares' four-byte reads (state.ts, `view`). */
export const keptView = keptBuffer === undefined ? undefined : new DataView(keptBuffer);
const keptTarget = keptBuffer === undefined ? undefined : copyTarget(keptBuffer);

/**
 * The input held by `source`, a typed array of `length` (under COPIED_LENGTH) one-byte elements,
 * copied into the kept copy. The zero byte after it stops every word loop (a byte that
 * no scan of spaces, digits or plain string bytes goes past); the words after that hold an earlier
 * input's bytes, which no loop reaches.
 */
export function copyOf(source: ArrayBufferView, length: number): InputBytes {
  keptTarget!.set(source as Uint8Array);
  keptBytes![length] = 0;
  return { bytes: keptBytes!, length, buffer: keptBuffer!, byteOffset: 0, shared: false };
}

/** The input `byteLength` bytes of `buffer` from `byteOffset`: a view made here (a ByteArray), or its copy. */
export function viewOf(buffer: ArrayBufferLike, byteOffset: number, byteLength: number, shared: boolean): InputBytes {
  const bytes = new ByteArray(buffer, byteOffset, byteLength);
  if (!BROWSER_BUILD && byteLength < COPIED_LENGTH) return copyOf(bytes, byteLength);
  return { bytes, length: byteLength, buffer, byteOffset, shared };
}
