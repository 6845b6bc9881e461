// Views and copies of parts of the parser's own typed arrays (the input's view or kept copy, scratch
// space), made only with built-ins captured when the modules load. `bytes.subarray(...)` would look
// `subarray` up on a prototype that a program may have patched since, and then, as `slice` does,
// build its result through `bytes.constructor[Symbol.species]`, which a program may have replaced too.
import { typedArrayBuffer, typedArrayByteOffset, typedArraySet } from '../buffers/intrinsics.js';

const Uint8ArrayConstructor = Uint8Array;
const typedArrayPrototype = /* @__PURE__ */ Object.getPrototypeOf(Uint8Array.prototype) as Uint8Array;

/** A prototype with nothing but the built-in `set`, captured now. Pure: the browser build copies nothing. */
const SET_ONLY: object = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.create(null, { set: { value: typedArrayPrototype.set } }));

/**
 * A view of all of `buffer` whose one method is the built-in `set`, for copying into a buffer kept
 * across parses: no patch of the prototypes reaches it, and on Bun `view.set(source)` costs 13 ns
 * where the bound `typedArraySet` costs 36 (200 bytes; bench/NOTES.md, round 13).
 */
export function copyTarget(buffer: ArrayBuffer): Pick<Uint8Array, 'set'> {
  return Object.setPrototypeOf(new Uint8ArrayConstructor(buffer), SET_ONLY) as Pick<Uint8Array, 'set'>;
}

/** A new view of `bytes[start, end)`: what an untouched `bytes.subarray(start, end)` returns. */
export function byteRange(bytes: Uint8Array, start: number, end: number): Uint8Array {
  return new Uint8ArrayConstructor(typedArrayBuffer(bytes), typedArrayByteOffset(bytes) + start, end - start);
}

/** A copy of `bytes[start, end)` in memory of its own: what an untouched `bytes.slice(start, end)` returns. */
export function copyOfRange(bytes: Uint8Array, start: number, end: number): Uint8Array {
  const copy = new Uint8ArrayConstructor(end - start);
  typedArraySet(copy, byteRange(bytes, start, end));
  return copy;
}
