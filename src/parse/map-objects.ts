/**
 * Map-like objects: objects whose keys are data (names of policies, commands, messages), so that
 * no two objects share a shape. The shape tree gives them none (see `nextShape`), and they are
 * built here.
 *
 * A key added by assignment to an ordinary object makes V8 create and link a new hidden class per
 * key, and past 128 or so properties copy the object into a dictionary anyway. An object made with
 * a null prototype starts as a dictionary, so each key is one hash insertion: 1,000 keys took 45 us
 * against 145 us by assignment on Node 24 (44 against 117 on Node 26), while below about 32 keys
 * assignment was as fast or faster (bench/NOTES.md, round 5).
 *
 * With no prototype while it is filled, no setter or read-only property of `Object.prototype` can
 * intercept a key (`__proto__` included), so every key becomes an own data property as JSON.parse
 * makes it: duplicates keep their first position and take the last value, and integer-like keys are
 * ordered by the engine.
 */

import { BROWSER_BUILD } from '../platform/browser-build.js';
import type { PropertyName } from './property-stack.js';
import type { KeyAction } from './types.js';

/** Objects with a shape of their own (WIDE) and at least this many properties are built here. */
export const MAP_BUILD_MIN_KEYS = 32;

const objectPrototype = Object.prototype;

/** The object of `keys[start, end)` and `values[start, end)`, built as a dictionary. */
export function buildMapObject(
  keys: PropertyName[],
  values: unknown[],
  start: number,
  end: number,
  protoAction: KeyAction,
): Record<string, unknown> {
  // A dictionary with Object.prototype from the start (an object literal whose properties are
  // deleted again) needs an `in` check per key against its setters: 10 to 20 % slower on the
  // aws-iam-actions and aws-managed-policies files than setting the prototype at the end.
  const object = Object.create(null) as Record<string, unknown>;
  for (let index = start; index < end; index++) {
    const key = keys[index];
    // Index keys (numbers) stored at a site of their own, which only sees element stores. Not in the
    // browser build, which reads none (index-keys.ts).
    if (!BROWSER_BUILD && typeof key === 'number') {
      object[key] = values[index];
      continue;
    }
    if (protoAction === 'remove' && key === '__proto__') continue;
    object[key] = values[index];
  }
  return Object.setPrototypeOf(object, objectPrototype) as Record<string, unknown>;
}
