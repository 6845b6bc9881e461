// What an HTTP bench server reports about itself at GET /__stats: per-request time inside the
// server, GC pauses, peak and current RSS. POST /__reset starts a new measuring window after warm-up.
// Loads in Node, Bun and Deno: nothing here may import node: modules at the top level.

const MAX_TIMINGS = 1_000_000;

/** A file of /proc/self (`status`, `stat`) as text; undefined where there is none. */
function readProcFile(name) {
  try {
    if (globalThis.Deno) return Deno.readTextFileSync(`/proc/self/${name}`);
    return globalThis.process?.getBuiltinModule?.('node:fs')?.readFileSync(`/proc/self/${name}`, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The process's minor page faults so far (field 10 of /proc/self/stat), null off Linux. Each is a
 * page of fresh memory touched (one fault for 2 MB where a transparent huge page serves it), 1.7 to
 * 2.5 µs apiece on this machine (bench/NOTES.md, round 30). A 1 MB body of non-Latin text took 200
 * to 900 of them a request on Node, by the allocator's state in each process (round 53).
 */
function minorFaults() {
  const stat = readProcFile('stat');
  if (stat === undefined) return null;
  // The command name, in parentheses, may hold spaces: count fields from the last ')'.
  const faults = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[7]);
  return Number.isFinite(faults) ? faults : null;
}

function statusField(text, name) {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(text ?? '');
  return match ? Number(match[1]) * 1024 : null;
}

/** Writing 5 to clear_refs resets VmHWM (Linux 4.0+), so the peak covers the measuring window only. */
function resetPeakRss() {
  try {
    if (globalThis.Deno) Deno.writeTextFileSync('/proc/self/clear_refs', '5');
    else globalThis.process?.getBuiltinModule?.('node:fs')?.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * The server's CPU time so far, in ms: every thread's, so the collector's helper threads count too.
 * Beside requests a second, it tells whether a slower pipeline did more work a request or got less
 * of the cores; it moves between rounds too, about as much (bench/NOTES.md, round 52). Node, Bun and
 * Deno all have `process.cpuUsage`.
 */
function cpuMs() {
  const usage = globalThis.process?.cpuUsage?.();
  return usage ? (usage.user + usage.system) / 1000 : null;
}

/**
 * How long the event loop has been busy so far, in ms (Node only): the main thread's share of the
 * CPU, which a one-threaded server's requests a second follow when it is saturated, where the
 * collector's helper threads run beside it.
 */
function loopBusyMs() {
  return globalThis.Bun || globalThis.Deno ? null : (globalThis.performance?.eventLoopUtilization?.().active ?? null);
}

async function gcObserver() {
  // Only Node reports 'gc' performance entries; Bun and Deno report none, so GC stays unknown there.
  if (globalThis.Bun || globalThis.Deno || !globalThis.process?.versions?.node) return undefined;
  const { PerformanceObserver, constants } = await import('node:perf_hooks');
  const totals = { count: 0, ms: 0, maxMs: 0, majorCount: 0, majorMs: 0 };
  // Minor collections (scavenges) and major ones (mark-compact) cost differently and have different
  // causes: a pipeline whose large buffers are external memory triggers major ones.
  const isMajor = (entry) => (entry.detail?.kind ?? entry.kind) === constants.NODE_PERFORMANCE_GC_MAJOR;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      totals.count++;
      totals.ms += entry.duration;
      if (entry.duration > totals.maxMs) totals.maxMs = entry.duration;
      if (isMajor(entry)) {
        totals.majorCount++;
        totals.majorMs += entry.duration;
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return totals;
}

function quantile(sorted, fraction) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

function describe(sorted) {
  const overOneSecond = sorted.length - sorted.findIndex((ms) => ms > 1000);
  return {
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1] : null,
    overOneSecond: sorted.some((ms) => ms > 1000) ? overOneSecond : 0,
  };
}

/**
 * The young generation's semi-space size, the heap's limit, and what scavenges copied (Node only).
 * Under a memory cap V8 picks small semi-spaces (at 300 MB: 1 MB on Node 24, up to 4 MB on Node 26),
 * and how many bytes each scavenge copies then depends on where in a request it falls
 * (bench/NOTES.md, "Round 8: servers' GC under parseBody"). `new_space` holds two semi-spaces, so
 * its size is twice the figure `--max-semi-space-size` sets. A scavenge's copies are what it left
 * in the young generation plus what it promoted (the growth of old space across it), read from
 * v8.GCProfiler, which records both pipelines' collections alike.
 */
async function heapWatcher() {
  if (globalThis.Bun || globalThis.Deno || !globalThis.process?.versions?.node) return undefined;
  const v8 = await import('node:v8');
  const used = (stats, name) => stats.heapSpaceStatistics.find((space) => space.spaceName === name)?.spaceUsedSize ?? 0;
  let profiler;
  let scavenges = 0;
  let copiedBytes = 0;
  // The profiler keeps a record of every collection until it stops: drained twice a second, so
  // that its records (a few KB each, thousands a minute) never show up as the server's memory.
  const drain = () => {
    const statistics = profiler?.stop()?.statistics ?? [];
    profiler = typeof v8.GCProfiler === 'function' ? new v8.GCProfiler() : undefined;
    profiler?.start();
    for (const { gcType, beforeGC, afterGC } of statistics) {
      if (gcType !== 'Scavenge') continue;
      scavenges++;
      copiedBytes += used(afterGC, 'new_space') + Math.max(0, used(afterGC, 'old_space') - used(beforeGC, 'old_space'));
    }
  };
  const restart = () => {
    drain();
    scavenges = 0;
    copiedBytes = 0;
  };
  restart();
  setInterval(drain, 500).unref();
  return {
    reset: restart,
    read() {
      drain();
      const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
      const result = {
        semiSpaceMB: young ? young.space_size / 2 / 2 ** 20 : null,
        heapLimitMB: v8.getHeapStatistics().heap_size_limit / 2 ** 20,
        scavenges: profiler ? scavenges : null,
        scavengeCopiedMB: profiler ? copiedBytes / 2 ** 20 : null,
      };
      restart();
      return result;
    },
  };
}

/** How long the event loop was held up (Node only): a long synchronous parse stalls every other connection. */
async function loopDelayMonitor() {
  if (globalThis.Bun || globalThis.Deno || !globalThis.process?.versions?.node) return undefined;
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return histogram;
}

export async function createServerStats() {
  const gc = await gcObserver();
  const loopDelay = await loopDelayMonitor();
  const heap = await heapWatcher();
  // Allocated once and overwritten: 16 MB made anew at each reset, under a memory cap, was garbage
  // and page faults landing on the window's first requests.
  const timings = new Float64Array(MAX_TIMINGS);
  const receiveTimings = new Float64Array(MAX_TIMINGS);
  let count = 0;
  let failures = 0;
  // Requests that began during warm-up and ended inside the window: their time belongs to warm-up,
  // so they are counted apart and not timed (a failure among them still counts).
  let carriedOver = 0;
  // When the window started, and when its slowest request started: a tail at the window's start is
  // warm-up the window caught, one later is the pipeline's own.
  let windowStart = performance.now();
  let slowest = { ms: 0, atSeconds: null };
  let windowCpuMs = cpuMs();
  let windowLoopBusyMs = loopBusyMs();
  let windowMinorFaults = minorFaults();
  return {
    /**
     * Call when a request arrives. `received()` marks the body's last byte (node:http only), so a
     * slow request shows whether its time went in receiving the body or in handling it.
     */
    startRequest() {
      const started = performance.now();
      let receivedAt;
      return {
        received() {
          receivedAt = performance.now();
        },
        done(ok) {
          if (!ok) failures++;
          if (started < windowStart) {
            carriedOver++;
            return;
          }
          const now = performance.now();
          if (now - started > slowest.ms) slowest = { ms: now - started, atSeconds: (started - windowStart) / 1000 };
          if (count < MAX_TIMINGS) {
            timings[count] = now - started;
            receiveTimings[count] = receivedAt === undefined ? NaN : receivedAt - started;
          }
          count++;
        },
      };
    },
    reset() {
      count = 0;
      failures = 0;
      carriedOver = 0;
      windowStart = performance.now();
      windowCpuMs = cpuMs();
      windowLoopBusyMs = loopBusyMs();
      windowMinorFaults = minorFaults();
      slowest = { ms: 0, atSeconds: null };
      if (gc) Object.assign(gc, { count: 0, ms: 0, maxMs: 0, majorCount: 0, majorMs: 0 });
      loopDelay?.reset();
      heap?.reset();
      return { peakReset: resetPeakRss() };
    },
    snapshot() {
      // Read first: sorting the timings below is the snapshot's work, not the requests'.
      const windowCpu = windowCpuMs == null ? null : cpuMs() - windowCpuMs;
      const windowLoopBusy = windowLoopBusyMs == null ? null : loopBusyMs() - windowLoopBusyMs;
      const windowFaults = windowMinorFaults == null ? null : minorFaults() - windowMinorFaults;
      const kept = Math.min(count, MAX_TIMINGS);
      const sorted = timings.slice(0, kept).sort();
      const received = receiveTimings.slice(0, kept).filter((ms) => !Number.isNaN(ms)).sort();
      const status = readProcFile('status');
      return {
        pid: globalThis.process?.pid ?? globalThis.Deno?.pid,
        requests: count,
        failures,
        carriedOver,
        cpuMs: windowCpu,
        loopBusyMs: windowLoopBusy,
        minorFaults: windowFaults,
        serverMs: { ...describe(sorted), slowestAtSeconds: slowest.atSeconds },
        receiveMs: describe(received),
        gc: gc ? { ...gc } : null,
        heap: heap ? heap.read() : null,
        loopDelayMs: loopDelay ? { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 } : null,
        vmHwmBytes: statusField(status, 'VmHWM'),
        vmRssBytes: statusField(status, 'VmRSS'),
      };
    },
  };
}
