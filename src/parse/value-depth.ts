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
 * Elements of an array looked at in one visit of it. A longer array goes back on the stack beneath
 * the children found, to be resumed after them: a server under a 300 MB cap runs with a young
 * generation of 1 to 3 MB, where a stack of all 15,000 records of a 1 MB body (about 0.7 MB of
 * arrays as it grew) cost 0.4 more scavenges a request, each copying the value being walked
 * (bench/NOTES.md, round 40). 64, 256 and 1024 walked twenty documents' values alike (geometric
 * mean 0.96 to 0.98 of the whole-array stack's time, records 0.72 to 0.75).
 */
const ARRAY_ELEMENTS_PER_VISIT = 256;

/** Keys the walk refuses, as bits: a `__proto__` key, and a `constructor` holding an object with its own `prototype`. */
export const GUARDS_PROTO = 1;
export const GUARDS_CONSTRUCTOR = 2;

/**
 * Whether `root`, a value of JSON.parse, nests at most `most` deep: `[]` is 1 deep, `[{}]` 2, a
 * scalar 0. An explicit stack, not recursion, so no depth can overflow the call stack; it stops at
 * the first container past `most`. False, without a walk, where Object.prototype holds an
 * enumerable property: for-in would visit it in every object (and run a getter).
 *
 * `guards` ({@link GUARDS_PROTO}, {@link GUARDS_CONSTRUCTOR}) also makes it false at the first key
 * that protoAction or constructorAction would act on. The walk visits every key anyway, so this
 * costs a comparison a key, where a search of the text for "proto" took 0.15 to 0.28 ms a MB
 * (bench/NOTES.md, round 41).
 */
export function valueNestsAtMost(root: unknown, most: number, guards = 0): boolean {
  if (typeof root !== 'object' || root === null) return true;
  if (most < 1 || prototypeIsPolluted()) return false;
  const pending: object[] = [root];
  // A negative depth marks an array put back part-way; where to resume it is on `resumeAt`.
  const depths: number[] = [1];
  const resumeAt: number[] = [];
  while (pending.length > 0) {
    const container = pending.pop()!;
    let depth = depths.pop()!;
    if (Array.isArray(container)) {
      let index = 0;
      if (depth < 0) {
        depth = -depth;
        index = resumeAt.pop()!;
      }
      let end = container.length;
      if (end - index > ARRAY_ELEMENTS_PER_VISIT) {
        end = index + ARRAY_ELEMENTS_PER_VISIT;
        pending.push(container);
        depths.push(-depth);
        resumeAt.push(end);
      }
      // JSON.parse's arrays are packed: indexes read own elements, and faster than for-in.
      for (; index < end; index++) {
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
        if (guards !== 0 && isGuarded(key, item, guards)) return false;
        if (typeof item !== 'object' || item === null) continue;
        if (depth === most) return false;
        pending.push(item);
        depths.push(depth + 1);
      }
    }
  }
  return true;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** Whether the property `key: item` is one that `guards` refuses. */
function isGuarded(key: string, item: unknown, guards: number): boolean {
  if (key === '__proto__') return (guards & GUARDS_PROTO) !== 0;
  return key === 'constructor' && (guards & GUARDS_CONSTRUCTOR) !== 0 && typeof item === 'object' && item !== null && hasOwn.call(item, 'prototype');
}
