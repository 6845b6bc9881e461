// Measures how much resident memory detaching a large, fully written buffer gives back, and when.
// Shared by the vitest suite and the smoke script; plain JavaScript so every runtime can run it.

/** A function returning the resident set size in bytes, or undefined where the runtime has none. */
export function residentSetReader() {
  const memoryUsage = globalThis.process?.memoryUsage;
  if (typeof memoryUsage?.rss === 'function') return () => memoryUsage.rss();
  if (typeof memoryUsage === 'function') return () => memoryUsage().rss;
  return undefined;
}

const sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * Allocates `megabytes` MB, writes every page, detaches it with `detach`, then watches RSS for up to
 * `settleLimitMs` until at least three quarters of it are gone (Bun frees on a background thread).
 * Returns undefined without an RSS reader; otherwise bytes dropped right after the call and after
 * settling, the time the call took and the time until the drop was seen.
 */
export async function measureRelease(detach, { megabytes = 64, settleLimitMs = 1000 } = {}) {
  const readRss = residentSetReader();
  if (readRss === undefined) return undefined;
  const size = megabytes * 1024 * 1024;
  let buffer = new ArrayBuffer(size);
  new Uint8Array(buffer).fill(1);
  const before = readRss();
  const start = performance.now();
  detach(buffer);
  const detachMs = performance.now() - start;
  const immediateDrop = before - readRss();
  buffer = undefined;
  let settledDrop = immediateDrop;
  while (settledDrop < size * 0.75 && performance.now() - start < settleLimitMs) {
    await sleep(2);
    settledDrop = before - readRss();
  }
  return { size, detachMs, immediateDrop, settledDrop, settleMs: performance.now() - start };
}

/** "64.0 MB buffer: RSS -63.9 MB at once, -64.0 MB after 0.1 ms; detach() took 0.020 ms". */
export function formatRelease(release) {
  const megabytes = (bytes) => (bytes / 1048576).toFixed(1);
  const change = (drop) => `${drop < 0 ? '+' : '-'}${megabytes(Math.abs(drop))}`;
  return (
    `${megabytes(release.size)} MB buffer: RSS ${change(release.immediateDrop)} MB at once, ` +
    `${change(release.settledDrop)} MB after ${release.settleMs.toFixed(1)} ms; ` +
    `detach() took ${release.detachMs.toFixed(3)} ms`
  );
}
