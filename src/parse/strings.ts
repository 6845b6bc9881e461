import { BACKSLASH, QUOTE } from './bytes.js';
import { internKey, MAX_CACHED_KEY_LENGTH } from './key-cache.js';
import { fail, type ParseState } from './state.js';
import { decodeUtf8, decodeUtf8Into, findInvalidUtf8 } from './utf8.js';

// What a string-scanning loop must do with each byte; one table load replaces four comparisons.
const PLAIN = 0;
const ENDS_STRING = 1;
const ESCAPE = 2;
const CONTROL = 3;
const NON_ASCII = 4;

const BYTE_CLASS = new Uint8Array(256);
BYTE_CLASS.fill(CONTROL, 0, 0x20);
BYTE_CLASS.fill(NON_ASCII, 0x80, 0x100);
BYTE_CLASS[QUOTE] = ENDS_STRING;
BYTE_CLASS[BACKSLASH] = ESCAPE;

/** ASCII strings up to this length are built with String.fromCharCode, longer ones with TextDecoder. */
const SHORT_ASCII_LENGTH = 16;

/** Scratch code units for strings with escapes, reused across parses; grows on demand. */
let scratchUnits = new Uint16Array(1024);

/**
 * Reads a string whose opening quote is at `state.pos - 1`, leaving `state.pos` after the
 * closing quote.
 */
export function readString(state: ParseState): string {
  const bytes = state.bytes;
  const end = state.end;
  const start = state.pos;
  let pos = start;
  let nonAscii = false;
  for (;;) {
    if (pos >= end) throw fail(state, pos, "'\"' to end the string");
    const kind = BYTE_CLASS[bytes[pos]];
    if (kind === PLAIN) {
      pos++;
    } else if (kind === ENDS_STRING) {
      break;
    } else if (kind === NON_ASCII) {
      nonAscii = true;
      pos++;
    } else if (kind === ESCAPE) {
      return readEscapedString(state, start, pos);
    } else {
      throw fail(state, pos, "a string character (control characters must be escaped)");
    }
  }
  state.pos = pos + 1;
  if (nonAscii) return decodeChecked(state, start, pos);
  const length = pos - start;
  return length <= SHORT_ASCII_LENGTH ? shortAscii(bytes, start, length) : decodeUtf8(bytes, start, pos, state.shared);
}

/** Reads an object key like {@link readString}, reusing the cached string for short ASCII keys. */
export function readKey(state: ParseState): string {
  const bytes = state.bytes;
  const end = state.end;
  const start = state.pos;
  const limit = Math.min(end, start + MAX_CACHED_KEY_LENGTH + 1);
  let pos = start;
  while (pos < limit && BYTE_CLASS[bytes[pos]] === PLAIN) pos++;
  if (pos < end && bytes[pos] === QUOTE && pos > start && pos - start <= MAX_CACHED_KEY_LENGTH) {
    state.pos = pos + 1;
    return internKey(bytes, start, pos - start, shortOrLongAscii);
  }
  return readString(state);
}

/**
 * A one-byte string from ASCII bytes. Explicit arguments, one case per length: for short strings
 * this beats both TextDecoder's fixed cost and fromCharCode.apply's array handling.
 */
function shortAscii(b: Uint8Array, i: number, length: number): string {
  const f = String.fromCharCode;
  switch (length) {
    case 0: return '';
    case 1: return f(b[i]);
    case 2: return f(b[i], b[i + 1]);
    case 3: return f(b[i], b[i + 1], b[i + 2]);
    case 4: return f(b[i], b[i + 1], b[i + 2], b[i + 3]);
    case 5: return f(b[i], b[i + 1], b[i + 2], b[i + 3], b[i + 4]);
    case 6: return f(b[i], b[i + 1], b[i + 2], b[i + 3], b[i + 4], b[i + 5]);
    case 7: return f(b[i], b[i + 1], b[i + 2], b[i + 3], b[i + 4], b[i + 5], b[i + 6]);
    case 8: return f(b[i], b[i + 1], b[i + 2], b[i + 3], b[i + 4], b[i + 5], b[i + 6], b[i + 7]);
    default: return f(b[i], b[i + 1], b[i + 2], b[i + 3], b[i + 4], b[i + 5], b[i + 6], b[i + 7]) + shortAscii(b, i + 8, length - 8);
  }
}

function shortOrLongAscii(bytes: Uint8Array, start: number, length: number): string {
  return length <= SHORT_ASCII_LENGTH ? shortAscii(bytes, start, length) : decodeUtf8(bytes, start, start + length, false);
}

