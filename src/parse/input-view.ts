// The input as a reader of four bytes at any offset, for the key compares (readPropertyName,
// spellsHead): a DataView's `getInt32` is one load where packing four byte loads took four loads,
// three shifts and three ors (a 36-byte key: 15 against 7 ns on Node 24 and 26, 9 against 6.5 on Bun).
// Called as a method, so that the compilers inline it: through a captured copy (`call` on it, or
// a bound form) V8 left it a call and the realworld files parsed 18 % slower (bench/NOTES.md round 20).
// So a program that replaced the method since load (checked at each parse) gets readers of our own.

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
 * DataView, when `bytes` is the kept copy.
 */
export function inputWordReader(
  bytes: Uint8Array,
  buffer: ArrayBufferLike,
  byteOffset: number,
  length: number,
  kept: DataView | undefined,
): WordReader {
  if (!getInt32Intact()) return new PackedWordReader(bytes);
  return kept ?? new DataViewConstructor(buffer, byteOffset, length);
}
