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
 *
 * A buffer holds at most CHUNK_LENGTH elements: a longer array hands each full buffer over as a
 * chunk and goes on in another, and the chunks are joined by one `concat` when it closes. Growing
 * one buffer to millions of elements cost a reallocation and a copy at every step of its growth,
 * page faults for each new block, and a megamorphic growing store (bench/NOTES.md, round 7).
 * The browser build leaves chunks out, for its size cap: there a buffer grows, and one that grew
 * past CHUNK_LENGTH is dropped after the parse instead of kept.
 */
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { derefWeak, weakRefClass } from '../platform/weak-refs.js';
import { clearSlots } from './clear-slots.js';
import { OwnStack, widened } from './own-slots.js';

/** Deeper arrays get a fresh buffer each: holding a million reused buffers would cost more than it saves. */
const REUSED_DEPTHS = 64;

/**
 * The most elements a buffer holds; a longer array goes on in chunks (bench/NOTES.md, round 7:
 * 1,024 to 16,384 measured with `bench/compare-builds.js` on zeros-2e6 and one-letter-strings-1e6).
 */
export const CHUNK_LENGTH = 4096;

/**
 * Slots a reused buffer starts with. Buffers are made of own slots (own-slots.ts) and double when
 * full, so from a power of two they reach CHUNK_LENGTH exactly.
 */
const FIRST_LENGTH = 16;

/** Spare chunks kept between parses, of each kind: a few for documents with several long arrays. */
const SPARE_CHUNKS_KEPT = 4;

/** Per depth below REUSED_DEPTHS, its two buffers, made when an array first opens that deep. */
const numberBuffers: number[][] = widened<number[]>([[]], REUSED_DEPTHS, []);
const generalBuffers: unknown[][] = widened<unknown[]>([[]], REUSED_DEPTHS, []);
let buffersMade = 0;
/** The most elements an array at each depth left in its general buffer during the current parse. */
const generalHighWater = new Int32Array(REUSED_DEPTHS);
let deepestUsed = -1;

/** The full chunks of an open array, in order, and how many of them, at their start, are numbers-only. */
interface Spill {
  readonly chunks: OwnStack<unknown[]>;
  numberChunks: number;
}
/** Per depth, the spill of the open array there, if it has spilled chunks. */
let spills = new Map<number, Spill>();
/**
 * The deepest depth with a spill, or -1: while no spill is as deep as an array, closing it needs
 * no look at the spills (canada's coordinate pairs sit inside rings that spill).
 */
let deepestSpill = -1;
/** Whether this parse spilled chunks: only then do the spare chunks need trimming and clearing. */
let chunksSpilled = false;
const spareNumberChunks = /* @__PURE__ */ new OwnStack<unknown[]>([]);
const spareGeneralChunks = /* @__PURE__ */ new OwnStack<unknown[]>([]);

/**
 * The numbers chunks of the last parse past SPARE_CHUNKS_KEPT, held weakly: until the next full
 * collection they are garbage anyway, so holding them costs no memory, and a parse that spills takes
 * them before it makes new ones. Made new and promoted in every parse, zeros-2e6's 490 chunks cost
 * Node 26 a third of its time when parses follow each other (bench/NOTES.md, round 21). General chunks
 * are not held so: they would need clearing, and one-letter-strings-1e6 gained nothing. None where
 * the runtime has no WeakRef.
 */
let weakNumberChunks: WeakRef<OwnStack<unknown[]>> | undefined;

/** The weakly held numbers chunks, if the collector has left them (WeakRef reached as captured at load). */
function heldNumberChunks(): OwnStack<unknown[]> | undefined {
  return weakNumberChunks === undefined ? undefined : derefWeak!(weakNumberChunks);
}

/** Moves the spare numbers chunks past SPARE_CHUNKS_KEPT to the weakly held ones (dropped without WeakRef). */
function holdNumberChunksWeakly(): void {
  if (weakRefClass === undefined || spareNumberChunks.length <= SPARE_CHUNKS_KEPT) {
    spareNumberChunks.truncate(SPARE_CHUNKS_KEPT);
    return;
  }
  let held = heldNumberChunks();
  if (held === undefined) weakNumberChunks = new weakRefClass((held = new OwnStack<unknown[]>([])));
  while (spareNumberChunks.length > SPARE_CHUNKS_KEPT) held.push(spareNumberChunks.pop()!);
}

