// Prints the gzipped size of every built bundle and fails when a browser bundle is over budget.
// The budgets are for what a page downloads from a CDN; the Node builds are shown for reference.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'dist');
const KB = 1024;
// The goal was 6 KB for the main bundle. The parser's fast paths (object-shape factories, the key
// cache, exact 16-19 digit numbers, word-at-a-time scanning, two string builders) took it to about
// 9.1 KB, with the code only Node runs left out; parseBinary alone is about 8 KB, so 6 KB would
// mean a different, slower parser for browsers (bench/NOTES.md has the cost of each module). These
// budgets hold the line where it is now, so that growth is a decision, not an accident.
const budgets = {
  'browser/index.js': 9.25 * KB,
  // The auto entry holds the whole main module plus the installer.
  'browser/auto.js': 9.25 * KB,
};

if (!existsSync(join(dist, 'browser/index.js'))) {
  console.error('dist/browser/ is missing: run `npm run build` first.');
  process.exit(1);
}

const files = readdirSync(dist, { recursive: true })
  .filter((name) => /\.(c?js)$/.test(name))
  .map((name) => name.split('\\').join('/'))
  .sort();
let overBudget = 0;
console.log(`${'file'.padEnd(28)} ${'bytes'.padStart(8)} ${'gzip'.padStart(8)}  budget (gzip)`);
for (const name of files) {
  const bytes = readFileSync(join(dist, name));
  const gzipped = gzipSync(bytes, { level: 9 }).byteLength;
  const budget = budgets[name];
  const verdict = budget === undefined ? '' : gzipped <= budget ? `${budget} ok` : `${budget} OVER`;
  if (budget !== undefined && gzipped > budget) overBudget++;
  console.log(`${relative(root, join(dist, name)).padEnd(28)} ${String(bytes.byteLength).padStart(8)} ${String(gzipped).padStart(8)}  ${verdict}`);
}
const missing = Object.keys(budgets).filter((name) => !files.includes(name));
for (const name of missing) console.log(`dist/${name} is missing`);
if (overBudget > 0 || missing.length > 0) {
  console.error(`${overBudget} bundle(s) over budget, ${missing.length} missing`);
  process.exit(1);
}
