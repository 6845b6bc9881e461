import { DIGIT_0, DIGIT_1, DIGIT_9, DOT, LOWER_E, MINUS, PLUS, UPPER_E } from './bytes.js';
import { fail, type ParseState } from './state.js';
import { decodeAscii } from './utf8.js';
import { wordsOf } from './word-view.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';

/** Powers of ten that are exact doubles: 10^0 to 10^22 (typed: a store never meets a prototype's setter). */
const EXACT_POWERS_OF_TEN = new Float64Array(23);
for (let power = 0, value = 1; power <= 22; power++, value *= 10) EXACT_POWERS_OF_TEN[power] = value;
const MAX_EXACT_INTEGER = Number.MAX_SAFE_INTEGER;

/** While the prefix is below this, one more digit keeps it below 2^53. */
const PREFIX_LIMIT = Math.floor((MAX_EXACT_INTEGER - 9) / 10);

/** Digits past the exact prefix that the extended-precision step handles: up to 19 in all. */
const MAX_TAIL_DIGITS = 4;

/** Exponents past this are clamped: the value is already 0 or Infinity, and the text fallback decides. */
const EXPONENT_CLAMP = 100_000;

/**
 * Reads the number starting at `state.pos`, leaving `state.pos` after it, and returns the double
 * JSON.parse would: correctly rounded, `-0` kept, overflow to Infinity.
 *
 * Most numbers in documents have at most 16 significant digits and no exponent: their digits are
 * summed in tight loops, and the sum is exact whenever it ends below 2^53 (rounding is monotonic,
 * so a true value at or past 2^53 never sums to less). Every other number is read again by
 * {@link readNumberInFull}.
 */
export function readNumber(state: ParseState): number {
  const bytes = state.bytes;
  const start = state.pos;
  // Reads stop one byte past LONG_NUMBER_LENGTH: a longer number is read by readLongNumber, which
  // only scans. A multiply-add per digit is a chain of dependent operations: a million fraction
  // digits took 3.4 times native's time on Node 26 that way (bench/NOTES.md, round 7).
  const end = state.end - start > LONG_NUMBER_LENGTH ? start + LONG_NUMBER_LENGTH + 1 : state.end;
  let pos = start;
  const negative = bytes[pos] === MINUS;
  if (negative) pos++;
  let significand = 0;
  let byte = pos < end ? bytes[pos] : -1;
  if (byte === DIGIT_0) {
    byte = ++pos < end ? bytes[pos] : -1;
  } else if (byte >= DIGIT_1 && byte <= DIGIT_9) {
    do {
      significand = significand * 10 + (byte - DIGIT_0);
      byte = ++pos < end ? bytes[pos] : -1;
    } while (byte >= DIGIT_0 && byte <= DIGIT_9);
  } else {
    throw fail(state, pos, negative ? "a digit after '-'" : 'a value');
  }
  let exponent = 0;
  if (byte === DOT) {
    const fractionStart = ++pos;
    byte = pos < end ? bytes[pos] : -1;
    while (byte >= DIGIT_0 && byte <= DIGIT_9) {
      significand = significand * 10 + (byte - DIGIT_0);
      byte = ++pos < end ? bytes[pos] : -1;
    }
    exponent = fractionStart - pos;
    // No digit, or the '.' just before the stop: the full reader tells which, and fails or goes on.
    if (exponent === 0) return readNumberInFull(state, pos);
  }
  if (byte !== LOWER_E && byte !== UPPER_E && significand <= MAX_EXACT_INTEGER) {
    const value = exactValue(significand, exponent);
    if (value === value) {
      state.pos = pos;
      return negative ? -value : value;
    }
  }
  return readNumberInFull(state, pos);
}

/** Numbers whose digits before any exponent take more bytes than this are read by readLongNumber. */
const LONG_NUMBER_LENGTH = 40;

