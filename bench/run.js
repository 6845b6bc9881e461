// `npm run bench`: what json-parse-binary buys you, measured on this machine.
// Usage: node bench/run.js [--only speed|realworld|bad|memory|detach|huge|cold[,...]] [--quick] [--huge]
//        [--runtime node22|node24|node26|bun|deno|chromium] [--processes N] [--library path/to/index.js]
//        [--save | --no-save]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failWithUsage, readCommandLine } from './command-line.js';

const sectionNames = ['speed', 'realworld', 'bad', 'memory', 'detach', 'huge', 'cold'];
const usage = `Usage: npm run bench -- [options]

  --only <sections>   run only these sections, comma-separated: ${sectionNames.join(', ')}
  --payloads <names>  speed, real-world and cold sections: only payloads whose name contains one of
                      these, comma-separated (e.g. twitter,canada); such partial runs never replace
                      latest results
  --quick             tiny budgets: proves the suite runs (CI); prints no figures, ratios or verdicts
  --huge              also run section 5 (a ~600 MB document; needs a few GB; on by default when CI=true)
  --runtime <name>    run the suite on node22, node24, node26, bun or deno (from test/runtimes; install
                      them with \`npm ci --prefix test/runtimes\`), or run the real-world section in
                      a headless Chromium page on the browser bundle (chromium)
  --processes <n>     fresh processes to take medians across: real-world section (default 3); cold
                      section, per contender and document (default 5)
  --library <path>    measure another build of the library instead of dist/index.js
  --corpus <dir>      corpus folder (default: ../shared/corpus next to the repository, when it exists)
  --save              write the results where \`npm run bench:report\` reads them (bench/results/,
                      committed); without it they go to bench/results/local/ (git-ignored)
  --no-save           write no results at all
  --help              this text
`;

const fail = (message) => failWithUsage(message, usage);

const options = readCommandLine(usage, {
  only: { type: 'string' },
  payloads: { type: 'string' },
  quick: { type: 'boolean', default: false },
  huge: { type: 'boolean', default: false },
  runtime: { type: 'string' },
  library: { type: 'string' },
  corpus: { type: 'string' },
  processes: { type: 'string' },
  save: { type: 'boolean', default: false },
  'no-save': { type: 'boolean', default: false },
});

const script = fileURLToPath(import.meta.url);
const engine = globalThis.Bun ? 'bun' : globalThis.Deno ? 'deno' : 'node';
const forwardedArgs = process.argv.slice(2).filter((arg, index, all) => arg !== '--runtime' && all[index - 1] !== '--runtime' && !arg.startsWith('--runtime='));

const { childEnvironment } = await import('./environment.js');

function relaunch(command, args) {
  const child = spawnSync(command, args, { stdio: 'inherit', env: childEnvironment() });
  if (child.error) fail(`could not start ${command}: ${child.error.message}`);
  process.exit(child.status ?? 1);
}

// Null when not given: the real-world and cold sections each have their own default.
const processes = options.processes === undefined ? null : Number(options.processes);
if (processes !== null && (!Number.isInteger(processes) || processes < 1)) fail(`--processes must be a whole number of at least 1, not ${options.processes}`);
if (options.save && options['no-save']) fail('--save and --no-save contradict each other');

// Chromium runs only the real-world section, in a page: its own driver does that.
if (options.runtime === 'chromium') {
  relaunch(process.execPath, [join(dirname(script), 'browser/run.js'), ...forwardedArgs]);
}

// Another runtime was asked for: hand the whole run over to it.
if (options.runtime) {
  const { locateRuntime } = await import('../test/runtimes/locate.mjs');
  let runtime;
  try {
    runtime = locateRuntime(options.runtime);
  } catch (error) {
    fail(error.message);
  }
  if (!runtime) fail(`${options.runtime} is not installed: run \`npm ci --prefix test/runtimes\` first.`);
  const gcFlags = options.runtime === 'deno' ? ['--v8-flags=--expose-gc'] : options.runtime === 'bun' ? [] : ['--expose-gc'];
  relaunch(runtime.command, [...runtime.args, ...gcFlags, script, ...forwardedArgs]);
}

