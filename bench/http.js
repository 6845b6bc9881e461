// `npm run bench:http`: JSON request bodies under load, each server in its own memory-capped cgroup,
// driven by wrk (a C client: it shares no event loop with the server). Pipelines compared:
//   usual                keep every chunk, concatenate, decode to a string, JSON.parse
//                        (Bun.serve, Deno.serve: await req.arrayBuffer(), TextDecoder, JSON.parse)
//   parseBody            json-parse-binary/body with detach (the default)
//   parseBody-no-detach  json-parse-binary/body with { detach: false }
//   parseBody-unguarded  (node:http only, by --modes alone) parseBody with parseBinary's defaults:
//                        no "__proto__" or constructor guard and no depth limit, like the usual pipeline
//   express-json / express-parseBody, fastify-default / fastify-parseBody (node:http only, when
//                        dist/express.js and dist/fastify.js are built)
//   usual-decoded-chunks (node:http only, by --modes alone): each chunk decoded as it arrives, as
//                        raw-body does under express.json(), then JSON.parse of the joined text
//   usual-detach, parseBinary, parseBinary-detach (node:http only, by --modes alone): the usual
//                        pipeline's concatenated body, parsed by JSON.parse or parseBinary, then
//                        detached or not
// Parts: `cases` (every size, body and pipeline, modes alternating over rounds), `squeeze` (step
// the cap down under a fixed load until the usual pipeline fails, and see what parseBody does
// there), `soak` (minutes at moderate load, server RSS sampled every 250 ms, charted; the usual
// pipeline and parseBody with and without detach, or the pipelines --modes names).
// Options: `node bench/http.js --help`.
// Results: bench/results/local/ (git-ignored); --save also writes bench/results/http-<runtime>-latest.json
// (http-<runtime>-<flags>-latest.json with --node-flags, e.g. http-node24-max-semi-space-size-16-latest.json;
// http-<runtime>-malloc-tuned-latest.json with --malloc-tuned)
// and bench/charts/http-soak-<runtime>.svg. --no-save writes nothing.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { locateRuntime } from '../test/runtimes/locate.mjs';
import { readCommandLine } from './command-line.js';
import { FIXED_MALLOC_THRESHOLDS, gitCommit, mallocSettings } from './environment.js';
import { makeBody } from './http/bodies.js';
import { detectMemoryCap, removeAllMemoryGroups, removeStaleGroups } from './http/memory-cap.js';
import { comparisonTable, compareModes, mergeRounds, perServerRequest, rssTrend, squeezeFindings, squeezeTable, stepFailed, summaryTable } from './http/report.js';
import { runCase } from './http/run-case.js';
import { killAllServers } from './http/server-process.js';
import { rssOverTimeChart } from './http/soak-chart.js';
import { killAllWrk, wrkVersion } from './http/wrk.js';

const usage = `Usage: npm run bench:http -- [options]   (needs wrk: apt-get install -y wrk)

  --runtime <name>      node24 (default), node26, node22, node20, bun or deno (from test/runtimes)
  --parts <parts>       cases, squeeze, soak, comma-separated (default: all three); --squeeze and
                        --soak pick one of them
  --quick               1 s runs of 1 KB and 1 MB records, one round (CI)
  --sizes <sizes>       1kb,64kb,1mb,10mb by default; any number of kb or mb (1250kb) takes the
                        connections of the nearest named size
  --bodies <bodies>     records, mixed, comma-separated (default: both)
  --modes <modes>       pipelines, comma-separated (see the top of bench/http.js): by default usual,
                        parseBody and parseBody-no-detach, and on node:http express-json,
                        express-parseBody, fastify-default and fastify-parseBody; node:http also
                        runs parseBody-unguarded, usual-decoded-chunks, usual-detach, parseBinary
                        and parseBinary-detach when named
  --duration <s>        seconds measured a case (default 8)
  --warmup <s>          seconds of load before measuring, same connections (default 2)
  --rounds <n>          rounds, the modes alternating in each (default 2)
  --connections <n>     wrk connections for every size (default: 32, 16, 8, 4 from 1 KB to 10 MB)
  --cap <size>          memory cap of each server's cgroup (default 300mb), or none
  --caps <MB,...>       squeeze: the caps to step down through (e.g. 300,250,200)
  --squeeze-size <size> squeeze body size (default 10mb)
  --soak-seconds <s>    soak length (default 90)
  --soak-size <size>    soak body size (default 1mb)
  --library <path>      another build's dist/body.js
  --node-flags="<f>"    V8/Node flags for every server alike, e.g. --max-semi-space-size=16 (the young
                        generation's size decides what a scavenge copies); Deno gets them as
                        --v8-flags=..., and needs --max-old-space-size under a cap, since it sizes
                        its heap from the machine (bench/NOTES.md, round 11 and round 50)
  --malloc-tuned        every server starts with glibc's thresholds fixed as the README advises
                        (MALLOC_MMAP_THRESHOLD_=33554432 MALLOC_TRIM_THRESHOLD_=134217728); the same
                        variables set in the shell work too, and either way the results name them
  --save                also write bench/results/http-<runtime>-latest.json and the soak chart
                        (committed); without it results go to bench/results/local/ (git-ignored)
  --no-save             write no results at all
  --help                this text
`;

