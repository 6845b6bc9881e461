// The built package (dist/), for tests that run it as users get it: in a fresh Node process, or
// through the examples and bench children that import it. `npm ci` builds it (the prepare script);
// a checkout without it is built once here.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's root, with a trailing slash. */
export const packageRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Builds dist/ if it is missing. Slow the first time: call it from a beforeAll with a long timeout. */
export function ensureBuilt(): void {
  if (!existsSync(`${packageRoot}dist/index.js`) || !existsSync(`${packageRoot}dist/body.js`)) {
    execFileSync('npm', ['run', 'build'], { cwd: packageRoot, stdio: 'ignore' });
  }
}

/**
 * Runs `source` as an ES module in a fresh Node process (this test run's own Node), with `args` as
 * `process.argv.slice(1)` and `nodeFlags` before it, and returns what it printed.
 */
export function runModuleInFreshNode(source: string, args: string[], nodeFlags: string[] = []): string {
  return execFileSync(process.execPath, [...nodeFlags, '--input-type=module', '--eval', source, ...args], { encoding: 'utf8' });
}
