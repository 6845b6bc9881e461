/**
 * Interns object keys by their bytes, across parses: documents repeat the same few keys
 * thousands of times, and building each one again is a large share of parse time.
 * A hit is verified byte by byte against a private copy, so a hash collision only costs a miss.
 */

import { widened } from './own-slots.js';

/** Keys longer than this are built every time; long keys rarely repeat. */
export const MAX_CACHED_KEY_LENGTH = 32;

/** How much a {@link KeyCache} holds. Tests build small caches to reach each limit. */
export interface KeyCacheLimits {
  /**
   * Slots, a power of two of at least 2, each with room for one key's bytes. A key may take either
   * slot of the pair its hash names.
   */
  slotCount: number;
}

// 4,096 slots, 128 KB of key bytes: 2,048 (64 KB, the old arena's size) read the same in
// compare-builds (0.999 / 0.996) and the cycled bench (0.997 / 0.996) but found fewer keys
// (messages-zh 510 of 718 a parse against 630, aws-managed-policies 1,526 of 2,088 against 1,789,
// measured with round 10's first replacement rule; bench/NOTES.md round 10).
export const DEFAULT_KEY_CACHE_LIMITS: Readonly<KeyCacheLimits> = { slotCount: 4096 };

/** log2(MAX_CACHED_KEY_LENGTH): a slot's bytes start at its index shifted by this. */
const SLOT_BYTES_SHIFT = 5;

/**
 * A bounded cache of key strings by their ASCII bytes (1 to MAX_CACHED_KEY_LENGTH of them).
 *
 * Slots come in pairs (two-way associative) and each keeps its key's bytes in a fixed region, so a
 * new key only ever replaces one other. A slot whose key was found lately (in this tick or the one
 * before; a tick is slotCount misses) is kept: a pair of two such slots turns one new key away and
 * keeps them no longer, so that a run of keys seen once (the data keys of a big map-like document)
 * passes through without evicting the keys that documents repeat; a key of a past document that
 * was found once ages out after two ticks. Between two slots not kept, the one written first is
 * replaced.
 */
export class KeyCache {
  private readonly slotMask: number;
  /** Copies of cached keys' bytes, MAX_CACHED_KEY_LENGTH bytes a slot. */
  private readonly slotBytes: Uint8Array;
  /** 0 marks an empty slot: the empty key is never cached. */
  private readonly slotLength: Uint8Array;
  /** The tick in which the slot's key was last found; 0 (never a recent tick) if not since written. */
  private readonly slotFoundAt: Int32Array;
  /** Per pair, 0 or 1: which of its slots was written first (replaced when neither is kept). */
  private readonly pairOlderSlot: Uint8Array;
  private readonly missesPerTick: number;
  private missesThisTick = 0;
  /** Starts at 2, so that 0 is never this tick or the one before. */
  private tick = 2;
  private readonly slotKey: string[];
  /** The pair of the key that {@link get} missed last. */
  private missedPair = 0;

  constructor(limits: Partial<KeyCacheLimits> = {}) {
    const { slotCount } = { ...DEFAULT_KEY_CACHE_LIMITS, ...limits };
    if (slotCount < 2 || !Number.isInteger(Math.log2(slotCount))) throw new RangeError('slotCount must be a power of two, at least 2');
    this.slotMask = slotCount - 2;
    this.slotBytes = new Uint8Array(slotCount << SLOT_BYTES_SHIFT);
    this.slotLength = new Uint8Array(slotCount);
    this.slotFoundAt = new Int32Array(slotCount);
    this.missesPerTick = slotCount;
    this.pairOlderSlot = new Uint8Array(slotCount >> 1);
    this.slotKey = widened([''], slotCount, '');
  }

