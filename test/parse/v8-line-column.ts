// V8's own line and column for JSON texts, read from its JSON.parse messages ("(line 4 column 11)").
// Node 20's V8 gives none, so the newest other Node of the matrix is asked in a child process.
import { spawnSync } from 'node:child_process';
import { locateRuntime } from '../detach/locate-runtime.js';

const script = `
const inputs = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify(inputs.map((base64) => {
  const text = new TextDecoder().decode(Buffer.from(base64, 'base64'));
  try { JSON.parse(text); return null; } catch (error) {
    const match = /\\(line (\\d+) column (\\d+)\\)/.exec(error.message);
    return match ? { line: Number(match[1]), column: Number(match[2]) } : null;
  }
})));
`;

/**
 * For each input (decoded as TextDecoder does, so a BOM is dropped), V8's line and column of the
 * JSON.parse error, or null where V8 names none. Undefined when no Node 22+ is installed.
 */
export function v8LineAndColumn(
  inputs: Uint8Array[],
): { runtime: string; positions: ({ line: number; column: number } | null)[] } | undefined {
  for (const name of ['node26', 'node24', 'node22'] as const) {
    const runtime = locateRuntime(name);
    if (runtime === undefined) continue;
    const input = JSON.stringify(inputs.map((bytes) => Buffer.from(bytes).toString('base64')));
    const run = spawnSync(runtime.command, ['--input-type=commonjs', '-e', script], { input, encoding: 'utf8' });
    if (run.status !== 0) continue;
    return { runtime: name, positions: JSON.parse(run.stdout) as ({ line: number; column: number } | null)[] };
  }
  return undefined;
}
