// Turns whatever the caller passed into a Uint8Array over exactly its bytes, through the built-ins'
// own getters, so that look-alikes, proxies and patched prototypes cannot fool it. The checks are
// ordered so that common inputs never make a getter throw: a caught TypeError costs microseconds,
// more than parsing a small document.
import { describeValue } from '../buffers/describe.js';
import { ON_BUN } from '../platform/on-bun.js';
import { bunTypedArrayBytes } from './input-bun.js';
import { COPIED_LENGTH, copyOf, EMPTY, viewOf, type InputBytes } from './input-bytes.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import {
  arrayBufferByteLength,
  dataViewBuffer,
  dataViewByteLength,
  dataViewByteOffset,
  isArrayBuffer,
  isArrayBufferView,
  isSharedArrayBuffer,
  readBranded,
  sharedArrayBufferByteLength,
  typedArrayBuffer,
  typedArrayByteLength,
  typedArrayByteOffset,
  typedArrayKind,
} from '../buffers/intrinsics.js';

/**
 * The bytes of `input`: a view's own window, or a whole buffer (input-bytes.ts).
 * A detached buffer is empty input. Anything else is a TypeError.
 */
export function toInputBytes(input: unknown, caller: string): InputBytes {
  if (isArrayBufferView(input)) {
    // On Bun, where every built-in getter call costs more than on V8, typed arrays have a path of their own.
    const onBun = ON_BUN ? bunTypedArrayBytes(input) : undefined;
    if (onBun !== undefined) return onBun;
    const kind = typedArrayKind(input);
    // A short input of one-byte elements is copied (see COPIED_LENGTH) without a look at its buffer:
    // `set` keeps the bytes of those kinds as they are (an Int8Array's -1 is stored as 255).
    if (!BROWSER_BUILD && (kind === 'Uint8Array' || kind === 'Uint8ClampedArray' || kind === 'Int8Array')) {
      const byteLength = typedArrayByteLength(input);
      if (byteLength < COPIED_LENGTH) return byteLength === 0 ? EMPTY : copyOf(input, byteLength);
    }
    const isTypedArray = kind !== undefined;
    const buffer = isTypedArray ? typedArrayBuffer(input) : dataViewBuffer(input);
    // One brand check answers both questions: undefined for shared memory, else the length.
    const bufferLength = readBranded(arrayBufferByteLength, buffer);
    const shared = bufferLength === undefined;
    if (bufferLength === 0) return EMPTY;
    let byteOffset: number;
    let byteLength: number;
    try {
      byteOffset = isTypedArray ? typedArrayByteOffset(input) : dataViewByteOffset(input);
      byteLength = isTypedArray ? typedArrayByteLength(input) : dataViewByteLength(input);
    } catch {
      // A DataView left out of bounds by shrinking its resizable buffer has no bytes to read.
      return EMPTY;
    }
    return viewOf(buffer, byteOffset, byteLength, shared);
  }
  if (isArrayBuffer(input)) {
    const byteLength = arrayBufferByteLength(input);
    return byteLength === 0 ? EMPTY : viewOf(input, 0, byteLength, false);
  }
  if (isSharedArrayBuffer(input)) return viewOf(input, 0, sharedArrayBufferByteLength!(input), true);
  throw new TypeError(`${caller}: expected an ArrayBuffer, a SharedArrayBuffer or an ArrayBufferView, got ${describeValue(input)}`);
}
