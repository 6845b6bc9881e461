import { IN_PLACE_MAX_BYTES } from '../../src/parse/input-in-place.js';
import { utf8 } from './oracle.js';

/**
 * Inputs holding `document` (or near it) that no route reads where they lie: other kinds of view,
 * a bare ArrayBuffer, shared and detached memory, lengths out of range, and what is not bytes at all.
 */
export function inputsNotReadInPlace(document: string): unknown[] {
  const bytes = utf8(document);
  const shared = new SharedArrayBuffer(bytes.length);
  new Uint8Array(shared).set(bytes);
  const detached = bytes.slice();
  structuredClone(detached.buffer, { transfer: [detached.buffer] });
  return [
    bytes.slice().buffer,
    new DataView(bytes.slice().buffer),
    new Int8Array(bytes.slice().buffer),
    new Uint8ClampedArray(bytes.slice().buffer),
    new Uint16Array(bytes.slice(0, 80).buffer),
    new Uint8Array(shared),
    detached,
    utf8('{"a":1}'),
    new Uint8Array(64),
    new Uint8Array(IN_PLACE_MAX_BYTES + 1).fill(0x20),
    'text',
    null,
  ];
}