/** Decodes bytes that hold non-ASCII, failing on ill-formed UTF-8 in fatal mode. */
function decodeChecked(state: ParseState, start: number, end: number): string {
  if (state.fatal) {
    const invalidAt = findInvalidUtf8(state.bytes, start, end);
    if (invalidAt !== -1) throw fail(state, invalidAt, 'well-formed UTF-8 (fatal mode)');
  }
  return decodeUtf8(state.bytes, start, end, state.shared);
}

/**
 * The slow path for a string holding at least one escape, at `escapeAt`. Builds UTF-16 code units
 * in a scratch buffer sized to this string, then the string once.
 */
function readEscapedString(state: ParseState, start: number, escapeAt: number): string {
  const bytes = state.bytes;
  const stop = findStringEnd(state, escapeAt);
  const units = scratchFor(stop - start);
  let length = 0;
  let segmentStart = start;
  let pos = escapeAt;
  while (pos < stop) {
    if (bytes[pos] !== BACKSLASH) {
      pos++;
      continue;
    }
    length = appendRaw(state, segmentStart, pos, units, length);
    units[length++] = readEscape(state, pos);
    pos = state.pos;
    segmentStart = pos;
  }
  length = appendRaw(state, segmentStart, stop, units, length);
  // Escapes before `stop` were all valid; if `stop` is not a closing quote, it is the first error.
  if (stop >= state.end) throw fail(state, stop, "'\"' to end the string");
  if (bytes[stop] !== QUOTE) throw fail(state, stop, 'a string character (control characters must be escaped)');
  state.pos = stop + 1;
  return unitsToString(units, length);
}

/**
 * The offset of the closing quote of a string that has an escape at `escapeAt`, or of the first
 * raw control character or the end of input, whichever comes first. Escapes are checked later.
 */
function findStringEnd(state: ParseState, escapeAt: number): number {
  const bytes = state.bytes;
  const end = state.end;
  let pos = escapeAt;
  while (pos < end) {
    const kind = BYTE_CLASS[bytes[pos]];
    if (kind === ESCAPE) pos += 2;
    else if (kind === ENDS_STRING || kind === CONTROL) return pos;
    else pos++;
  }
  return end;
}

/** Appends the raw bytes `[from, to)` of a string as code units, checking UTF-8 in fatal mode. */
function appendRaw(state: ParseState, from: number, to: number, units: Uint16Array, length: number): number {
  if (from === to) return length;
  if (state.fatal) {
    const invalidAt = findInvalidUtf8(state.bytes, from, to);
    if (invalidAt !== -1) throw fail(state, invalidAt, 'well-formed UTF-8 (fatal mode)');
  }
  return decodeUtf8Into(state.bytes, from, to, units, length);
}

/** The code unit of the escape at `backslashAt`, leaving `state.pos` after it. */
function readEscape(state: ParseState, backslashAt: number): number {
  const bytes = state.bytes;
  const at = backslashAt + 1;
  const letter = at < state.end ? bytes[at] : -1;
  state.pos = at + 1;
  switch (letter) {
    case 0x22: return 0x22; // \"
    case 0x5c: return 0x5c; // \\
    case 0x2f: return 0x2f; // \/
    case 0x62: return 0x08; // \b
    case 0x66: return 0x0c; // \f
    case 0x6e: return 0x0a; // \n
    case 0x72: return 0x0d; // \r
    case 0x74: return 0x09; // \t
    case 0x75: { // \uXXXX: any code unit, lone surrogates included, as JSON.parse keeps them
      let unit = 0;
      for (let k = 1; k <= 4; k++) {
        const digit = at + k < state.end ? hexValue(bytes[at + k]) : -1;
        if (digit < 0) throw fail(state, at + k, 'a hexadecimal digit in a \\u escape');
        unit = (unit << 4) | digit;
      }
      state.pos = at + 5;
      return unit;
    }
    default:
      throw fail(state, at, 'an escape character: one of " \\ / b f n r t u');
  }
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

function scratchFor(byteCount: number): Uint16Array {
  if (scratchUnits.length < byteCount) scratchUnits = new Uint16Array(Math.max(byteCount, scratchUnits.length * 2));
  return scratchUnits;
}

/** Builds a string from code units in slices small enough for fromCharCode.apply's argument limit. */
function unitsToString(units: Uint16Array, length: number): string {
  const SLICE = 4096;
  if (length <= SLICE) return String.fromCharCode.apply(null, units.subarray(0, length) as unknown as number[]);
  let text = '';
  for (let from = 0; from < length; from += SLICE) {
    text += String.fromCharCode.apply(null, units.subarray(from, Math.min(length, from + SLICE)) as unknown as number[]);
  }
  return text;
}
