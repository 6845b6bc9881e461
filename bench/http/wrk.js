// Drives a server with wrk (C, its own threads, no Node event loop shared with anything) and reads
// the JSON line that post-body.lua prints when wrk is done.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./post-body.lua', import.meta.url));
const live = new Set();

export function wrkVersion() {
  const result = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (result.error) return undefined;
  return /wrk\s+(\S+)/.exec(`${result.stdout}${result.stderr}`)?.[1] ?? 'unknown';
}

/**
 * The figures of the JSON line, in milliseconds and counts; undefined when there is none. Requests,
 * rate, latency and answers outside 2xx cover the window after `warmUpSeconds`; wrk's socket errors
 * cover the whole run, warm-up included, since it counts them only in total.
 */
export function parseWrkOutput(stdout, warmUpSeconds = 0) {
  const line = stdout.split('\n').findLast((text) => text.startsWith('{"requests"'));
  if (!line) return undefined;
  const raw = JSON.parse(line);
  const ms = (us) => us / 1000;
  const requests = raw.windowRequests;
  const seconds = raw.durationUs / 1e6 - warmUpSeconds;
  return {
    requests,
    seconds,
    requestsPerSecond: requests / seconds,
    latencyMs: { p50: ms(raw.latencyUs.p50), p95: ms(raw.latencyUs.p95), p99: ms(raw.latencyUs.p99), max: ms(raw.latencyUs.max) },
    // Any status outside 2xx and 3xx, as wrk counts them.
    non2xx: raw.errors.windowStatus,
    errors: raw.errors.connect + raw.errors.read + raw.errors.write + raw.errors.timeout,
    errorKinds: { connect: raw.errors.connect, read: raw.errors.read, write: raw.errors.write, timeout: raw.errors.timeout },
  };
}

function unreachable(connections) {
  return {
    requests: 0,
    seconds: 0,
    requestsPerSecond: 0,
    latencyMs: { p50: null, p95: null, p99: null, max: null },
    non2xx: 0,
    errors: connections,
    errorKinds: { connect: connections, read: 0, write: 0, timeout: 0 },
    unreachable: true,
  };
}

/**
 * Runs wrk for a warm-up and then `seconds` of measured window on the same connections, with a
 * generous timeout, so a slow answer is measured, not dropped. One thread per connection: the
 * script times each request between its two callbacks (post-body.lua says why).
 */
export function runWrk({ url, bodyFile, connections, warmUpSeconds: askedWarmUp = 0, seconds: asked, timeoutSeconds = 60 }) {
  // wrk takes whole seconds only.
  const seconds = Math.max(1, Math.round(asked));
  const warmUpSeconds = Math.max(0, Math.round(askedWarmUp));
  const total = warmUpSeconds + seconds;
  const args = [`-t${connections}`, `-c${connections}`, `-d${total}s`, `--timeout`, `${timeoutSeconds}s`, '-s', script, url, '--', bodyFile, String(warmUpSeconds)];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text) => (stderr += text));
    // wrk stops by itself; this bound only matters if it hangs.
    const guard = setTimeout(() => child.kill('SIGKILL'), (total + timeoutSeconds + 15) * 1000);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(guard);
      live.delete(child);
      const figures = parseWrkOutput(stdout, warmUpSeconds);
      if (figures) resolve(figures);
      // A server killed at its cap before the load began: a measured failure, not a harness error.
      else if (/unable to connect/.test(stderr + stdout)) resolve(unreachable(connections));
      else reject(new Error(`wrk exited (${code ?? signal}) without figures: ${stderr || stdout}`));
    });
  });
}

export function killAllWrk() {
  for (const child of live) child.kill('SIGKILL');
}
