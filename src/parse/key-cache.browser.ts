// The browser build's key cache (tsup.config.ts puts it in place of key-cache.ts): none. In
// Chromium a key up to 32 bytes is built by fromCodes about as fast as the cache finds it, and
// leaving the cache out keeps the main bundle within its 10 KB budget (bench/NOTES.md, "Browser
// bundle size").

/** Keys up to this many bytes are built in the parser loop, as in Node, where they are cached. */
export const MAX_CACHED_KEY_LENGTH = 32;

/** Never a hit: the browser build keeps no keys. */
export function cachedKey(_bytes: Uint8Array, _start: number, _length: number): string | undefined {
  return undefined;
}

/** Keeps nothing. */
export function rememberKey(_bytes: Uint8Array, _start: number, _length: number, _key: string): void {}
