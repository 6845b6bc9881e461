/**
 * A document's text for JSON.parse in which each non-ASCII character is written as a `\uXXXX`
 * escape, for long documents that are ASCII but for a few characters (names with accents in a
 * catalogue). On V8 14 such a text is otherwise decoded in pieces (utf8.ts, `decodeInPieces`), two
 * bytes a character, and joined: citm_catalog, 1.7 MB with 168 short runs of non-ASCII bytes, read
 * 1.79 times native's pipeline on Node 26 that way (bench/NOTES.md, round 38). Here the text is
 * ASCII, one byte a character, with no decoder's temporary buffer larger than a run's: the ASCII
 * spans are copied into one byte buffer, only the runs go through the UTF-8 decoder, and
 * `latin1Slice` makes the buffer the text. JSON.parse
 * reads each escape back to the character it stands for, so the value is the one the bytes hold.
 */

import { BACKSLASH, DIGIT_0, LOWER_A, LOWER_U } from './bytes.js';
import { transferToFixedLength, typedArraySet } from '../buffers/intrinsics.js';
import { byteRange } from './byte-views.js';
import { NODE_ON_V8_14 } from '../platform/v8-major.js';
import { decodeAscii, decodeRange, nodeIsAscii } from './utf8.js';

/**
 * Whether long texts that are mostly ASCII are escaped for JSON.parse: on Node with V8 14+ (Node
 * 26), where JSON.parse read citm_catalog's escaped one-byte text in 1.52 ms against 1.89 for its
 * decoded two-byte text (round 38), and where the pieces would cost a second copy. Also where the
 * pieces are off (glibc's mmap threshold fixed): citm_catalog read 0.98 of native's time escaped and
 * 1.05 decoded in one call (bench/NOTES.md, round 41). Deno (V8 15) was not measured and keeps one call.
 */
export const ESCAPES_LONG_TEXTS = NODE_ON_V8_14;

/**
 * Most runs of non-ASCII bytes, one for each this many bytes, that the text is escaped for; a
 * document with more (twitter: a run every 368 bytes, Cyrillic and CJK messages: every 24 to 57)
 * is decoded as it is.
 */
export const ESCAPED_RUN_SPACING_BYTES = 1024;

/** Ranges up to this long are read a byte at a time for their runs; longer ones are halved while `isAscii` finds a run. */
const RUN_SCAN_BYTES = 512;

const Uint8ArrayConstructor = Uint8Array;

/**
 * The text of `bytes[start, end)` with every non-ASCII character escaped, or undefined: where
 * the range is all ASCII (one decoder call makes it), where `isAscii` is missing, where the runs of non-ASCII bytes are more than one per
 * {@link ESCAPED_RUN_SPACING_BYTES}, or where a run follows a backslash (an escape would then change
 * what the backslash escapes). A run is a maximal one, so it ends with an ASCII byte or the range,
 * and decoded alone it gives what decoding the whole range gives there, U+FFFD included. An escape
 * outside a string makes JSON.parse refuse the text, as the raw character would.
 */
