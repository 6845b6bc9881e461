// Runs every test/**/*.smoke.mjs against the built dist/ on each runtime of the matrix (Node 20,
// 22, 24, 26, Bun, Deno), prints a table runtime x suite and exits non-zero on any failure. Lines
// a suite prints starting with "note: " are shown even when it passes.
// Usage: node test/runtimes/run.mjs [--runtime node26,bun] [--suite shim,parse] [--timeout 180]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { locateRuntime, runtimes } from './locate.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values: flags } = parseArgs({
  options: {
    runtime: { type: 'string' },
    suite: { type: 'string' },
    timeout: { type: 'string', default: '180' },
  },
});
const chosenRuntimes = flags.runtime ? flags.runtime.split(',') : Object.keys(runtimes);
const timeoutMs = Number(flags.timeout) * 1000;

if (!existsSync(join(root, 'dist/index.js'))) {
  console.error('dist/ is missing: run `npm run build` first (npm run test:runtimes does).');
  process.exit(1);
}
ensureRuntimesInstalled();

const suites = findSmokeFiles(join(root, 'test'))
  .map((path) => ({ path, name: relative(join(root, 'test'), path).replace(/\.smoke\.mjs$/, '') }))
  .filter((suite) => !flags.suite || flags.suite.split(',').some((wanted) => suite.name.includes(wanted)));
if (suites.length === 0) {
  console.error('no smoke suites found');
  process.exit(1);
}

const outcomes = [];
for (const suite of suites) {
  for (const runtime of chosenRuntimes) {
    const outcome = await runSuite(runtime, suite);
    outcomes.push(outcome);
    console.log(`${outcome.runtime.padEnd(7)} ${suite.name.padEnd(28)} ${outcome.cell} (${outcome.seconds}s)`);
    if (outcome.status === 'fail') console.log(indent(outcome.output));
    // A passing suite may still have something to say, such as an engine's own JSON.parse being wrong.
    else for (const note of outcome.output.match(/^note: .*$/gm) ?? []) console.log(`        ${note}`);
  }
}

printTable();
const count = (status) => outcomes.filter((outcome) => outcome.status === status).length;
console.log(`runtimes: ${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped`);
if (count('fail') > 0) process.exitCode = 1;

function ensureRuntimesInstalled() {
  if (chosenRuntimes.every((name) => locateRuntime(name))) return;
  const npm = (args) => spawnSync('npm', [...args, '--prefix', 'test/runtimes', '--no-audit', '--no-fund'], {
    cwd: root,
    encoding: 'utf8',
  });
  console.log('installing the runtimes: npm ci --prefix test/runtimes');
  let install = npm(['ci']);
  // The registry reachable here lacks other platforms' optional packages (deno's darwin and win32
  // binaries), which makes npm ci reject the lock file; npm install takes the same locked versions.
  if (install.status !== 0 && /can only install packages when your package\.json and package-lock\.json/.test(install.stderr)) {
    console.log('npm ci rejected the lock file for other platforms\' optional packages; using npm install --no-save');
    install = npm(['install', '--no-save']);
  }
  const missing = chosenRuntimes.filter((name) => !locateRuntime(name));
  if (install.status !== 0 || missing.length > 0) {
    console.error(`${install.stdout}${install.stderr}\ncould not install ${missing.join(', ') || 'the runtimes'}`);
    process.exit(1);
  }
}

function findSmokeFiles(folder) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.smoke.mjs'))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .filter((path) => !path.includes('node_modules'))
    .sort();
}

/** Runs one suite on one runtime; a suite passes when it exits 0 with `N passed, 0 failed`. */
function runSuite(runtime, suite) {
  const launcher = locateRuntime(runtime);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(launcher.command, [...launcher.args, suite.path], {
      cwd: root,
      // Deno would otherwise write a deno.lock next to package.json and nag about updates.
      env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n(killed after ${timeoutMs / 1000}s)`;
      child.kill('SIGKILL');
    }, timeoutMs);
    const finish = (code, error) => {
      clearTimeout(timer);
      if (error) output += `\n${error.message}`;
      resolve({ runtime, suite: suite.name, seconds: ((Date.now() - started) / 1000).toFixed(1), output, ...judge(code, output) });
    };
    child.on('error', (error) => finish(null, error));
    child.on('close', (code) => finish(code));
  });
}

function judge(code, output) {
  const closing = [...output.matchAll(/^\S+: (\d+) passed, (\d+) failed\s*$/gm)].at(-1);
  if (code === 0 && /^skipped: /m.test(output) && !closing) return { status: 'skip', cell: 'skip' };
  if (code === 0 && closing && closing[2] === '0' && Number(closing[1]) > 0) {
    return { status: 'pass', cell: `${closing[1]} ok` };
  }
  const detail = closing ? `${closing[2]} of ${Number(closing[1]) + Number(closing[2])} failed` : `exit ${code}`;
  return { status: 'fail', cell: `FAIL ${detail}` };
}

function printTable() {
  const width = Math.max(5, ...suites.map((suite) => suite.name.length));
  const column = Math.max(12, ...outcomes.map((outcome) => outcome.cell.length));
  console.log(`\n${'suite'.padEnd(width)} ${chosenRuntimes.map((name) => name.padEnd(column)).join(' ')}`);
  for (const suite of suites) {
    const cells = chosenRuntimes.map((runtime) =>
      outcomes.find((outcome) => outcome.runtime === runtime && outcome.suite === suite.name).cell.padEnd(column),
    );
    console.log(`${suite.name.padEnd(width)} ${cells.join(' ')}`);
  }
  console.log('');
}

function indent(text) {
  const lines = text.trimEnd().split('\n');
  const shown = lines.length > 60 ? ['...', ...lines.slice(-60)] : lines;
  return shown.map((line) => `    ${line}`).join('\n');
}
