// `npm run bench:http`: request bodies under load. For each body size, three node:http servers
// (each in a child process of its own, so peak RSS is the server's alone) are driven by autocannon:
//   usual                the common pipeline: keep every chunk, Buffer.concat, toString, JSON.parse
//   parseBody            json-parse-binary/body with detach (the default)
//   parseBody-no-detach  json-parse-binary/body with { detach: false }
// Usage: node bench/http.js [--duration 10] [--sizes 1kb,1mb,10mb] [--modes usual,parseBody]
//        [--rounds 1] [--runtime node22|node24|bun|deno] [--library path/to/body.js] [--quick] [--no-save]
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { locateRuntime } from '../test/runtimes/locate.mjs';
import { makePayload } from './http-payload.js';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    sizes: { type: 'string', default: '1kb,1mb,10mb' },
    modes: { type: 'string', default: 'usual,parseBody,parseBody-no-detach' },
    rounds: { type: 'string', default: '1' },
    runtime: { type: 'string', default: 'node20' },
    library: { type: 'string' },
    quick: { type: 'boolean', default: false },
    'no-save': { type: 'boolean', default: false },
  },
});

const SIZES = {
  '1kb': { bytes: 1024, connections: 10 },
  '1mb': { bytes: 1024 * 1024, connections: 10 },
  '10mb': { bytes: 10 * 1024 * 1024, connections: 4 },
};
const duration = flags.quick ? 1 : Number(flags.duration);
const warmUpSeconds = flags.quick ? 0.5 : 2;
const rounds = Number(flags.rounds);
const sizes = flags.sizes.split(',');
const modes = flags.modes.split(',');
for (const size of sizes) if (!SIZES[size]) throw new Error(`unknown size ${size}; known: ${Object.keys(SIZES).join(', ')}`);

const launcher = locateRuntime(flags.runtime);
if (!launcher) throw new Error(`runtime ${flags.runtime} is not installed: npm ci --prefix test/runtimes`);
const serverScript = fileURLToPath(new URL('./http-server.js', import.meta.url));

// The servers load a private copy of dist/, so a rebuild during the run cannot pull it away.
function libraryCopy() {
  if (flags.library) return { url: pathToFileURL(flags.library).href, cleanUp: () => {} };
  const dist = fileURLToPath(new URL('../dist/', import.meta.url));
  if (!existsSync(join(dist, 'body.js'))) throw new Error('dist/body.js is missing: run `npm run build` first');
  const copy = mkdtempSync(join(tmpdir(), 'json-parse-binary-bench-http-'));
  cpSync(dist, copy, { recursive: true });
  return { url: pathToFileURL(join(copy, 'body.js')).href, cleanUp: () => rmSync(copy, { recursive: true, force: true }) };
}
const library = libraryCopy();
process.on('exit', () => library.cleanUp());

function startServer(mode) {
  return new Promise((resolve, reject) => {
    const child = spawn(launcher.command, [...launcher.args, serverScript, mode, library.url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text) => {
      output += text;
      const match = /port (\d+)/.exec(output);
      if (match) resolve({ child, url: `http://127.0.0.1:${match[1]}/` });
    });
    child.on('exit', (code) => reject(new Error(`server ${mode} exited with ${code}`)));
  });
}

function percentile(sorted, fraction) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

/** Runs autocannon for `seconds`; latencies come from every response, so p95 is exact. */
function load(url, body, connections, seconds) {
  const latencies = [];
  let wrongAnswers = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, method: 'POST', body, headers: { 'content-type': 'application/json' }, connections, duration: seconds },
      (error, result) => {
        if (error) reject(error);
        else resolve({ result, latencies: latencies.sort((a, b) => a - b), wrongAnswers });
      },
    );
    instance.on('response', (client, statusCode, resBytes, responseTime) => {
      if (statusCode !== 200) wrongAnswers++;
      latencies.push(responseTime);
    });
  });
}

async function runCase(size, mode) {
  const { bytes, connections } = SIZES[size];
  const { body, items } = payloads[size];
  const { child, url } = await startServer(mode);
  try {
    const check = await fetch(url, { method: 'POST', body });
    const answer = await check.text();
    if (answer !== String(items)) throw new Error(`${mode} answered ${check.status} ${answer.slice(0, 200)}`);
    if (warmUpSeconds > 0) await load(url, body, connections, warmUpSeconds);
    const { result, latencies, wrongAnswers } = await load(url, body, connections, duration);
    const stats = await (await fetch(`${url}stats`)).json();
    return {
      size,
      bodyBytes: body.length,
      targetBytes: bytes,
      mode,
      connections,
      seconds: duration,
      requests: result.requests.total,
      requestsPerSecond: result.requests.total / duration,
      latencyMs: {
        mean: result.latency.mean,
        p50: percentile(latencies, 0.5),
        p95: percentile(latencies, 0.95),
        p99: percentile(latencies, 0.99),
        max: result.latency.max,
      },
      peakRssMB: stats.peakRssBytes / 2 ** 20,
      errors: result.errors + result.timeouts,
      non200: wrongAnswers,
    };
  } finally {
    child.kill();
  }
}

