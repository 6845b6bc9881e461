/**
 * Interns object keys by their bytes, across parses: documents repeat the same few keys
 * thousands of times, and building each one again is a large share of parse time.
 * A hit is verified byte by byte against a private copy, so a hash collision only costs a miss.
 */

/** Keys longer than this are built every time; long keys rarely repeat. */
export const MAX_CACHED_KEY_LENGTH = 32;

const SLOT_COUNT = 4096;
const SLOT_MASK = SLOT_COUNT - 1;
const ARENA_SIZE = 64 * 1024;

/** Copies of cached keys' bytes. */
const arena = new Uint8Array(ARENA_SIZE);
let arenaUsed = 0;
const slotOffset = new Int32Array(SLOT_COUNT);
/** 0 marks an empty slot: the empty key is never cached. */
const slotLength = new Uint8Array(SLOT_COUNT);
const slotKey: string[] = new Array<string>(SLOT_COUNT).fill('');

/** A cheap hash of a short ASCII key: its length and three of its bytes. */
function hashKey(bytes: Uint8Array, start: number, length: number): number {
  const h = Math.imul(length, 0x9e3779b1) ^ (bytes[start] << 16) ^ (bytes[start + length - 1] << 8) ^ bytes[start + (length >> 1)];
  return (h ^ (h >>> 13)) & SLOT_MASK;
}

/** The cached string for the ASCII bytes `bytes[start, start + length)`, or undefined. */
export function cachedKey(bytes: Uint8Array, start: number, length: number): string | undefined {
  const slot = hashKey(bytes, start, length);
  if (slotLength[slot] !== length) return undefined;
  const offset = slotOffset[slot];
  let index = 0;
  while (index < length && arena[offset + index] === bytes[start + index]) index++;
  return index === length ? slotKey[slot] : undefined;
}

/** Caches `key` as the string for `bytes[start, start + length)` (1 to MAX_CACHED_KEY_LENGTH ASCII bytes). */
export function rememberKey(bytes: Uint8Array, start: number, length: number, key: string): void {
  if (arenaUsed + length > ARENA_SIZE) {
    // The arena is full of keys from past documents: start afresh rather than evict one by one.
    slotLength.fill(0);
    arenaUsed = 0;
  }
  const slot = hashKey(bytes, start, length);
  // A loop, not set(subarray): the view object per new key was a fifth of the time of an object
  // with 100,000 distinct keys (bench/NOTES.md, round 5).
  for (let index = 0; index < length; index++) arena[arenaUsed + index] = bytes[start + index];
  slotOffset[slot] = arenaUsed;
  slotLength[slot] = length;
  slotKey[slot] = key;
  arenaUsed += length;
}
