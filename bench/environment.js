// What the benchmarks run on, and how to start a child process on the same runtime.
// Works on Node, Bun and Deno: Node built-ins are reached through their `node:` names, which all
// three provide.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = dirname(fileURLToPath(import.meta.url));
export const repoDir = dirname(benchDir);

/** 'node' | 'bun' | 'deno' */
export const engine = globalThis.Bun ? 'bun' : globalThis.Deno ? 'deno' : 'node';

/** Short name used in file names and tables: node20, node24, bun, deno. */
export function runtimeId() {
  if (engine !== 'node') return engine;
  return `node${process.versions.node.split('.')[0]}`;
}

/** A human label such as "Node 20.20.2 (V8 11.3)". */
export function runtimeLabel() {
  if (engine === 'bun') return `Bun ${globalThis.Bun.version} (JavaScriptCore)`;
  if (engine === 'deno') return `Deno ${globalThis.Deno.version.deno} (V8 ${globalThis.Deno.version.v8})`;
  return `Node ${process.versions.node} (V8 ${process.versions.v8.split('-')[0]})`;
}

function git(args) {
  return execFileSync('git', args, { cwd: repoDir, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
}

/** The commit measured, marked `+uncommitted` when src/ differs from it (the build may too). */
export function gitCommit() {
  try {
    const commit = git(['rev-parse', '--short', 'HEAD']);
    return git(['status', '--porcelain', '--', 'src']) ? `${commit}+uncommitted` : commit;
  } catch {
    return null;
  }
}

function packageVersion() {
  try {
    return JSON.parse(readFileSync(join(repoDir, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

/**
 * A short fingerprint of the built JavaScript next to `libraryPath`: two runs measured the same
 * build exactly when their fingerprints match, whatever the commit says.
 */
function buildFingerprint(libraryPath) {
  try {
    const directory = dirname(libraryPath);
    const hash = createHash('sha256');
    for (const name of readdirSync(directory).filter((file) => file.endsWith('.js')).sort()) {
      hash.update(name).update(readFileSync(join(directory, name)));
    }
    return hash.digest('hex').slice(0, 10);
  } catch {
    return null;
  }
}

/** Everything a reader needs to judge a figure: runtime, CPU, memory, library version and build. */
export function describeEnvironment(libraryPath) {
  const cpus = os.cpus();
  return {
    runtime: runtimeId(),
    runtimeLabel: runtimeLabel(),
    cpu: cpus[0]?.model?.trim() || 'unknown CPU',
    cores: cpus.length,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()}-${os.arch()}`,
    library: packageVersion(),
    commit: gitCommit(),
    build: libraryPath ? buildFingerprint(libraryPath) : null,
    date: new Date().toISOString(),
    loadAverage: os.loadavg()[0],
    freshPageMicros: freshPageMicros(),
  };
}

/**
 * Microseconds to touch one fresh 4 KB page: the kernel's cost of handing out new memory, which
 * native's large strings and every growing heap pay. 11.6 to 14.4 on the project's VM in round 22,
 * where native's times on large documents were several times round 21's (bench/NOTES.md, round 22).
 * 40 MB, above glibc's mmap threshold even as the children fix it, so the pages are new.
 */
export function freshPageMicros() {
  const pageCount = 10_240;
  const started = performance.now();
  const pages = new Uint8Array(new ArrayBuffer(pageCount * 4096));
  for (let page = 0; page < pageCount; page++) pages[page * 4096] = 1;
  return Math.round(((performance.now() - started) * 1000 * 100) / pageCount) / 100;
}

/**
 * A warning when other processes keep the CPUs busy: a 1-minute load average above the number of
 * cores (the benchmark itself counts for about one) means something else competed for the CPU.
 * Null on runtimes that report no load average.
 */
export function busyMachineWarning(when) {
  const load = os.loadavg()[0];
  const cores = os.cpus().length;
  if (!isBusy(load, cores)) return null;
  return `warning: load average ${load.toFixed(1)} on ${cores} cores ${when}: other processes compete for the CPU, figures may be disturbed`;
}

/** The header line printed at the top of every run. */
export function environmentLine(environment) {
  return `${environment.runtimeLabel} · ${environment.cpu}, ${environment.cores} cores, ${environment.memoryGB} GB${freshPageText(environment)} · ${
    environment.platform
  } · json-parse-binary ${environment.library ?? '?'}${environment.commit ? ` @ ${environment.commit}` : ''}${
    environment.build ? `, build ${environment.build}` : ''
  }`;
}

function newestFileTime(directory) {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestFileTime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** ", a fresh page 14 µs" when the run measured it (runs before round 22 did not). */
export function freshPageText(environment) {
  return environment.freshPageMicros === undefined ? '' : `, a fresh page ${environment.freshPageMicros.toFixed(1)} µs`;
}

/** Whether a load average means other processes competed with the benchmark. */
export function isBusy(load, cores) {
  return load > cores;
}

/** A warning when the built library is older than its sources (a forgotten `npm run build`). */
export function staleBuildWarning(libraryPath) {
  const sources = join(repoDir, 'src');
  if (!existsSync(sources) || !existsSync(libraryPath)) return null;
  return newestFileTime(sources) > statSync(libraryPath).mtimeMs
    ? `note: ${libraryPath} is older than src/ — run \`npm run build\` to measure the current code`
    : null;
}

/**
 * Command and arguments that run `script` on this same runtime with V8 flags (ignored on Bun,
 * which has no V8; Bun code calls `Bun.gc(true)` instead of `gc()`).
 * @param {string} script
 * @param {string[]} v8Flags such as ['--expose-gc']
 * @param {string[]} scriptArgs
 */
export function childCommand(script, v8Flags, scriptArgs) {
  if (engine === 'deno') {
    const flags = v8Flags.length ? [`--v8-flags=${v8Flags.join(',')}`] : [];
    return { command: globalThis.Deno.execPath(), args: ['run', '--allow-all', '--quiet', ...flags, script, ...scriptArgs] };
  }
  if (engine === 'bun') return { command: process.execPath, args: ['run', script, ...scriptArgs] };
  return { command: process.execPath, args: [...v8Flags, script, ...scriptArgs] };
}

/**
 * Runs a child script that prints its result as one JSON line on stdout (anything else on stdout
 * is ignored; stderr passes through). Resolves with the parsed object, or `{ error }` when the
 * child failed, so one broken measurement never stops the suite.
 */
/**
 * The environment of every measuring process. glibc's malloc serves a decoder's multi-megabyte buffer
 * from fresh mmap'd pages or from reused heap pages depending on the process's history, which made
 * native's time per process bimodal (citm_catalog 2.8 or 4.0 ms on Node 26; bench/NOTES.md, "Round 11:
 * flips"): fixed thresholds make every process reuse its pages, as a long-running server's allocator does.
 */
export function childEnvironment() {
  return { ...FIXED_MALLOC_THRESHOLDS, ...process.env };
}

/** glibc's thresholds as the README advises servers to fix them (its "Node and glibc's allocator"). */
export const FIXED_MALLOC_THRESHOLDS = Object.freeze({ MALLOC_MMAP_THRESHOLD_: '33554432', MALLOC_TRIM_THRESHOLD_: '134217728' });

/** The variables of `env` that steer glibc's malloc, which a child process inherits. */
export function mallocSettings(env = process.env) {
  return Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('MALLOC_') || name === 'GLIBC_TUNABLES'));
}

export function runChild(script, v8Flags, scriptArgs, { timeoutMs = 300_000 } = {}) {
  const { command, args } = childCommand(script, v8Flags, scriptArgs);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: childEnvironment() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = stdout
        .split('\n')
        .reverse()
        .find((text) => text.startsWith('{'));
      if (line) {
        try {
          resolve(JSON.parse(line));
          return;
        } catch {
          // fall through to the error below
        }
      }
      const reason = signal ? `killed by ${signal}` : `exit code ${code}`;
      resolve({ error: `child ${reason}: ${stderr.trim().split('\n').slice(-3).join(' | ') || 'no output'}` });
    });
  });
}
