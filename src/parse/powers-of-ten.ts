/**
 * Numbers whose exponent puts them past the exact powers of ten (10^-22 to 10^22), read without a
 * string: random doubles as JavaScript prints them (`1.2345678901234567e-15`, 17 digits), Python's
 * floats, `1e308`.
 *
 * Each power 10^e is held as two doubles, `high + low`, within 2^-104 of the exact value, made once
 * per exponent with BigInt at its first use. A significand of up to 19 digits, exact as two doubles,
 * times that pair, with Dekker's product for the one rounding that matters, lands within about
 * 2^-100 of the exact product: far inside the 2^-20 of a unit that the midpoint test asks for. A
 * result closer than that to a midpoint, or near the ends of the doubles' range (where products
 * overflow or lose bits to underflow), is left to the engine's `Number()` of the text, as before.
 *
 * Without this, each such number made a string and a runtime call: an array of a million random
 * doubles read 2.5 to 3.8 times native's time (bench/NOTES.md, round 56).
 */
import { MIDPOINT_SCALE, productError } from './exact-products.js';

/**
 * The exponents covered: 10^-300 is a normal double, and past 10^308 a significand of 1 or more is
 * Infinity. Pairs past 10^{@link UNSCALED_MAX_EXPONENT} are kept divided by 2^128, so that no product
 * overflows on the way (the splitter times 10^308 would); the result is multiplied back, exactly.
 */
const MIN_EXPONENT = -300;
const MAX_EXPONENT = 308;
const UNSCALED_MAX_EXPONENT = 250;
const DOWN_SCALE = 2 ** -128;
const UP_SCALE = 2 ** 128;

/** Results outside these bounds go to the text: no product on the way may overflow or underflow. */
const LARGEST_RESULT = 1e300;
const SMALLEST_RESULT = 1e-280;

/**
 * `high` and `low` of 10^e at `2 * (e - MIN_EXPONENT)`, NaN until first used; the table is made at
 * the first call, so that no module-level code reaches the browser bundle, which never calls it.
 */
let powerPairs: Float64Array | undefined;

/**
 * `(high + low) x 10^exponent` correctly rounded into `result[0]` (a double returned from a call is
 * boxed), for `high + low` an exact non-negative integer below 2^64 with `|low|` at most half a unit
 * of `high`; false, `result` untouched, when this cannot be sure, and the caller converts the text.
 */
export function scaleByPowerOfTen(high: number, low: number, exponent: number, result: Float64Array): boolean {
  if (exponent < MIN_EXPONENT || exponent > MAX_EXPONENT) return false;
  const pairs = (powerPairs ??= new Float64Array(2 * (MAX_EXPONENT - MIN_EXPONENT + 1)).fill(Number.NaN));
  const index = 2 * (exponent - MIN_EXPONENT);
  let powerHigh = pairs[index];
  // NaN, not yet made.
  if (powerHigh !== powerHigh) powerHigh = makePowerPair(pairs, exponent, index);
  const approximation = high * powerHigh;
  if (!(approximation < LARGEST_RESULT && approximation > SMALLEST_RESULT)) return false;
  const correction = productError(high, powerHigh, approximation) + (high * pairs[index + 1] + low * powerHigh);
  const rounded = approximation + correction;
  // How far the exact value lies from `rounded` (the subtraction is exact: they are neighbours).
  const offset = approximation - rounded + correction;
  if (rounded + offset * MIDPOINT_SCALE !== rounded) return false;
  // Past the double's largest value the product is Infinity, as JSON.parse gives.
  result[0] = exponent > UNSCALED_MAX_EXPONENT ? rounded * UP_SCALE : rounded;
  return true;
}

/**
 * Makes and stores the pair for 10^exponent; returns its high part. `high` is the engine's
 * correctly rounded `Number('1e…')`, `low` the rounded rest, found with integers: 10^e - high for
 * e >= 0; for e < 0, with high = m x 2^q, the rest is high x (2^-q - m x 10^-e) / (m x 10^-e).
 */
function makePowerPair(pairs: Float64Array, exponent: number, index: number): number {
  const high = Number(`1e${exponent}`);
  let low: number;
  if (exponent >= 0) {
    low = Number(10n ** BigInt(exponent) - BigInt(high));
  } else {
    const bits = new BigUint64Array(1);
    new Float64Array(bits.buffer)[0] = high;
    const word = bits[0];
    const mantissa = (word & 0xfffffffffffffn) | 0x10000000000000n;
    const twoExponent = Number(word >> 52n) - 1075;
    const divisor = mantissa * 10n ** BigInt(-exponent);
    const ratio = ((1n << BigInt(-twoExponent)) - divisor) * RATIO_SCALE / divisor;
    low = high * (Number(ratio) / Number(RATIO_SCALE));
  }
  const scale = exponent > UNSCALED_MAX_EXPONENT ? DOWN_SCALE : 1;
  pairs[index] = high * scale;
  pairs[index + 1] = low * scale;
  return high * scale;
}

/** The rest's ratio to high (below 2^-53) is found as an integer over 2^120: 67 bits of it, more than a double keeps. */
const RATIO_SCALE = 1n << 120n;