  /** The first slot of the pair for a short ASCII key: a hash of its length and eight of its bytes. */
  private pairOf(bytes: Uint8Array, start: number, length: number): number {
    const last = start + length - 1;
    // The last three bytes, clamped to the key: numbered names ("key0" to "key999") differ there
    // (duplicate-keys-1000-names 0.73 / 0.75 times the three-byte hash, bench/NOTES.md round 7).
    const tail = (bytes[last] << 16) ^ (bytes[last > start ? last - 1 : start] << 8) ^ bytes[last - 1 > start ? last - 2 : start];
    // Three inner bytes: policy names ("AWS...Access") share their first and last bytes, and the
    // middle one alone put 700 keys of aws-managed-policies in 438 of 4,096 slots (bench/NOTES.md
    // round 10).
    const quarter = length >> 2;
    const inner = (bytes[start + quarter] << 16) ^ (bytes[start + (length >> 1)] << 8) ^ bytes[last - quarter];
    const h = Math.imul(Math.imul(length, 0x9e3779b1) ^ (bytes[start] << 24) ^ inner, 0x85ebca6b) ^ Math.imul(tail, 0xc2b2ae35);
    return (h ^ (h >>> 15)) & this.slotMask;
  }

  /** The cached string for the ASCII bytes `bytes[start, start + length)`, or undefined. */
  get(bytes: Uint8Array, start: number, length: number): string | undefined {
    const pair = this.pairOf(bytes, start, length);
    const slotLength = this.slotLength;
    const slotBytes = this.slotBytes;
    // Both slots in one loop, not two calls of holds: V8 14 (Node 26) inlines neither.
    for (let slot = pair; slot <= pair + 1; slot++) {
      if (slotLength[slot] !== length) continue;
      const offset = slot << SLOT_BYTES_SHIFT;
      let index = 0;
      while (index < length && slotBytes[offset + index] === bytes[start + index]) index++;
      if (index === length) {
        this.slotFoundAt[slot] = this.tick;
        return this.slotKey[slot];
      }
    }
    this.missedPair = pair;
    return undefined;
  }

  /**
   * Caches `key` as the string for `bytes[start, start + length)` (1 to MAX_CACHED_KEY_LENGTH ASCII
   * bytes), unless both slots of its pair hold keys found lately (then neither is kept any more).
   */
  remember(bytes: Uint8Array, start: number, length: number, key: string): void {
    this.store(this.pairOf(bytes, start, length), bytes, start, length, key);
  }

  /**
   * {@link remember} for the bytes that the last {@link get} missed, whose pair it noted, so that a
   * new key is hashed once.
   */
  rememberMissed(bytes: Uint8Array, start: number, length: number, key: string): void {
    this.store(this.missedPair, bytes, start, length, key);
  }

  private store(pair: number, bytes: Uint8Array, start: number, length: number, key: string): void {
    if (++this.missesThisTick === this.missesPerTick) {
      this.missesThisTick = 0;
      this.tick++;
    }
    const foundAt = this.slotFoundAt;
    const lately = this.tick - 1;
    const keepFirst = foundAt[pair] >= lately;
    const keepSecond = foundAt[pair + 1] >= lately;
    if (keepFirst && keepSecond) {
      // One key turned away, and both are kept no longer: a document with few keys, and so few
      // misses, gets its keys in at their second sighting, not after two ticks.
      foundAt[pair] = 0;
      foundAt[pair + 1] = 0;
      return;
    }
    // Empty slots were never found, and a pair's first slot is filled first.
    const slot = keepFirst ? pair + 1 : keepSecond ? pair : pair + this.pairOlderSlot[pair >> 1];
    this.pairOlderSlot[pair >> 1] = (slot - pair) ^ 1;
    foundAt[slot] = 0;
    const slotBytes = this.slotBytes;
    const offset = slot << SLOT_BYTES_SHIFT;
    // A loop, not set(subarray): the view object per new key was a fifth of the time of an object
    // with 100,000 distinct keys (bench/NOTES.md, round 5).
    for (let index = 0; index < length; index++) slotBytes[offset + index] = bytes[start + index];
    this.slotLength[slot] = length;
    this.slotKey[slot] = key;
  }
}

/** The cache every parse uses. */
export const sharedKeyCache = new KeyCache();

/** {@link KeyCache.get} on the shared cache. */
export function cachedKey(bytes: Uint8Array, start: number, length: number): string | undefined {
  return sharedKeyCache.get(bytes, start, length);
}

/** {@link KeyCache.rememberMissed} on the shared cache: for the bytes {@link cachedKey} just missed. */
export function rememberKey(bytes: Uint8Array, start: number, length: number, key: string): void {
  sharedKeyCache.rememberMissed(bytes, start, length, key);
}
