// Error-free arithmetic on doubles, shared by the number readers (numbers.ts, powers-of-ten.ts):
// a product's exact rounding error, and the test that a result is far enough from a rounding
// midpoint to be trusted.

/** Veltkamp's splitter: 2^27 + 1 cuts a double into two halves of at most 26 bits. */
export const SPLITTER = 134217729;

/**
 * A rounding offset scaled by this still rounds back to its result only while it lies more than
 * 2^-20 of a unit from the midpoint: the closeness test in one addition, with no bits read.
 */
export const MIDPOINT_SCALE = 1 + 2 ** -19;

/** The exact rounding error of `product = a x b` (Dekker's two-product, without fused multiply-add). */
export function productError(a: number, b: number, product: number): number {
  const cutA = SPLITTER * a;
  const aHigh = cutA - (cutA - a);
  const aLow = a - aHigh;
  const cutB = SPLITTER * b;
  const bHigh = cutB - (cutB - b);
  const bLow = b - bHigh;
  return ((aHigh * bHigh - product) + aHigh * bLow + aLow * bHigh) + aLow * bLow;
}

/**
 * `value` split exactly into `high + low` with `high` a double of at most 26 + 27 bits: the
 * significand of 16 to 19 digits as `prefix x 10^tailDigits + tail` is built this way.
 */
export function splitHigh(value: number): number {
  const cut = SPLITTER * value;
  return cut - (cut - value);
}
