/** A `JSON.parse` reviver. */
export type Reviver = (this: unknown, key: string, value: unknown) => unknown;

/**
 * Applies `reviver` to a parsed value as `JSON.parse` does: depth first, children before their
 * holder, the root last under the key `''`; a member revived to `undefined` is deleted. Members
 * are written as own data properties (as JSON.parse's CreateDataProperty does), so a revived
 * `"__proto__"` member never reaches the prototype setter.
 */
export function applyReviver(value: unknown, reviver: Reviver): unknown {
  return reviveMember({ '': value }, '', reviver);
}

function reviveMember(holder: Record<string, unknown>, key: string, reviver: Reviver): unknown {
  const value = holder[key];
  if (typeof value === 'object' && value !== null) {
    const members = value as Record<string, unknown>;
    const keys = Array.isArray(value) ? Array.from(value, (_, index) => String(index)) : Object.keys(value);
    for (const member of keys) {
      const revived = reviveMember(members, member, reviver);
      if (revived === undefined) delete members[member];
      else Object.defineProperty(members, member, { value: revived, writable: true, enumerable: true, configurable: true });
    }
  }
  return reviver.call(holder, key, value);
}
