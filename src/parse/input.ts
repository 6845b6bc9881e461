// Turns whatever the caller passed into a Uint8Array over exactly its bytes, using the
// built-ins' own getters so that look-alikes, proxies and patched prototypes cannot fool it.
// The checks are ordered so that the common inputs never make a getter throw: a thrown
// TypeError costs microseconds, more than parsing a small document.

function getter(target: object, name: string): (this: unknown) => unknown {
  return Object.getOwnPropertyDescriptor(target, name)!.get!;
}

const arrayBufferByteLength = getter(ArrayBuffer.prototype, 'byteLength');
const sharedArrayBufferByteLength =
  typeof SharedArrayBuffer === 'function' ? getter(SharedArrayBuffer.prototype, 'byteLength') : undefined;
const typedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype) as object;
const typedArrayBuffer = getter(typedArrayPrototype, 'buffer');
const typedArrayByteOffset = getter(typedArrayPrototype, 'byteOffset');
const typedArrayByteLength = getter(typedArrayPrototype, 'byteLength');
/** Returns the kind of a typed array and undefined for anything else, without throwing. */
const typedArrayTag = getter(typedArrayPrototype, Symbol.toStringTag as unknown as string);
const dataViewBuffer = getter(DataView.prototype, 'buffer');
const dataViewByteOffset = getter(DataView.prototype, 'byteOffset');
const dataViewByteLength = getter(DataView.prototype, 'byteLength');

/** The caller's bytes, and whether they live in shared memory. */
export interface InputBytes {
  bytes: Uint8Array;
  shared: boolean;
}

const EMPTY: InputBytes = { bytes: new Uint8Array(0), shared: false };

/**
 * A Uint8Array over exactly the bytes of `input`: a view's own window, or a whole buffer.
 * A detached buffer is empty input. Anything else is a TypeError.
 */
export function toInputBytes(input: unknown, caller: string): InputBytes {
  if (ArrayBuffer.isView(input)) {
    const isDataView = typedArrayTag.call(input) === undefined;
    const buffer = (isDataView ? dataViewBuffer : typedArrayBuffer).call(input) as ArrayBufferLike;
    const shared = !isArrayBuffer(buffer);
    if (!shared && arrayBufferByteLength.call(buffer) === 0) return EMPTY;
    let byteOffset: number;
    let byteLength: number;
    try {
      byteOffset = (isDataView ? dataViewByteOffset : typedArrayByteOffset).call(input) as number;
      byteLength = (isDataView ? dataViewByteLength : typedArrayByteLength).call(input) as number;
    } catch {
      // A DataView left out of bounds by shrinking its resizable buffer has no bytes to read.
      return EMPTY;
    }
    return { bytes: new Uint8Array(buffer, byteOffset, byteLength), shared };
  }
  if (isArrayBuffer(input)) {
    return arrayBufferByteLength.call(input) === 0 ? EMPTY : { bytes: new Uint8Array(input as ArrayBuffer), shared: false };
  }
  if (isSharedArrayBuffer(input)) return { bytes: new Uint8Array(input as SharedArrayBuffer), shared: true };
  throw new TypeError(`${caller}: expected an ArrayBuffer, a SharedArrayBuffer or an ArrayBufferView, got ${describeValue(input)}`);
}

function isArrayBuffer(value: unknown): boolean {
  try {
    arrayBufferByteLength.call(value);
    return true;
  } catch {
    return false;
  }
}

function isSharedArrayBuffer(value: unknown): boolean {
  if (sharedArrayBufferByteLength === undefined) return false;
  try {
    sharedArrayBufferByteLength.call(value);
    return true;
  } catch {
    return false;
  }
}

/** A short description of a value for an error message, never calling user code. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return 'a string';
  if (typeof value !== 'object' && typeof value !== 'function') return `${typeof value} ${String(value)}`;
  return typeof value === 'function' ? 'a function' : 'an object of another type';
}
