/**
 * Reused element buffers for arrays under construction, one per nesting depth. An array is
 * collected here and copied out with `slice` when it closes: the copy has exactly its length
 * (`[]` plus `push` reserves 16 slots or more), and a buffer that only ever held numbers keeps
 * them unboxed, as JSON.parse's own arrays do.
 */

/** Deeper arrays get a fresh buffer each: holding a million reused buffers would cost more than it saves. */
const REUSED_DEPTHS = 64;

/** A buffer that grew past this many elements is dropped after the parse instead of kept. */
const KEPT_BUFFER_LENGTH = 4096;

const buffers: unknown[][] = [];
/** The most elements each buffer held during the current parse. */
const highWater = new Int32Array(REUSED_DEPTHS);
let deepestUsed = -1;

/** The element buffer for an array at `depth` (0 for the outermost); its old contents are stale. */
export function elementBuffer(depth: number): unknown[] {
  if (depth >= REUSED_DEPTHS) return [];
  if (depth > deepestUsed) {
    deepestUsed = depth;
    while (buffers.length <= depth) buffers.push([]);
  }
  return buffers[depth];
}

/** Records that the array at `depth` held `count` elements, so they can be forgotten later. */
export function noteElementCount(depth: number, count: number): void {
  if (depth < REUSED_DEPTHS && count > highWater[depth]) highWater[depth] = count;
}

/**
 * Forgets every element held, so that no parsed value stays reachable after a parse ends.
 * Overwriting with 0 keeps a buffer's storage (and its element kind) for the next parse;
 * truncating would free it and make every parse grow it again. After a failure, arrays left open
 * never reported their counts, so every buffer used is dropped.
 */
export function releaseElementBuffers(failed: boolean): void {
  for (let depth = 0; depth <= deepestUsed; depth++) {
    const used = highWater[depth];
    if (failed || used > KEPT_BUFFER_LENGTH) buffers[depth] = [];
    else if (used > 0) buffers[depth].fill(0, 0, used);
    highWater[depth] = 0;
  }
  deepestUsed = -1;
}
