// Finds the ArrayBuffer that detaching a value would release, and refuses every value for which that
// would be wrong: anything that is not a real buffer or view, shared memory, and views that cover only
// part of their buffer (the rest of it may belong to somebody else, such as Node's Buffer pool).
import {
  arrayBufferByteLength,
  dataViewBuffer,
  dataViewByteLength,
  dataViewByteOffset,
  isArrayBuffer,
  isArrayBufferView,
  isDetached,
  isSharedArrayBuffer,
  typedArrayBuffer,
  typedArrayByteLength,
  typedArrayByteOffset,
  typedArrayKind,
} from '../buffers/intrinsics.js';
import { describeValue } from '../buffers/describe.js';

function refuseShared(what: string): never {
  throw new TypeError(
    `detach: refused ${what}: shared memory may be in use by other threads and can never be detached`,
  );
}

/** Offset and length of a view, or undefined when the view is out of bounds of a shrunk resizable buffer. */
function viewExtent(view: ArrayBufferView, isTypedArray: boolean): { offset: number; length: number } | undefined {
  try {
    return isTypedArray
      ? { offset: typedArrayByteOffset(view), length: typedArrayByteLength(view) }
      : { offset: dataViewByteOffset(view), length: dataViewByteLength(view) };
  } catch {
    return undefined;
  }
}

function bufferOfView(view: ArrayBufferView): ArrayBuffer {
  const kind = typedArrayKind(view);
  const isTypedArray = kind !== undefined;
  const name = kind ?? 'DataView';
  const buffer = isTypedArray ? typedArrayBuffer(view) : dataViewBuffer(view);
  if (!isArrayBuffer(buffer)) refuseShared(`a ${name} over a SharedArrayBuffer`);
  // A view of a detached buffer reports offset 0 and length 0 (a DataView throws): nothing to check.
  if (isDetached(buffer)) return buffer;
  const bufferLength = arrayBufferByteLength(buffer);
  const extent = viewExtent(view, isTypedArray);
  if (extent === undefined || extent.offset !== 0 || extent.length !== bufferLength) {
    const where = extent === undefined ? 'out of bounds' : `of ${extent.length} bytes at offset ${extent.offset}`;
    throw new TypeError(
      `detach: refused a ${name} ${where} in an ArrayBuffer of ${bufferLength} bytes: detaching would also ` +
        `empty the rest of that buffer, which other views may use (small Node Buffers share one pool). ` +
        `Pass a view that covers its whole buffer, or copy the bytes into one that does.`,
    );
  }
  return buffer;
}

/**
 * The ArrayBuffer to detach for `value` (possibly already detached), or a TypeError saying why
 * `value` may not be detached. Reads nothing but built-in internal slots, so it never runs user code.
 */
export function targetBuffer(value: unknown): ArrayBuffer {
  if (isArrayBufferView(value)) return bufferOfView(value);
  if (isArrayBuffer(value)) return value;
  if (isSharedArrayBuffer(value)) refuseShared(describeValue(value));
  throw new TypeError(
    `detach: expected an ArrayBuffer or an ArrayBuffer view (typed array, DataView, Buffer), got ${describeValue(value)}`,
  );
}
