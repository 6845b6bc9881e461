/**
 * The nesting depth of a value the engine's JSON.parse built, for whole-documents.ts when a
 * document's value-opening brackets outnumber maxDepth (the body entry points' 1000: records of 64
 * KB and more, command trees, rule sets). Checking the value after JSON.parse costs 0.03 to 0.3 of
 * JSON.parse's own time (0.5 on canada's arrays of numbers), where the parser, the only other way,
 * took 1.3 to 2.1 times native's pipeline on such documents, and a walk of their text 0.15 to 0.5
 * of it (bench/NOTES.md, round 36).
 */

// Its for-in walks Object.prototype's enumerable properties, which every parsed object inherits.
const PLAIN_OBJECT = {};

/** Whether Object.prototype or its chain has an enumerable property, which for-in would visit. */
function prototypeIsPolluted(): boolean {
  for (const _ in PLAIN_OBJECT) return true;
  return false;
}

/**
 * Whether `root`, a value of JSON.parse, nests at most `most` deep: `[]` is 1 deep, `[{}]` 2, a
 * scalar 0. An explicit stack, not recursion, so no depth can overflow the call stack; it stops at
 * the first container past `most`. False, without a walk, where Object.prototype holds an
 * enumerable property: for-in would visit it in every object (and run a getter).
 */
export function valueNestsAtMost(root: unknown, most: number): boolean {
  if (typeof root !== 'object' || root === null) return true;
  if (most < 1 || prototypeIsPolluted()) return false;
  const pending: object[] = [root];
  const depths: number[] = [1];
  while (pending.length > 0) {
    const container = pending.pop()!;
    const depth = depths.pop()!;
    if (Array.isArray(container)) {
      // JSON.parse's arrays are packed: indexes read own elements, and faster than for-in.
      for (let index = 0; index < container.length; index++) {
        const item: unknown = container[index];
        if (typeof item !== 'object' || item === null) continue;
        if (depth === most) return false;
        pending.push(item);
        depths.push(depth + 1);
      }
    } else {
      // for-in over an object with no inherited enumerable property visits its own keys, without
      // the array Object.values would allocate (faster on maps and prose, slower on records).
      for (const key in container) {
        const item: unknown = (container as Record<string, unknown>)[key];
        if (typeof item !== 'object' || item === null) continue;
        if (depth === most) return false;
        pending.push(item);
        depths.push(depth + 1);
      }
    }
  }
  return true;
}
