// Node hands out small Buffers (`Buffer.from('abc')`, `Buffer.allocUnsafe(100)`) as slices of a
// shared ArrayBuffer, the pool, and marks every pool "untransferable". Slices never cover their whole
// buffer, so the view check refuses them; this file covers somebody passing a pool's ArrayBuffer
// itself (say `pooledBuffer.buffer`). On Node 20 and 22 V8's detach ignores the mark: detaching the
// current pool empties every pooled Buffer, and from then on Node fails to write small strings into
// it (measured: every Buffer.from throws a RangeError; a vitest worker hung). Node 24 and Deno enforce
// the mark themselves; Bun does not pool.
import { isDetachedNow, structuredCloneFunction } from '../buffers/intrinsics.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { loadNodeBuiltin } from '../platform/node-builtin.js';

type MarkCheck = (value: unknown) => boolean;

// Loaded at the first check, not at load: node:worker_threads brings Node's streams and worker
// internals with it (6 to 11 ms and about 2 MB at import on Node 26, bench/NOTES.md, round 51),
// which a program that parses and never detaches does not need. Null until then.
let isMarkedAsUntransferable: MarkCheck | undefined | null = null;

function markCheck(): MarkCheck | undefined {
  if (isMarkedAsUntransferable === null) {
    isMarkedAsUntransferable = loadNodeBuiltin<{ isMarkedAsUntransferable: MarkCheck }>('node:worker_threads')?.isMarkedAsUntransferable;
  }
  return isMarkedAsUntransferable;
}

const NodeBuffer = BROWSER_BUILD ? undefined : loadNodeBuiltin<{ Buffer: { poolSize: unknown } }>('node:buffer')?.Buffer;

/** Node's default pool size, and every Buffer.poolSize seen since: the sizes pools can have. */
const poolSizesSeen = BROWSER_BUILD ? undefined : new Set<unknown>([8192, NodeBuffer?.poolSize]);

/**
 * Whether Node wants to keep `buffer` (it is marked untransferable, as Buffer pools are). Node 21+,
 * Bun and Deno answer directly through `worker_threads.isMarkedAsUntransferable`.
 *
 * Node 20 cannot be asked, but its `structuredClone` quietly copies an untransferable buffer instead
 * of transferring it. So for a buffer exactly as long as a pool (Node's default pool size, or any
 * `Buffer.poolSize` seen) the check is a transfer: afterwards the buffer is either detached, which the caller wanted anyway
 * (its few kilobytes then wait for the next garbage collection), or untouched and untransferable.
 */
export function isNodeUntransferable(buffer: ArrayBuffer, byteLength: number): boolean {
  return !BROWSER_BUILD && askNode(buffer, byteLength);
}

function askNode(buffer: ArrayBuffer, byteLength: number): boolean {
  const isMarked = markCheck();
  if (typeof isMarked === 'function') return isMarked(buffer);
  if (NodeBuffer === undefined || poolSizesSeen === undefined || structuredCloneFunction === undefined) return false;
  // A pool keeps the size Buffer.poolSize had when it was made, so every size seen counts.
  if (typeof NodeBuffer.poolSize === 'number') poolSizesSeen.add(NodeBuffer.poolSize);
  if (!poolSizesSeen.has(byteLength)) return false;
  try {
    structuredCloneFunction(buffer, { transfer: [buffer] });
  } catch {
    // A refusal leaves the buffer attached, which the check below reports.
  }
  return !isDetachedNow(buffer, byteLength);
}
