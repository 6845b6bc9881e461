// The built-in getters and functions that the buffer checks of parse, detach and the shim rely on,
// captured once when this module loads. Calling them through these captured copies means a program that later patches
// `ArrayBuffer.prototype`, `%TypedArray%.prototype`, `DataView.prototype` or even
// `Function.prototype.call` cannot make a look-alike pass as a buffer, or a real buffer fail.

type Getter<T> = (receiver: unknown) => T;

// `call.bind(method)` yields a function whose first argument becomes `this` of `method`. A bound
// function keeps its target internally, so patching `Function.prototype.call` later changes nothing.
const uncurryThis = Function.prototype.bind.bind(Function.prototype.call) as <Args extends unknown[], Result>(
  method: (...args: Args) => Result,
) => (receiver: unknown, ...args: Args) => Result;

function getterOf<T>(prototype: object, key: PropertyKey): Getter<T> | undefined {
  const get = Object.getOwnPropertyDescriptor(prototype, key)?.get;
  return typeof get === 'function' ? (uncurryThis(get) as Getter<T>) : undefined;
}

function requiredGetter<T>(prototype: object, key: PropertyKey): Getter<T> {
  const getter = getterOf<T>(prototype, key);
  if (getter === undefined) throw new TypeError(`this runtime lacks the built-in getter ${String(key)}`);
  return getter;
}

const typedArrayPrototype: object = Object.getPrototypeOf(Uint8Array.prototype);

/** `ArrayBuffer.prototype.byteLength`; throws for anything but a real (non-shared) ArrayBuffer. */
export const arrayBufferByteLength = requiredGetter<number>(ArrayBuffer.prototype, 'byteLength');

/** `ArrayBuffer.prototype.detached` (ES2024); absent on Node 20. */
export const arrayBufferDetached = getterOf<boolean>(ArrayBuffer.prototype, 'detached');

/** `SharedArrayBuffer.prototype.byteLength`; absent where `SharedArrayBuffer` is not exposed. */
export const sharedArrayBufferByteLength =
  typeof SharedArrayBuffer === 'function' ? getterOf<number>(SharedArrayBuffer.prototype, 'byteLength') : undefined;

/** `ArrayBuffer.isView`: true only for real typed arrays and DataViews (never for proxies of them). */
export const isArrayBufferView: (value: unknown) => value is ArrayBufferView = ArrayBuffer.isView.bind(ArrayBuffer);

/** `%TypedArray%.prototype[Symbol.toStringTag]`: the element type's name for a typed array, else undefined. */
export const typedArrayKind = requiredGetter<string | undefined>(typedArrayPrototype, Symbol.toStringTag);

export const typedArrayBuffer = requiredGetter<ArrayBufferLike>(typedArrayPrototype, 'buffer');
export const typedArrayByteOffset = requiredGetter<number>(typedArrayPrototype, 'byteOffset');
export const typedArrayByteLength = requiredGetter<number>(typedArrayPrototype, 'byteLength');

type TypedArrayMethods = Pick<Uint8Array, 'set' | 'indexOf'>;
const typedArrayMethods = typedArrayPrototype as TypedArrayMethods;

/** `%TypedArray%.prototype.set` as `(target, source, offset)`: copies a typed array's elements into another. */
export const typedArraySet = uncurryThis(typedArrayMethods.set) as (target: Uint8Array, source: Uint8Array, offset?: number) => void;

/** `%TypedArray%.prototype.indexOf` as `(array, value, from)`. */
export const typedArrayIndexOf = uncurryThis(typedArrayMethods.indexOf) as (array: Uint8Array, value: number, from?: number) => number;

export const dataViewBuffer = requiredGetter<ArrayBufferLike>(DataView.prototype, 'buffer');
export const dataViewByteOffset = requiredGetter<number>(DataView.prototype, 'byteOffset');
export const dataViewByteLength = requiredGetter<number>(DataView.prototype, 'byteLength');

const transferToFixedLengthMethod = (ArrayBuffer.prototype as { transferToFixedLength?: unknown })
  .transferToFixedLength;

/** `ArrayBuffer.prototype.transferToFixedLength` (ES2024) as `(buffer, newLength)`; absent on Node 20. */
export const transferToFixedLength =
  typeof transferToFixedLengthMethod === 'function'
    ? uncurryThis(transferToFixedLengthMethod as (newLength: number) => ArrayBuffer)
    : undefined;

/** The global `structuredClone` (HTML / Node 17+); absent in some embedded engines. */
export const structuredCloneFunction: typeof structuredClone | undefined =
  typeof globalThis.structuredClone === 'function' ? globalThis.structuredClone : undefined;

/**
 * What a built-in getter returns for `value`, or undefined when `value` lacks the internal slot the
 * getter needs (it throws then). Calling a getter this way is a brand check that proxies fail.
 */
export function readBranded<T>(getter: Getter<T> | undefined, value: unknown): T | undefined {
  if (getter === undefined) return undefined;
  try {
    return getter(value);
  } catch {
    return undefined;
  }
}

/** Whether `value` is a real, non-shared ArrayBuffer (from any realm; never a proxy or look-alike). */
export function isArrayBuffer(value: unknown): value is ArrayBuffer {
  return readBranded(arrayBufferByteLength, value) !== undefined;
}

/** Whether `value` is a real SharedArrayBuffer. */
export function isSharedArrayBuffer(value: unknown): value is SharedArrayBuffer {
  return readBranded(sharedArrayBufferByteLength, value) !== undefined;
}

const Uint8ArrayConstructor = Uint8Array;

/**
 * Whether an ArrayBuffer is detached. Uses the ES2024 `detached` getter where present; elsewhere
 * relies on the fact that constructing a view on a detached buffer throws, which only needs checking
 * when the length is 0 (a detached buffer always reports 0).
 */
export function isDetached(buffer: ArrayBuffer): boolean {
  if (arrayBufferDetached !== undefined) return arrayBufferDetached(buffer);
  if (arrayBufferByteLength(buffer) !== 0) return false;
  try {
    new Uint8ArrayConstructor(buffer);
    return false;
  } catch {
    return true;
  }
}

/**
 * Whether `buffer`, `lengthBefore` bytes long a moment ago, is detached now. Same answer as
 * {@link isDetached}, but without the getter it avoids the thrown error (about 4 microseconds on
 * Node 20) in the common case: a non-empty buffer that now reads 0 bytes was detached, since nothing
 * between the two readings resizes it.
 */
export function isDetachedNow(buffer: ArrayBuffer, lengthBefore: number): boolean {
  if (arrayBufferDetached !== undefined || lengthBefore === 0) return isDetached(buffer);
  return arrayBufferByteLength(buffer) === 0;
}