const flags = readCommandLine(usage, {
  runtime: { type: 'string', default: 'node24' },
  quick: { type: 'boolean', default: false },
  parts: { type: 'string' },
  squeeze: { type: 'boolean', default: false },
  soak: { type: 'boolean', default: false },
  sizes: { type: 'string' },
  bodies: { type: 'string' },
  modes: { type: 'string' },
  duration: { type: 'string' },
  warmup: { type: 'string' },
  rounds: { type: 'string' },
  cap: { type: 'string', default: '300mb' },
  connections: { type: 'string' },
  'soak-seconds': { type: 'string' },
  'soak-size': { type: 'string', default: '1mb' },
  'squeeze-size': { type: 'string', default: '10mb' },
  caps: { type: 'string' },
  library: { type: 'string' },
  'node-flags': { type: 'string' },
  'malloc-tuned': { type: 'boolean', default: false },
  save: { type: 'boolean', default: false },
  'no-save': { type: 'boolean', default: false },
});

const MB = 2 ** 20;
const SIZES = {
  '1kb': { bytes: 1024, connections: 32 },
  '64kb': { bytes: 64 * 1024, connections: 16 },
  '1mb': { bytes: MB, connections: 8 },
  '10mb': { bytes: 10 * MB, connections: 4 },
};
const benchDir = fileURLToPath(new URL('./', import.meta.url));
const repoDir = join(benchDir, '..');
const quick = flags.quick;
const runtime = flags.runtime;
const isNode = runtime.startsWith('node');
const parts = (flags.parts ?? (flags.squeeze || flags.soak ? [flags.squeeze && 'squeeze', flags.soak && 'soak'].filter(Boolean).join(',') : 'cases,squeeze,soak')).split(',');
const sizes = (flags.sizes ?? (quick ? '1kb,1mb' : '1kb,64kb,1mb,10mb')).split(',');
const bodies = (flags.bodies ?? (quick ? 'records' : 'records,mixed')).split(',');
const seconds = Number(flags.duration ?? (quick ? 1 : 8));
const warmUpSeconds = Number(flags.warmup ?? (quick ? 1 : 2));
const rounds = Number(flags.rounds ?? (quick ? 1 : 2));
const capBytes = flags.cap === 'none' ? undefined : parseSize(flags.cap);
// Other sizes (1250kb, 0.8mb) are allowed too, to see how a result moves with the body's size (the
// young generation's collections line up with requests at some sizes: bench/NOTES.md, round 14); they
// take the connections of the named size nearest them (by ratio).
for (const size of [...sizes, flags['squeeze-size'], flags['soak-size']]) {
  if (SIZES[size]) continue;
  const bytes = /^\d+(?:\.\d+)?(kb|mb)$/i.test(size) ? parseSize(size) : NaN;
  if (!(bytes > 0)) throw new Error(`unknown size ${size}; known: ${Object.keys(SIZES).join(', ')}, or any number of kb or mb`);
  const distance = (named) => Math.abs(Math.log(named.bytes / bytes));
  const nearest = Object.values(SIZES).reduce((best, named) => (distance(named) < distance(best) ? named : best));
  SIZES[size] = { bytes, connections: nearest.connections };
}

