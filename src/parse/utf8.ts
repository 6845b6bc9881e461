import { loadNodeBuiltin } from '../platform/node-builtin.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { NODE_ON_V8_14 } from '../platform/v8-major.js';
import { processFixesMmapThreshold } from '../platform/malloc-threshold.js';
import { byteRange, copyOfRange } from './byte-views.js';

// UTF-8 helpers for string values. Bytes below 0x80 never occur inside a multi-byte sequence,
// so decoding a string's bytes on their own gives exactly what decoding the whole document would.

const REPLACEMENT_CHARACTER = 0xfffd;

// ignoreBOM: a U+FEFF at the start of a string is content; only the document's leading BOM is skipped.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Decodes `bytes[start, end)` as the WHATWG UTF-8 decoder does, U+FFFD for each maximal invalid
 * subpart. A view on a SharedArrayBuffer is copied first: TextDecoder refuses shared memory in browsers.
 */
export function decodeUtf8(bytes: Uint8Array, start: number, end: number, shared: boolean): string {
  return decoder.decode(shared ? copyOfRange(bytes, start, end) : byteRange(bytes, start, end));
}

// Default options: a document's leading byte order mark is left out, as the parser skips it.
const documentDecoder = new TextDecoder();

/**
 * Decodes a whole document, a Uint8Array over memory that is not shared, with no view made: its
 * leading byte order mark left out, the blanks around its container left in for JSON.parse.
 */
export function decodeWhole(bytes: Uint8Array): string {
  return documentDecoder.decode(bytes);
}

type Utf8Slice = (this: Uint8Array, start: number, end: number) => string;

/**
 * Node's `Buffer#utf8Slice`, called on the input itself (it takes any Uint8Array as `this`), so
 * that no Buffer view is made per parse. Used where it agrees with TextDecoder, byte for byte on
 * ill-formed input too (checked here once, on a probe of every kind of bad sequence). On Node and
 * Bun: on Bun it costs 70 against TextDecoder's 104 ns for 32 bytes of Cyrillic, and its
 * latin1Slice 43 against 83 ns for 32 ASCII bytes (bench/NOTES.md, round 5). Deno's Buffer is a
 * polyfill, and browsers have none.
 */
const nodeUtf8Slice: Utf8Slice | undefined = BROWSER_BUILD ? undefined : (() => {
  const candidate = (globalThis as { Buffer?: { prototype?: { utf8Slice?: unknown } } }).Buffer?.prototype?.utf8Slice;
  const versions: Record<string, string | undefined> | undefined = typeof process === 'object' ? process.versions : undefined;
  if (typeof candidate !== 'function') return undefined;
  if (versions?.node === undefined || 'Deno' in globalThis) return undefined;
  try {
    const probe = new Uint8Array([0x41, 0xc3, 0xa9, 0xff, 0xe2, 0x82, 0x41, 0xed, 0xa0, 0x80, 0xf0, 0x9f, 0x98, 0x80, 0xf4, 0x90, 0x80, 0x80, 0xef, 0xbb, 0xbf, 0xc0, 0xaf, 0xe0, 0x80, 0xf0]);
    const inside = new Uint8Array(probe.length + 2);
    inside.set(probe, 1);
    const utf8Slice = candidate as Utf8Slice;
    const agrees = utf8Slice.call(probe, 0, probe.length) === decoder.decode(probe) && utf8Slice.call(inside.subarray(1), 3, 9) === decoder.decode(probe.subarray(3, 9));
    return agrees ? utf8Slice : undefined;
  } catch {
    return undefined;
  }
})();

/** Whether {@link decodeRange} decodes through Node's own range decoder, which reads any Uint8Array's internal slots. */
export const NODE_DECODES_RANGES = nodeUtf8Slice !== undefined;

/**
 * Decodes `bytes[start, end)` (the input or scratch space) like {@link decodeUtf8}, through Node's
 * own range decoder where there is one: it needs no view object per string.
 */
