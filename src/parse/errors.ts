import { loadNodeBuiltin } from '../platform/node-builtin.js';
import { typedArrayIndexOf } from '../buffers/intrinsics.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { byteRange } from './byte-views.js';
import type { ParseBinaryFailure, ParseFailureCode } from './types.js';

/**
 * Thrown inside the parser to unwind to `parseBinary`, which turns it into a failure result.
 * One frozen instance with no stack trace: unwinding costs a jump, not an Error's capture.
 */
export const PARSE_FAILED: unique symbol = Symbol('json-parse-binary: parse failed');

/** Where a failure happened and what was expected there, recorded before unwinding. */
export interface FailureRecord {
  position: number;
  found: string;
  expected: string;
  /** Given where the failing code knows it; else told from the other fields by {@link failureCode}. */
  code: ParseFailureCode | undefined;
}

/**
 * The code of a failure recorded without one: the end of input, or the kind of string problem
 * that the string reader's expectation names. Everything else is an unexpected byte.
 */
function failureCode(record: FailureRecord, end: number): ParseFailureCode {
  if (record.code !== undefined) return record.code;
  if (record.position >= end) return 'UNEXPECTED_END';
  const expected = record.expected;
  if (expected.includes('control characters must be escaped')) return 'CONTROL_CHARACTER';
  if (expected.includes('escape')) return 'INVALID_ESCAPE';
  if (expected.includes('UTF-8')) return 'INVALID_UTF8';
  return 'UNEXPECTED_TOKEN';
}

const INVISIBLE = /^[\p{C}\p{Z}]/u;

/** Describes the input at `position` for a message: a quoted character, a byte, or the end. */
export function describeInputAt(bytes: Uint8Array, position: number, end: number): string {
  if (position >= end) return 'end of input';
  const byte = bytes[position];
  if (byte >= 0x20 && byte < 0x7f) return `'${String.fromCharCode(byte)}'`;
  if (byte < 0x80) return `control character U+${hex(byte, 4)}`;
  const character = decodeOneCharacter(bytes, position, end);
  if (character === undefined || character.length === 0) return `invalid UTF-8 byte 0x${hex(byte, 2)}`;
  const codePoint = `U+${hex(character.codePointAt(0)!, 4)}`;
  // Separators, format and private-use characters would be invisible or break the message's line.
  return INVISIBLE.test(character) ? `character ${codePoint}` : `'${character}' (${codePoint})`;
}

/**
 * Builds the failure result, with line and column counted only now that they are needed. `bytes`
 * holds the input's `end` bytes from index 0 (it may run past them).
 */
export function toFailure(bytes: Uint8Array, end: number, record: FailureRecord): ParseBinaryFailure {
  const { line, column } = lineAndColumn(bytes, Math.min(record.position, end));
  const message =
    `Unexpected ${record.found} at line ${line}, column ${column} (byte ${record.position}): ` +
    `expected ${record.expected}`;
  return { ok: false, code: failureCode(record, end), message, position: record.position, line, column };
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Failures this close to the start are placed by a plain loop over the bytes before them: the two
 * views and the native searches cost more there. At byte 0 of 4 MB they were a fifth of the
 * failure's time on Node 24 (bench/NOTES.md, round 23).
 */
export const LOOP_PLACED_BYTES = 64;

/**
 * 1-based line and column of `position`, as editors and V8's `JSON.parse` messages count them: lines
 * end at LF, CR or CRLF (a CRLF counts once), the column counts UTF-16 code units (an emoji is 2),
 * and a leading BOM is not counted. Only the bytes before `position` are read, by native searches
 * past the first LOOP_PLACED_BYTES, and only failures call this.
 */
export function lineAndColumn(bytes: Uint8Array, position: number): { line: number; column: number } {
  // Not in the browser build: its gzipped bundle has no room left under the cap.
  if (!BROWSER_BUILD && position <= LOOP_PLACED_BYTES) return lineAndColumnByLoop(bytes, position);
  // The built-ins captured at load, not the views' own methods, which a program may have patched.
  const before = byteRange(bytes, 0, position);
  let line = 1;
  let lineStart = 0;
  for (let index = typedArrayIndexOf(before, LF); index !== -1; index = typedArrayIndexOf(before, LF, index + 1)) {
    line++;
    lineStart = index + 1;
  }
  for (let index = typedArrayIndexOf(before, CR); index !== -1; index = typedArrayIndexOf(before, CR, index + 1)) {
    // The LF of a CRLF ends the line (it was counted above, or it is where the failure is).
    if (bytes[index + 1] === LF) continue;
    line++;
    if (index + 1 > lineStart) lineStart = index + 1;
  }
  if (lineStart === 0 && position >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) lineStart = 3;
  return { line, column: 1 + utf16Length(byteRange(bytes, lineStart, position), position - lineStart) };
}

type IsAscii = (input: Uint8Array) => boolean;
// Node's native ASCII check, loaded at the first failure that needs it; null where there is none.
let isAscii: IsAscii | null | undefined;

/** {@link lineAndColumn} for a position near the start, read a byte at a time. */
function lineAndColumnByLoop(bytes: Uint8Array, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < position; index++) {
    const byte = bytes[index];
    // The LF of a CRLF ends the line, the CR before it does not.
    if (byte === LF || (byte === CR && bytes[index + 1] !== LF)) {
      line++;
      lineStart = index + 1;
    }
  }
  if (lineStart === 0 && position >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) lineStart = 3;
  let ascii = true;
  for (let index = lineStart; index < position; index++) if (bytes[index] >= 0x80) ascii = false;
  const length = position - lineStart;
  return { line, column: 1 + (ascii ? length : utf16Length(byteRange(bytes, lineStart, position), length)) };
}

/**
 * UTF-16 code units of the text these `length` bytes decode to (invalid UTF-8 as U+FFFD, as
 * TextDecoder does).
 */
function utf16Length(bytes: Uint8Array, length: number): number {
  // An ASCII line needs no decoding: Node's isAscii answers for a 1 MiB line in microseconds,
  // where decoding it takes milliseconds (a byte loop too: failure paths run cold).
  if (!BROWSER_BUILD) {
    if (isAscii === undefined) isAscii = loadNodeBuiltin<{ isAscii: IsAscii }>('node:buffer')?.isAscii ?? null;
    if (typeof isAscii === 'function' && isAscii(bytes)) return length;
  }
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).length;
}

function hex(value: number, width: number): string {
  return value.toString(16).toUpperCase().padStart(width, '0');
}

/** The well-formed UTF-8 character starting at `position`, or undefined if the bytes are not one. */
function decodeOneCharacter(bytes: Uint8Array, position: number, end: number): string | undefined {
  const lead = bytes[position];
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
  if (position + length > end) return undefined;
  // A copy (TextDecoder refuses views of shared memory in browsers), made by hand: `slice` is a
  // method a program may have patched.
  const character = new Uint8Array(length);
  for (let index = 0; index < length; index++) character[index] = bytes[position + index];
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(character);
  } catch {
    return undefined;
  }
}
