// Names a value for an error message without running any of its code: no property reads, no
// `String(object)`, no `Object.prototype.toString` (a proxy or a getter could throw or lie there).
import {
  arrayBufferByteLength,
  isArrayBufferView,
  readBranded,
  sharedArrayBufferByteLength,
  typedArrayKind,
} from './intrinsics.js';

function describePrimitive(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value.length > 40 ? `a string of ${value.length} characters` : `the string ${JSON.stringify(value)}`;
    case 'symbol':
      return 'a symbol';
    case 'bigint':
      return `the bigint ${value}n`;
    default:
      return String(value);
  }
}

/** A short, safe description of any value, such as "an ArrayBuffer of 8 bytes" or "null". */
export function describeValue(value: unknown): string {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return describePrimitive(value);
  if (typeof value === 'function') return 'a function';
  const arrayBufferLength = readBranded(arrayBufferByteLength, value);
  if (arrayBufferLength !== undefined) return `an ArrayBuffer of ${arrayBufferLength} bytes`;
  const sharedLength = readBranded(sharedArrayBufferByteLength, value);
  if (sharedLength !== undefined) return `a SharedArrayBuffer of ${sharedLength} bytes`;
  if (isArrayBufferView(value)) return `a ${typedArrayKind(value) ?? 'DataView'}`;
  return 'an object that is not a real ArrayBuffer, typed array or DataView (such as a look-alike or a proxy)';
}
