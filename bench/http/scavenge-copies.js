// What the young-generation collector copies per request body, without HTTP: each pipeline reads
// the same body from a stream of 64 KB chunks and parses it, again and again, in a fresh process
// under the bench's memory cap, with V8's --trace-gc-nvp. A scavenge copies what is live when it
// runs, and under a cap the young generation is small (1 MB on Node 24, 4 MB on Node 26 at 300 MB),
// so the figure depends on how each request's allocation lines up with it: sweep a few body sizes
// to see both pipelines' good and bad alignments (bench/NOTES.md, "Round 8: servers' GC under parseBody").
// Usage: node bench/http/scavenge-copies.js [--runtime node26] [--bodies records,mixed]
//   [--sizes 0.8,1,1.2] (MB) [--parses 200] [--cap 300mb|none] [--node-flags=--max-semi-space-size=16]
//   [--library dist/body.js]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { locateRuntime } from '../../test/runtimes/locate.mjs';
import { makeBody } from './bodies.js';
import { createMemoryGroup, detectMemoryCap } from './memory-cap.js';

const MB = 2 ** 20;
const CHUNK = 64 * 1024;
const WARM_UP_PARSES = 20;
const PIPELINES = ['usual', 'parseBody'];
const MEASURING = '=== measuring';

/** One line of --trace-gc-nvp: JSON after "GC: " (Node 26), or key=value pairs (Node 24). */
export function parseNvpLine(line) {
  const json = line.indexOf('GC: {');
  if (json >= 0) return JSON.parse(line.slice(json + 4));
  if (!line.includes(' pause=')) return undefined;
  const event = {};
  for (const [, key, value] of line.slice(line.indexOf('ms: ') + 4).matchAll(/(\S+)=(\S+)/g)) {
    const number = Number(value.replace(/%$/, ''));
    event[key] = Number.isNaN(number) ? value : number;
  }
  return event;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};

/** Per parse: scavenges, bytes they copied, mark-compacts; per scavenge: the median survivors. */
export function summarizeCollections(events, parses) {
  const scavenges = events.filter((event) => event.gc === 's');
  const survived = scavenges.map((event) => event.new_space_survived ?? 0);
  return {
    scavengesPerParse: scavenges.length / parses,
    copiedKBPerParse: survived.reduce((sum, bytes) => sum + bytes, 0) / 1024 / parses,
    survivedKBPerScavenge: survived.length ? median(survived) / 1024 : null,
    majorPerParse: events.filter((event) => event.gc === 'mc' || event.gc === 'ms').length / parses,
    semiSpaceMB: Math.max(0, ...events.map((event) => event.new_space_capacity ?? 0)) / MB,
  };
}

async function child([pipeline, file, parsesText, libraryUrl]) {
  const { readFileSync } = await import('node:fs');
  const { Readable } = await import('node:stream');
  const { parseBody } = await import(libraryUrl);
  const body = readFileSync(file);
  // Own buffers per chunk, as a socket's reads are, so that parseBody may detach them.
  const stream = () => {
    const chunks = [];
    for (let at = 0; at < body.length; at += CHUNK) chunks.push(Buffer.from(body.subarray(at, at + CHUNK)));
    const readable = Readable.from(chunks, { objectMode: false });
    readable.headers = { 'content-type': 'application/json' };
    return readable;
  };
  const parsers = {
    usual: async () => {
      const chunks = [];
      for await (const chunk of stream()) chunks.push(chunk);
      return JSON.parse(Buffer.concat(chunks).toString());
    },
    parseBody: async () => (await parseBody(stream(), { limit: 64 * MB })).value,
  };
  const parse = parsers[pipeline];
  let kept = 0;
  for (let index = 0; index < WARM_UP_PARSES; index++) kept += Object.keys(await parse()).length;
  console.log(MEASURING);
  for (let index = 0; index < Number(parsesText); index++) kept += Object.keys(await parse()).length;
  console.log(`done ${kept}`);
}