function formatTable(rows) {
  const lines = [
    '| body | pipeline | conns | req/s | p50 ms | p95 ms | p99 ms | peak RSS MB | errors |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    const { p50, p95, p99 } = row.latencyMs;
    lines.push(
      `| ${row.size} | ${row.mode} | ${row.connections} | ${row.requestsPerSecond.toFixed(1)} | ${p50.toFixed(2)} | ` +
        `${p95.toFixed(2)} | ${p99.toFixed(2)} | ${row.peakRssMB.toFixed(0)} | ${row.errors + row.non200} |`,
    );
  }
  return lines.join('\n');
}

/** Medians over rounds, per size and mode, in run order. */
function summarize(rows) {
  const groups = new Map();
  for (const row of rows) {
    const key = `${row.size} ${row.mode}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(row);
  }
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  return [...groups.values()].map((group) => ({
    ...group[0],
    requestsPerSecond: median(group.map((row) => row.requestsPerSecond)),
    latencyMs: Object.fromEntries(Object.keys(group[0].latencyMs).map((key) => [key, median(group.map((row) => row.latencyMs[key]))])),
    peakRssMB: median(group.map((row) => row.peakRssMB)),
    errors: group.reduce((sum, row) => sum + row.errors, 0),
    non200: group.reduce((sum, row) => sum + row.non200, 0),
  }));
}

const payloads = Object.fromEntries(sizes.map((size) => [size, makePayload(SIZES[size].bytes)]));
const rows = [];
const started = Date.now();
for (let round = 1; round <= rounds; round++) {
  for (const size of sizes) {
    // Alternate the order between rounds so no pipeline always runs first on a cold machine.
    const ordered = round % 2 === 1 ? modes : [...modes].reverse();
    for (const mode of ordered) {
      const row = await runCase(size, mode);
      rows.push({ ...row, round });
      console.error(`round ${round} ${size} ${mode}: ${row.requestsPerSecond.toFixed(1)} req/s, p95 ${row.latencyMs.p95.toFixed(2)} ms, peak RSS ${row.peakRssMB.toFixed(0)} MB`);
    }
  }
}

const summary = summarize(rows);
const table = formatTable(summary);
console.log(`\nHTTP bodies on ${flags.runtime} (${cpus().length} cores), ${duration} s per case after ${warmUpSeconds} s warm-up, ${rounds} round(s), medians:\n`);
console.log(table);
const versus = (size, metric, pick) => {
  const usual = summary.find((row) => row.size === size && row.mode === 'usual');
  const ours = summary.find((row) => row.size === size && row.mode === 'parseBody');
  return usual && ours ? pick(ours) / pick(usual) : undefined;
};
for (const size of sizes) {
  const throughput = versus(size, 'rps', (row) => row.requestsPerSecond);
  const p95 = versus(size, 'p95', (row) => row.latencyMs.p95);
  const rss = versus(size, 'rss', (row) => row.peakRssMB);
  if (throughput !== undefined) {
    console.log(`${size}: parseBody vs usual: ${throughput.toFixed(2)}x req/s, ${p95.toFixed(2)}x p95 latency, ${rss.toFixed(2)}x peak RSS`);
  }
}

if (!flags['no-save'] && !flags.quick) {
  const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
  mkdirSync(resultsDir, { recursive: true });
  const date = new Date().toISOString().slice(0, 10);
  const document = {
    benchmark: 'http',
    runtime: flags.runtime,
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model },
    config: { duration, warmUpSeconds, rounds, sizes, modes, connections: Object.fromEntries(sizes.map((size) => [size, SIZES[size].connections])) },
    seconds: Math.round((Date.now() - started) / 1000),
    summary,
    rows,
    table,
  };
  const text = `${JSON.stringify(document, null, 2)}\n`;
  writeFileSync(`${resultsDir}http-${flags.runtime}-${date}.json`, text);
  writeFileSync(`${resultsDir}http-${flags.runtime}-latest.json`, text);
  console.log(`\nsaved bench/results/http-${flags.runtime}-${date}.json (and -latest.json)`);
}
