// One memory measurement in a fresh process (see sections/memory.js for the method).
// settings: { library, task: 'parse' | 'string', parser?: 'native' | 'parseBinary', targetBytes }
import { asciiRecordsDocument } from '../payloads.js';
import { collectGarbage, importLibrary, javascriptMemory, readSettings, report, uncountedText, watchGarbageCollections } from './child-kit.js';

const settings = readSettings();
const decoder = new TextDecoder();

async function parserFor(name) {
  if (name === 'native') return (bytes) => JSON.parse(decoder.decode(bytes));
  const { parseBinary } = await importLibrary(settings);
  return (bytes) => {
    const result = parseBinary(bytes);
    if (!result.ok) throw new Error(result.message);
    return result.value;
  };
}

async function measureParse() {
  const parse = await parserFor(settings.parser);
  const bytes = asciiRecordsDocument({ emoji: true, targetBytes: settings.targetBytes });
  // Compile the parser on a small document of the same shape first: compiled code lives on the
  // heap too and is not what we measure.
  const sample = asciiRecordsDocument({ emoji: true, targetBytes: 64 * 1024 });
  for (let i = 0; i < 20; i++) parse(sample);
  const watcher = watchGarbageCollections();
  collectGarbage();
  const before = javascriptMemory();
  const start = performance.now();
  let value = parse(bytes);
  const end = performance.now();
  const afterParse = javascriptMemory();
  collectGarbage();
  const withResult = javascriptMemory();
  const records = value.length;
  // Measure the result as what a collection frees once it is dropped: both readings are then
  // taken right after a full collection, so other leftovers cancel out.
  value = null;
  collectGarbage();
  const withoutResult = javascriptMemory();
  const collections = await watcher.stop();
  // Native's text, which Node 26 counts at half its size (child-kit.js). parseBinary's figure stays
  // as reported, though its run with the emoji (a 1 MB text) is undercounted the same way.
  const uncounted = settings.parser === 'native' ? uncountedText(decoder, bytes) : 0;
  return {
    allocated: afterParse - before + uncounted,
    uncounted,
    retained: withResult - withoutResult,
    milliseconds: end - start,
    // A collection during the parse would free garbage before we look: then "allocated" is a lower bound.
    collectionsDuringParse: collections && collections.filter((entry) => entry.start >= start && entry.start <= end).length,
    records,
    inputBytes: bytes.byteLength,
  };
}

function stringSize(bytes) {
  let text = decoder.decode(bytes);
  collectGarbage();
  const withString = javascriptMemory();
  text = null;
  collectGarbage();
  return withString - javascriptMemory();
}

function measureString(withEmoji) {
  const bytes = asciiRecordsDocument({ emoji: withEmoji, targetBytes: settings.targetBytes });
  decoder.decode(asciiRecordsDocument({ emoji: withEmoji, targetBytes: 1024 }));
  const characters = decoder.decode(bytes).length;
  // Now and then a collection also frees something unrelated, which can only make a reading
  // larger; the smallest of three readings is the string.
  const size = Math.min(stringSize(bytes), stringSize(bytes), stringSize(bytes)) + uncountedText(decoder, bytes);
  return { inputBytes: bytes.byteLength, characters, stringBytes: size, bytesPerCharacter: size / characters };
}

if (!collectGarbage) {
  report({ error: 'no garbage collector exposed (start with --expose-gc)' });
} else if (settings.task === 'string') {
  report({ ascii: measureString(false), emoji: measureString(true) });
} else {
  report(await measureParse());
}