function parseSize(text) {
  const match = /^(\d+(?:\.\d+)?)\s*(kb|mb|gb)?$/i.exec(text);
  if (!match) throw new Error(`--cap takes a size such as 300mb, or none: ${text}`);
  return Math.round(Number(match[1]) * { kb: 2 ** 10, mb: MB, gb: 2 ** 30 }[(match[2] ?? 'mb').toLowerCase()]);
}

const installed = locateRuntime(runtime);
if (!installed) throw new Error(`runtime ${runtime} is not installed: npm ci --prefix test/runtimes`);
const nodeFlags = flags['node-flags'] ? flags['node-flags'].split(/\s+/).filter(Boolean) : [];
if (nodeFlags.length > 0 && !isNode && runtime !== 'deno') throw new Error('--node-flags applies to Node and Deno servers only');
const serverFlags = runtime === 'deno' && nodeFlags.length > 0 ? [`--v8-flags=${nodeFlags.join(',')}`] : nodeFlags;
const launcher = { ...installed, args: [...installed.args, ...serverFlags] };
// Servers (and wrk) inherit this process's environment.
if (flags['malloc-tuned']) Object.assign(process.env, FIXED_MALLOC_THRESHOLDS);
const serverMalloc = mallocSettings();
if (!wrkVersion()) {
  console.error('wrk is not installed. On Debian or Ubuntu: apt-get install -y wrk (macOS: brew install wrk).');
  process.exit(2);
}

// The servers load a private copy of dist/, so a rebuild during the run cannot pull it away.
const dist = flags.library ? join(flags.library, '..') : join(repoDir, 'dist');
if (!existsSync(join(dist, 'body.js'))) throw new Error(`${join(dist, 'body.js')} is missing: run \`npm run build\` first`);
const scratch = mkdtempSync(join(tmpdir(), 'json-parse-binary-bench-http-'));
cpSync(dist, join(scratch, 'dist'), { recursive: true });
const libraryUrl = pathToFileURL(join(scratch, 'dist', 'body.js')).href;

function cleanUp() {
  killAllWrk();
  killAllServers();
  removeAllMemoryGroups();
  rmSync(scratch, { recursive: true, force: true });
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => process.exit(130));

const cap = detectMemoryCap();
if (cap.version) removeStaleGroups(cap);
const capLine = !capBytes
  ? 'memory cap: none (--cap none)'
  : cap.version
    ? `memory cap: ${capBytes / MB} MB per server, cgroup v${cap.version} (${cap.root})`
    : `memory cap: NONE, the run is uncapped (${cap.reason}); peak memory is the server's VmHWM`;
console.error(capLine);

function defaultModes() {
  const modes = ['usual', 'parseBody', 'parseBody-no-detach'];
  if (!isNode || quick) return modes;
  for (const [adapter, pair] of [['express', ['express-json', 'express-parseBody']], ['fastify', ['fastify-default', 'fastify-parseBody']]]) {
    if (existsSync(join(dist, `${adapter}.js`))) modes.push(...pair);
    else console.error(`skipped: ${pair.join(' and ')}, because dist/${adapter}.js is not built (json-parse-binary/${adapter})`);
  }
  return modes;
}
const modes = flags.modes ? flags.modes.split(',') : defaultModes();
const nodeOnlyModes = /^(express|fastify|usual-detach$|usual-decoded-chunks$|parseBinary|parseBody-unguarded$)/;
if (!isNode && modes.some((mode) => nodeOnlyModes.test(mode))) {
  throw new Error('express, fastify, usual-decoded-chunks, usual-detach, parseBinary and parseBody-unguarded modes run on node:http only');
}

const bodyCache = new Map();
function body(kind, size) {
  const key = `${kind} ${size}`;
  if (!bodyCache.has(key)) {
    const { body: bytes, expected } = makeBody(kind, SIZES[size].bytes);
    const file = join(scratch, `${kind}-${size}.json`);
    writeFileSync(file, bytes);
    bodyCache.set(key, { kind, size, bytes, expected, file });
  }
  return bodyCache.get(key);
}

