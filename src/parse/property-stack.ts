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

/** Stacks taller than this are dropped after a parse instead of kept. */
const KEPT_STACK_HEIGHT = 4096;
/** Room made at first; the stacks double from there. */
const FIRST_HEIGHT = 16;

/** A property name as the parser holds it: array indices of objects without a shape are numbers (index-keys.ts). */
export type PropertyName = string | number;

export let propertyKeys: PropertyName[] = freshKeys();
export let propertyValues: unknown[] = freshValues();
let highest = 0;

function freshKeys(): PropertyName[] {
  return BROWSER_BUILD ? [] : widened<PropertyName>([''], FIRST_HEIGHT, '');
}

function freshValues(): unknown[] {
  return BROWSER_BUILD ? [] : widened<unknown>([0], FIRST_HEIGHT, 0);
}

/** Makes room for a property at `height` (the parser reads both arrays again afterwards). */
export function growPropertyStack(height: number): void {
  propertyKeys = widened(propertyKeys, height + 1, '');
  propertyValues = widened(propertyValues, height + 1, 0);
}

/** Records how tall the stack got, so that everything below is cleared at the end. */
export function notePropertyHeight(height: number): void {
  if (height > highest) highest = height;
}

/**
 * Forgets every value held. After a failure the stack's exact height is unknown, so all of its
 * slots are cleared; a stack taller than KEPT_STACK_HEIGHT goes instead.
 */
export function releasePropertyStack(failed: boolean): void {
  if (propertyValues.length > KEPT_STACK_HEIGHT) {
    propertyKeys = freshKeys();
    propertyValues = freshValues();
  } else {
    clearSlots(propertyValues, failed ? propertyValues.length : highest);
  }
  highest = 0;
}
