/**
 * Keys and values of the objects under construction, on one stack shared by all open objects:
 * an object's properties sit from its start index to the top, and a nested object's above them,
 * gone again once it closes. Objects are built only when they close, in one step when their shape
 * has a factory. Reused across parses; cleared after each so no parsed value stays reachable.
 */

import { clearSlots } from './clear-slots.js';

/** Stacks taller than this are dropped after a parse instead of kept. */
const KEPT_STACK_HEIGHT = 4096;

/** A property name as the parser holds it: array indices of objects without a shape are numbers (index-keys.ts). */
export type PropertyName = string | number;

export let propertyKeys: PropertyName[] = [];
export let propertyValues: unknown[] = [];
let highest = 0;

/** Records how tall the stack got, so that everything below is cleared at the end. */
export function notePropertyHeight(height: number): void {
  if (height > highest) highest = height;
}

/** Forgets every key and value held; after a failure the stacks' exact height is unknown, so they go. */
export function releasePropertyStack(failed: boolean): void {
  if (failed || highest > KEPT_STACK_HEIGHT) {
    propertyKeys = [];
    propertyValues = [];
  } else {
    clearSlots(propertyValues, highest);
  }
  highest = 0;
}
