// The reference every parseBinary result is judged against: decode, then JSON.parse.

export type OracleResult = { ok: true; value: unknown } | { ok: false };

/** `JSON.parse(new TextDecoder().decode(bytes))`, with `fatal` passed to the decoder. */
export function oracle(bytes: Uint8Array, fatal = false): OracleResult {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal }).decode(bytes);
  } catch {
    return { ok: false };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Whether two JSON values are the same: same key order, same array lengths, same prototypes,
 * and leaves equal by Object.is (so -0 differs from 0). Iterative, for any nesting depth.
 * Returns a description of the first difference, or undefined.
 */
export function jsonDifference(actual: unknown, expected: unknown): string | undefined {
  const pending: Array<[unknown, unknown, string]> = [[actual, expected, '$']];
  while (pending.length > 0) {
    const [a, b, path] = pending.pop()!;
    if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
      if (!Object.is(a, b)) return `${path}: ${describe(a)} !== ${describe(b)}`;
      continue;
    }
    if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs object`;
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path}: different prototypes`;
    const keysA = Reflect.ownKeys(a);
    const keysB = Reflect.ownKeys(b);
    if (keysA.length !== keysB.length) return `${path}: ${keysA.length} keys !== ${keysB.length} keys`;
    for (let index = 0; index < keysA.length; index++) {
      const key = keysA[index];
      if (key !== keysB[index]) return `${path}: key ${String(key)} !== ${String(keysB[index])} at index ${index}`;
      const descA = Object.getOwnPropertyDescriptor(a, key)!;
      const descB = Object.getOwnPropertyDescriptor(b, key)!;
      if (descA.enumerable !== descB.enumerable || descA.writable !== descB.writable || descA.configurable !== descB.configurable) {
        return `${path}.${String(key)}: different property attributes`;
      }
      pending.push([descA.value, descB.value, `${path}.${String(key)}`]);
    }
  }
  return undefined;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (Object.is(value, -0)) return '-0';
  return String(value);
}

const encoder = new TextEncoder();

/** UTF-8 bytes of a string (lone surrogates become U+FFFD, as TextEncoder does). */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Bytes from numbers, for input that is not valid UTF-8. */
export function bytesOf(...parts: Array<number | string>): Uint8Array {
  const out: number[] = [];
  for (const part of parts) {
    if (typeof part === 'number') out.push(part);
    else out.push(...encoder.encode(part));
  }
  return new Uint8Array(out);
}