function runChild({ launcher, nodeFlags, group, args }) {
  let command = launcher.command;
  let commandArgs = [...launcher.args, ...nodeFlags, '--trace-gc-nvp', fileURLToPath(import.meta.url), '--child', ...args];
  if (group) ({ command, args: commandArgs } = group.wrap(command, commandArgs));
  return new Promise((resolve) => {
    const runner = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    runner.stdout.setEncoding('utf8').on('data', (text) => (output += text));
    runner.stderr.setEncoding('utf8').on('data', (text) => (errors = (errors + text).slice(-2000)));
    runner.on('exit', (code, signal) => resolve({ output, errors, code, signal }));
  });
}

async function main() {
  const { values: flags } = parseArgs({
    options: {
      runtime: { type: 'string', default: 'node26' },
      bodies: { type: 'string', default: 'records,mixed' },
      sizes: { type: 'string', default: '0.8,1,1.2' },
      parses: { type: 'string', default: '200' },
      cap: { type: 'string', default: '300mb' },
      'node-flags': { type: 'string' },
      library: { type: 'string' },
    },
  });
  const launcher = locateRuntime(flags.runtime);
  if (!launcher || !flags.runtime.startsWith('node')) throw new Error(`${flags.runtime}: a Node runtime installed under test/runtimes is needed`);
  const nodeFlags = flags['node-flags'] ? flags['node-flags'].split(/\s+/).filter(Boolean) : [];
  const libraryUrl = pathToFileURL(flags.library ?? fileURLToPath(new URL('../../dist/body.js', import.meta.url))).href;
  const capBytes = flags.cap === 'none' ? undefined : Number.parseInt(flags.cap, 10) * MB;
  const cap = capBytes ? detectMemoryCap() : { version: null, reason: '--cap none' };
  const parses = Number(flags.parses);
  const scratch = mkdtempSync(join(tmpdir(), 'json-parse-binary-scavenge-'));
  console.log(`${flags.runtime}${nodeFlags.length ? ` ${nodeFlags.join(' ')}` : ''}, ${parses} parses per row after ${WARM_UP_PARSES}, ` +
    (cap.version ? `${capBytes / MB} MB cap (cgroup v${cap.version})` : `uncapped (${cap.reason})`));
  console.log('\n| body | size | pipeline | semi-space MB | scavenges per parse | KB surviving a scavenge (median) | KB copied per parse | mark-compacts per parse |');
  console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |');
  try {
    for (const kind of flags.bodies.split(',')) {
      for (const size of flags.sizes.split(',').map(Number)) {
        const { body } = makeBody(kind, Math.round(size * MB));
        const file = join(scratch, `${kind}-${size}.json`);
        writeFileSync(file, body);
        for (const pipeline of PIPELINES) {
          const group = cap.version ? createMemoryGroup(cap, capBytes) : undefined;
          const result = await runChild({ launcher, nodeFlags, group, args: [pipeline, file, String(parses), libraryUrl] });
          group?.remove();
          const measured = result.output.split(MEASURING)[1];
          if (result.code !== 0 || measured === undefined) {
            console.log(`| ${kind} | ${size} MB | ${pipeline} | failed: ${result.signal ?? result.code} ${result.errors.trim().split('\n').pop()} | | | | |`);
            continue;
          }
          const events = measured.split('\n').map(parseNvpLine).filter(Boolean);
          const figures = summarizeCollections(events, parses);
          const fixed = (value, digits) => (value == null ? '–' : value.toFixed(digits));
          console.log(`| ${kind} | ${(body.length / MB).toFixed(2)} MB | ${pipeline} | ${fixed(figures.semiSpaceMB, 0)} | ${fixed(figures.scavengesPerParse, 2)} | ` +
            `${fixed(figures.survivedKBPerScavenge, 0)} | ${fixed(figures.copiedKBPerParse, 0)} | ${fixed(figures.majorPerParse, 2)} |`);
        }
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv.slice(3));
else if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
