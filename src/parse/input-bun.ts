// The input check of a typed array as Bun (JavaScriptCore) runs it cheapest. Same guarantees as
// input.ts: only the built-ins' own getters and constructor are used, captured when this module
// loads, so neither a patched prototype nor an own `buffer`, `byteOffset` or `length` property of
// the caller's array can steer the parser. The usual path in input.ts decides whatever this declines.
import { readBranded } from '../buffers/intrinsics.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { COPIED_LENGTH, copyOf, viewOf, type InputBytes } from './input-bytes.js';

const typedArrayPrototype: object = Object.getPrototypeOf(Uint8Array.prototype);
const dataViewPrototype: object = DataView.prototype;
const getPrototypeOf = Object.getPrototypeOf;
const reflectGet = Reflect.get;

/**
 * The built-in getters, held as accessors of a private object that nothing else can reach: on
 * JavaScriptCore `Reflect.get(HELD, key, view)` calls one in about 13 ns, the bound `call` of
 * intrinsics.ts in about 20 (V8: 20 against 4, hence Bun only; bench/NOTES.md, round 8, Bun).
 */
const HELD: object = BROWSER_BUILD ? {} : holdGetters();

function holdGetters(): object {
  const held: object = Object.create(null);
  const hold = (name: string, prototype: object, key: string): void => {
    const get = Object.getOwnPropertyDescriptor(prototype, key)?.get;
    if (typeof get !== 'function') throw new TypeError(`this runtime lacks the built-in getter ${key}`);
    Object.defineProperty(held, name, { get });
  };
  hold('byteLength', typedArrayPrototype, 'byteLength');
  hold('length', typedArrayPrototype, 'length');
  hold('byteOffset', typedArrayPrototype, 'byteOffset');
  hold('buffer', typedArrayPrototype, 'buffer');
  hold('bufferLength', ArrayBuffer.prototype, 'byteLength');
  return Object.freeze(held);
}

const byteLengthOf = (view: unknown): number => reflectGet(HELD, 'byteLength', view) as number;
const bufferLengthOf = (buffer: unknown): number => reflectGet(HELD, 'bufferLength', buffer) as number;

/**
 * The bytes of a typed array on Bun, or undefined to leave `view` to the usual path (a DataView,
 * a view whose prototype was swapped from DataView's, an empty view). None of the getter calls is
 * the kind's (toStringTag): the byteLength getter proves a typed array of any kind, and a length
 * equal to it one-byte elements. A short input of those takes two calls and a copy; others four.
 */
export function bunTypedArrayBytes(view: ArrayBufferView): InputBytes | undefined {
  if (getPrototypeOf(view) === dataViewPrototype) return undefined;
  // A brand check too: a DataView dressed as a typed array makes the getter throw.
  const length = readBranded(byteLengthOf, view);
  if (length === undefined || length === 0) return undefined;
  // One-byte elements (as many as bytes) under COPIED_LENGTH: copied, and the buffer never asked for.
  if (!BROWSER_BUILD && length < COPIED_LENGTH && reflectGet(HELD, 'length', view) === length) return copyOf(view, length);
  const buffer = reflectGet(HELD, 'buffer', view) as ArrayBufferLike;
  // Undefined for shared memory, whose buffer ArrayBuffer's getter refuses.
  const shared = readBranded(bufferLengthOf, buffer) === undefined;
  return viewOf(buffer, reflectGet(HELD, 'byteOffset', view) as number, length, shared);
}
