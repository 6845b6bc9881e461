// String values of 4 to 12 bytes that recur (enum-like values: "booleanEquals", "Region", "STANDARD";
// names and cities in records) handed out again from a table. On Bun every such value goes through it,
// since each new string is a native call (Buffer#latin1Slice 30 to 40 ns, utf8Slice more) and a
// malloc'd string body. On V8 the plain ASCII ones read in the parser loop do, as JSON.parse interns
// one-byte values of under 10 characters: in a server the new copies were garbage that the young
// generation's collections copied while the parse went on (bench/NOTES.md, round 12). A string enters
// the table only when it misses its slot twice in a row: a string seen once costs an integer store, no
// string store into the old table (the write barrier and the kept young string that made round 8's
// every-miss table lose on distinct values).
import { ON_BUN } from '../platform/on-bun.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { fromCodes } from './from-codes.js';
import { decodeAscii, decodeRange } from './utf8.js';
import type { WordReader } from './input-view.js';

/** Table slots of each kind (ASCII, other UTF-8); a power of two. Strings that collide replace each other. */
const SLOTS = 2048;
/** Shift that takes a 32-bit hash to a slot. */
const SLOT_SHIFT = 32 - 11;
/** Shortest string looked up: the first packed word always holds four bytes. */
export const SEEN_MIN_LENGTH = 4;
/** Longest string looked up: three packed words of four bytes. */
export const SEEN_MAX_LENGTH = 12;

/** Whether every short value goes through the tables: Bun only (bench/NOTES.md, round 10, Bun). */
const SEEN_TABLE = ON_BUN;
/**
 * ASCII strings in the first SLOTS slots, other UTF-8 in the next SLOTS (their words are packed
 * differently, Bun only); none in the browser build, whose bundle's size cap has no room.
 */
const TABLE_SLOTS = SEEN_TABLE ? 2 * SLOTS : BROWSER_BUILD ? 0 : SLOTS;

// Pure calls: bundles that never use the table (the browser build) drop them.
const packedWords = /* @__PURE__ */ new Int32Array(TABLE_SLOTS * 3);
const lengths = /* @__PURE__ */ new Int32Array(TABLE_SLOTS);
const strings = /* @__PURE__ */ emptyStrings();
/** The hash of the string that last missed each slot: a second miss in a row lets it in. */
const lastMiss = /* @__PURE__ */ new Int32Array(TABLE_SLOTS);

/**
 * Misses in a row after which the table is passed over for the next BYPASS_COUNT strings: where
 * values do not recur (ids, random keys), a lookup is 10 to 15 ns lost on each (bench/NOTES.md, round 10, Bun).
 */
const MISS_RUN_LIMIT = 32;
const BYPASS_COUNT = 512;
let missRun = 0;
let bypass = 0;

function emptyStrings(): string[] {
  return new Array<string>(TABLE_SLOTS).fill('');
}

/**
 * The string of `bytes[start, end)`, which must be plain ASCII of SEEN_MIN_LENGTH to SEEN_MAX_LENGTH
 * bytes of memory no other thread writes (the table holds what was read, and the miss decodes again),
 * with at least SEEN_MAX_LENGTH bytes from `start` to the end of `bytes`.
 */
export function seenAscii(bytes: Uint8Array, start: number, end: number): string {
  const first = bytes[start] | (bytes[start + 1] << 8) | (bytes[start + 2] << 16) | (bytes[start + 3] << 24);
  const second = bytes[start + 4] | (bytes[start + 5] << 8) | (bytes[start + 6] << 16) | (bytes[start + 7] << 24);
  const third = bytes[start + 8] | (bytes[start + 9] << 8) | (bytes[start + 10] << 16) | (bytes[start + 11] << 24);
  return seenAsciiWords(bytes, start, end, first, second, third);
}

/**
 * {@link seenAscii} for the input, read through `view` (its first `readLimit` bytes, see ParseState):
 * three reads of four bytes where packing them took twelve byte loads.
 */
function seenAsciiInView(view: WordReader, bytes: Uint8Array, start: number, end: number): string {
  return seenAsciiWords(bytes, start, end, view.getInt32(start, true), view.getInt32(start + 4, true), view.getInt32(start + 8, true));
}

/**
 * {@link seenAscii} given the twelve bytes from `start` as three words, the first byte lowest. The
 * bytes past the string are masked off, and the length is compared beside the words: equal words and
 * length mean equal strings, so a hit needs no byte compare.
 */
function seenAsciiWords(bytes: Uint8Array, start: number, end: number, first: number, second: number, third: number): string {
  const length = end - start;
  second = lowBytes(second, length - 4);
  third = lowBytes(third, length - 8);
  const hash = Math.imul(first ^ Math.imul(second, 0x85ebca6b) ^ Math.imul(third ^ length, 0xc2b2ae35), 0x9e3779b1);
  const slot = hash >>> SLOT_SHIFT;
  if (found(slot, first, second, third, length)) return strings[slot];
  // V8 makes strings this short fastest with fromCodes, Bun with its decoder (FROM_CODES_MAX).
  return kept(slot, hash, first, second, third, length, ON_BUN ? decodeAscii(bytes, start, end, false) : fromCodes(bytes, start, length));
}