export function decodeRange(bytes: Uint8Array, start: number, end: number, shared: boolean): string {
  return nodeUtf8Slice === undefined || shared ? decodeUtf8(bytes, start, end, shared) : nodeUtf8Slice.call(bytes, start, end);
}

/**
 * Longest piece of a text for JSON.parse decoded in one call, on V8 14 and later, when the text is
 * not all ASCII. Node's decoders (`utf8Slice`, TextDecoder) build such a text in a temporary UTF-16
 * buffer of twice its bytes, taken with malloc and freed at once; ASCII they copy straight into the
 * string. Node 26 servers under a 300 MB cap that decoded each 1 MB body of prose in one call and
 * then freed the body (detached it) grew by 500 to 700 MB of RSS a minute and were OOM-killed: the
 * usual pipeline followed by `detach` too, while the V8 heap stayed at 25 MB. With glibc's mmap
 * threshold fixed (`MALLOC_MMAP_THRESHOLD_`) they stayed flat, so it is the allocator holding freed
 * memory. Pieces of 256 or 448 KB kept them flat, 960 KB did not; ASCII bodies in one call stayed
 * flat, and so did Node 24 (bench/NOTES.md, rounds 33 and 34).
 */
export const TEXT_PIECE_BYTES = 448 * 1024;

/**
 * Whether long texts not all ASCII are decoded in pieces: on Node with V8 14+ (Node 26), as the
 * comment above says. Not on Deno (V8 15): its servers stayed flat through a soak without pieces,
 * and with them peaked at 2.2 times the usual pipeline's memory on 1 MB bodies, 1.06 without
 * (bench/NOTES.md, round 34). Not where the process fixed glibc's mmap threshold
 * (`MALLOC_MMAP_THRESHOLD_`): Node 26 servers decoding each 1 MB body in one call then stayed flat,
 * and the pieces' second copy is pure cost (twitter 1.38 times native's time in pieces, 1.05 in one
 * call, in the bench, whose processes fix it; bench/NOTES.md, round 41).
 */
export const DECODES_IN_PIECES = NODE_ON_V8_14 && !processFixesMmapThreshold();

/**
 * Whether a range of `rangeBytes` out of an input of `inputBytes` is decoded in pieces, where
 * {@link DECODES_IN_PIECES}: not when the decoder's temporary buffer (twice the range) fits in the
 * input's own length. The soaks that grew decoded 1 MB bodies whole (a 2 MB temporary) or in 960 KB
 * pieces (1.9 MB); 448 KB pieces (896 KB) stayed flat (rounds 33 and 34). A large subtree of a 10 MB
 * body (2.5 MB, a 5 MB temporary) decoded whole stayed flat too (Node 26, 300 MB cap, 45 to 60 s
 * soaks, mixed 10 MB bodies), at 10.6 to 11.5 requests a second against 9.5 to 10.2 in pieces
 * (bench/NOTES.md, round 49), and so did one server taking 10 MB and 1 MB bodies at once (120 s).
 */
export function decodesRangeInPieces(rangeBytes: number, inputBytes: number): boolean {
  return DECODES_IN_PIECES && 2 * rangeBytes > inputBytes;
}

/**
 * `isAscii` of node:buffer (SIMD, about 1 % of native's whole pipeline), to let ASCII texts go in
 * one call; where it is missing every long text is decoded in pieces.
 */
export const nodeIsAscii: ((view: Uint8Array) => boolean) | undefined = BROWSER_BUILD
  ? undefined
  : (() => {
      const isAscii = loadNodeBuiltin<{ isAscii: unknown }>('node:buffer')?.isAscii;
      return typeof isAscii === 'function' ? (isAscii as (view: Uint8Array) => boolean) : undefined;
    })();

