/**
 * The commonest call, `parseBinary(bytes)` with no options on a Uint8Array (a Node Buffer too), read
 * where it lies and handed whole to JSON.parse by one small function that V8 inlines into
 * parseBinary.
 *
 * The general route (input-in-place.ts, then whole-documents.ts) decides the same for these
 * documents, but through an input object, resolved options, a byte order mark's check and calls V8
 * does not inline: about 100 ns more a call, a fifth of native's time on a 300-byte body. With this
 * route the request-sized bodies read 1.08 against 1.11 times native's pipeline on Node 26
 * (bench/NOTES.md, round 47).
 *
 * On Node the text is cut from the array by `utf8Slice`, blanks outside the container left out; on
 * Deno, which has no such slice, TextDecoder decodes the whole array (JSON.parse takes the blanks):
 * bodies 1.125 → 1.08 of native there. Not on Bun, whose `buffer` getter makes the ArrayBuffer on
 * demand (input-bytes.ts), nor in the browser bundle, whose size cap has no room for it.
 *
 * Anything it does not take at once (another kind of input, a byte order mark, shared memory, a
 * length out of range) it leaves unexamined for the general route. Once it has decoded the text,
 * its answer is final: a document it refuses there, the general route would refuse too, and it goes
 * to the parser without a second JSON.parse.
 */

import { arrayBufferByteLength, readBranded, typedArrayBuffer, typedArrayByteLength, typedArrayKind } from '../buffers/intrinsics.js';
import { CLOSE_BRACE, CLOSE_BRACKET, OPEN_BRACE, OPEN_BRACKET, isWhitespace } from './bytes.js';
import { builtinJsonParse } from './engine-json-parse.js';
import { readsEscapedKeysRight } from './escaped-keys.js';
import { IN_PLACE_MAX_BYTES, IN_PLACE_MIN_BYTES } from './input-in-place.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { ON_BUN } from '../platform/on-bun.js';
import { keysHoldNoEscape } from './text-scan.js';
import { NODE_DECODES_RANGES, decodeRange, decodeWhole } from './utf8.js';
import { WHOLE_DOCUMENT_LIMITS } from './whole-document-limits.js';
import { NOT_ROUTED, ROUTES_WHOLE_DOCUMENTS } from './whole-documents.js';

/** Whether this engine takes default documents here. */
export const ROUTES_DEFAULT_DOCUMENTS = !BROWSER_BUILD && !ON_BUN && ROUTES_WHOLE_DOCUMENTS;

/** Returned for input left to the general route; JSON.parse never returns a symbol. */
export const UNEXAMINED: unique symbol = Symbol('unexamined');

/**
 * The value of `input` by JSON.parse; NOT_ROUTED when the parser must read it; {@link UNEXAMINED}
 * when the general route must decide. With default options: no depth limit, no guarded keys, not
 * fatal.
 */
export function readDefaultDocument(input: unknown): unknown {
  // The toStringTag getter answers undefined for anything but a typed array, proxies included.
  if (typedArrayKind(input) !== 'Uint8Array') return UNEXAMINED;
  const bytes = input as Uint8Array;
  const length = typedArrayByteLength(input);
  if (length < IN_PLACE_MIN_BYTES || length > IN_PLACE_MAX_BYTES || length > WHOLE_DOCUMENT_LIMITS.anyShapeMaxBytes) return UNEXAMINED;
  let first = 0;
  while (first < length && isWhitespace(bytes[first])) first++;
  // A byte order mark, and input that opens no container, are the general route's.
  if (bytes[first] !== OPEN_BRACE && bytes[first] !== OPEN_BRACKET) return UNEXAMINED;
  // Shared memory, which another thread may change while it is read, goes to the parser's own copy.
  if (readBranded(arrayBufferByteLength, typedArrayBuffer(input)) === undefined) return UNEXAMINED;
  // The general route's own check (whole-documents.ts), written again: a shared helper moved the
  // browser bundle's modules and cost it bytes over its cap.
  let last = length - 1;
  while (last > first && isWhitespace(bytes[last])) last--;
  if (bytes[last] !== (bytes[first] === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET)) return UNEXAMINED;
  const text = NODE_DECODES_RANGES ? decodeRange(bytes, first, last + 1, false) : decodeWhole(bytes);
  if (!readsEscapedKeysRight(builtinJsonParse!) && !keysHoldNoEscape(text)) return NOT_ROUTED;
  try {
    return builtinJsonParse!(text);
  } catch {
    return NOT_ROUTED;
  }
}
