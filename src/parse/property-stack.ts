/**
 * Keys and values of the objects under construction, on one stack shared by all open objects:
 * an object's properties sit from its start index to the top, and a nested object's above them,
 * gone again once it closes. Objects are built only when they close, in one step when their shape
 * has a factory. Reused across parses; cleared after each so no parsed value stays reachable.
 *
 * Both arrays are made of own slots (own-slots.ts): the parser grows them with
 * {@link growPropertyStack} before it stores past their length.
 */

import { clearSlots } from './clear-slots.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { widened } from './own-slots.js';

/**
 * Stacks taller than this are dropped after a parse instead of kept. Regrowing them from
 * FIRST_HEIGHT on every parse of an object of 100,000 members was most of that parse's kernel time
 * (page faults): keeping up to 2^17 slots (2 MB with 8-byte slots) made integer-keys-100k 0.60 times
 * as long on Node 24 and 0.83 on Node 26 (bench/NOTES.md, round 10, integer-like keys). The browser
 * bundle clears its whole capacity after a failure, so it keeps 4,096.
 */
const KEPT_STACK_HEIGHT = BROWSER_BUILD ? 4096 : 1 << 17;
/** Keys above this height are cleared after a success as well, so that a kept tall stack holds no document's keys. */
const KEPT_KEYS_HEIGHT = 4096;
/** Room made at first; the stacks double from there. */
const FIRST_HEIGHT = 16;

/** A property name as the parser holds it: array indices of objects without a shape are numbers (index-keys.ts). */
export type PropertyName = string | number;

/**
 * What a key slot holds when no parse has put a key there since it was last cleared: never a key
 * (index keys are not negative), so the height a failed parse reached is found by looking.
 */
const NO_KEY: PropertyName = -1;

export let propertyKeys: PropertyName[] = freshKeys();
export let propertyValues: unknown[] = freshValues();
let highest = 0;

function freshKeys(): PropertyName[] {
  return BROWSER_BUILD ? [] : widened<PropertyName>([NO_KEY], FIRST_HEIGHT, NO_KEY);
}

function freshValues(): unknown[] {
  return BROWSER_BUILD ? [] : widened<unknown>([0], FIRST_HEIGHT, 0);
}

/** Makes room for a property at `height` (the parser reads both arrays again afterwards). */
export function growPropertyStack(height: number): void {
  propertyKeys = widened(propertyKeys, height + 1, NO_KEY);
  propertyValues = widened(propertyValues, height + 1, 0);
}

/** Records how tall the stack got, so that everything below is cleared at the end. */
export function notePropertyHeight(height: number): void {
  if (height > highest) highest = height;
}

/**
 * Forgets every value held, and after a failure every key as well. A success leaves its keys (short
 * keys live on in the key cache anyway): clearing them too cost 0.5 to 2 % of small bodies parsed
 * again and again (bench/NOTES.md, round 9, lead). After a failure the parser's height is gone with
 * its frame, so it is found as the first slot without a key: keys are pushed without gaps, and the
 * keys successes left lie below, without gaps too. Clearing the whole capacity instead cost 2.5 µs
 * a failure at 4,096 slots, eight times the rest of a failure at byte 0. Keys above
 * KEPT_KEYS_HEIGHT go after a success too, and a stack taller than KEPT_STACK_HEIGHT goes whole.
 */
export function releasePropertyStack(failed: boolean): void {
  if (propertyValues.length > KEPT_STACK_HEIGHT) {
    propertyKeys = freshKeys();
    propertyValues = freshValues();
  } else if (BROWSER_BUILD) {
    // No bytes left under the browser bundle's cap for finding the height: all slots are cleared.
    clearSlots(propertyValues, failed ? propertyValues.length : highest, 0);
  } else if (!failed) {
    clearSlots(propertyValues, highest, 0);
    if (highest > KEPT_KEYS_HEIGHT) propertyKeys.fill(NO_KEY, KEPT_KEYS_HEIGHT, highest);
  } else {
    let height = highest;
    while (height < propertyKeys.length && propertyKeys[height] !== NO_KEY) height++;
    clearSlots(propertyKeys, height, NO_KEY);
    clearSlots(propertyValues, height, 0);
  }
  highest = 0;
}
