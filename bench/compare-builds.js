// Two builds of parseBinary side by side in one process, against the native pipeline: the quick A/B
// used to decide each parser change (bench/NOTES.md). Each round times native, then both builds in
// alternating order, by CPU time (process.cpuUsage), which moved far less between runs on a shared
// 2-core machine than wall-clock time did.
//
//   node bench/compare-builds.js <base build> <new build> [payloads] [rounds] [--options=body|<JSON>]
//
// --options: the options both builds parse with; `body` is the body readers' defaults (maxDepth
// 1000, protoAction and constructorAction 'error'), which parseBody and the adapters pass.
//
// A build is any module exporting parseBinary: dist/index.js, or one bundle of the sources, e.g.
//   npx esbuild src/parse/parse-binary.ts --bundle --format=esm --outfile=/tmp/new.mjs
// payloads: comma-separated, from: array-64B, object-512B, api-64KB, floats, twitter, citm_catalog
// and canada (from ../shared/corpus when it exists, else their generated stand-ins), the
// generated twitter-like, citm_catalog-like and canada-like, `realworld` (every file of
// ../shared/corpus/realworld), `bodies` (the bench's request-sized bodies), the hostile shapes of issue 13 by name (fraction-1e6-digits,
// numbers-2000x1000-digits, integer-keys-100k, zeros-2e6, one-letter-strings-1e6,
// duplicate-keys-1000-names) or all of them as `hostile`, the generated look-alikes by name
// (flat-arn-map, messages-zh, ...) or all of them as `look-alikes`, or the path of any JSON file.
// The last line is the geometric mean.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiResponse, generatedDocuments, smallArray, smallObject } from './payloads.js';
import { hostileShapes, largeDocuments, lookAlikes, requestBodies } from './realworld-shapes.js';

const optionsFlag = process.argv.find((arg) => arg.startsWith('--options='))?.slice('--options='.length);
const [basePath, newPath, payloadList, roundsText] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (!basePath || !newPath) {
  console.error('usage: node bench/compare-builds.js <base build> <new build> [payloads] [rounds] [--options=body|<JSON>]');
  process.exit(2);
}
const BODY_DEFAULTS = { maxDepth: 1000, protoAction: 'error', constructorAction: 'error' };
const parseOptions = optionsFlag === undefined ? undefined : optionsFlag === 'body' ? BODY_DEFAULTS : JSON.parse(optionsFlag);
const load = async (path) => {
  const { parseBinary } = await import(pathToFileURL(resolve(path)).href);
  return parseOptions === undefined ? parseBinary : (bytes) => parseBinary(bytes, parseOptions);
};
const [parseBase, parseNew] = [await load(basePath), await load(newPath)];