// mitata runs a garbage collection before each measurement when it can; that keeps one
// contender's garbage from being collected on the next one's time. V8 only offers it with a flag.
if (typeof globalThis.gc !== 'function' && engine !== 'bun') {
  if (engine === 'deno') relaunch(globalThis.Deno.execPath(), ['run', '--allow-all', '--quiet', '--v8-flags=--expose-gc', script, ...forwardedArgs]);
  else relaunch(process.execPath, [...process.execArgv, '--expose-gc', script, ...forwardedArgs]);
}

const selected = options.only ? options.only.split(',').map((name) => name.trim()) : sectionNames.filter((name) => name !== 'huge');
for (const name of selected) if (!sectionNames.includes(name)) fail(`unknown section '${name}'`);
if (!options.only && (options.huge || process.env.CI === 'true')) selected.push('huge');

const { busyMachineWarning, describeEnvironment, environmentLine, repoDir, staleBuildWarning } = await import('./environment.js');
const { libraryPath, loadLibrary } = await import('./library.js');
const { budgets } = await import('./measure.js');
const { say } = await import('./progress.js');
const { saveResults } = await import('./results.js');

const library = libraryPath(options.library);
const environment = describeEnvironment(library);
const corpusDir = options.corpus ?? join(repoDir, '..', 'shared', 'corpus');
const context = {
  library: await loadLibrary(library),
  libraryPath: library,
  quick: options.quick,
  budget: options.quick ? budgets.quick : budgets.full,
  corpusDir: existsSync(corpusDir) ? corpusDir : null,
  payloadFilter: options.payloads ? options.payloads.split(',').map((name) => name.trim().toLowerCase()) : null,
  processes,
};

say(`json-parse-binary benchmarks${options.quick ? ' (quick mode: proves the suite runs; no figures, ratios or verdicts)' : ''}`);
say(environmentLine(environment));
say(`sections: ${selected.join(', ')} · corpus: ${context.corpusDir ?? 'not found, generated documents only'}`);
const stale = staleBuildWarning(library);
if (stale) say(stale);
const busyAtStart = busyMachineWarning('at the start');
if (busyAtStart) say(busyAtStart);

const runners = {
  speed: async () => (await import('./sections/speed.js')).runSpeed(context),
  realworld: async () =>
    (await import('./sections/realworld.js')).runRealworld({ ...context, processes: processes ?? 3, budget: options.quick ? budgets.quick : budgets.realworld }),
  bad: async () => (await import('./sections/bad.js')).runBad(context),
  memory: async () => (await import('./sections/memory.js')).runMemory(context),
  detach: async () => (await import('./sections/detach.js')).runDetach(context),
  huge: async () => (await import('./sections/huge.js')).runHuge(context),
  cold: async () => (await import('./sections/cold.js')).runCold(context),
};

const sections = {};
const suiteStart = performance.now();
for (const name of selected) {
  const start = performance.now();
  try {
    sections[name] = await runners[name]();
  } catch (error) {
    say(`\n  section ${name} failed: ${error?.stack ?? error}`);
    sections[name] = { failed: String(error?.message ?? error) };
    process.exitCode = 1;
  }
  sections[name].seconds = Math.round((performance.now() - start) / 100) / 10;
  sections[name].loadAverageAfter = os.loadavg()[0];
  say(`  (${name}: ${sections[name].seconds} s, load average ${sections[name].loadAverageAfter.toFixed(1)})`);
  const busy = busyMachineWarning(`after section ${name}`);
  if (busy) say(`  ${busy}`);
}
say(`\ndone in ${((performance.now() - suiteStart) / 1000).toFixed(0)} s`);

if (!options['no-save']) {
  const partial = options.quick || Boolean(options.payloads);
  const written = saveResults(
    { environment, options: { quick: options.quick, partial, library: options.library ?? null, processes }, sections },
    { committed: options.save },
  );
  say(`results: ${written.join(', ')}`);
}
