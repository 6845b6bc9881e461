import { detach, detachStrategy } from '../detach/index.js';

// Only strategies that free memory at once are worth their cost here: a structured-clone
// "detach" merely moves the bytes into garbage, which is slower than leaving them to the GC.
const detachingFreesMemory = detachStrategy === 'natives' || detachStrategy === 'transfer';

/**
 * Smaller buffers are left to the garbage collector: detaching one costs about 5 microseconds on
 * Node 20 (measured: most of it verifying the detach), more than freeing a few kilobytes early is
 * worth, and enough to cut small-body throughput by a fifth. The chunks of large bodies (usually
 * 64 KiB from node:http) and large body buffers are all above it.
 */
export const MIN_RELEASE_BYTES = 16 * 1024;

/**
 * Detaches `bytes` (an ArrayBuffer, or the buffer behind a view) when that cannot hurt anybody
 * else and is worth it: a view must cover its whole buffer (so it is not a slice of a pool or of
 * a larger read), the buffer must not be shared, and it must hold at least {@link MIN_RELEASE_BYTES}.
 * Never throws: a buffer the runtime refuses to detach is simply left to the garbage collector.
 */
export function releaseIfSafe(bytes: ArrayBuffer | ArrayBufferView): void {
  if (!detachingFreesMemory || bytes.byteLength < MIN_RELEASE_BYTES) return;
  const isView = ArrayBuffer.isView(bytes);
  const buffer = isView ? bytes.buffer : bytes;
  if (isView && (bytes.byteOffset !== 0 || bytes.byteLength !== buffer.byteLength)) return;
  if (typeof SharedArrayBuffer === 'function' && buffer instanceof SharedArrayBuffer) return;
  try {
    detach(bytes);
  } catch {
    // Refused (pool, wasm memory, foreign realm...): the garbage collector will have it later.
  }
}
