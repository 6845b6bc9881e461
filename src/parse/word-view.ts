import { typedArrayBuffer, typedArrayByteOffset } from '../buffers/intrinsics.js';

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
 * The offset of the first 4-byte word at or around `pos` holding a byte that is not plain ASCII
 * text in a string (a quote, a backslash, a control character or a non-ASCII byte), or `pos` if
 * that is further. `pos` must be at least 3 bytes into the input, so that the word holding it is
 * inside the view.
 */
export function skipPlainAsciiWords(state: WordSource, pos: number): number {
  const words = wordsOf(state);
  if (words === undefined) return pos;
  const wordsStart = state.wordsStart;
  const count = state.wordCount;
  let index = (pos - wordsStart) >> 2;
  while (index < count) {
    const word = words[index];
    const quotes = word ^ 0x22222222;
    const backslashes = word ^ 0x5c5c5c5c;
    // Sets a byte's top bit if it is below 0x20, a quote, a backslash or non-ASCII. A borrow can
    // also mark bytes above a marked one, so the answer is exact for the word, not for each byte.
    // The usual `& ~x` masks are left out: the top bits they clear belong to non-ASCII bytes,
    // which `| word` marks anyway, and only a byte that is itself a hit starts a borrow.
    const marked = (word - 0x20202020) | (quotes - 0x01010101) | (backslashes - 0x01010101) | word;
    if ((marked & 0x80808080) !== 0) break;
    index++;
  }
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
  let index = (pos - wordsStart) >> 2;
  while (index < count) {
    const word = words[index];
    // The same test with the `& ~word` mask: it clears the top bits of bytes at or above 0x80,
    // which a subtraction may set, so that only a byte below 0x20, a quote or a backslash marks.
    const marked = ((word - 0x20202020) | ((word ^ 0x22222222) - 0x01010101) | ((word ^ 0x5c5c5c5c) - 0x01010101)) & ~word;
    if ((marked & 0x80808080) !== 0) break;
    index++;
  }
  const next = wordsStart + (index << 2);
  return next > pos ? next : pos;
}