/**
 * Decodes `bytes[start, end)` as {@link decodeRange} does; where {@link DECODES_IN_PIECES}, a range
 * longer than {@link TEXT_PIECE_BYTES} that is not all ASCII in pieces (cut before a byte that
 * starts a character), joined, which JSON.parse makes one string again. The join costs a copy of
 * the text, and the pieces their own fresh pages: Node 26's classic set read 1.33 to 1.47 times
 * native with pieces, 0.80 to 0.94 in one call (round 34).
 */
export function decodeInPieces(bytes: Uint8Array, start: number, end: number, inPieces = DECODES_IN_PIECES): string {
  if (!inPieces || end - start <= TEXT_PIECE_BYTES || nodeIsAscii?.(byteRange(bytes, start, end)) === true) return decodeRange(bytes, start, end, false);
  let text = '';
  for (let at = start; at < end; ) {
    const cut = end - at > TEXT_PIECE_BYTES ? at + TEXT_PIECE_BYTES : end;
    // Continuation bytes (10xxxxxx) belong to the character before them, which starts at most 3
    // bytes back; past that they are stray, each its own U+FFFD, and any cut among them decodes alike.
    let stop = cut;
    while (stop < end && stop > cut - 3 && (bytes[stop] & 0xc0) === 0x80) stop--;
    text += decodeRange(bytes, at, stop, false);
    at = stop;
  }
  return text;
}

/**
 * `Buffer#latin1Slice` (Node, Bun, and Deno's node:buffer), where it gives what TextDecoder gives on
 * a probe of ASCII. Latin-1 maps each
 * byte to one character, so on bytes known to be ASCII it gives what UTF-8 decoding gives, without
 * the UTF-8 validation: 20 to 80 ns less a string on Node 20 (bench/NOTES.md).
 */
const nodeLatin1Slice: Utf8Slice | undefined = BROWSER_BUILD ? undefined : (() => {
  type BufferClass = { prototype?: { latin1Slice?: unknown } };
  // Deno has no global Buffer; its node:buffer's latin1Slice is 53 against TextDecoder's 120 ns
  // for 32 ASCII bytes (its utf8Slice is slower than its TextDecoder past 128 bytes, so not used).
  const bufferClass = (globalThis as { Buffer?: BufferClass }).Buffer ?? loadNodeBuiltin<{ Buffer: BufferClass }>('node:buffer')?.Buffer;
  const candidate = bufferClass?.prototype?.latin1Slice;
  if (typeof candidate !== 'function') return undefined;
  try {
    // A view that starts inside its buffer, as the input often does.
    const probe = new Uint8Array([0x7b, 0x20, 0x41, 0x7a, 0x7e, 0x7f, 0x00, 0x5c]).subarray(1);
    const latin1Slice = candidate as Utf8Slice;
    return latin1Slice.call(probe, 1, 6) === decoder.decode(probe.subarray(1, 6)) ? latin1Slice : undefined;
  } catch {
    return undefined;
  }
})();

/** Decodes `bytes[start, end)`, which must all be ASCII, by the cheapest means there is. */
export function decodeAscii(bytes: Uint8Array, start: number, end: number, shared: boolean): string {
  return nodeLatin1Slice === undefined || shared ? decodeUtf8(bytes, start, end, shared) : nodeLatin1Slice.call(bytes, start, end);
}

type IsUtf8 = (bytes: Uint8Array) => boolean;

/**
 * `buffer.isUtf8` from Node's `node:buffer` (SIMD validation, about 30 ns a call plus a few GB/s;
 * also in Bun and Deno), where it agrees with the WHATWG decoder on the probe of every kind of bad
 * sequence: no overlong forms, no encoded surrogates, nothing past U+10FFFF.
 */
const nativeIsUtf8: IsUtf8 | undefined = BROWSER_BUILD ? undefined : (() => {
  const candidate = loadNodeBuiltin<{ isUtf8: unknown }>('node:buffer')?.isUtf8;
  if (typeof candidate !== 'function') return undefined;
  try {
    const isUtf8 = candidate as IsUtf8;
    const wellFormed = new Uint8Array([0x41, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xf4, 0x8f, 0xbf, 0xbf, 0xef, 0xbb, 0xbf]);
    const illFormed = [[0xff], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0x80]];
    const agrees = isUtf8(wellFormed) && illFormed.every((sequence) => !isUtf8(new Uint8Array([0x41, ...sequence, 0x41])));
    return agrees ? isUtf8 : undefined;
  } catch {
    return undefined;
  }
})();