/** How many numbers chunks are held weakly now: 0 once the collector has taken them (for tests). */
export function weaklyHeldNumberChunks(): number {
  return heldNumberChunks()?.length ?? 0;
}

/**
 * A buffer for numbers: its literal makes doubles from the start, and growth keeps them. All
 * FIRST_LENGTH slots are written out: `widened` from one slot reads the doubled copy's elements
 * (its check that concat spread them) at a site that also sees generic arrays, and Node 26 turns
 * a double array read there generic, so every number stored was boxed (bench/NOTES.md, round 9).
 */
function newNumberBuffer(): number[] {
  // prettier-ignore
  return [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5];
}

function newGeneralBuffer(): unknown[] {
  return widened<unknown>([0], FIRST_LENGTH, 0);
}

/** The buffer a new array at `depth` (0 for the outermost) starts in; its old contents are stale. */
export function elementBuffer(depth: number): unknown[] {
  if (depth >= REUSED_DEPTHS) return [0, 0, 0, 0];
  if (depth > deepestUsed) {
    deepestUsed = depth;
    for (; buffersMade <= depth; buffersMade++) {
      numberBuffers[buffersMade] = newNumberBuffer();
      generalBuffers[buffersMade] = newGeneralBuffer();
    }
  }
  return numberBuffers[depth];
}

