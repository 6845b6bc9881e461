/**
 * The bytes of one chunk as a Uint8Array over the same memory (no copy). Sources must yield
 * bytes; a string chunk (for example after `setEncoding`) is a programming error.
 */
export function chunkBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  const kind = chunk === null ? 'null' : typeof chunk === 'object' ? (chunk.constructor?.name ?? 'object') : typeof chunk;
  throw new TypeError(`body chunks must be Uint8Array (or other binary data), got ${kind}`);
}

/** Swallows a rejection we have no use for (cancelling a source that already failed). */
export function ignoreRejection(value: unknown): void {
  if (value !== null && typeof value === 'object' && typeof (value as Promise<unknown>).then === 'function') {
    (value as Promise<unknown>).then(undefined, () => {});
  }
}
