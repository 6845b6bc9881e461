import { DIGIT_0, DIGIT_1, DIGIT_9, DOT, LOWER_E, MINUS, PLUS, UPPER_E } from './bytes.js';
import { fail, type ParseState } from './state.js';

/** Powers of ten that are exact doubles: 10^0 to 10^22. */
const EXACT_POWERS_OF_TEN: number[] = [];
for (let power = 0, value = 1; power <= 22; power++, value *= 10) EXACT_POWERS_OF_TEN.push(value);

const MAX_EXACT_INTEGER = Number.MAX_SAFE_INTEGER;

/** Exponents past this are clamped: the value is already 0 or Infinity, and the text fallback decides. */
const EXPONENT_CLAMP = 100_000;

/**
 * Reads the number starting at `state.pos`, leaving `state.pos` after it, and returns the double
 * JSON.parse would: correctly rounded, `-0` kept, overflow to Infinity.
 */
export function readNumber(state: ParseState): number {
  const bytes = state.bytes;
  const end = state.end;
  const start = state.pos;
  let pos = start;
  const negative = bytes[pos] === MINUS;
  if (negative) pos++;

  // The significand's digits are accumulated while the total stays exact (below 2^53).
  let significand = 0;
  let exact = true;
  let byte = pos < end ? bytes[pos] : -1;
  if (byte === DIGIT_0) {
    pos++;
  } else if (byte >= DIGIT_1 && byte <= DIGIT_9) {
    do {
      significand = significand * 10 + (byte - DIGIT_0);
      byte = ++pos < end ? bytes[pos] : -1;
    } while (byte >= DIGIT_0 && byte <= DIGIT_9);
    if (significand > MAX_EXACT_INTEGER) exact = false;
  } else {
    fail(state, pos, negative ? "a digit after '-'" : 'a value');
  }

  let exponent = 0;
  byte = pos < end ? bytes[pos] : -1;
  if (byte === DOT) {
    byte = ++pos < end ? bytes[pos] : -1;
    if (!(byte >= DIGIT_0 && byte <= DIGIT_9)) fail(state, pos, "a digit after '.'");
    do {
      if (exact) {
        significand = significand * 10 + (byte - DIGIT_0);
        exponent--;
        if (significand > MAX_EXACT_INTEGER) exact = false;
      }
      byte = ++pos < end ? bytes[pos] : -1;
    } while (byte >= DIGIT_0 && byte <= DIGIT_9);
  }

  if (byte === LOWER_E || byte === UPPER_E) {
    byte = ++pos < end ? bytes[pos] : -1;
    const exponentNegative = byte === MINUS;
    if (exponentNegative || byte === PLUS) byte = ++pos < end ? bytes[pos] : -1;
    if (!(byte >= DIGIT_0 && byte <= DIGIT_9)) fail(state, pos, 'a digit in the exponent');
    let written = 0;
    do {
      if (written < EXPONENT_CLAMP) written = written * 10 + (byte - DIGIT_0);
      byte = ++pos < end ? bytes[pos] : -1;
    } while (byte >= DIGIT_0 && byte <= DIGIT_9);
    exponent += exponentNegative ? -written : written;
  }
  state.pos = pos;

  if (exact) {
    const value = exactValue(significand, exponent);
    if (value === value) return negative ? -value : value;
  }
  return Number(asciiText(bytes, start, pos));
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

function asciiText(bytes: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let from = start; from < end; from += 4096) {
    text += String.fromCharCode.apply(null, bytes.subarray(from, Math.min(end, from + 4096)) as unknown as number[]);
  }
  return text;
}
