// The caller's own bytes for the whole-document route (whole-documents.ts), without the copy or the
// view that toInputBytes makes for the parser. The route reads a few bytes by index, which a typed
// array answers from its own memory whatever its prototype says, and decodes the rest through
// Node's `utf8Slice`, or in browsers TextDecoder on the whole array, both of which read the array's
// internal slots: nothing of the caller's array is looked up. The parser never gets these bytes:
// its loops stay on its own class of array (copy-bytes.ts).
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { ON_BUN } from '../platform/on-bun.js';
import {
  arrayBufferByteLength,
  readBranded,
  typedArrayBuffer,
  typedArrayByteLength,
  typedArrayByteOffset,
  typedArrayKind,
} from '../buffers/intrinsics.js';
import { BOM_0, OPEN_BRACE, OPEN_BRACKET, isWhitespace } from './bytes.js';
import type { InputBytes } from './input-bytes.js';
import { NODE_DECODES_RANGES, TEXT_PIECE_BYTES } from './utf8.js';

/**
 * Whether the route may read the caller's bytes in place: where Node's range decoder reads them
 * (utf8.ts), and in the browser build, which decodes the whole array (Chromium's bodies 1.11 → 1.08
 * of native with the view it no longer makes there either; bench/NOTES.md, round 48). Not on Bun,
 * where a typed array's `buffer` getter makes its ArrayBuffer on demand (input-bytes.ts,
 * COPIED_LENGTH).
 */
export const ROUTES_IN_PLACE = BROWSER_BUILD || (!ON_BUN && NODE_DECODES_RANGES);

/**
 * Shortest input read in place: V8 keeps a typed array of up to 64 bytes inside the object itself,
 * and its first `buffer` read moves those bytes out to a new ArrayBuffer, which costs more than the
 * copy it saves.
 */
export const IN_PLACE_MIN_BYTES = 65;

/**
 * Longest input read in place outside the browser build: longer texts that are not all ASCII may be
 * decoded in pieces or escaped first (utf8.ts, escaped-text.ts), whose byte loops are kept to the
 * parser's own arrays.
 */
export const IN_PLACE_MAX_BYTES = TEXT_PIECE_BYTES;

/**
 * `input` as the route reads it in place: a Uint8Array (a Node Buffer too) of 65 bytes to 448 KB (any
 * length from 65 bytes in the browser build) over an ArrayBuffer that is not shared; undefined for
 * anything else, which toInputBytes then takes.
 * The check costs about what toInputBytes did (the `buffer` getter is most of both); what the route
 * saves is the copy or view and its reads: bodies 0.975 of before on Node 26, 0.989 on Node 24, and
 * larger documents unchanged (bench/NOTES.md, round 44).
 */
export function inputInPlace(input: unknown): InputBytes | undefined {
  // The toStringTag getter answers undefined for anything but a typed array, proxies included.
  if (typedArrayKind(input) !== 'Uint8Array') return undefined;
  const length = typedArrayByteLength(input);
  // The browser build decodes any length in one call, and leaves the first byte to the route (its
  // size cap).
  if (length < IN_PLACE_MIN_BYTES || (!BROWSER_BUILD && length > IN_PLACE_MAX_BYTES)) return undefined;
  // Input that cannot open a container never goes to JSON.parse: the parser fails it at once, and
  // the `buffer` getter below (12 of the 25 ns) is not spent on it.
  if (!BROWSER_BUILD && !mayOpenDocument((input as Uint8Array)[0])) return undefined;
  const buffer = typedArrayBuffer(input);
  // undefined for a SharedArrayBuffer, whose bytes the parser reads from a copy.
  if (readBranded(arrayBufferByteLength, buffer) === undefined) return undefined;
  return { bytes: input as Uint8Array, length, buffer, byteOffset: typedArrayByteOffset(input), shared: false };
}

/** Whether a document whose first byte is `byte` may open an object or an array: `{`, `[`, a blank, or a byte order mark. */
function mayOpenDocument(byte: number): boolean {
  return byte === OPEN_BRACE || byte === OPEN_BRACKET || byte === BOM_0 || isWhitespace(byte);
}
