// Memory allocated by one parse of each real document (classic, realworld, look-alikes), for
// native and parseBinary alternately, in one fresh process with a young generation large enough
// that no scavenge runs during a parse (see sections/memory.js for the method).
// settings: { library, corpusDir, quick, filter }
import { realworldSets } from '../realworld-sets.js';
import { collectGarbage, importLibrary, javascriptMemory, readSettings, report, watchGarbageCollections } from './child-kit.js';

const settings = readSettings();
const { parseBinary } = await importLibrary(settings);
const decoder = new TextDecoder();
const parsers = {
  native: (bytes) => JSON.parse(decoder.decode(bytes)),
  parseBinary: (bytes) => {
    const result = parseBinary(bytes);
    if (!result.ok) throw new Error(result.message);
    return result.value;
  },
};
const readings = settings.quick ? 1 : 3;

/**
 * What `javascriptMemory()` leaves out of native's decoded text. Node 26 counts the external
 * two-byte strings its decoders make of a text past about 1 MB at half their size (citm_catalog's
 * 3.45 MB text counted 1.64 MB, resident memory grew by 3.45 MB; Node 24 counts it whole:
 * bench/NOTES.md, round 48). The text's true size is its length times its bytes a character; a
 * shortfall of more than a quarter of it is added to native's figure. parseBinary's figure stays as
 * reported: on these documents it makes no such string (its long texts are one-byte, or under 1 MB).
 */
function uncountedNativeText(bytes) {
  collectGarbage();
  const before = javascriptMemory();
  const text = decoder.decode(bytes);
  const reported = javascriptMemory() - before;
  const size = text.length * (/[^\u0000-\u00ff]/.test(text) ? 2 : 1);
  return reported < 0.75 * size ? size - reported : 0;
}

function median(values) {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

if (!collectGarbage) {
  report({ error: 'no garbage collector exposed (start with --expose-gc)' });
} else {
  const documents = realworldSets(settings).filter(({ set }) => set === 'classic' || set === 'realworld' || set === 'look-alikes');
  const watcher = watchGarbageCollections();
  const windows = [];
  const results = [];
  for (const { set, id, bytes } of documents) {
    // Compiled code and caches live on the heap too: warm both parsers up on this document first.
    for (let i = 0; i < 5; i++) for (const parse of Object.values(parsers)) parse(bytes);
    const allocated = { native: [], parseBinary: [] };
    for (let reading = 0; reading < readings; reading++) {
      for (const [name, parse] of Object.entries(parsers)) {
        collectGarbage();
        const before = javascriptMemory();
        const start = performance.now();
        let value = parse(bytes);
        const end = performance.now();
        allocated[name].push(javascriptMemory() - before);
        windows.push({ id, start, end });
        value = null;
      }
    }
    const nativeUncounted = uncountedNativeText(bytes);
    results.push({ set, id, bytes: bytes.byteLength, native: median(allocated.native) + nativeUncounted, nativeUncounted, parseBinary: median(allocated.parseBinary) });
  }
  const collections = await watcher.stop();
  for (const result of results) {
    result.collectionsDuringParse = collections
      ? collections.filter(({ start }) => windows.some((window) => window.id === result.id && start >= window.start && start <= window.end)).length
      : null;
  }
  report({ documents: results });
}
