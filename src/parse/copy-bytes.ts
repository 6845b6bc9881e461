import { BROWSER_BUILD } from '../platform/browser-build.js';

type BufferCopy = (this: Uint8Array, target: Uint8Array, targetStart: number, sourceStart: number, sourceEnd: number) => number;

/**
 * Bun's `Buffer#copy`, called on the input itself: on Bun, making the subarray that `set` needs was
 * a fifth of a document of prose with escapes (bench/NOTES.md, round 5), and `copy` makes none. Only
 * on Bun: on Node and Deno `copy` is no faster than `set`. Used where it copies a probe correctly.
 */
const bunCopy: BufferCopy | undefined = BROWSER_BUILD ? undefined : (() => {
  const versions: Record<string, string | undefined> | undefined = typeof process === 'object' ? process.versions : undefined;
  if (versions?.bun === undefined) return undefined;
  const candidate = (globalThis as { Buffer?: { prototype?: { copy?: unknown } } }).Buffer?.prototype?.copy;
  if (typeof candidate !== 'function') return undefined;
  try {
    const copy = candidate as BufferCopy;
    const source = new Uint8Array([9, 1, 2, 3, 4, 5]).subarray(1);
    const target = new Uint8Array([7, 7, 7, 7, 7, 7]).subarray(1);
    const copied = copy.call(source, target, 1, 1, 4);
    return copied === 3 && target.join() === '7,2,3,4,7' ? copy : undefined;
  } catch {
    return undefined;
  }
})();

/** Copies `source[from, to)` into `target` at `at`, by the cheapest means the runtime has. */
export function copyBytes(source: Uint8Array, from: number, to: number, target: Uint8Array, at: number): void {
  if (bunCopy !== undefined) bunCopy.call(source, target, at, from, to);
  else target.set(source.subarray(from, to), at);
}
