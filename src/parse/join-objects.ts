// Joining the objects JSON.parse made of runs of one object's members (document-runs.ts,
// large-subtrees.ts) into the object JSON.parse of the whole would make.

// Captured at load, as a program may replace them later.
const objectAssign = Object.assign;
const objectKeys = Object.keys;
const defineProperty = Object.defineProperty;
const getOwnPropertyNames = Object.getOwnPropertyNames;
const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const hasOwn = Object.hasOwn;
const ObjectPrototype = Object.prototype;

/**
 * The members of `parts` (objects JSON.parse made of consecutive runs of members, in order) in the
 * first of them, as JSON.parse of the whole gives them: a repeated key keeps its first place and
 * takes its last value, and index keys come first in their order (as they do in any object).
 * `Object.assign` stores by assignment, so it serves only while Object.prototype has no setter or
 * read-only property that an assignment would meet, and never for an own `__proto__` key; else each
 * member is defined as an own data property, as JSON.parse defines it.
 */
export function joinObjects(parts: object[]): object {
  const whole = parts[0] as Record<string, unknown>;
  const assignable = prototypeTakesAssignments();
  for (let index = 1; index < parts.length; index++) {
    const part = parts[index] as Record<string, unknown>;
    if (assignable && !hasOwn(part, '__proto__')) {
      objectAssign(whole, part);
      continue;
    }
    const keys = objectKeys(part);
    for (let at = 0; at < keys.length; at++) {
      defineProperty(whole, keys[at], { value: part[keys[at]], writable: true, enumerable: true, configurable: true });
    }
  }
  return whole;
}

/** Whether an assignment of any key but `__proto__` to an object JSON.parse made meets nothing on Object.prototype. */
function prototypeTakesAssignments(): boolean {
  const names = getOwnPropertyNames(ObjectPrototype);
  for (let index = 0; index < names.length; index++) {
    if (names[index] === '__proto__') continue;
    const descriptor = getOwnPropertyDescriptor(ObjectPrototype, names[index])!;
    if (descriptor.get !== undefined || descriptor.set !== undefined || descriptor.writable === false) return false;
  }
  return true;
}
