// Where the runtimes of the test matrix live once `npm ci --prefix test/runtimes` has run.
// Node 20 is the machine's own `node`; the others come from npm packages in this folder.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const modules = join(dirname(fileURLToPath(import.meta.url)), 'node_modules');

/** Command and leading arguments that run a plain ESM script on each runtime. */
export const runtimes = {
  node20: { command: process.execPath, args: [] },
  node22: { command: join(modules, 'node22/bin/node'), args: [] },
  node24: { command: join(modules, 'node24/bin/node'), args: [] },
  node26: { command: join(modules, 'node26/bin/node'), args: [] },
  bun: { command: join(modules, 'bun/bin/bun.exe'), args: ['run'] },
  deno: { command: join(modules, 'deno/deno'), args: ['run', '--allow-all', '--quiet'] },
};

/** The runtime's launcher, or undefined when it is not installed yet. */
export function locateRuntime(name) {
  const runtime = runtimes[name];
  if (!runtime) throw new TypeError(`unknown runtime ${name}; known: ${Object.keys(runtimes).join(', ')}`);
  return existsSync(runtime.command) ? runtime : undefined;
}