/** Whether an array opening at `depth` starts in a numbers-only buffer (elementBuffer's choice). */
export function opensNumbersOnly(depth: number): boolean {
  return depth < REUSED_DEPTHS;
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

/**
 * The buffer of the open array at `depth`, full at `full.length` elements, made longer; it takes
 * the place of the depth's buffer of its kind.
 */
export function grownBuffer(depth: number, full: unknown[], numbersOnly: boolean): unknown[] {
  if (numbersOnly) return (numberBuffers[depth] = widened(full as number[], full.length + 1, 0.5));
  const wider = widened(full, full.length + 1, 0);
  if (depth < REUSED_DEPTHS) generalBuffers[depth] = wider;
  return wider;
}

/**
 * Browser build: the buffer of the open array at `depth`, full at `full.length` elements, twice as
 * long (by concat, which keeps doubles unboxed; the new half of a general buffer is cleared, so that
 * it holds no value twice); `full` itself if a program made arrays unspreadable, and the store grows
 * it by assignment. Grown a slot at a time by assignment, a buffer of 2,000,000 numbers took 25 to
 * 50 ms of copies and collections, doubled 19 (bench/NOTES.md, round 13).
 */
export function doubledBuffer(depth: number, full: unknown[], numbersOnly: boolean): unknown[] {
  const doubled = full.concat(full);
  // Unspread, the buffer comes back as two elements, itself twice, whatever its length (of one
  // element, that is the length a doubled buffer would have).
  if (doubled[0] === full) return full;
  if (numbersOnly) return (numberBuffers[depth] = doubled as number[]);
  if (depth < REUSED_DEPTHS) generalBuffers[depth] = doubled;
  return doubled.fill(0, full.length);
}

/** Moves the first `count` elements of an array at `depth` to the general buffer, and returns it. */
export function generalBuffer(depth: number, numbers: unknown[], count: number): unknown[] {
  let general = generalBuffers[depth];
  if (general.length < numbers.length) general = generalBuffers[depth] = widened(general, numbers.length, 0);
  for (let index = 0; index < count; index++) general[index] = numbers[index];
  return general;
}

/**
 * Hands over `full`, the buffer of the open array at `depth` holding CHUNK_LENGTH elements, as one
 * of its chunks, and returns the buffer it goes on in: a spare chunk, or a copy of `full`, which
 * is cheaper than growing an empty array to that size.
 */
export function spillElements(depth: number, full: unknown[], numbersOnly: boolean): unknown[] {
  let spill = spills.get(depth);
  if (spill === undefined) {
    spill = { chunks: new OwnStack<unknown[]>([]), numberChunks: 0 };
    spills.set(depth, spill);
    if (depth > deepestSpill) deepestSpill = depth;
  }
  spill.chunks.push(full);
  chunksSpilled = true;
  if (numbersOnly) {
    spill.numberChunks++;
    const next = spareNumberChunks.pop() ?? heldNumberChunks()?.pop() ?? full.slice();
    numberBuffers[depth] = next as number[];
    return next;
  }
  const next = spareGeneralChunks.pop() ?? full.slice();
  if (depth < REUSED_DEPTHS) {
    generalBuffers[depth] = next;
    // Its slots past the count hold values of this parse until overwritten: all are cleared.
    generalHighWater[depth] = CHUNK_LENGTH;
  }
  return next;
}

/**
 * The array made of the first `count` elements of a buffer, when it closes, after any chunks the
 * array at `depth` spilled. Arrays of up to four are built from literals, which is cheaper than
 * a call to slice, and they abound (coordinate pairs). Numbers have literals of their own because
 * a literal remembers the element kinds it made: one that ever made an array of objects would make
 * boxed arrays of numbers from then on.
 */
export function copyElements(elements: unknown[], count: number, numbersOnly: boolean, depth: number): unknown[] {
  if (!BROWSER_BUILD && depth <= deepestSpill) {
    const spill = spills.get(depth);
    if (spill !== undefined) return joinChunks(depth, spill, elements.slice(0, count));
  }
  if (count === 0 || count > 4) return elements.slice(0, count);
  return numbersOnly ? fewNumbers(elements, count) : fewValues(elements, count);
}

/** Most arguments given to one `concat` call: engines limit a call's arguments (JSC to 65,536). */
const CHUNKS_PER_CONCAT = 1024;

/** The spilled chunks of the array at `depth` followed by `last`, in one array; the chunks go spare. */
function joinChunks(depth: number, spill: Spill, last: unknown[]): unknown[] {
  const chunks = spill.chunks;
  const all = new OwnStack<unknown[]>([]);
  for (let index = 0; index < chunks.length; index++) all.push(chunks.items[index]);
  all.push(last);
  const joined = joinArrays(all.items.slice(0, all.length));
  for (let index = 0; index < chunks.length; index++) {
    (index < spill.numberChunks ? spareNumberChunks : spareGeneralChunks).push(chunks.items[index]);
  }
  spills.delete(depth);
  // Arrays deeper than this one closed before it: any spill left is shallower.
  deepestSpill = depth - 1;
  return joined;
}

/**
 * The elements of the arrays `pieces` (at least one, all made of own slots), in order, in one new
 * array; a single piece is returned as it is.
 */
export function joinArrays(pieces: unknown[][]): unknown[] {
  // A program that made arrays unspreadable to concat gets them joined one element at a time.
  const spreadable = (pieces[pieces.length - 1] as { [Symbol.isConcatSpreadable]?: unknown })[Symbol.isConcatSpreadable] === undefined;
  while (pieces.length > 1) {
    const joined = new OwnStack<unknown[]>([]);
    for (let from = 0; from < pieces.length; from += CHUNKS_PER_CONCAT) {
      const group = pieces.slice(from, from + CHUNKS_PER_CONCAT);
      joined.push(spreadable ? group[0].concat(...group.slice(1)) : appendAll(group));
    }
    pieces = joined.items.slice(0, joined.length);
  }
  return pieces[0];
}

/** The elements of every array of `group`, in order, in one new array made of own slots. */
function appendAll(group: unknown[][]): unknown[] {
  const all = new OwnStack<unknown>(0);
  for (let which = 0; which < group.length; which++) {
    const part = group[which];
    for (let index = 0; index < part.length; index++) all.push(part[index]);
  }
  return all.items.slice(0, all.length);
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
 * make every parse grow it again. A buffer's length is the most it ever held, so one that grew
 * past CHUNK_LENGTH (the browser build has no chunks) is found by that and dropped. After a
 * failure, arrays left open never reported their counts, so every general buffer used is dropped,
 * and so are their chunks.
 */
export function releaseElementBuffers(failed: boolean): void {
  for (let depth = 0; depth <= deepestUsed; depth++) {
    if (numberBuffers[depth].length > CHUNK_LENGTH) numberBuffers[depth] = newNumberBuffer();
    const used = generalHighWater[depth];
    if (failed || generalBuffers[depth].length > CHUNK_LENGTH) generalBuffers[depth] = newGeneralBuffer();
    else if (used > 0) clearSlots(generalBuffers[depth], used, 0);
    generalHighWater[depth] = 0;
  }
  deepestUsed = -1;
  if (BROWSER_BUILD || !chunksSpilled) return;
  chunksSpilled = false;
  spills = new Map();
  deepestSpill = -1;
  holdNumberChunksWeakly();
  spareGeneralChunks.truncate(SPARE_CHUNKS_KEPT);
  for (let index = 0; index < spareGeneralChunks.length; index++) {
    const chunk = spareGeneralChunks.items[index];
    clearSlots(chunk, chunk.length, 0);
  }
}