const connectionsFor = (size) => Number(flags.connections ?? SIZES[size].connections);
const common = { runtime, launcher, libraryUrl, cap };

function describeRow(row) {
  if (row.caseError) return `harness error: ${row.caseError}`;
  if (row.checkError) return `failed before load: ${row.checkError}`;
  if (row.unreachable) return `server unreachable${row.oomKilled ? ', OOM-KILLED' : ''}`;
  const failures = (row.errors ?? 0) + (row.non2xx ?? 0);
  const peak = row.groupPeakMB ?? row.vmHwmMB;
  const cpu = perServerRequest(row, row.serverCpuMs);
  const loopBusy = perServerRequest(row, row.serverLoopBusyMs);
  const faults = perServerRequest(row, row.serverMinorFaults);
  return (
    `${row.requestsPerSecond.toFixed(1)} req/s, ` +
    `${cpu != null ? `CPU ${cpu.toFixed(2)} ms a request${loopBusy != null ? ` (loop ${loopBusy.toFixed(2)})` : ''}, ` : ''}` +
    `${faults != null ? `${faults.toFixed(0)} page faults a request, ` : ''}` +
    `p99 ${row.latencyMs.p99.toFixed(0)} ms (max ${row.latencyMs.max.toFixed(0)}), ` +
    `${row.serverMs?.slowestAtSeconds != null ? `slowest in server ${row.serverMs.max.toFixed(0)} ms at ${row.serverMs.slowestAtSeconds.toFixed(1)} s, ` : ''}` +
    `peak ${peak == null ? '?' : peak.toFixed(0)} MB${row.gc ? `, ${row.gc.count} GCs ${row.gc.ms.toFixed(0)} ms` : ''}` +
    `${failures ? `, ${failures} failed` : ''}${row.oomKilled ? ', OOM-KILLED' : row.serverDied ? ', SERVER DIED' : ''}`
  );
}

/** One case; an unexpected harness error becomes a failed row, so a long run keeps its other figures. */
async function measure(options) {
  try {
    return await runCase(options);
  } catch (error) {
    const { mode, capBytes, connections } = options;
    return { runtime, mode, body: options.body.kind, size: options.body.size, connections, capMB: capBytes ? capBytes / MB : null, caseError: error.message };
  }
}

async function runCases() {
  const rows = [];
  for (let round = 1; round <= rounds; round++) {
    for (const kind of bodies) {
      for (const size of sizes) {
        // Alternate the order between rounds so no pipeline always runs first on a cold machine.
        const ordered = round % 2 === 1 ? modes : [...modes].reverse();
        for (const mode of ordered) {
          const row = await measure({ ...common, mode, capBytes, body: body(kind, size), connections: connectionsFor(size), warmUpSeconds, seconds });
          rows.push({ ...row, round });
          console.error(`round ${round} ${kind} ${size} ${mode}: ${describeRow(row)}`);
        }
      }
    }
  }
  return rows;
}

const SQUEEZE_CAPS_MB = [300, 250, 200, 180, 170, 160, 150, 140, 120, 100, 80, 64, 48];

async function runSqueeze() {
  if (!cap.version) {
    console.error(`squeeze: skipped, no memory cap on this machine (${cap.reason})`);
    return { skipped: cap.reason };
  }
  const size = flags['squeeze-size'];
  const kind = bodies.includes('mixed') ? 'mixed' : bodies[0];
  const squeezeModes = ['usual', 'parseBody'];
  const caps = flags.caps ? flags.caps.split(',').map(Number) : quick ? [300, 40] : SQUEEZE_CAPS_MB;
  const stepSeconds = quick ? 1 : 6;
  const rows = [];
  let failedInARow = 0;
  for (const [index, capMB] of caps.entries()) {
    const ordered = index % 2 === 0 ? squeezeModes : [...squeezeModes].reverse();
    for (const mode of ordered) {
      const row = await measure({ ...common, mode, capBytes: capMB * MB, body: body(kind, size), connections: connectionsFor(size), warmUpSeconds: quick ? 0 : 1, seconds: stepSeconds });
      rows.push(row);
      console.error(`squeeze ${capMB} MB ${kind} ${size} ${mode}: ${describeRow(row)}`);
    }
    // Stop once both pipelines have failed at two caps in a row: smaller caps only fail harder.
    failedInARow = squeezeModes.every((mode) => stepFailed(rows.find((row) => row.mode === mode && row.capMB === capMB))) ? failedInARow + 1 : 0;
    if (failedInARow === 2) break;
  }
  return { size, body: kind, connections: connectionsFor(size), stepSeconds, modes: squeezeModes, rows, ...squeezeFindings(rows, squeezeModes) };
}

