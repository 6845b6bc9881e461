// Runs Fastify's own tests (the ones shipped in the installed fastify package) twice: with Fastify's
// stock JSON parser, and with json-parse-binary/fastify registered on every instance they create.
// Nothing of Fastify's is copied into this repository: the package is copied to a scratch
// directory, where its entry file is replaced by a wrapper that registers our plugin from dist/.
//
//   npm run build && node test/adapters/framework-suites/fastify-suite.mjs [test files...]
//
// Needs undici in the scratch directory (installed there with npm on first run). Prints per file
// the pass/fail counts of both runs and the names of tests that fail only with the plugin.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const scratch = process.env.SUITE_DIR ?? '/tmp/jpb-fastify-suite';
const installed = join(repo, 'node_modules/fastify');
const version = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version;
const DEFAULT_FILES = [
  'body-limit', 'content-length', 'post-empty-body', 'proto-poisoning', 'content-parser', 'content-type',
  'buffer', 'fix-root-primitive-coercion', 'request-error', 'delete', 'schema-validation', 'inject', '404s', '500s',
];
const files = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_FILES;

const WRAPPER = `'use strict'
// Fastify, as its tests see it, with json-parse-binary/fastify registered on each instance.
const original = require('./fastify-original.js')
const dist = process.env.JPB_DIST
const plugin = dist ? require(dist + '/fastify.cjs').default : undefined
function fastify (options) {
  const app = original(options)
  if (plugin) app.register(plugin)
  return app
}
Object.assign(fastify, original)
fastify.fastify = fastify
fastify.default = fastify
module.exports = fastify
`;

function prepare() {
  const target = join(scratch, 'fastify');
  if (!existsSync(join(target, 'fastify-original.js'))) {
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    cpSync(installed, target, { recursive: true });
    renameSync(join(target, 'fastify.js'), join(target, 'fastify-original.js'));
    writeFileSync(join(target, 'fastify.js'), WRAPPER);
    symlinkSync(join(repo, 'node_modules'), join(scratch, 'node_modules'));
    mkdirSync(join(scratch, 'extra'));
    writeFileSync(join(scratch, 'extra/package.json'), '{"private":true}');
    execFileSync('npm', ['install', '--silent', 'undici@7'], { cwd: join(scratch, 'extra'), stdio: 'inherit' });
  }
  return target;
}

function run(target, file, dist) {
  const result = spawnSync(process.execPath, ['--test', '--test-reporter=tap', join('test', `${file}.test.js`)], {
    cwd: target,
    encoding: 'utf8',
    env: { ...process.env, JPB_DIST: dist ?? '', NODE_PATH: join(scratch, 'extra/node_modules') },
    timeout: 120_000,
  });
  const output = result.stdout ?? '';
  const count = (name) => Number(new RegExp(`^# ${name} (\\d+)`, 'm').exec(output)?.[1] ?? NaN);
  const failed = [...output.matchAll(/^\s*not ok \d+ - (.*)$/gm)].map((match) => match[1]);
  return { pass: count('pass'), fail: count('fail'), failed, output };
}

const target = prepare();
console.log(`fastify ${version}, tests from the installed package, ${process.version}`);
const totals = { stock: [0, 0], plugin: [0, 0] };
for (const file of files) {
  const stock = run(target, file, undefined);
  const ours = run(target, file, join(repo, 'dist'));
  totals.stock[0] += stock.pass; totals.stock[1] += stock.fail;
  totals.plugin[0] += ours.pass; totals.plugin[1] += ours.fail;
  console.log(`${file}: stock ${stock.pass} pass / ${stock.fail} fail; with plugin ${ours.pass} pass / ${ours.fail} fail`);
  for (const name of ours.failed.filter((name) => !stock.failed.includes(name))) console.log(`  fails only with the plugin: ${name}`);
  if (process.env.SUITE_VERBOSE) writeFileSync(join(scratch, `${file}.plugin.tap`), ours.output);
}
console.log(`total: stock ${totals.stock[0]} pass / ${totals.stock[1]} fail; with plugin ${totals.plugin[0]} pass / ${totals.plugin[1]} fail`);
