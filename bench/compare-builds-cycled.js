// Two builds of parseBinary side by side in one process, over every request body in turn: each
// body is parsed once per pass, so the shapes, keys and code of the others have gone through the
// CPU caches in between, as in a server that parses many kinds of bodies. compare-builds.js parses
// one payload again and again, with everything in cache, and does not see changes that save cache
// misses (bench/NOTES.md, round 8: keys).
//
//   node bench/compare-builds-cycled.js <base build> <new build> [seconds] [body name prefixes]
//
// Prints the median CPU time of a pass (5 times every body) as a ratio to the native pipeline's,
// for both builds, and new/base. Passes alternate in order (base first, then new first).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { requestBodies } from './realworld-shapes.js';

const [basePath, newPath, secondsText = '20', only] = process.argv.slice(2);
if (!basePath || !newPath) {
  console.error('usage: node bench/compare-builds-cycled.js <base build> <new build> [seconds] [body name prefixes]');
  process.exit(2);
}
const load = async (path) => (await import(pathToFileURL(resolve(path)).href)).parseBinary;
const [parseBase, parseNew] = [await load(basePath), await load(newPath)];
const prefixes = only?.split(',');
const bodies = requestBodies()
  .filter((body) => !prefixes || prefixes.some((prefix) => body.name.startsWith(prefix)))
  .map((body) => body.bytes);
const decoder = new TextDecoder();
const parseNative = (bytes) => JSON.parse(decoder.decode(bytes));

/** CPU microseconds of parsing every body 5 times over. */
function pass(parse) {
  const start = process.cpuUsage();
  for (let round = 0; round < 5; round++) for (const bytes of bodies) parse(bytes);
  const spent = process.cpuUsage(start);
  return spent.user + spent.system;
}

for (let warmup = 0; warmup < 30; warmup++) [parseBase, parseNew, parseNative].forEach(pass);
const times = { base: [], new: [], native: [] };
const stopAt = Date.now() + Number(secondsText) * 1000;
for (let index = 0; Date.now() < stopAt; index++) {
  const order = index % 2 === 0 ? ['base', 'new'] : ['new', 'base'];
  for (const name of order) times[name].push(pass(name === 'base' ? parseBase : parseNew));
  times.native.push(pass(parseNative));
}
const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
const [base, next, native] = [median(times.base), median(times.new), median(times.native)];
console.log(
  `${bodies.length} bodies, ${times.base.length} passes; native ${native} us a pass; base ${(base / native).toFixed(3)}×  new ${(next / native).toFixed(3)}×  new/base ${(next / base).toFixed(3)}`,
);
