// Joining the objects JSON.parse made of runs of one object's members (large-subtrees.ts) into the
// object JSON.parse of the whole would make.
import { canPresize, emptyDictionary } from './map-objects.js';
import { OwnStack } from './own-slots.js';

// Captured at load, as a program may replace them later.
const objectKeys = Object.keys;
const setPrototypeOf = Object.setPrototypeOf;
const ObjectPrototype = Object.prototype;

/**
 * The members of `parts` (objects JSON.parse made of consecutive runs of members, in order) in one
 * new object, as JSON.parse of the whole gives them: a repeated key keeps its first place and takes
 * its last value, and index keys come first in their order (as they do in any object).
 *
 * The object is a dictionary sized for all the keys, with no prototype while it is filled, as the
 * parser builds maps (map-objects.ts): no setter or read-only property of Object.prototype can meet
 * an assignment, and `__proto__` becomes an own data property, as JSON.parse makes it. Joined so,
 * flat-arn-map's 90,094 members in 7 runs took 33 and 36 ms (Node 24 and 26) against 73 and 70 by
 * `Object.assign` into the first part (bench/NOTES.md, round 57).
 */
export function joinObjects(parts: object[]): object {
  const keyLists = new OwnStack<string[]>([]);
  let keyCount = 0;
  for (let index = 0; index < parts.length; index++) {
    const keys = objectKeys(parts[index]);
    keyLists.push(keys);
    keyCount += keys.length;
  }
  const whole = emptyDictionary(canPresize() ? keyCount : 0);
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] as Record<string, unknown>;
    const keys = keyLists.items[index];
    for (let at = 0; at < keys.length; at++) whole[keys[at]] = part[keys[at]];
  }
  return setPrototypeOf(whole, ObjectPrototype) as object;
}