/**
 * The number at `start`, of more than LONG_NUMBER_LENGTH bytes before any exponent: checks and
 * scans it (digits four at a time) and hands the whole text to `Number()` once. A fraction of a
 * million digits took 7 to 12 times native's time when read again digit by digit and built in
 * 4,096-character pieces (bench/NOTES.md, round 5), and 2.4 to 3.4 times when each digit went
 * through readNumber's multiply-add first (round 7).
 */
function readLongNumber(state: ParseState, start: number): number {
  const bytes = state.bytes;
  const end = state.end;
  let pos = start;
  if (bytes[pos] === MINUS) pos++;
  // readNumber checked the first digit; a leading 0 takes no more.
  pos = bytes[pos] === DIGIT_0 ? pos + 1 : skipDigits(state, pos);
  let byte = pos < end ? bytes[pos] : -1;
  if (byte === DOT) {
    byte = ++pos < end ? bytes[pos] : -1;
    if (!(byte >= DIGIT_0 && byte <= DIGIT_9)) throw fail(state, pos, "a digit after '.'");
    pos = skipDigits(state, pos);
    byte = pos < end ? bytes[pos] : -1;
  }
  if (byte === LOWER_E || byte === UPPER_E) {
    byte = ++pos < end ? bytes[pos] : -1;
    if (byte === MINUS || byte === PLUS) byte = ++pos < end ? bytes[pos] : -1;
    if (!(byte >= DIGIT_0 && byte <= DIGIT_9)) throw fail(state, pos, 'a digit in the exponent');
    do byte = ++pos < end ? bytes[pos] : -1;
    while (byte >= DIGIT_0 && byte <= DIGIT_9);
  }
  state.pos = pos;
  return Number(asciiText(state, start, pos));
}

/**
 * The offset of the first byte at or after `pos` that is not a digit, or the end: by words once
 * aligned, except in the browser build, whose size cap it would pass (bench/NOTES.md, round 7).
 */
function skipDigits(state: ParseState, pos: number): number {
  const bytes = state.bytes;
  const end = state.end;
  const words = BROWSER_BUILD ? undefined : wordsOf(state);
  if (words !== undefined) {
    const wordsStart = state.wordsStart;
    while (pos < end && ((pos - wordsStart) & 3) !== 0 && bytes[pos] >= DIGIT_0 && bytes[pos] <= DIGIT_9) pos++;
    if (pos >= wordsStart && ((pos - wordsStart) & 3) === 0) {
      let index = (pos - wordsStart) >> 2;
      while (index < words.length && isDigitWord(words[index])) index++;
      pos = wordsStart + (index << 2);
    }
  }
  while (pos < end && bytes[pos] >= DIGIT_0 && bytes[pos] <= DIGIT_9) pos++;
  return pos;
}

/**
 * Whether all four bytes of `word` are digits: each byte's high nibble must be 3, and stay 3 when
 * 6 is added (0x3a to 0x3f become 0x40 to 0x45). A carry into a byte comes only from a byte of 0xfa
 * or more below it, which already fails.
 */
function isDigitWord(word: number): boolean {
  return ((word & 0xf0f0f0f0) | (((word + 0x06060606) & 0xf0f0f0f0) >>> 4)) === 0x33333333;
}

/**
 * {@link readNumber} for any number: long significands, exponents, values past the fast paths.
 * `digitsEnd` is where readNumber's look at the digits and fraction stopped.
 */
