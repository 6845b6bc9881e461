// The input as a reader of four bytes at any offset, for the key compares (readPropertyName,
// spellsHead): a DataView's `getInt32` is one load where packing four byte loads took four loads,
// three shifts and three ors (a 36-byte key: 15 against 7 ns on Node 24 and 26, 9 against 6.5 on Bun).
// Called as a method, so that the compilers inline it: through a captured copy (`call` on it, or
// a bound form) V8 left it a call and the realworld files parsed 18 % slower (bench/NOTES.md round 20).
// So a program that replaced the method since load (checked at each parse) gets readers of our own.

import { isWhitespace, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './bytes.js';

/** What the key compares read the input with: four bytes at `at`, the first lowest. */
export interface WordReader {
  getInt32(at: number, littleEndian: true): number;
}

const DataViewConstructor = DataView;
const dataViewPrototype = DataView.prototype;
const dataViewGetInt32 = DataView.prototype.getInt32;

/** Reads words by packing bytes: the readers a parse gets when `DataView.prototype.getInt32` was replaced. */
class PackedWordReader implements WordReader {
  constructor(private readonly bytes: Uint8Array) {}

  getInt32(at: number): number {
    const bytes = this.bytes;
    return bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24);
  }
}

/** Whether `DataView.prototype.getInt32` is still the built-in; reading it may run a getter a program put there. */
function getInt32Intact(): boolean {
  try {
    return dataViewPrototype.getInt32 === dataViewGetInt32;
  } catch {
    return false;
  }
}

/**
 * A reader of `bytes` (`length` bytes of `buffer` from `byteOffset`), or `kept`, the kept copy's
 * DataView, when `bytes` is the kept copy. A DataView costs 40 ns to make on V8, so an input whose
 * first byte opens no object, array or string (nor is whitespace or a byte-order mark) gets none:
 * its parse fails at that byte or reads one number or literal, and never reads a key or a string
 * (a failure at byte 0 of 4 MB took 290 ns with a DataView made for it, 237 with a byte reader made,
 * 220 with none, and 208 before readers; bench/NOTES.md round 20).
 */
export function inputWordReader(
  bytes: Uint8Array,
  buffer: ArrayBufferLike,
  byteOffset: number,
  length: number,
  kept: DataView | undefined,
): WordReader {
  if (!getInt32Intact()) return new PackedWordReader(bytes);
  if (kept !== undefined) return kept;
  const first = length > 0 ? bytes[0] : -1;
  const opensValue = first === OPEN_BRACE || first === OPEN_BRACKET || first === QUOTE || isWhitespace(first) || first === BYTE_ORDER_MARK_FIRST;
  return opensValue ? new DataViewConstructor(buffer, byteOffset, length) : NO_STRINGS_READER;
}

/**
 * The reader of inputs that hold no string the parser reads. Never read; if it were, its words
 * (all 0, as no byte is there) would match no key's head and no plain string's words.
 */
const NO_STRINGS_READER = new PackedWordReader(new Uint8Array(0));

/** The first byte of a UTF-8 byte-order mark, which the parse steps over. */
const BYTE_ORDER_MARK_FIRST = 0xef;