/**
 * Whether the whole of `bytes` is well-formed UTF-8, by the runtime's native check; false where there
 * is none, or for shared memory, which another thread may change while the parse reads it.
 */
export function isWholeInputUtf8(bytes: Uint8Array, shared: boolean): boolean {
  return nativeIsUtf8 !== undefined && !shared && nativeIsUtf8(bytes);
}

/**
 * Returns the offset of the first byte that starts an ill-formed sequence in `bytes[start, end)`,
 * or -1 when the range is well-formed UTF-8. The ranges are those of the WHATWG decoder: no overlong
 * forms, no encoded surrogates, nothing above U+10FFFF.
 */
export function findInvalidUtf8(bytes: Uint8Array, start: number, end: number): number {
  let index = start;
  while (index < end) {
    const lead = bytes[index];
    if (lead < 0x80) {
      index++;
      continue;
    }
    let needed: number;
    let lower = 0x80;
    let upper = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) needed = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      needed = 2;
      if (lead === 0xe0) lower = 0xa0;
      else if (lead === 0xed) upper = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      needed = 3;
      if (lead === 0xf0) lower = 0x90;
      else if (lead === 0xf4) upper = 0x8f;
    } else return index;
    if (index + needed >= end) return index;
    const second = bytes[index + 1];
    if (second < lower || second > upper) return index;
    for (let k = 2; k <= needed; k++) {
      const continuation = bytes[index + k];
      if (continuation < 0x80 || continuation > 0xbf) return index;
    }
    index += needed + 1;
  }
  return -1;
}

/**
 * Appends the UTF-16 code units of `bytes[start, end)` to `units` from `length` on, replacing
 * ill-formed sequences as the WHATWG decoder does. Returns the new length. `units` must have room
 * for `end - start` more code units (UTF-8 never needs more units than bytes).
 */
export function decodeUtf8Into(
  bytes: Uint8Array,
  start: number,
  end: number,
  units: Uint16Array,
  length: number,
): number {
  let index = start;
  while (index < end) {
    const lead = bytes[index++];
    if (lead < 0x80) {
      units[length++] = lead;
      continue;
    }
    let needed: number;
    let codePoint: number;
    let lower = 0x80;
    let upper = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) {
      needed = 1;
      codePoint = lead & 0x1f;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      needed = 2;
      codePoint = lead & 0x0f;
      if (lead === 0xe0) lower = 0xa0;
      else if (lead === 0xed) upper = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      needed = 3;
      codePoint = lead & 0x07;
      if (lead === 0xf0) lower = 0x90;
      else if (lead === 0xf4) upper = 0x8f;
    } else {
      units[length++] = REPLACEMENT_CHARACTER;
      continue;
    }
    // Consume continuation bytes while they fit; a byte that does not fit ends the maximal
    // subpart and is examined again as the start of the next character.
    let complete = true;
    for (let seen = 0; seen < needed; seen++) {
      const continuation = index < end ? bytes[index] : -1;
      if (continuation < lower || continuation > upper) {
        complete = false;
        break;
      }
      codePoint = (codePoint << 6) | (continuation & 0x3f);
      lower = 0x80;
      upper = 0xbf;
      index++;
    }
    if (!complete) units[length++] = REPLACEMENT_CHARACTER;
    else if (codePoint < 0x10000) units[length++] = codePoint;
    else {
      codePoint -= 0x10000;
      units[length++] = 0xd800 | (codePoint >> 10);
      units[length++] = 0xdc00 | (codePoint & 0x3ff);
    }
  }
  return length;
}
