// Structural comparison of two parsed JSON values, strict enough to catch a parser that reorders
// keys, turns -0 into 0 or loses precision. Iterative, so deep documents cannot overflow the stack.

/**
 * @returns {string | null} null when equal, else the path of the first difference (like `$.a[3]`)
 */
export function firstDifference(actual, expected) {
  const pending = [[actual, expected, '$']];
  while (pending.length > 0) {
    const [a, b, path] = pending.pop();
    if (Object.is(a, b)) continue;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
      return `${path}: ${describe(a)} instead of ${describe(b)}`;
    }
    if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array and object mixed up`;
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path}: different prototype`;
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    if (keysA.length !== keysB.length) return `${path}: ${keysA.length} entries instead of ${keysB.length}`;
    for (let i = keysB.length - 1; i >= 0; i--) {
      if (keysA[i] !== keysB[i]) return `${path}: key ${describe(keysA[i])} instead of ${describe(keysB[i])}`;
      const childPath = Array.isArray(b) ? `${path}[${keysB[i]}]` : `${path}.${keysB[i]}`;
      pending.push([a[keysA[i]], b[keysB[i]], childPath]);
    }
  }
  return null;
}

function describe(value) {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Object.is(value, -0)) return '-0';
  return String(value);
}