function readNumberInFull(state: ParseState, digitsEnd: number): number {
  const start = state.pos;
  // Digits past the 19 tracked below cannot help: the engine converts the text. Checked here, not
  // in readNumber, the common path: there it cost canada 3 to 5 % (bench/NOTES.md, round 5).
  // readNumber stops one byte past LONG_NUMBER_LENGTH, so a long number always gets here.
  if (digitsEnd - start > LONG_NUMBER_LENGTH) return readLongNumber(state, start);
  const bytes = state.bytes;
  const end = state.end;
  let pos = start;
  const negative = bytes[pos] === MINUS;
  if (negative) pos++;

  // Digits go into an exact prefix while it stays below 2^53, then into a short tail; a number
  // with more digits than that is left to the engine's own conversion of its text.
  let prefix = 0;
  let tail = 0;
  let tailDigits = 0;
  let tracked = true;
  let byte = pos < end ? bytes[pos] : -1;
  if (byte === DIGIT_0) {
    byte = ++pos < end ? bytes[pos] : -1;
  } else if (byte >= DIGIT_1 && byte <= DIGIT_9) {
    // Up to 15 digits are always exact: the common integer needs no other bookkeeping.
    let digits = 0;
    do {
      prefix = prefix * 10 + (byte - DIGIT_0);
      byte = ++pos < end ? bytes[pos] : -1;
    } while (byte >= DIGIT_0 && byte <= DIGIT_9 && ++digits < 15);
    while (byte >= DIGIT_0 && byte <= DIGIT_9) {
      if (tailDigits === 0 && prefix < PREFIX_LIMIT) prefix = prefix * 10 + (byte - DIGIT_0);
      else if (tailDigits < MAX_TAIL_DIGITS) {
        tail = tail * 10 + (byte - DIGIT_0);
        tailDigits++;
      } else tracked = false;
      byte = ++pos < end ? bytes[pos] : -1;
    }
  } else {
    throw fail(state, pos, negative ? "a digit after '-'" : 'a value');
  }

  if (byte !== DOT && byte !== LOWER_E && byte !== UPPER_E && tailDigits === 0 && tracked) {
    state.pos = pos;
    return negative ? -prefix : prefix;
  }

  let exponent = 0;
  if (byte === DOT) {
    byte = ++pos < end ? bytes[pos] : -1;
    if (!(byte >= DIGIT_0 && byte <= DIGIT_9)) throw fail(state, pos, "a digit after '.'");
    do {
      if (tailDigits === 0 && prefix < PREFIX_LIMIT) {
        prefix = prefix * 10 + (byte - DIGIT_0);
        exponent--;
      } else if (tailDigits < MAX_TAIL_DIGITS) {
        tail = tail * 10 + (byte - DIGIT_0);
        tailDigits++;
        exponent--;
      } else tracked = false;
      byte = ++pos < end ? bytes[pos] : -1;
    } while (byte >= DIGIT_0 && byte <= DIGIT_9);
  }

  if (byte === LOWER_E || byte === UPPER_E) {
    byte = ++pos < end ? bytes[pos] : -1;
    const exponentNegative = byte === MINUS;
    if (exponentNegative || byte === PLUS) byte = ++pos < end ? bytes[pos] : -1;
    if (!(byte >= DIGIT_0 && byte <= DIGIT_9)) throw fail(state, pos, 'a digit in the exponent');
    let written = 0;
    do {
      if (written < EXPONENT_CLAMP) written = written * 10 + (byte - DIGIT_0);
      byte = ++pos < end ? bytes[pos] : -1;
    } while (byte >= DIGIT_0 && byte <= DIGIT_9);
    exponent += exponentNegative ? -written : written;
  }
  state.pos = pos;

  if (tracked) {
    const value = tailDigits === 0 ? exactValue(prefix, exponent) : extendedValue(prefix, tail, tailDigits, exponent);
    if (value === value) return negative ? -value : value;
  }
  return Number(asciiText(state, start, pos));
}

/**
 * significand x 10^exponent when one correctly rounded operation on exact operands gives it
 * (Clinger's fast path), else NaN. `significand` is an exact integer below 2^53.
 */
function exactValue(significand: number, exponent: number): number {
  if (exponent === 0) return significand;
  if (exponent < 0) return exponent >= -22 ? significand / EXACT_POWERS_OF_TEN[-exponent] : NaN;
  if (exponent <= 22) return significand * EXACT_POWERS_OF_TEN[exponent];
  if (exponent <= 22 + 15) {
    // 12e30 = (12 x 10^8) x 10^22: exact while the first product stays below 2^53.
    const scaled = significand * EXACT_POWERS_OF_TEN[exponent - 22];
    if (scaled <= MAX_EXACT_INTEGER) return scaled * EXACT_POWERS_OF_TEN[22];
  }
  return NaN;
}

