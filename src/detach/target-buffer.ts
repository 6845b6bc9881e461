// Finds the ArrayBuffer that detaching a value would release, and refuses every value for which that
// would be wrong: anything that is not a real buffer or view, shared memory, and views that cover only
// part of their buffer (the rest of it may belong to somebody else, such as Node's Buffer pool).
import { arrayBufferByteLength, isArrayBufferView, isSharedArrayBuffer, typedArrayKind } from '../buffers/intrinsics.js';
import { describeValue } from '../buffers/describe.js';
import { bufferOfView, viewExtent, wholeBufferOf } from '../buffers/whole-buffer.js';

function refuseShared(what: string): never {
  throw new TypeError(
    `detach: refused ${what}: shared memory may be in use by other threads and can never be detached`,
  );
}

/** Says why a view may not stand for its buffer; only called once {@link wholeBufferOf} refused it. */
function refuseView(view: ArrayBufferView): never {
  const name = typedArrayKind(view) ?? 'DataView';
  const buffer = bufferOfView(view);
  if (isSharedArrayBuffer(buffer)) refuseShared(`a ${name} over a SharedArrayBuffer`);
  const extent = viewExtent(view);
  const where = extent === undefined ? 'out of bounds' : `of ${extent.length} bytes at offset ${extent.offset}`;
  throw new TypeError(
    `detach: refused a ${name} ${where} in an ArrayBuffer of ${arrayBufferByteLength(buffer)} bytes: detaching ` +
      `would empty all of that buffer, which other views may share (small Node Buffers do). Pass a view of ` +
      `a whole buffer, or a copy.`,
  );
}

/**
 * The ArrayBuffer to detach for `value` (possibly already detached), or a TypeError saying why
 * `value` may not be detached. Reads nothing but built-in internal slots, so it never runs user code.
 */
export function targetBuffer(value: unknown): ArrayBuffer {
  const buffer = wholeBufferOf(value);
  if (buffer !== undefined) return buffer;
  if (isArrayBufferView(value)) refuseView(value);
  if (isSharedArrayBuffer(value)) refuseShared(describeValue(value));
  throw new TypeError(
    `detach: expected an ArrayBuffer or an ArrayBuffer view (typed array, DataView, Buffer), got ${describeValue(value)}`,
  );
}
