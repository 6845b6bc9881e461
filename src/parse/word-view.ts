import { typedArrayBuffer, typedArrayByteOffset } from '../buffers/intrinsics.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';

/**
 * What the word scans read of a parse: its input and the word view made for it. ParseState has
 * these fields; naming them here keeps this module free of an import of state.ts.
 */
export interface WordSource {
  readonly bytes: Uint8Array;
  readonly end: number;
  readonly shared: boolean;
  /** The input as 32-bit words; null until made, undefined if there is none. */
  words: Uint32Array | undefined | null;
  wordsStart: number;
  wordCount: number;
}

/** Inputs at least this long get their word view at once: indentation alone makes it pay. */
export const EAGER_WORD_VIEW_LENGTH = 1024;

/** Shorter inputs never get one: no string in them is long enough to repay making it. */
const LAZY_WORD_VIEW_LENGTH = 64;

const Uint32ArrayConstructor = Uint32Array;

/**
 * A 32-bit view over the 4-byte-aligned middle of the input (`length` bytes of `buffer` from
 * `byteOffset`), `start` bytes in, `count` words long, so that runs of spaces and of plain string
 * bytes can be read a word at a time. None for shared input, whose bytes another thread may change
 * between the word test and the byte reads.
 */
export function makeWordView(
  buffer: ArrayBufferLike,
  byteOffset: number,
  length: number,
  shared: boolean,
  minLength: number,
): { words: Uint32Array; start: number; count: number } | undefined {
  if (shared || length < minLength) return undefined;
  const start = (4 - (byteOffset & 3)) & 3;
  const count = (length - start) >> 2;
  return { words: new Uint32ArrayConstructor(buffer, byteOffset + start, count), start, count };
}

/**
 * The input's words, made on first use for inputs too short to get a view at once. Outside the
 * browser build those are parsed from the kept copy (input-bytes.ts), which has its words from the
 * start: only the browser build's short inputs come here (its size cap has no room for the copy).
 */
export function wordsOf(state: WordSource): Uint32Array | undefined {
  if (state.words !== null) return state.words;
  const bytes = state.bytes;
  const view = makeWordView(typedArrayBuffer(bytes), typedArrayByteOffset(bytes), state.end, state.shared, LAZY_WORD_VIEW_LENGTH);
  state.wordsStart = view?.start ?? 0;
  state.wordCount = view?.count ?? 0;
  return (state.words = view?.words);
}

/**
 * The offset within its word of the lowest byte whose top bit `marked` (not 0) has set: with the
 * tests below, always a byte that stops the scan, as a borrow only ever marks bytes above a stop.
 */
export function firstMarkedByte(marked: number): number {
  return (31 - Math.clz32(marked & -marked)) >> 3;
}

/**
 * Top bits of the bytes of `word` that are below 0x20, a quote, a backslash or non-ASCII. The usual
 * `& ~x` masks are left out: the top bits they clear belong to non-ASCII bytes, which `| word` marks
 * anyway. A borrow from a marked byte can also mark the bytes above it, never a byte below.
 */
function plainAsciiStops(word: number): number {
  return ((word - 0x20202020) | ((word ^ 0x22222222) - 0x01010101) | ((word ^ 0x5c5c5c5c) - 0x01010101) | word) & 0x80808080;
}

/**
 * {@link plainAsciiStops} for text that may hold non-ASCII bytes, which do not stop it: the `& ~word`
 * mask clears the top bits of bytes at or above 0x80, which a subtraction may set.
 */
export function textStops(word: number): number {
  return ((word - 0x20202020) | ((word ^ 0x22222222) - 0x01010101) | ((word ^ 0x5c5c5c5c) - 0x01010101)) & ~word & 0x80808080;
}

/**
 * Where the scan of a string's bytes goes on after `pos`, read a word at a time: the first byte that
 * is not plain ASCII text in a string (a quote, a backslash, a control character or a non-ASCII byte)
 * when it lies past the word holding `pos`; else, and always in the browser build, the start of the
 * word holding it, or `pos` if that is further (a stop in the word of `pos` may lie before it, already
 * read). The caller goes on byte by byte from there.
 * `pos` must be at least 3 bytes into the input, so that the word holding it is inside the view.
 */
export function skipPlainAsciiWords(state: WordSource, pos: number): number {
  const words = wordsOf(state);
  if (words === undefined) return pos;
  const wordsStart = state.wordsStart;
  const count = state.wordCount;
  const first = (pos - wordsStart) >> 2;
  let index = first;
  // The bare test written out in the loop: anything more per word cost long strings 12 to 15 %
  // on Node 26 (bench/NOTES.md, round 15).
  while (index < count) {
    const word = words[index];
    if ((((word - 0x20202020) | ((word ^ 0x22222222) - 0x01010101) | ((word ^ 0x5c5c5c5c) - 0x01010101) | word) & 0x80808080) !== 0) break;
    index++;
  }
  // Not in the browser build: its gzipped bundle has no room left under the cap.
  if (!BROWSER_BUILD && index < count && index !== first) return wordsStart + (index << 2) + firstMarkedByte(plainAsciiStops(words[index]));
  const next = wordsStart + (index << 2);
  return next > pos ? next : pos;
}

/**
 * {@link skipPlainAsciiWords} for text already known to hold non-ASCII bytes, which it passes over:
 * only a quote, a backslash or a control character stops it. Cyrillic and CJK text is read four
 * bytes at a time this way, instead of byte by byte. A loop of its own: one loop for both scans,
 * with the non-ASCII test as a mask parameter, made ASCII prose with escapes 3 to 7 % slower.
 */
export function skipTextWords(state: WordSource, pos: number): number {
  const words = wordsOf(state);
  if (words === undefined) return pos;
  const wordsStart = state.wordsStart;
  const count = state.wordCount;
  const first = (pos - wordsStart) >> 2;
  let index = first;
  while (index < count) {
    const word = words[index];
    if ((((word - 0x20202020) | ((word ^ 0x22222222) - 0x01010101) | ((word ^ 0x5c5c5c5c) - 0x01010101)) & ~word & 0x80808080) !== 0) break;
    index++;
  }
  if (!BROWSER_BUILD && index < count && index !== first) return wordsStart + (index << 2) + firstMarkedByte(textStops(words[index]));
  const next = wordsStart + (index << 2);
  return next > pos ? next : pos;
}
