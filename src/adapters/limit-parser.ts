// Units as body-parser reads them (through the `bytes` package): powers of 1024, any case.
const UNITS: Readonly<Record<string, number>> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3, tb: 1024 ** 4, pb: 1024 ** 5 };

const SIZE = /^([+-]?\d+(?:\.\d+)?) *(b|kb|mb|gb|tb|pb)$/i;

/**
 * A body limit in bytes from a number or a size string such as `'100kb'`, `'1.5mb'` or `'2048'`
 * (base 1024, as body-parser reads it), rounded down; `undefined` when the value means nothing.
 */
export function parseLimit(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : clampBytes(value);
  if (typeof value !== 'string') return undefined;
  const match = SIZE.exec(value.trim());
  if (match !== null) return clampBytes(Number(match[1]) * UNITS[match[2].toLowerCase()]);
  const plain = Number.parseInt(value, 10);
  return Number.isNaN(plain) ? undefined : clampBytes(plain);
}

// The body readers take whole, non-negative byte counts; a negative limit refuses every byte, as 0 does.
function clampBytes(bytes: number): number {
  return bytes === Infinity ? bytes : Math.max(0, Math.floor(bytes));
}

/**
 * Reads a `limit` option once, when the middleware is created: a wrong value is a TypeError then,
 * never a surprise on the first request. The message is body-parser's, after `prefix`.
 */
export function resolveLimit(value: unknown, fallback: number, prefix = ''): number {
  if (value === undefined || value === null) return fallback;
  const limit = parseLimit(value);
  if (limit === undefined) throw new TypeError(`${prefix}option limit "${String(value)}" is invalid`);
  return limit;
}
