import { DIGIT_0, DIGIT_1, DIGIT_9, DOT, LOWER_E, MINUS, PLUS, UPPER_E } from './bytes.js';
import { fail, type ParseState } from './state.js';
import { decodeAscii } from './utf8.js';
import { joinCodes } from './from-codes.js';
import { wordsOf } from './word-view.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { MIDPOINT_SCALE, SPLITTER, productError, splitHigh } from './exact-products.js';
import { scaleByPowerOfTen } from './powers-of-ten.js';

/** Powers of ten that are exact doubles: 10^0 to 10^22 (typed: a store never meets a prototype's setter). */
const EXACT_POWERS_OF_TEN = new Float64Array(23);
for (let power = 0, value = 1; power <= 22; power++, value *= 10) EXACT_POWERS_OF_TEN[power] = value;
const MAX_EXACT_INTEGER = Number.MAX_SAFE_INTEGER;

/** Significant digits always exact as a double's integer: 10^15 < 2^53. */
const EXACT_DIGITS = 15;

/**
 * While the significand is below this, a 16th digit keeps it below 2^53, exact: most of canada's
 * coordinates have 16 digits, and the extended step for a tail costs some 20 ns more a number.
 */
const SIXTEENTH_DIGIT_LIMIT = Math.floor((MAX_EXACT_INTEGER - 9) / 10);

/** Digits summed as a 32-bit integer before they join the significand: 10^8 < 2^31. */
const GROUP_DIGITS = 8;

/** Digits past EXACT_DIGITS that the extended-precision step handles: up to 19 in all. */
const MAX_TAIL_DIGITS = 4;

/** Exponents past this are clamped: the value is already 0 or Infinity, and the text fallback decides. */
const EXPONENT_CLAMP = 100_000;

/**
 * Where {@link readNumber} leaves the number it read: a double returned from a call that is not
 * inlined is boxed (16 bytes each), and JSON.parse makes none for an array of numbers; from here
 * the parser stores it unboxed (bench/NOTES.md, round 9: canada's memory per parse).
 */
export const numberRead = new Float64Array(1);

/**
 * Reads the number starting at `state.pos`, leaving `state.pos` after it and in `numberRead[0]`
 * the double JSON.parse would give: correctly rounded, `-0` kept, overflow to Infinity.
 *
 * One pass: the first EXACT_DIGITS digits go into an exact significand and up to MAX_TAIL_DIGITS
 * more into a tail (canada's coordinates have 15 to 17 digits); {@link exactValue} or
 * {@link extendedValue} makes the value. Longer numbers, bad ones, and values those steps cannot
 * be sure of go to {@link readNumberText}, which checks the text and has the engine convert it.
 */
