// A document larger than the engine's maximum string length, in a fresh process.
// settings: { library, parser: 'native' | 'buffer' | 'parseBinary', totalBytes }
import { hugeStringArray } from '../payloads.js';
import { importLibrary, peakRss, readSettings, report } from './child-kit.js';

const settings = readSettings();

function firstLine(error) {
  return `${error?.name ?? 'Error'}: ${String(error?.message ?? error).split('\n')[0]}`;
}

const generationStart = performance.now();
const bytes = hugeStringArray(settings.totalBytes);
const generationMilliseconds = performance.now() - generationStart;
const rssBeforeParse = process.memoryUsage().rss;

const pipelines = {
  native: () => JSON.parse(new TextDecoder().decode(bytes)),
  buffer: () => JSON.parse(globalThis.Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString()),
  parseBinary: async () => {
    const { parseBinary } = await importLibrary(settings);
    const result = parseBinary(bytes);
    if (!result.ok) throw new Error(`parseBinary failed: ${result.message}`);
    return result.value;
  },
};

const start = performance.now();
let outcome;
try {
  const value = await pipelines[settings.parser]();
  outcome = { ok: true, elements: Array.isArray(value) ? value.length : null, lastElement: String(value.at?.(-1)).slice(0, 40) };
} catch (error) {
  outcome = { ok: false, error: firstLine(error) };
}
report({
  ...outcome,
  milliseconds: performance.now() - start,
  inputBytes: bytes.byteLength,
  generationMilliseconds,
  rssBeforeParse,
  peakRss: peakRss(),
});
