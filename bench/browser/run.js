// `npm run bench -- --runtime chromium`: the real-world section in headless Chromium, on the
// browser bundle (dist/browser/index.js), in a page without a Content-Security-Policy and in one
// with a strict one (`script-src 'self'`: no eval, no inline script). Each fresh process is a fresh
// browser; the figures are medians across them, as for the other runtimes.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { benchDir, describeEnvironment, environmentLine, repoDir } from '../environment.js';
import { budgets } from '../measure.js';
import { progress, say } from '../progress.js';
import { realworldSets, setGroups } from '../realworld-sets.js';
import { realworldText, summarizeRuns } from '../realworld-summary.js';
import { saveResults } from '../results.js';
import { startBenchServer, strictPolicy } from './server.js';

const { values: options } = parseArgs({
  options: {
    only: { type: 'string' },
    payloads: { type: 'string' },
    quick: { type: 'boolean', default: false },
    huge: { type: 'boolean', default: false },
    library: { type: 'string' },
    corpus: { type: 'string' },
    processes: { type: 'string', default: '3' },
    save: { type: 'boolean', default: false },
    'no-save': { type: 'boolean', default: false },
  },
});
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const bundlePath = options.library ?? join(repoDir, 'dist/browser/index.js');
for (const [path, remedy] of [
  [executablePath, 'apt-get install -y chromium, or set CHROMIUM_PATH'],
  [bundlePath, 'run `npm run build` first'],
]) {
  if (!existsSync(path)) {
    console.error(`${path} is missing: ${remedy}`);
    process.exit(1);
  }
}
if (options.only && options.only !== 'realworld') say(`note: in Chromium only the real-world section runs (--only ${options.only} ignored)`);

const processes = options.quick ? 1 : Number(options.processes);
const corpusDir = options.corpus ?? join(repoDir, '..', 'shared', 'corpus');
const filter = options.payloads ? options.payloads.split(',').map((name) => name.trim().toLowerCase()) : null;
/** One page server for each group of sets (setGroups): the documents past 4 MiB get browsers of their own, as they get processes of their own on the other runtimes. */
const groups = [];
for (const sets of setGroups) {
  const documents = realworldSets({ corpusDir: existsSync(corpusDir) ? corpusDir : null, quick: options.quick, filter, sets });
  if (documents.length === 0) continue;
  const server = await startBenchServer({
    files: {
      '/page.js': join(benchDir, 'browser/page.js'),
      '/oracle.mjs': join(repoDir, 'test/runtimes/oracle.mjs'),
      '/bundle/index.js': bundlePath,
    },
    documents,
  });
  groups.push({ sets, server });
}
const policies = [
  { section: 'realworld', query: '', label: 'no Content-Security-Policy' },
  { section: 'realworld-csp', query: '?csp=strict', label: `Content-Security-Policy: ${strictPolicy}` },
];
const budget = options.quick ? budgets.quick : budgets.realworld;

async function runPage(server, policy) {
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') say(`  [page error] ${message.text()}`);
    });
    page.on('pageerror', (error) => say(`  [page error] ${error.message}`));
    await page.goto(`${server.origin}/page.html${policy.query}`);
    await page.waitForFunction(() => window.benchmarkReady === true, null, { timeout: 30_000 });
    const run = await page.evaluate((pageBudget) => window.runBenchmark(pageBudget), budget);
    return { run, version: browser.version() };
  } finally {
    await browser.close();
  }
}

const environment = describeEnvironment(bundlePath);
say(`json-parse-binary benchmarks in Chromium${options.quick ? ' (quick mode: proves the suite runs; no figures, ratios or verdicts)' : ''}`);
const sections = {};
try {
  const runs = Object.fromEntries(policies.map(({ section }) => [section, []]));
  let version = null;
  for (let index = 0; index < processes; index++) {
    for (const policy of policies) {
      // Each group in a fresh browser, joined as one browser's run.
      const parts = [];
      for (const { sets, server } of groups) {
        progress(`chromium: fresh browser ${index + 1}/${processes}, ${policy.label}, ${sets.join(', ')}`);
        const outcome = await runPage(server, policy);
        version = outcome.version;
        parts.push(outcome.run);
      }
      runs[policy.section].push({ ...parts[0], documents: parts.flatMap((part) => part.documents) });
    }
  }
  Object.assign(environment, { runtime: 'chromium', runtimeLabel: `Chromium ${version} (browser bundle)` });
  say(environmentLine(environment));
  for (const policy of policies) {
    say(`\n■ Real-world documents in a page with ${policy.label} — parseBinary against native, side by side, in ${processes} fresh browser${processes === 1 ? '' : 's'}`);
    const summary = summarizeRuns(runs[policy.section]);
    say(realworldText(summary, { quick: options.quick }));
    sections[policy.section] = { ...summary, policy: policy.label };
  }
} catch (error) {
  say(`\n  chromium run failed: ${error?.stack ?? error}`);
  process.exitCode = 1;
} finally {
  for (const { server } of groups) await server.close();
}

if (!options['no-save'] && Object.keys(sections).length > 0) {
  const partial = options.quick || Boolean(options.payloads);
  const written = saveResults({ environment, options: { quick: options.quick, partial, library: options.library ?? null, processes }, sections }, { committed: options.save });
  say(`results: ${written.join(', ')}`);
}