async function runSoak() {
  const size = flags['soak-size'];
  const kind = bodies.includes('mixed') ? 'mixed' : bodies[0];
  const soakSeconds = Number(flags['soak-seconds'] ?? (quick ? 2 : 90));
  const connections = 4;
  const series = [];
  for (const mode of flags.modes ? modes : ['usual', 'parseBody', 'parseBody-no-detach']) {
    const row = await measure({ ...common, mode, capBytes, body: body(kind, size), connections, warmUpSeconds: 0, seconds: soakSeconds, rssEveryMs: 250 });
    const trend = rssTrend(row.rss ?? []);
    series.push({ mode, row, trend });
    console.error(
      `soak ${mode}: ${describeRow(row)}; RSS ${trend ? `${trend.firstTenthMB.toFixed(0)} MB → ${trend.lastTenthMB.toFixed(0)} MB, ` +
        `max ${trend.maxMB.toFixed(0)} MB, slope ${trend.slopeMBPerMinute.toFixed(1)} MB/min` : 'not sampled'}`,
    );
  }
  return { size, body: kind, connections, seconds: soakSeconds, series };
}

function runtimeVersion() {
  const result = spawnSync(launcher.command, runtime === 'deno' ? ['--version'] : ['--version'], { encoding: 'utf8' });
  return (result.stdout || '').split('\n')[0].trim();
}

const started = Date.now();
const environment = {
  runtime,
  runtimeVersion: runtimeVersion(),
  client: `wrk ${wrkVersion()}`,
  nodeFlags,
  // glibc's settings every server started with; empty for its defaults.
  malloc: serverMalloc,
  machine: { cpus: cpus().length, model: cpus()[0]?.model, totalMemoryMB: Math.round(totalmem() / MB) },
  memoryCap: capBytes && cap.version ? { cgroup: cap.version, capMB: capBytes / MB } : { uncapped: capBytes ? cap.reason : '--cap none' },
  date: new Date().toISOString(),
  // The code measured: the server runs this checkout's dist/ (or --library).
  commit: gitCommit(),
};
const settingsLine = (settings) => Object.entries(settings).map(([name, value]) => `${name}=${value}`).join(' ');
const fixedMallocLine = settingsLine(FIXED_MALLOC_THRESHOLDS);
const mallocLine = settingsLine(serverMalloc);
const flagsLine = (nodeFlags.length > 0 ? `, server flags ${nodeFlags.join(' ')}` : '') + (mallocLine ? `, ${mallocLine}` : '');
console.error(`bench:http on ${runtime} (${environment.runtimeVersion})${flagsLine}, ${environment.client}, ${cpus().length} cores; parts: ${parts.join(', ')}`);

const document = { benchmark: 'http', schema: 2, environment, config: { quick, parts, sizes, bodies, modes, seconds, warmUpSeconds, rounds, connections: Object.fromEntries(sizes.map((size) => [size, connectionsFor(size)])) } };
const report = [`## HTTP bodies on ${runtime} (${environment.runtimeVersion})${flagsLine}, ${environment.client}, ${cpus().length} cores, ${capLine}`];

const stamp = environment.date.slice(0, 16).replace(/:/g, '-');
const localFile = join(benchDir, 'results', 'local', `http-${quick ? 'quick-' : ''}${runtime}-${stamp}.json`);

function write(path, text) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return relative(repoDir, path);
}

/** Written after every part, so a run cut short keeps what it measured. */
function saveProgress() {
  if (flags['no-save']) return [];
  const { soakChart, ...data } = document;
  const text = `${JSON.stringify(data, null, 1)}\n`;
  const written = [write(localFile, text)];
  if (soakChart) written.push(write(join(benchDir, 'results', 'local', `http-soak-${runtime}.svg`), soakChart));
  return written;
}

