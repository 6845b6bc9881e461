// Runs the parser's unit and property tests (test/parse) under Node 24 and Node 26, the LTS lines
// people run: `npm test` runs under the machine's Node, and V8 differs between them (round 9 found
// a numbers buffer that stayed unboxed on Node 20 and 24 and turned generic on Node 26 only).
// Needs the runtimes of `npm run test:runtimes` installed and dist/ built (some tests load it).
// Usage: node test/runtimes/vitest-lts.mjs [--runtime node24,node26] [vitest filters...]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { locateRuntime } from './locate.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values: flags, positionals } = parseArgs({ options: { runtime: { type: 'string', default: 'node24,node26' } }, allowPositionals: true });
const filters = positionals.length > 0 ? positionals : ['test/parse'];
// The hostile-program suites take a third of test/parse's time, and test:runtimes already runs
// them on every runtime (patched-views.smoke.mjs), Node 24 and 26 among them.
const exclusions = positionals.length > 0 ? [] : ['--exclude', 'test/parse/patched-views*.test.ts'];
let failed = false;
for (const name of flags.runtime.split(',')) {
  const runtime = locateRuntime(name);
  if (runtime === undefined) {
    console.error(`${name} is not installed: run \`npm run test:runtimes\` first (it installs the matrix).`);
    process.exit(1);
  }
  console.log(`\n--- vitest ${filters.join(' ')} on ${name} ---`);
  const result = spawnSync(runtime.command, ['node_modules/vitest/vitest.mjs', 'run', ...filters, ...exclusions], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
