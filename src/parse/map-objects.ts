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
 *
 * On Node the dictionary is made at its final size, as JSON.parse makes it, by V8's
 * `%OptimizeObjectForAddingMultipleProperties` (platform/v8-natives.ts), instead of being rehashed
 * into a new table at every doubling: flat maps of 1,500 to 24,000 keys parse 6 to 20 % faster on
 * Node 24 (bench/NOTES.md, round 25). The dictionary is sized for the named keys; index keys are
 * elements.
 */

import { BROWSER_BUILD } from '../platform/browser-build.js';
import { compileNatives, nativesAllowed } from '../platform/v8-natives.js';
import type { PropertyName } from './property-stack.js';
import type { KeyAction } from './types.js';

/** Objects with a shape of their own (WIDE) and at least this many properties are built here. */
export const MAP_BUILD_MIN_KEYS = 32;

const objectPrototype = Object.prototype;

/** V8 refuses to size an object for more properties than this (Runtime_OptimizeObjectForAddingMultipleProperties). */
const MAX_PRESIZED_KEYS = 100_000;

/**
 * A map of more named keys than this is sized only if this many of its first keys are nearly all
 * distinct: 100,000 entries over 1,000 names in a dictionary sized for 100,000 took 2.1 to 3.1
 * times as long (the `duplicate-keys-1000-names` hostile shape; bench/NOTES.md, round 25).
 */
const DUPLICATE_SAMPLE = 2048;

/**
 * How many keys to size the dictionary of `keys[start, end)` for: its named keys (index keys are
 * the object's elements, not in the dictionary), or 0 where sizing is not worth it: too few named
 * keys, or a sample that repeats names (JSON allows duplicates; only the last value counts).
 */
export function keysToSizeFor(keys: PropertyName[], start: number, end: number): number {
  let named = 0;
  for (let index = start; index < end; index++) if (typeof keys[index] === 'string') named++;
  if (named < MAP_BUILD_MIN_KEYS) return 0;
  if (named <= DUPLICATE_SAMPLE) return named;
  const sample = new Set<PropertyName>();
  let sampled = 0;
  for (let index = start; sampled < DUPLICATE_SAMPLE; index++) {
    const key = keys[index];
    if (typeof key !== 'string') continue;
    sample.add(key);
    sampled++;
  }
  return sample.size >= DUPLICATE_SAMPLE - (DUPLICATE_SAMPLE >> 3) ? named : 0;
}

type PresizedObject = (keyCount: number) => Record<string, unknown>;

// Compiled at the first map, never at load: compiling may switch a process-wide V8 flag for a moment.
let presizedObject: PresizedObject | undefined;
let presizedObjectTried = false;

/**
 * Whether dictionaries can be sized here: natives are allowed and the sizing function compiled.
 * Asked before the keys are counted, so that Bun, Deno, browsers and programs that forbid natives
 * never count them.
 */
export function canPresize(): boolean {
  if (BROWSER_BUILD || !nativesAllowed()) return false;
  if (!presizedObjectTried) {
    presizedObjectTried = true;
    presizedObject = compileNatives<number, Record<string, unknown>>(
      'keyCount',
      'const object = {}; %OptimizeObjectForAddingMultipleProperties(object, keyCount); return object',
      MAP_BUILD_MIN_KEYS,
    );
  }
  return presizedObject !== undefined;
}

/**
 * An empty object in dictionary mode with room for `keyCount` keys (call only when
 * {@link canPresize}); its prototype is still Object.prototype. Undefined if recompiling the sizing
 * function fails (natives forbidden since).
 */
function presizedDictionary(keyCount: number): Record<string, unknown> | undefined {
  try {
    return presizedObject!(keyCount < MAX_PRESIZED_KEYS ? keyCount : MAX_PRESIZED_KEYS);
  } catch {
    return undefined;
  }
}

/**
 * An empty object in dictionary mode with no prototype, to be filled and then given Object.prototype
 * (the reasons are above); sized for `keyCount` keys, or not sized for 0, which callers pass unless
 * {@link canPresize} said yes.
 */
export function emptyDictionary(keyCount: number): Record<string, unknown> {
  const presized = keyCount === 0 ? undefined : presizedDictionary(keyCount);
  return (presized === undefined ? Object.create(null) : Object.setPrototypeOf(presized, null)) as Record<string, unknown>;
}

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
  const object = emptyDictionary(canPresize() ? keysToSizeFor(keys, start, end) : 0);
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