/** The low `count` bytes of a word: all four from 4 on, none at 0 or below. */
function lowBytes(word: number, count: number): number {
  return count >= 4 ? word : count <= 0 ? 0 : word & ((1 << (count << 3)) - 1);
}

/**
 * {@link seenAscii} for UTF-8 with non-ASCII bytes, decoded by decodeRange (ill-formed bytes too:
 * equal bytes give equal strings), in slots of its own.
 */
export function seenUtf8(bytes: Uint8Array, start: number, end: number): string {
  const length = end - start;
  const first = bytes[start] | (bytes[start + 1] << 8) | (bytes[start + 2] << 16) | (bytes[start + 3] << 24);
  const second = lowBytes(bytes[start + 4] | (bytes[start + 5] << 8) | (bytes[start + 6] << 16) | (bytes[start + 7] << 24), length - 4);
  const third = lowBytes(bytes[start + 8] | (bytes[start + 9] << 8) | (bytes[start + 10] << 16) | (bytes[start + 11] << 24), length - 8);
  const hash = Math.imul(first ^ Math.imul(second, 0x85ebca6b) ^ Math.imul(third ^ length, 0xc2b2ae35), 0x9e3779b1);
  const slot = SLOTS + (hash >>> SLOT_SHIFT);
  return found(slot, first, second, third, length) ? strings[slot] : kept(slot, hash, first, second, third, length, decodeRange(bytes, start, end, false));
}

/** Whether `slot` holds the string of these words and length; a hit ends a run of misses. */
function found(slot: number, first: number, second: number, third: number, length: number): boolean {
  const word = slot * 3;
  if (packedWords[word] !== first || packedWords[word + 1] !== second || packedWords[word + 2] !== third || lengths[slot] !== length) return false;
  missRun = 0;
  return true;
}

/** `text`, which missed `slot`: let in if it missed the slot last time too. */
function kept(slot: number, hash: number, first: number, second: number, third: number, length: number, text: string): string {
  if (++missRun === MISS_RUN_LIMIT) {
    missRun = 0;
    bypass = BYPASS_COUNT;
  }
  if (lastMiss[slot] !== hash) {
    lastMiss[slot] = hash;
    return text;
  }
  const word = slot * 3;
  packedWords[word] = first;
  packedWords[word + 1] = second;
  packedWords[word + 2] = third;
  lengths[slot] = length;
  strings[slot] = text;
  return text;
}

/**
 * Whether `bytes[start, end)` is a string that the tables may hold, and they are not passed over;
 * `readLimit` bytes of `bytes` may be read (its length, which is not read from `bytes.length`: a
 * program may have patched the getter).
 */
function inReach(start: number, end: number, shared: boolean, readLimit: number): boolean {
  const length = end - start;
  if (shared || length < SEEN_MIN_LENGTH || length > SEEN_MAX_LENGTH || start + SEEN_MAX_LENGTH > readLimit) return false;
  if (bypass === 0) return true;
  bypass--;
  return false;
}

function asciiValueOnBun(bytes: Uint8Array, start: number, end: number, shared: boolean, readLimit: number): string {
  return inReach(start, end, shared, readLimit) ? seenAscii(bytes, start, end) : decodeAscii(bytes, start, end, shared);
}

function utf8ValueOnBun(bytes: Uint8Array, start: number, end: number, shared: boolean, readLimit: number): string {
  return inReach(start, end, shared, readLimit) ? seenUtf8(bytes, start, end) : decodeRange(bytes, start, end, shared);
}

/** Decodes `bytes[start, end)`, of which `readLimit` bytes may be read (see inReach). */
type Decode = (bytes: Uint8Array, start: number, end: number, shared: boolean, readLimit: number) => string;

/**
 * The string of plain ASCII `bytes[start, end)`: on Bun from the table where it serves, else (and
 * on every other engine, which calls decodeAscii itself) decoded.
 */
export const asciiValue: Decode = SEEN_TABLE ? asciiValueOnBun : decodeAscii;

/** {@link asciiValue} for UTF-8 with non-ASCII bytes, which decodeRange decodes. */
export const utf8Value: Decode = SEEN_TABLE ? utf8ValueOnBun : decodeRange;

/**
 * A plain ASCII value of SEEN_MIN_LENGTH to SEEN_MAX_LENGTH bytes read in the parser loop, off Bun
 * and outside the browser build: from the table where it serves, else made by fromCodes.
 */
export function shortAsciiValue(view: WordReader, bytes: Uint8Array, start: number, end: number, shared: boolean, readLimit: number): string {
  return inReach(start, end, shared, readLimit) ? seenAsciiInView(view, bytes, start, end) : fromCodes(bytes, start, end - start);
}
