/**
 * Reused element buffers for arrays under construction, one per nesting depth. An array is
 * collected here and copied out with `slice` when it closes: the copy has exactly its length
 * (`[]` plus `push` reserves 16 slots or more), and a buffer that only ever held numbers keeps
 * them unboxed, as JSON.parse's own arrays do.
 */

/** Deeper arrays get a fresh buffer each: holding a million reused buffers would cost more than it saves. */
const REUSED_DEPTHS = 64;

const buffers: unknown[][] = [];
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

/** Forgets every element held, so that no parsed value stays reachable after a parse ends. */
export function releaseElementBuffers(): void {
  for (let depth = 0; depth <= deepestUsed; depth++) buffers[depth].length = 0;
  deepestUsed = -1;
}