const corpusDir = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '../../shared/corpus');
const documentBytes = (name) => {
  const path = join(corpusDir, `${name}.json`);
  return existsSync(path) ? new Uint8Array(readFileSync(path)) : generatedDocuments[name]();
};
const floats = () => new TextEncoder().encode(JSON.stringify(Array.from({ length: 20000 }, (_, i) => [((i * 7919) % 1000) + 0.123456789, ((i * 104729) % 90) + 0.5])));
/** Each payload with the number of parses per timed batch, sized for a few milliseconds. */
const payloads = {
  'array-64B': [smallArray, 50000],
  'object-512B': [smallObject, 20000],
  'api-64KB': [() => apiResponse({ targetBytes: 65536 }), 200],
  floats: [floats, 50],
  twitter: [() => documentBytes('twitter'), 20],
  citm_catalog: [() => documentBytes('citm_catalog'), 10],
  canada: [() => documentBytes('canada'), 5],
  'twitter-like': [generatedDocuments.twitter, 20],
  'citm_catalog-like': [generatedDocuments.citm_catalog, 10],
  'canada-like': [generatedDocuments.canada, 5],
};
/** Parses per timed batch for a file: about 4 MB of input, so that a batch takes milliseconds. */
const batchFor = (size) => Math.max(1, Math.min(50000, Math.round(4_000_000 / Math.max(size, 1))));
for (const [name, make] of Object.entries(hostileShapes)) {
  const bytes = make();
  payloads[name] = [() => bytes, batchFor(bytes.length)];
}
// The documents past 4 MiB, made only when asked for: one parse a batch.
for (const [name, make] of Object.entries(largeDocuments())) payloads[name] = [make, 1];
// The generated look-alikes of the bench's set (maps keyed by data, prose with escapes, Cyrillic,
// Chinese, Japanese, ...), made on use, one by name or all of them as `look-alikes`.
for (const name of Object.keys(lookAlikes)) payloads[name] = [() => lookAlikes[name](), 10];
const realworldDir = join(corpusDir, 'realworld');
const expand = (name) => {
  if (name === 'realworld') {
    if (!existsSync(realworldDir)) throw new Error(`realworld needs ${realworldDir}`);
    return readdirSync(realworldDir).filter((file) => file.endsWith('.json')).sort().map((file) => join(realworldDir, file));
  }
  if (name === 'hostile') return Object.keys(hostileShapes);
  if (name === 'large') return Object.keys(largeDocuments());
  if (name === 'look-alikes') return Object.keys(lookAlikes);
  if (name === 'bodies') return bodyNames();
  return [name];
};
/** The request-sized bodies of the bench's `bodies` set, registered as payloads on first use. */
let bodyNamesMade;
function bodyNames() {
  bodyNamesMade ??= requestBodies().map(({ name, bytes }) => {
    payloads[name] = [() => bytes, batchFor(bytes.length)];
    return name;
  });
  return bodyNamesMade;
}
for (const name of (payloadList ?? '').split(',').flatMap(expand)) {
  if (payloads[name] || !name.endsWith('.json')) continue;
  const bytes = new Uint8Array(readFileSync(name));
  payloads[basename(name, '.json')] = [() => bytes, batchFor(bytes.length)];
}
const chosen = (payloadList ?? Object.keys(payloads).join(','))
  .split(',')
  .flatMap(expand)
  .map((name) => (name.endsWith('.json') ? basename(name, '.json') : name));
const rounds = Number(roundsText ?? 15);

const decoder = new TextDecoder();
const cpuMicroseconds = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
function timeBatch(parse, bytes, count) {
  const start = cpuMicroseconds();
  for (let index = 0; index < count; index++) parse(bytes);
  return cpuMicroseconds() - start;
}
const parseNative = (bytes) => JSON.parse(decoder.decode(bytes));

const logs = { base: [], new: [], newOverBase: [] };
console.log(`base ${basePath}, new ${newPath}; ${rounds} rounds; options ${JSON.stringify(parseOptions ?? {})}; times are CPU ns per parse, ratios against native`);
for (const name of chosen) {
  if (!payloads[name]) throw new Error(`unknown payload ${name}; one of ${Object.keys(payloads).join(', ')}`);
  const [make, count] = payloads[name];
  const bytes = make();
  for (let index = 0; index < count * 3; index++) {
    parseBase(bytes);
    parseNew(bytes);
    parseNative(bytes);
  }
  const times = { native: [], base: [], new: [] };
  const newOverBase = [];
  for (let round = 0; round < rounds; round++) {
    const native = timeBatch(parseNative, bytes, count);
    let base, next;
    if (round % 2 === 0) {
      base = timeBatch(parseBase, bytes, count);
      next = timeBatch(parseNew, bytes, count);
    } else {
      next = timeBatch(parseNew, bytes, count);
      base = timeBatch(parseBase, bytes, count);
    }
    times.native.push((native * 1000) / count);
    times.base.push(base / native);
    times.new.push(next / native);
    newOverBase.push(next / base);
  }
  logs.base.push(Math.log(median(times.base)));
  logs.new.push(Math.log(median(times.new)));
  logs.newOverBase.push(Math.log(median(newOverBase)));
  console.log(
    `${name.padEnd(13)} native ${median(times.native).toFixed(0).padStart(9)} ns  base ${median(times.base).toFixed(2)}×  new ${median(times.new).toFixed(2)}×  new/base ${median(newOverBase).toFixed(3)}`,
  );
}
const geometricMean = (logValues) => Math.exp(logValues.reduce((sum, value) => sum + value, 0) / logValues.length);
if (chosen.length > 1) {
  console.log(
    `${'geomean'.padEnd(13)} ${''.padStart(19)}  base ${geometricMean(logs.base).toFixed(2)}×  new ${geometricMean(logs.new).toFixed(2)}×  new/base ${geometricMean(logs.newOverBase).toFixed(3)}`,
  );
}