export function readNumber(state: ParseState): void {
  const bytes = state.bytes;
  const end = state.end;
  const start = state.pos;
  let pos = start;
  const negative = bytes[pos] === MINUS;
  if (negative) pos++;
  let significand = 0;
  let tail = 0;
  let tailDigits = 0;
  let byte = pos < end ? bytes[pos] : -1;
  // Each digit loop stops at its `stop` as at the end of the input: one test per digit.
  let stop = pos + EXACT_DIGITS < end ? pos + EXACT_DIGITS : end;
  if (byte === DIGIT_0) {
    byte = ++pos < end ? bytes[pos] : -1;
    // A leading zero takes none of EXACT_DIGITS.
    stop++;
  } else if (byte >= DIGIT_1 && byte <= DIGIT_9) {
    do {
      significand = significand * 10 + (byte - DIGIT_0);
      byte = ++pos < stop ? bytes[pos] : -1;
    } while (byte >= DIGIT_0 && byte <= DIGIT_9);
    if (pos === stop && pos < end) byte = bytes[pos];
  } else {
    throw fail(state, pos, negative ? "a digit after '-'" : 'a value');
  }
  let fractionStart = 0;
  if (byte === DOT) {
    fractionStart = ++pos;
    // The fraction takes what the integer's digits left of EXACT_DIGITS; after a zero integer, its
    // own leading zeros take none (`0.000123…`: they only scale). Not in the browser build (its cap).
    if (!BROWSER_BUILD && significand === 0) {
      while (pos < end && bytes[pos] === DIGIT_0) pos++;
      stop = pos + EXACT_DIGITS < end ? pos + EXACT_DIGITS : end;
    } else {
      stop = stop + 1 < end ? stop + 1 : end;
    }
    // The digits go in 32-bit integer groups of up to GROUP_DIGITS, each joined to the significand
    // by one multiply-add: a multiply-add per digit on the double is a chain of dependent
    // operations, most of the time canada's coordinates took (bench/NOTES.md, round 9).
    let groupStart = pos;
    let groupStop = pos + GROUP_DIGITS < stop ? pos + GROUP_DIGITS : stop;
    let group = 0;
    byte = pos < groupStop ? bytes[pos] : -1;
    while (byte >= DIGIT_0 && byte <= DIGIT_9) {
      // Math.imul and `| 0`: 32-bit steps with no overflow check, 10^8 < 2^31 (bench/NOTES.md, round 10).
      group = (Math.imul(group, 10) + (byte - DIGIT_0)) | 0;
      byte = ++pos < groupStop ? bytes[pos] : -1;
    }
    significand = significand * EXACT_POWERS_OF_TEN[pos - groupStart] + group;
    if (pos === groupStop && pos < stop) {
      byte = bytes[pos];
      if (byte >= DIGIT_0 && byte <= DIGIT_9) {
        groupStart = pos;
        group = 0;
        do {
          group = (Math.imul(group, 10) + (byte - DIGIT_0)) | 0;
          byte = ++pos < stop ? bytes[pos] : -1;
        } while (byte >= DIGIT_0 && byte <= DIGIT_9);
        significand = significand * EXACT_POWERS_OF_TEN[pos - groupStart] + group;
      }
    }
    if (pos === stop && pos < end) byte = bytes[pos];
  }
  // Past EXACT_DIGITS, in the integer or the fraction: a 16th digit while the significand stays
  // exact, then up to MAX_TAIL_DIGITS into the tail; longer numbers are left to the engine.
  if (pos === stop && byte >= DIGIT_0 && byte <= DIGIT_9) {
    if (significand < SIXTEENTH_DIGIT_LIMIT) {
      significand = significand * 10 + (byte - DIGIT_0);
      byte = ++pos < end ? bytes[pos] : -1;
    }
    if (byte >= DIGIT_0 && byte <= DIGIT_9) {
      const tailStart = pos;
      const tailStop = pos + MAX_TAIL_DIGITS < end ? pos + MAX_TAIL_DIGITS : end;
      do {
        tail = (Math.imul(tail, 10) + (byte - DIGIT_0)) | 0;
        byte = ++pos < tailStop ? bytes[pos] : -1;
      } while (byte >= DIGIT_0 && byte <= DIGIT_9);
      tailDigits = pos - tailStart;
      byte = pos < end ? bytes[pos] : -1;
      if (byte >= DIGIT_0 && byte <= DIGIT_9) return readNumberText(state, start);
    }
  }
  let exponent = 0;
  if (fractionStart !== 0) {
    exponent = fractionStart - pos;
    // No digit after the '.': readNumberText fails there.
    if (exponent === 0) return readNumberText(state, start);
  } else if (byte === DOT) {
    // A fraction after an integer of more than EXACT_DIGITS digits.
    return readNumberText(state, start);
  }
  if (byte === LOWER_E || byte === UPPER_E) {
    byte = ++pos < end ? bytes[pos] : -1;
    const exponentNegative = byte === MINUS;
    if (exponentNegative || byte === PLUS) byte = ++pos < end ? bytes[pos] : -1;
    if (!(byte >= DIGIT_0 && byte <= DIGIT_9)) return readNumberText(state, start);
    let written = 0;
    do {
      if (written < EXPONENT_CLAMP) written = written * 10 + (byte - DIGIT_0);
      byte = ++pos < end ? bytes[pos] : -1;
    } while (byte >= DIGIT_0 && byte <= DIGIT_9);
    exponent += exponentNegative ? -written : written;
  }
  const value = tailDigits === 0 ? exactValue(significand, exponent) : extendedValue(significand, tail, tailDigits, exponent);
  if (value >= 0) {
    state.pos = pos;
    numberRead[0] = negative ? -value : value;
    return;
  }
  // Left out of the browser bundle, for its size cap.
  if (!BROWSER_BUILD && scaledValue(significand, tail, tailDigits, exponent)) {
    state.pos = pos;
    if (negative) numberRead[0] = -numberRead[0];
    return;
  }
  return readNumberText(state, start);
}

/**
 * (prefix x 10^tailDigits + tail) x 10^exponent by a power of ten past the exact ones, into
 * `numberRead[0]` (powers-of-ten.ts); false when that cannot be sure.
 */
function scaledValue(prefix: number, tail: number, tailDigits: number, exponent: number): boolean {
  if (tailDigits === 0) return scaleByPowerOfTen(prefix, 0, exponent, numberRead);
  const scale = EXACT_POWERS_OF_TEN[tailDigits];
  const prefixHigh = splitHigh(prefix);
  const upper = prefixHigh * scale;
  const lower = (prefix - prefixHigh) * scale + tail;
  const high = upper + lower;
  return scaleByPowerOfTen(high, lower - (high - upper), exponent, numberRead);
}

