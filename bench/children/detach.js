// One release strategy in a fresh process: allocate a buffer, fill it, release it, many times.
// settings: { library, variant: 'detach' | 'transfer' | 'structured-clone' | 'nothing', count, bufferBytes }
import { importLibrary, peakRss, readSettings, report, watchGarbageCollections } from './child-kit.js';

const settings = readSettings();

async function releaseFunction(variant) {
  switch (variant) {
    case 'detach': {
      const { detach } = await importLibrary(settings);
      return detach;
    }
    case 'transfer':
      return typeof ArrayBuffer.prototype.transfer === 'function' ? (buffer) => buffer.transfer(0) : null;
    case 'structured-clone':
      return (buffer) => structuredClone(buffer, { transfer: [buffer] });
    default:
      return () => {};
  }
}

// Node tags each collection with a kind flag; names as in V8's own tracing output.
const kindNames = { 1: 'scavenge', 4: 'mark-compact', 8: 'incremental-marking', 16: 'weak-callbacks' };

const release = await releaseFunction(settings.variant);
if (!release) {
  report({ unavailable: `${settings.variant} does not exist on this runtime` });
} else {
  const watcher = watchGarbageCollections();
  const rssAtStart = process.memoryUsage().rss;
  let highestRss = rssAtStart;
  let stillAttached = 0;
  const start = performance.now();
  for (let i = 0; i < settings.count; i++) {
    const buffer = new ArrayBuffer(settings.bufferBytes);
    // Writing every page makes the system really hand out the memory.
    new Uint8Array(buffer).fill(i & 255);
    release(buffer);
    if (settings.variant !== 'nothing' && buffer.byteLength !== 0) stillAttached++;
    if (i % 10 === 0) highestRss = Math.max(highestRss, process.memoryUsage().rss);
  }
  const milliseconds = performance.now() - start;
  const collections = await watcher.stop();
  const kinds = {};
  for (const entry of collections ?? []) {
    const name = kindNames[entry.kind] ?? `kind ${entry.kind}`;
    kinds[name] = (kinds[name] ?? 0) + 1;
  }
  report({
    milliseconds,
    rssAtStart,
    peakRss: Math.max(highestRss, peakRss()),
    collections: collections && collections.length,
    collectionMilliseconds: collections && collections.reduce((sum, entry) => sum + entry.duration, 0),
    collectionKinds: collections && kinds,
    stillAttached,
  });
}
