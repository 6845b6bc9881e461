/**
 * Working arrays whose every slot is an own data property, so that a store into them never reaches
 * the prototype chain.
 *
 * An index an array does not own (at or past its length, or a hole) is looked up on
 * Array.prototype and Object.prototype. Reading it there finds whatever prototype pollution put
 * under that index (`Object.prototype[0] = 'x'`), and assigning to it runs any setter a program
 * defined there (`Object.defineProperty(Object.prototype, '3', { set() {} })`), which receives the
 * value while the array stays empty; `push` assigns too. So the parser's buffers are made full and
 * grow by copying (`concat` and `slice` define their elements rather than assign them): their
 * length is their capacity, and what they hold is counted apart.
 */

import { BROWSER_BUILD } from '../platform/browser-build.js';

/**
 * A copy of `slots` with at least `length` own slots, its new ones holding `filler` (`slots` itself
 * when it is long enough). It doubles, so that growing one slot at a time costs logarithmic copies.
 * The element kind is the one `slots` has: make the first array from a literal of its own (a shared
 * literal site would remember the most general kind it ever held, and box numbers); an empty
 * `slots` starts from such a shared literal.
 */
export function widened<T>(slots: T[], length: number, filler: T): T[] {
  // The browser build's size cap leaves no room: there buffers grow by assignment (README, parseBinary).
  if (BROWSER_BUILD) return slots;
  const oldLength = slots.length;
  // Doubling nothing gives nothing: an empty array starts from one slot.
  let wider = oldLength === 0 ? [filler] : slots;
  while (wider.length < length) {
    const half = wider.length;
    const doubled: T[] = wider.concat(wider);
    // A program may make arrays unspreadable to concat (Symbol.isConcatSpreadable: false gives
    // `[wider, wider]`, or one of the two spread if its getter changes its answer: `half + 1`
    // elements); Array.from then defines each slot, making a holey but correct array. Only from
    // one slot does the length not tell, and only then is an element read: on Node 26 an element
    // read at a site that also sees generic arrays makes a double array generic, and every
    // number later stored into it boxed (bench/NOTES.md, round 9).
    const spread = doubled.length === 2 * half && (half > 1 || doubled[1] === wider[0]);
    wider = spread ? doubled : Array.from({ length: 2 * half }, (_, index) => (wider as T[])[index % half]);
  }
  if (wider !== slots) wider.fill(filler, oldLength);
  return wider;
}

/**
 * A stack that stores only into slots it owns: `push` and `pop` for lists the parser keeps between
 * calls (spilled chunks, spare chunks), where Array#push would assign.
 */
export class OwnStack<T> {
  items: T[];
  length = 0;

  constructor(private readonly filler: T) {
    this.items = widened([filler], 4, filler);
  }

  push(item: T): void {
    if (this.length === this.items.length) this.items = widened(this.items, this.length + 1, this.filler);
    this.items[this.length++] = item;
  }

  pop(): T | undefined {
    if (this.length === 0) return undefined;
    const item = this.items[--this.length];
    this.items[this.length] = this.filler;
    return item;
  }

  /** Keeps the first `length` items and lets go of the rest. */
  truncate(length: number): void {
    while (this.length > length) this.pop();
  }
}
