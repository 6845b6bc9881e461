import type { ParseBinaryFailure } from './types.js';

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

/** Builds the failure result, with line and column counted only now that they are needed. */
export function toFailure(bytes: Uint8Array, end: number, record: FailureRecord): ParseBinaryFailure {
  const { line, column } = lineAndColumn(bytes, Math.min(record.position, end));
  const message =
    `Unexpected ${record.found} at line ${line}, column ${column} (byte ${record.position}): ` +
    `expected ${record.expected}`;
  return { ok: false, message, position: record.position, line, column };
}

/** 1-based line and byte column of `position`; a line ends at LF (a CR before it is part of the line). */
export function lineAndColumn(bytes: Uint8Array, position: number): { line: number; column: number } {
  // Only the bytes before the position are searched: a failure at byte 0 costs nothing here.
  const before = bytes.subarray(0, position);
  let line = 1;
  let lineStart = 0;
  for (let index = before.indexOf(0x0a); index !== -1; index = before.indexOf(0x0a, index + 1)) {
    line++;
    lineStart = index + 1;
  }
  return { line, column: position - lineStart + 1 };
}

function hex(value: number, width: number): string {
  return value.toString(16).toUpperCase().padStart(width, '0');
}

/** The well-formed UTF-8 character starting at `position`, or undefined if the bytes are not one. */
function decodeOneCharacter(bytes: Uint8Array, position: number, end: number): string | undefined {
  const lead = bytes[position];
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
  if (position + length > end) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.slice(position, position + length));
  } catch {
    return undefined;
  }
}
