// One measured case: a fresh server for one pipeline (in its own memory group when the machine
// has one), a correctness check, warm-up, the measured load, then the server's own report and the
// group's peak. The server is stopped and the group removed whatever happens.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { runWrk } from './wrk.js';
import { createMemoryGroup } from './memory-cap.js';
import { startServer } from './server-process.js';

const MB = 2 ** 20;

function readRss(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? (Number(match[1]) * 1024) / MB : null;
  } catch {
    return null;
  }
}

async function getJson(url, timeoutMs = 10_000) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    return await response.json();
  } catch {
    return undefined;
  }
}

async function checkAnswer(url, body) {
  try {
    const response = await fetch(url, { method: 'POST', body: body.bytes, headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(60_000) });
    const answer = await response.text();
    return answer === body.expected ? undefined : `answered ${response.status} ${answer.slice(0, 200)}, expected ${body.expected}`;
  } catch (error) {
    return `no answer: ${error.cause?.code ?? error.message}`;
  }
}

function identity({ runtime, mode, body, connections, capBytes }, group) {
  return { runtime, mode, body: body.kind, size: body.size, bodyBytes: body.bytes.length, connections, capMB: group ? capBytes / MB : null };
}

function memoryFigures(memory, exit, serverDied) {
  return {
    groupPeakMB: memory ? memory.peakBytes / MB : null,
    limitHits: memory?.limitHits ?? null,
    oomKills: memory?.oomKills ?? null,
    oomKilled: Boolean(memory?.oomKills) || (serverDied && exit.signal === 'SIGKILL'),
    serverDied,
    exit: serverDied ? { code: exit.code, signal: exit.signal, stderr: exit.stderr.slice(-500) } : undefined,
  };
}

/**
 * @param {{ runtime: string, launcher: object, mode: string, libraryUrl: string, cap: object,
 *   capBytes?: number, body: { kind: string, size: string, file: string, bytes: Buffer, expected: string },
 *   connections: number, warmUpSeconds: number, seconds: number, rssEveryMs?: number }} options
 */
export async function runCase(options) {
  const { runtime, launcher, mode, libraryUrl, cap, capBytes, body, connections, warmUpSeconds, seconds, rssEveryMs } = options;
  const group = cap.version && capBytes ? createMemoryGroup(cap, capBytes) : undefined;
  let server;
  let sampler;
  try {
    server = await startServer({ launcher, runtime, mode, libraryUrl, group });
    const checkError = await checkAnswer(server.url, body);
    // A server that cannot answer one request (killed at the cap, or wrong) gets no load; the row says why.
    if (checkError) {
      const memory = group?.read();
      const exit = await server.stop();
      return { ...identity(options, group), checkError, ...memoryFigures(memory, exit, true) };
    }
    // One wrk run: warm-up, then the window on the same connections (post-body.lua says why). The
    // server's window starts when wrk's does, to within the few milliseconds wrk takes to start.
    const loading = runWrk({ url: server.url, bodyFile: body.file, connections, warmUpSeconds, seconds });
    loading.catch(() => {});
    if (warmUpSeconds > 0) await sleep(Math.round(warmUpSeconds) * 1000);
    const reset = await getJson(`${server.url}__reset`);
    group?.resetPeak();
    const rss = [];
    if (rssEveryMs) {
      const started = performance.now();
      sampler = setInterval(() => {
        rss.push({ seconds: (performance.now() - started) / 1000, rssMB: readRss(server.pid), groupMB: group ? group.usageBytes() / MB : null });
      }, rssEveryMs);
    }
    const load = await loading;
    clearInterval(sampler);
    const stats = await getJson(`${server.url}__stats`);
    const memory = group?.read();
    const exit = await server.stop();
    const serverDied = !stats;
    return {
      ...identity(options, group),
      ...load,
      ...memoryFigures(memory, exit, serverDied),
      vmHwmMB: stats?.vmHwmBytes != null ? stats.vmHwmBytes / MB : null,
      vmHwmCoversWindow: reset?.peakReset ?? false,
      gc: stats?.gc ?? null,
      heap: stats?.heap ?? null,
      serverRequests: stats?.requests ?? null,
      serverFailures: stats?.failures ?? null,
      serverCarriedOver: stats?.carriedOver ?? null,
      serverCpuMs: stats?.cpuMs ?? null,
      serverLoopBusyMs: stats?.loopBusyMs ?? null,
      serverMinorFaults: stats?.minorFaults ?? null,
      serverMs: stats?.serverMs ?? null,
      receiveMs: stats?.receiveMs ?? null,
      loopDelayMs: stats?.loopDelayMs ?? null,
      rss: rssEveryMs ? rss : undefined,
    };
  } finally {
    clearInterval(sampler);
    await server?.stop();
    group?.remove();
  }
}
