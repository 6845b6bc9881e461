// Prints the gzipped size of every built bundle and fails when a browser bundle is over budget.
// The budgets are for what a page downloads from a CDN; the Node builds are shown for reference.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'dist');
const KB = 1024;
// 10 KB is the cap the project set for the browser bundles (issue 13: they may grow to it where
// that buys speed in Chromium). Round 5's speed work took index.js to 10.7 KB; terser, shortened
// internal property names and a browser build without the key cache brought it back under the cap
// (bench/NOTES.md, "Browser bundle size"). Growth past it is a decision, not an accident.
const budgets = {
  'browser/index.js': 10 * KB,
  // The auto entry holds the whole main module plus the installer.
  'browser/auto.js': 10 * KB,
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
