// What the input check hands the parser: the caller's bytes in a Uint8Array made here.
import { ByteArray } from './copy-bytes.js';

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

/** The input `byteLength` bytes of `buffer` from `byteOffset`, through a view made here (a ByteArray, see copy-bytes.ts). */
export function viewOf(buffer: ArrayBufferLike, byteOffset: number, byteLength: number, shared: boolean): InputBytes {
  return { bytes: new ByteArray(buffer, byteOffset, byteLength), length: byteLength, buffer, byteOffset, shared };
}
