import { loadNodeBuiltin } from '../../platform/node-builtin.js';

interface BufferModule {
  Buffer: { from(buffer: ArrayBufferLike, byteOffset: number, length: number): Buffer };
}

/**
 * A Node `Buffer` over the same memory as `bytes` (a view, never a copy), found at run time so
 * that loading this module needs no `node:` import.
 */
export function nodeBuffer(bytes: Uint8Array): Buffer {
  const BufferClass = loadNodeBuiltin<BufferModule>('node:buffer')?.Buffer;
  if (BufferClass === undefined) throw new TypeError('json: verify needs a runtime with Node Buffers');
  return BufferClass.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