/** Veltkamp's splitter: 2^27 + 1 cuts a double into two halves of at most 26 bits. */
const SPLITTER = 134217729;

const float64 = new Float64Array(1);
const words = new Uint32Array(float64.buffer);
/** Index of the word holding the sign, exponent and top of the mantissa. */
const HIGH_WORD = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LOW_WORD = 1 - HIGH_WORD;
const MIDPOINT_MARGIN = 2 ** -20;

/**
 * (prefix x 10^tailDigits + tail) x 10^exponent, correctly rounded, for significands of 16 to 19
 * digits, or NaN when this cannot be sure. The significand is held exactly as a sum of two doubles,
 * the scaling by an exact power of ten is done with error-free products, and the result is trusted
 * only when the exact value is clearly away from a rounding midpoint.
 */
function extendedValue(prefix: number, tail: number, tailDigits: number, exponent: number): number {
  if (exponent < -22 || exponent > 22) return NaN;
  // prefix x 10^tailDigits + tail, exactly, as high + low.
  const scale = EXACT_POWERS_OF_TEN[tailDigits];
  const cut = SPLITTER * prefix;
  const prefixHigh = cut - (cut - prefix);
  const upper = prefixHigh * scale;
  const lower = (prefix - prefixHigh) * scale + tail;
  const high = upper + lower;
  const low = lower - (high - upper);

  let approximation: number;
  let correction: number;
  const power = EXACT_POWERS_OF_TEN[exponent < 0 ? -exponent : exponent];
  if (exponent >= 0) {
    approximation = high * power;
    correction = productError(high, power, approximation) + low * power;
  } else {
    approximation = high / power;
    const remainder = high - approximation * power;
    // The remainder above lost the product's rounding error; add it back exactly.
    correction = (remainder - productError(approximation, power, approximation * power) + low) / power;
  }

  const result = approximation + correction;
  // How far the exact value lies from `result` (the subtraction is exact: they are neighbours).
  const offset = approximation - result + correction;
  float64[0] = result;
  const highWord = words[HIGH_WORD];
  const biasedExponent = (highWord >>> 20) & 0x7ff;
  if (biasedExponent <= 53 || biasedExponent === 0x7ff) return NaN;
  const powerOfTwo = (highWord & 0xfffff) === 0 && words[LOW_WORD] === 0;
  words[HIGH_WORD] = (biasedExponent - 52) << 20;
  words[LOW_WORD] = 0;
  const unit = float64[0];
  // Just below a power of two the spacing of doubles halves, and so does the way to the midpoint.
  const toMidpoint = powerOfTwo && offset < 0 ? unit / 4 : unit / 2;
  // The offset is known to far better than a millionth of a unit; closer calls go to the slow path.
  if (Math.abs(Math.abs(offset) - toMidpoint) <= unit * MIDPOINT_MARGIN) return NaN;
  return result;
}

/** The exact rounding error of `product = a x b` (Dekker's two-product, without fused multiply-add). */
function productError(a: number, b: number, product: number): number {
  const cutA = SPLITTER * a;
  const aHigh = cutA - (cutA - a);
  const aLow = a - aHigh;
  const cutB = SPLITTER * b;
  const bHigh = cutB - (cutB - b);
  const bLow = b - bHigh;
  return ((aHigh * bHigh - product) + aHigh * bLow + aLow * bHigh) + aLow * bLow;
}

/** Past this many characters a number's text is made by the platform's decoder, in one call. */
const DECODED_TEXT_LENGTH = 64;

function asciiText(state: ParseState, start: number, end: number): string {
  const bytes = state.bytes;
  if (end - start > DECODED_TEXT_LENGTH) return decodeAscii(bytes, start, end, state.shared);
  let text = '';
  for (let from = start; from < end; from += 4096) {
    text += String.fromCharCode.apply(null, bytes.subarray(from, Math.min(end, from + 4096)) as unknown as number[]);
  }
  return text;
}
