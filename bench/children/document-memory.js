// Memory allocated by one parse of each real document (classic, realworld, look-alikes), for
// native and parseBinary alternately, in one fresh process with a young generation large enough
// that no scavenge runs during a parse (see sections/memory.js for the method).
// settings: { library, corpusDir, quick, filter }
import { realworldSets } from '../realworld-sets.js';
import { collectGarbage, importLibrary, javascriptMemory, readSettings, report, uncountedText, watchGarbageCollections } from './child-kit.js';

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
    // parseBinary's figure stays as reported: on these documents it makes no such string (its long
    // texts are one-byte, or under 1 MB).
    const nativeUncounted = uncountedText(decoder, bytes);
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
