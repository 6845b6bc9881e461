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
  /** Hash slots, a power of two: a key takes the one its hash names, evicting what was there. */
  slotCount: number;
  /** Bytes of key copies; when they run out, the whole cache starts afresh. */
  arenaSize: number;
}

export const DEFAULT_KEY_CACHE_LIMITS: Readonly<KeyCacheLimits> = { slotCount: 4096, arenaSize: 64 * 1024 };

/** A bounded cache of key strings by their ASCII bytes (1 to MAX_CACHED_KEY_LENGTH of them). */
export class KeyCache {
  private readonly slotMask: number;
  /** Copies of cached keys' bytes. */
  private readonly arena: Uint8Array;
  private arenaUsed = 0;
  private readonly slotOffset: Int32Array;
  /** 0 marks an empty slot: the empty key is never cached. */
  private readonly slotLength: Uint8Array;
  private readonly slotKey: string[];

  constructor(limits: Partial<KeyCacheLimits> = {}) {
    const { slotCount, arenaSize } = { ...DEFAULT_KEY_CACHE_LIMITS, ...limits };
    if (!Number.isInteger(Math.log2(slotCount))) throw new RangeError('slotCount must be a power of two');
    this.slotMask = slotCount - 1;
    this.arena = new Uint8Array(Math.max(arenaSize, MAX_CACHED_KEY_LENGTH));
    this.slotOffset = new Int32Array(slotCount);
    this.slotLength = new Uint8Array(slotCount);
    this.slotKey = widened([''], slotCount, '');
  }

  /** A cheap hash of a short ASCII key: its length and five of its bytes. */
  private slotOf(bytes: Uint8Array, start: number, length: number): number {
    const last = start + length - 1;
    // The last three bytes, clamped to the key: numbered names ("key0" to "key999") differ there
    // (duplicate-keys-1000-names 0.73 / 0.75 times the three-byte hash, bench/NOTES.md round 7).
    const tail = (bytes[last] << 16) ^ (bytes[last > start ? last - 1 : start] << 8) ^ bytes[last - 1 > start ? last - 2 : start];
    const h = Math.imul(Math.imul(length, 0x9e3779b1) ^ (bytes[start] << 24) ^ bytes[start + (length >> 1)], 0x85ebca6b) ^ Math.imul(tail, 0xc2b2ae35);
    return (h ^ (h >>> 15)) & this.slotMask;
  }

  /** The cached string for the ASCII bytes `bytes[start, start + length)`, or undefined. */
  get(bytes: Uint8Array, start: number, length: number): string | undefined {
    const slot = this.slotOf(bytes, start, length);
    if (this.slotLength[slot] !== length) return undefined;
    const arena = this.arena;
    const offset = this.slotOffset[slot];
    let index = 0;
    while (index < length && arena[offset + index] === bytes[start + index]) index++;
    return index === length ? this.slotKey[slot] : undefined;
  }

  /** Caches `key` as the string for `bytes[start, start + length)` (1 to MAX_CACHED_KEY_LENGTH ASCII bytes). */
  remember(bytes: Uint8Array, start: number, length: number, key: string): void {
    const arena = this.arena;
    if (this.arenaUsed + length > arena.length) {
      // The arena is full of keys from past documents: start afresh rather than evict one by one.
      this.slotLength.fill(0);
      this.arenaUsed = 0;
    }
    const used = this.arenaUsed;
    const slot = this.slotOf(bytes, start, length);
    // A loop, not set(subarray): the view object per new key was a fifth of the time of an object
    // with 100,000 distinct keys (bench/NOTES.md, round 5).
    for (let index = 0; index < length; index++) arena[used + index] = bytes[start + index];
    this.slotOffset[slot] = used;
    this.slotLength[slot] = length;
    this.slotKey[slot] = key;
    this.arenaUsed = used + length;
  }
}

/** The cache every parse uses. */
export const sharedKeyCache = new KeyCache();

/** {@link KeyCache.get} on the shared cache. */
export function cachedKey(bytes: Uint8Array, start: number, length: number): string | undefined {
  return sharedKeyCache.get(bytes, start, length);
}

/** {@link KeyCache.remember} on the shared cache. */
export function rememberKey(bytes: Uint8Array, start: number, length: number, key: string): void {
  sharedKeyCache.remember(bytes, start, length, key);
}
