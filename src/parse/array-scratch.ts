/**
 * Reused element buffers for arrays under construction, two per nesting depth. An array is
 * collected here and copied out with `slice` when it closes: the copy has exactly its length
 * (`[]` plus `push` reserves 16 slots or more).
 *
 * Every array starts in its depth's numbers buffer, which never holds anything else, so that an
 * array of numbers is sliced out as an array of unboxed doubles, as JSON.parse makes it. At its
 * first other value an array moves to the depth's general buffer. One buffer for both would
 * turn general for good after the first array of objects at that depth, and every later array of
 * numbers would come out boxed (slower to build, twice the memory).
 */

import { clearSlots } from './clear-slots.js';

/** Deeper arrays get a fresh buffer each: holding a million reused buffers would cost more than it saves. */
const REUSED_DEPTHS = 64;

/** A buffer that grew past this many elements is dropped after the parse instead of kept. */
const KEPT_BUFFER_LENGTH = 4096;

const numberBuffers: number[][] = [];
const generalBuffers: unknown[][] = [];
/** The most elements an array at each depth left in its general buffer during the current parse. */
const generalHighWater = new Int32Array(REUSED_DEPTHS);
let deepestUsed = -1;

/** An empty array whose elements are doubles from the start. */
function emptyDoubleArray(): number[] {
  const array = [0.5];
  array.length = 0;
  return array;
}

/** The buffer a new array at `depth` (0 for the outermost) starts in; its old contents are stale. */
export function elementBuffer(depth: number): unknown[] {
  if (depth >= REUSED_DEPTHS) return [];
  if (depth > deepestUsed) {
    deepestUsed = depth;
    while (numberBuffers.length <= depth) {
      numberBuffers.push(emptyDoubleArray());
      generalBuffers.push([]);
    }
  }
  return numberBuffers[depth];
}

/** Whether `elements`, the buffer of an open array at `depth`, is the numbers-only one. */
export function holdsOnlyNumbers(elements: unknown[], depth: number): boolean {
  return depth < REUSED_DEPTHS && elements === numberBuffers[depth];
}

/**
 * Stores a number into a numbers-only buffer. Its own function so that it is a store site of its
 * own: a site that has seen arrays of both kinds turns every double array it later stores into
 * generic (V8 unifies element kinds across a polymorphic store), and an inlined function keeps
 * its own feedback. Two stores in one function would not do: minifiers merge identical branches.
 */
export function storeNumber(numbers: unknown[], index: number, value: number): void {
  numbers[index] = value;
}

/** Moves the first `count` elements of an array at `depth` to the general buffer, and returns it. */
export function generalBuffer(depth: number, numbers: unknown[], count: number): unknown[] {
  const general = generalBuffers[depth];
  for (let index = 0; index < count; index++) general[index] = numbers[index];
  return general;
}

/**
 * The array made of the first `count` elements of a buffer, when it closes. Arrays of up to four
 * are built from literals, which is cheaper than a call to slice, and they abound (coordinate
 * pairs). Numbers have literals of their own because a literal remembers the element kinds it made:
 * one that ever made an array of objects would make boxed arrays of numbers from then on.
 */
export function copyElements(elements: unknown[], count: number, numbersOnly: boolean): unknown[] {
  if (count === 0 || count > 4) return elements.slice(0, count);
  return numbersOnly ? fewNumbers(elements, count) : fewValues(elements, count);
}

function fewNumbers(numbers: unknown[], count: number): unknown[] {
  switch (count) {
    case 1: return [numbers[0]];
    case 2: return [numbers[0], numbers[1]];
    case 3: return [numbers[0], numbers[1], numbers[2]];
    default: return [numbers[0], numbers[1], numbers[2], numbers[3]];
  }
}

function fewValues(values: unknown[], count: number): unknown[] {
  switch (count) {
    case 1: return [values[0]];
    case 2: return [values[0], values[1]];
    case 3: return [values[0], values[1], values[2]];
    default: return [values[0], values[1], values[2], values[3]];
  }
}

/**
 * Records that an array at `depth` closed with `count` elements in its general buffer, so that
 * they can be cleared after the parse. Arrays that stayed in a numbers buffer hold no references.
 */
export function noteGeneralElementCount(depth: number, count: number): void {
  if (depth < REUSED_DEPTHS && count > generalHighWater[depth]) generalHighWater[depth] = count;
}

/**
 * Forgets every element held, so that no parsed value stays reachable after a parse ends.
 * Overwriting with 0 keeps a buffer's storage for the next parse; truncating would free it and
 * make every parse grow it again. A buffer's length is the most it ever held, so an oversized one
 * is found by that. After a failure, arrays left open never reported their counts, so every
 * general buffer used is dropped.
 */
export function releaseElementBuffers(failed: boolean): void {
  for (let depth = 0; depth <= deepestUsed; depth++) {
    if (numberBuffers[depth].length > KEPT_BUFFER_LENGTH) numberBuffers[depth] = emptyDoubleArray();
    const used = generalHighWater[depth];
    if (failed || generalBuffers[depth].length > KEPT_BUFFER_LENGTH) generalBuffers[depth] = [];
    else if (used > 0) clearSlots(generalBuffers[depth], used);
    generalHighWater[depth] = 0;
  }
  deepestUsed = -1;
}
