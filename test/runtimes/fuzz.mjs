// Longer campaigns of the cross-parse fuzz suite (test/parse/cross-parse-fuzz.smoke.mjs): the
// matrix runner, with that suite only, FUZZ_SECONDS and FUZZ_SEED set, and a timeout that leaves
// the campaign its time. Without --seed each run takes a new seed from the clock; the suite prints
// the seed it ran, and a failure says how to replay it.
// Usage: npm run fuzz -- [--runtime node24,bun] [--seconds 300] [--seed 7]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: flags } = parseArgs({
  options: {
    runtime: { type: 'string' },
    seconds: { type: 'string', default: '300' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000_000) },
  },
});
const seconds = Number(flags.seconds);
if (!Number.isFinite(seconds) || seconds < 0) throw new TypeError(`--seconds must be a number from 0, got ${flags.seconds}`);

// The slowest runtime finishes the document it is on and its checks well within two minutes.
const runner = fileURLToPath(new URL('./run.mjs', import.meta.url));
const args = [runner, '--suite', 'cross-parse-fuzz', '--timeout', String(seconds + 120)];
if (flags.runtime) args.push('--runtime', flags.runtime);
const run = spawnSync(process.execPath, args, {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SECONDS: String(seconds), FUZZ_SEED: flags.seed },
});
process.exitCode = run.status ?? 1;