/**
 * The number at `start`, one readNumber does not convert itself: checks and scans it (long runs
 * of digits four at a time), fails at its first bad byte, and hands its text to `Number()` once.
 * A fraction of a million digits took 7 to 12 times native's time when read again digit by digit
 * and built in 4,096-character pieces (bench/NOTES.md, round 5), and 2.4 to 3.4 times when each
 * digit went through a multiply-add first (round 7).
 */
function readNumberText(state: ParseState, start: number): void {
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
  numberRead[0] = Number(asciiText(state, start, pos));
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
      const wordCount = state.wordCount;
      while (index < wordCount && isDigitWord(words[index])) index++;
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
 * significand x 10^exponent when one correctly rounded operation on exact operands gives it
 * (Clinger's fast path), else -1. `significand` is an exact integer below 2^53.
 *
 * "Unsure" is the literal -1, not NaN or a named constant: both are loads the compiler does not
 * fold, and a return merging one with the doubles made every number a boxed HeapNumber, 16 bytes
 * of garbage each (bench/NOTES.md, round 9).
 */
function exactValue(significand: number, exponent: number): number {
  if (exponent === 0) return significand;
  if (exponent < 0) return exponent >= -22 ? significand / EXACT_POWERS_OF_TEN[-exponent] : -1;
  if (exponent <= 22) return significand * EXACT_POWERS_OF_TEN[exponent];
  if (exponent <= 22 + 15) {
    // 12e30 = (12 x 10^8) x 10^22: exact while the first product stays below 2^53.
    const scaled = significand * EXACT_POWERS_OF_TEN[exponent - 22];
    if (scaled <= MAX_EXACT_INTEGER) return scaled * EXACT_POWERS_OF_TEN[22];
  }
  return -1;
}

/** 10^-0 to 10^-22, each rounded: they scale only a correction, far below the margin's 2^-20 of a unit. */
const INVERSE_POWERS_OF_TEN = new Float64Array(23);
for (let power = 0; power <= 22; power++) INVERSE_POWERS_OF_TEN[power] = 1 / EXACT_POWERS_OF_TEN[power];

/**
 * (prefix x 10^tailDigits + tail) x 10^exponent, correctly rounded, for significands of 16 to 19
 * digits, or -1 when this cannot be sure. The significand is held exactly as a sum of two doubles,
 * the scaling by an exact power of ten is done with error-free products, and the result is trusted
 * only when the exact value is clearly away from a rounding midpoint; else -1, as exactValue.
 */
function extendedValue(prefix: number, tail: number, tailDigits: number, exponent: number): number {
  if (exponent < -22 || exponent > 22) return -1;
  // prefix x 10^tailDigits + tail, exactly, as high + low.
  const scale = EXACT_POWERS_OF_TEN[tailDigits];
  // Split here, not by splitHigh: a call V8 inlines, but its wrapper cost the browser bundle bytes.
  const cut = SPLITTER * prefix;
  const prefixHigh = cut - (cut - prefix);
  const upper = prefixHigh * scale;
  const lower = (prefix - prefixHigh) * scale + tail;
  const high = upper + lower;
  const low = lower - (high - upper);

  let approximation: number;
  let correction: number;
  if (exponent >= 0) {
    const power = EXACT_POWERS_OF_TEN[exponent];
    approximation = high * power;
    correction = productError(high, power, approximation) + low * power;
  } else {
    const power = EXACT_POWERS_OF_TEN[-exponent];
    approximation = high / power;
    const remainder = high - approximation * power;
    // The remainder above lost the product's rounding error; add it back exactly. A multiply by
    // the rounded inverse, not a second division: its error is 2^-52 of a correction below a unit.
    correction = (remainder - productError(approximation, power, approximation * power) + low) * INVERSE_POWERS_OF_TEN[-exponent];
  }

  const result = approximation + correction;
  // How far the exact value lies from `result` (the subtraction is exact: they are neighbours).
  const offset = approximation - result + correction;
  // The offset, a little enlarged, still rounds back to `result` only if the exact value is more
  // than 2^-20 of a unit inside the half unit around it; the addition finds the unit itself, below
  // a power of two too (10^-22 < result < 10^42 here, always normal). Closer calls go to the slow path.
  return result + offset * MIDPOINT_SCALE === result ? result : -1;
}

/** Past this many characters a number's text is made by the platform's decoder, in one call. */
const DECODED_TEXT_LENGTH = 64;

function asciiText(state: ParseState, start: number, end: number): string {
  const bytes = state.bytes;
  return end - start > DECODED_TEXT_LENGTH ? decodeAscii(bytes, start, end, state.shared) : joinCodes(bytes, start, end);
}
