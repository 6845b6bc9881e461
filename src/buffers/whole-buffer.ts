// The one check behind every "may this be detached?" decision: detaching a buffer empties every view
// on it, so a view may stand for its buffer only when it covers all of it, and shared memory never.
import {
  arrayBufferByteLength,
  dataViewBuffer,
  dataViewByteLength,
  dataViewByteOffset,
  isArrayBuffer,
  isArrayBufferView,
  isDetached,
  typedArrayBuffer,
  typedArrayByteLength,
  typedArrayByteOffset,
  typedArrayKind,
} from './intrinsics.js';

/** Offset and length of a view, or undefined when it is out of bounds of a shrunk resizable buffer. */
export function viewExtent(view: ArrayBufferView): { offset: number; length: number } | undefined {
  try {
    return typedArrayKind(view) !== undefined
      ? { offset: typedArrayByteOffset(view), length: typedArrayByteLength(view) }
      : { offset: dataViewByteOffset(view), length: dataViewByteLength(view) };
  } catch {
    return undefined;
  }
}

/** The buffer behind a real typed array or DataView, shared or not (read through the built-in getters). */
export function bufferOfView(view: ArrayBufferView): ArrayBufferLike {
  return typedArrayKind(view) !== undefined ? typedArrayBuffer(view) : dataViewBuffer(view);
}

/**
 * The non-shared ArrayBuffer that `value` stands for entirely: the value itself if it is one, or the
 * buffer of a view that covers all of it (a view of a detached buffer covers it too). Undefined for
 * a view on part of a buffer (a slice of Node's Buffer pool, of a larger read), for anything shared,
 * and for anything that is not a real buffer or view. Runs no user code.
 */
export function wholeBufferOf(value: unknown): ArrayBuffer | undefined {
  if (!isArrayBufferView(value)) return isArrayBuffer(value) ? value : undefined;
  const buffer = bufferOfView(value);
  if (!isArrayBuffer(buffer)) return undefined;
  // A view of a detached buffer reports offset 0 and length 0 (a DataView throws): nothing to check.
  if (isDetached(buffer)) return buffer;
  const extent = viewExtent(value);
  if (extent === undefined || extent.offset !== 0 || extent.length !== arrayBufferByteLength(buffer)) return undefined;
  return buffer;
}