if (parts.includes('cases')) {
  const rows = await runCases();
  const summary = mergeRounds(rows);
  const comparisons = [
    ...compareModes(summary),
    ...compareModes(summary, { ours: 'parseBody-no-detach' }),
    ...compareModes(summary, { ours: 'express-parseBody', baseline: 'express-json' }),
    ...compareModes(summary, { ours: 'fastify-parseBody', baseline: 'fastify-default' }),
  ];
  Object.assign(document, { rows, summary, comparisons });
  report.push(`\n### Cases: ${seconds} s each after ${warmUpSeconds} s warm-up on the same connections, ${rounds} round(s), medians\n`, summaryTable(summary));
  // A quick run proves the harness works; its one-second figures support no ratio.
  if (!quick) report.push('\n### Against the usual pipeline (issue 14 targets)\n', comparisonTable(comparisons));
  saveProgress();
}
if (parts.includes('squeeze')) {
  const squeeze = await runSqueeze();
  document.squeeze = squeeze;
  saveProgress();
  if (!squeeze.skipped) {
    report.push(`\n### Squeeze: ${squeeze.body} ${squeeze.size} bodies, ${squeeze.connections} connections, ${squeeze.stepSeconds} s per cap\n`, squeezeTable(squeeze.rows, squeeze.modes));
    if (!quick) {
      const { usual, parseBody } = squeeze.findings;
      report.push(
        `\nusual first fails at ${usual.firstFailingCapMB ?? 'no cap tried'} MB; parseBody first fails at ${parseBody.firstFailingCapMB ?? 'no cap tried'} MB.`,
      );
    }
  }
}
if (parts.includes('soak')) {
  const soak = await runSoak();
  document.soak = { ...soak, series: soak.series.map(({ mode, row, trend }) => ({ mode, trend, samples: row.rss, row: { ...row, rss: undefined } })) };
  report.push(
    `\n### Soak: ${soak.body} ${soak.size} bodies, ${soak.connections} connections, ${soak.seconds} s per pipeline, RSS every 250 ms\n`,
    '| pipeline | req/s | RSS first tenth MB | RSS last tenth MB | max MB | slope MB/min | failures |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...soak.series.map(({ mode, row, trend }) =>
      `| ${mode} | ${row.requestsPerSecond?.toFixed(1) ?? '–'} | ${trend?.firstTenthMB.toFixed(0) ?? '–'} | ${trend?.lastTenthMB.toFixed(0) ?? '–'} | ` +
        `${trend?.maxMB.toFixed(0) ?? '–'} | ${trend?.slopeMBPerMinute.toFixed(1) ?? '–'} | ${(row.errors ?? 0) + (row.non2xx ?? 0)}${row.oomKilled ? ' (OOM-killed)' : ''} |`,
    ),
  );
  document.soakChart = rssOverTimeChart({
    title: `Server RSS under a ${soak.seconds} s soak, ${runtime}`,
    subtitle: `${soak.body} ${soak.size} bodies, ${soak.connections} connections, wrk; ${capLine}`,
    series: soak.series.map(({ mode, row }) => ({ mode, samples: row.rss ?? [] })),
  });
}

document.seconds = Math.round((Date.now() - started) / 1000);
document.markdown = report.join('\n');
console.log(`\n${document.markdown}\n`);
const written = saveProgress();
if (flags.save && !quick && !flags['no-save']) {
  const { soakChart, ...data } = document;
  // A run with server flags is a variant, kept beside the default run rather than replacing it.
  const variant =
    (nodeFlags.length > 0 ? `-${nodeFlags.join('').replace(/[^a-z0-9]+/gi, '-').replace(/^-+|-+$/g, '')}` : '') + (mallocLine === '' ? '' : mallocLine === fixedMallocLine ? '-malloc-tuned' : '-malloc-custom');
  written.push(write(join(benchDir, 'results', `http-${runtime}${variant}-latest.json`), `${JSON.stringify(data, null, 1)}\n`));
  if (soakChart) written.push(write(join(benchDir, 'charts', `http-soak-${runtime}${variant}.svg`), soakChart));
}
if (written.length > 0) console.log(`written: ${written.join(', ')}`);
