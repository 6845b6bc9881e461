import { wholeBufferOf } from '../buffers/whole-buffer.js';
import { detachIfFreesMemory } from '../detach/detach.js';

/**
 * Detaches `bytes` (an ArrayBuffer, or the buffer behind a view) when that cannot hurt anybody
 * else: a view must cover its whole buffer (so it is not a slice of a pool or of a larger read),
 * and the buffer must not be shared. Every size is worth it: detaching costs well under a
 * microsecond (an allocate-and-detach loop of 1 KiB buffers ran faster than allocating alone), and
 * under HTTP load it made no measurable difference to 1 KB bodies. Never throws: a buffer the
 * runtime refuses to detach is simply left to the garbage collector.
 */
export function releaseIfSafe(bytes: ArrayBuffer | ArrayBufferView): void {
  // An empty buffer holds no memory, and may be a shared placeholder.
  if (bytes.byteLength === 0) return;
  const buffer = wholeBufferOf(bytes);
  if (buffer === undefined) return;
  try {
    detachIfFreesMemory(buffer);
  } catch {
    // Refused (pool, wasm memory, foreign realm...): the garbage collector will have it later.
  }
}
