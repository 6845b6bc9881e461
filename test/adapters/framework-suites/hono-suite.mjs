// Runs Hono's own tests for c.req.json(), validator('json') and bodyLimit twice: stock, and with
// json-parse-binary/hono's jsonBody() registered by every `new Hono()`. Nothing of Hono's is copied
// into this repository: its src/ is exported from a git checkout of honojs/hono to a scratch
// directory, where the Hono constructor gets one added line.
//
//   npm run build && node test/adapters/framework-suites/hono-suite.mjs <hono git checkout> [ref]
//
// Installs zod (Hono's validator tests use it) in the scratch directory on first run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const [checkout, ref = 'HEAD'] = process.argv.slice(2);
if (checkout === undefined) throw new Error('usage: hono-suite.mjs <hono git checkout> [ref]');
const scratch = process.env.SUITE_DIR ?? '/tmp/jpb-hono-suite';
const FILES = ['src/validator/validator.test.ts', 'src/middleware/body-limit/index.test.ts'];

if (!existsSync(join(scratch, 'src/hono.ts'))) {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const archive = execFileSync('git', ['-C', checkout, 'archive', ref, 'src'], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', scratch], { input: archive });
  const honoFile = join(scratch, 'src/hono.ts');
  const source = readFileSync(honoFile, 'utf8');
  const constructorEnd = /(routers: \[new RegExpRouter\(\), new TrieRouter\(\)\],\n\s*\}\)\n)/;
  if (!constructorEnd.test(source)) throw new Error('src/hono.ts: the Hono constructor is not where this script expects it');
  writeFileSync(
    honoFile,
    `// @ts-ignore\nimport { jsonBody } from ${JSON.stringify(join(repo, 'dist/hono.js'))}\n` +
      source.replace(constructorEnd, "$1    if (process.env.JPB_HONO) this.use('*', jsonBody())\n"),
  );
  writeFileSync(join(scratch, 'package.json'), '{"private":true,"type":"module"}');
  writeFileSync(join(scratch, 'vitest.config.mjs'), "export default { test: { globals: true, include: ['src/**/*.test.ts'] } };\n");
  execFileSync('npm', ['install', '--silent', 'zod@3'], { cwd: scratch, stdio: 'inherit' });
}

const vitest = join(repo, 'node_modules/.bin/vitest');
for (const mode of ['stock', 'jsonBody']) {
  const result = spawnSync(vitest, ['run', '--config', 'vitest.config.mjs', ...FILES], {
    cwd: scratch,
    encoding: 'utf8',
    env: { ...process.env, JPB_HONO: mode === 'stock' ? '' : '1', NO_COLOR: '1' },
  });
  const output = `${result.stdout}${result.stderr}`;
  const summary = /Tests\s+(.*)/.exec(output)?.[1] ?? 'no summary';
  console.log(`${mode}: ${summary}`);
  for (const match of output.matchAll(/FAIL\s+(.*)/g)) console.log(`  ${match[1]}`);
}