export function textWithEscapedNonAscii(bytes: Uint8Array, start: number, end: number): string | undefined {
  if (nodeIsAscii === undefined || !mostlyAscii(bytes, start, end)) return undefined;
  const runs: number[] = [];
  if (!findRuns(bytes, start, end, runs, Math.floor((end - start) / ESCAPED_RUN_SPACING_BYTES)) || runs.length === 0) return undefined;
  // The text is written once into one byte buffer and made a string by one `latin1Slice`: past
  // about 1 MB Node makes that an external string, whose memory malloc reuses, where a join of
  // strings lands on fresh pages of large-object space each parse (bench/NOTES.md, round 41).
  const decodedRuns: string[] = [];
  let length = end - start;
  for (let index = 0; index < runs.length; index += 2) {
    const runStart = runs[index];
    if (runStart > start && bytes[runStart - 1] === BACKSLASH) return undefined;
    const decoded = decodeRange(bytes, runStart, runs[index + 1], false);
    decodedRuns.push(decoded);
    length += ESCAPE_BYTES * decoded.length - (runs[index + 1] - runStart);
  }
  const out = new Uint8ArrayConstructor(length);
  let written = 0;
  let at = start;
  for (let index = 0; index < runs.length; index += 2) {
    const runStart = runs[index];
    typedArraySet(out, byteRange(bytes, at, runStart), written);
    written = writeEscapes(decodedRuns[index >>> 1], out, written + runStart - at);
    at = runs[index + 1];
  }
  typedArraySet(out, byteRange(bytes, at, end), written);
  const text = decodeAscii(out, 0, length, false);
  // The text holds its own copy: the buffer goes back to the allocator now, not at a later GC.
  transferToFixedLength?.(out.buffer, 0);
  return text;
}

/**
 * Whether fewer than a quarter of {@link SAMPLED_WINDOWS} windows spread over the range hold a
 * non-ASCII byte: text in other scripts fails at once, without its runs being sought. Seeking them
 * until too many cost twitter's parse 16 % (9 of its windows hold one), and a 1 MB body of which
 * Cyrillic and Chinese messages are half (7 windows) 0.12 ms; citm_catalog has 1.
 */
function mostlyAscii(bytes: Uint8Array, start: number, end: number): boolean {
  const step = Math.floor((end - start) / SAMPLED_WINDOWS);
  let windowsWithOthers = 0;
  for (let at = start; at + SAMPLED_WINDOW_BYTES <= end; at += step) {
    if (!nodeIsAscii!(byteRange(bytes, at, at + SAMPLED_WINDOW_BYTES)) && ++windowsWithOthers >= SAMPLED_WINDOWS / 4) return false;
  }
  return true;
}

const SAMPLED_WINDOWS = 16;
const SAMPLED_WINDOW_BYTES = 1024;

/**
 * Appends to `runs` the start and end of each maximal run of bytes from 0x80 in `bytes[start, end)`,
 * merging a run with one that ends where it starts; false once there are more than `most`.
 */
function findRuns(bytes: Uint8Array, start: number, end: number, runs: number[], most: number): boolean {
  if (nodeIsAscii!(byteRange(bytes, start, end))) return true;
  if (end - start > RUN_SCAN_BYTES) {
    const middle = start + ((end - start) >>> 1);
    return findRuns(bytes, start, middle, runs, most) && findRuns(bytes, middle, end, runs, most);
  }
  for (let at = start; at < end; at++) {
    if (bytes[at] < 0x80) continue;
    const runStart = at;
    while (at < end && bytes[at] >= 0x80) at++;
    if (runs.length > 0 && runs[runs.length - 1] === runStart) {
      runs[runs.length - 1] = at;
    } else {
      if (runs.length >= 2 * most) return false;
      runs.push(runStart, at);
    }
  }
  return true;
}

/** The length of a `\\uXXXX` escape. */
const ESCAPE_BYTES = 6;

/** Writes each UTF-16 code unit of `text` into `out` from `at` as a JSON `\\uXXXX` escape; returns where they end. */
function writeEscapes(text: string, out: Uint8Array, at: number): number {
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    out[at] = BACKSLASH;
    out[at + 1] = LOWER_U;
    out[at + 2] = hexDigit(unit >>> 12);
    out[at + 3] = hexDigit((unit >>> 8) & 15);
    out[at + 4] = hexDigit((unit >>> 4) & 15);
    out[at + 5] = hexDigit(unit & 15);
    at += ESCAPE_BYTES;
  }
  return at;
}

/** The byte of the lowercase hexadecimal digit for `value` (0 to 15). */
function hexDigit(value: number): number {
  return value < 10 ? DIGIT_0 + value : LOWER_A - 10 + value;
}
