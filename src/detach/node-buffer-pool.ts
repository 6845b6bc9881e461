// Node hands out small Buffers (`Buffer.from('abc')`, `Buffer.allocUnsafe(100)`) as slices of one
// shared ArrayBuffer, the pool. Such slices never cover their whole buffer, so the view check refuses
// them; this file covers the remaining hole: somebody passing the pool's ArrayBuffer itself (for example
// `pooledBuffer.buffer`). On Node 20 and 22 detaching it empties every pooled Buffer and the next
// string Node writes into the pool fails, which can take the process down. Node 24 and Deno protect
// the pool themselves; Bun does not pool.
import { typedArrayBuffer } from './intrinsics.js';

interface NodeBufferConstructor {
  poolSize: number;
  allocUnsafe(size: number): Uint8Array;
}

/** Node's `Buffer` reached without a static `node:` import, so browsers load this file unchanged. */
function loadNodeBuffer(): NodeBufferConstructor | undefined {
  try {
    const processObject: unknown = typeof process === 'object' ? process : undefined;
    const getBuiltinModule = (processObject as { getBuiltinModule?: unknown } | undefined)?.getBuiltinModule;
    if (typeof getBuiltinModule !== 'function') return undefined;
    const module = getBuiltinModule.call(processObject, 'node:buffer') as { Buffer?: unknown } | undefined;
    const Buffer = module?.Buffer as Partial<NodeBufferConstructor> | undefined;
    if (typeof Buffer?.allocUnsafe !== 'function' || typeof Buffer.poolSize !== 'number') return undefined;
    return Buffer as NodeBufferConstructor;
  } catch {
    return undefined;
  }
}

const NodeBuffer = loadNodeBuffer();
const allocUnsafe = NodeBuffer?.allocUnsafe.bind(NodeBuffer);

/**
 * Whether `buffer` is the pool Node currently slices small Buffers from. The pool is private to Node,
 * so the only way to see it is to take a 1-byte Buffer from it (costing 8 bytes of pool) and compare.
 * That probe only runs for buffers exactly `Buffer.poolSize` long, the size of every pool. Older pools,
 * already replaced by a newer one, cannot be recognised; Node no longer writes into those, though.
 */
export function isCurrentNodeBufferPool(buffer: ArrayBuffer, byteLength: number): boolean {
  if (NodeBuffer === undefined || allocUnsafe === undefined || byteLength !== NodeBuffer.poolSize) return false;
  try {
    return typedArrayBuffer(allocUnsafe(1)) === buffer;
  } catch {
    return false;
  }
}
