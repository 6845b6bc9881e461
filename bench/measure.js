// Timing with mitata's sampler, arranged for fair side-by-side comparisons on a noisy machine:
// every contender is measured in several short rounds, the rounds interleaved (A B C, B C A, ...),
// and the median is taken over all samples of all rounds. A slow drift of the machine (another
// process starting, thermal changes) then touches every contender alike.
import { measure } from 'mitata';
import { progress } from './progress.js';

const isBun = typeof globalThis.Bun !== 'undefined';

/** Measurement budgets. `quick` only proves the suite still runs. */
export const budgets = {
  full: { rounds: 5, roundMs: 150, warmupMs: 100, minSamplesPerRound: 3 },
  quick: { rounds: 1, roundMs: 10, warmupMs: 5, minSamplesPerRound: 2 },
  // The real-world section times about a hundred documents in each of several processes; its
  // rounds are CPU time (timeSideBySideByCpu) in Node, Bun and Deno, wall time in a browser page.
  // On Bun, also at least 200 calls (up to 1 s): JavaScriptCore tiers a parser up by call and loop
  // counts, and 50 ms is 10 to 30 twitter parses, before its optimizing tiers (bench/NOTES.md,
  // round 10, Bun). Every contender in a process gets the same warm-up.
  realworld: { rounds: 3, roundMs: 50, warmupMs: 50, ...(isBun ? { minWarmupCalls: 200, maxWarmupMs: 1000 } : {}), minSamplesPerRound: 2 },
};

// mitata batches calls faster than 65 µs, 4096 calls per sample by default: for a 60 µs call
// that is a quarter of a second per sample. Aim at ~1 ms per sample instead.
const targetSampleNs = 1e6;

async function warmUp(fn, { warmupMs, minWarmupCalls = 3, maxWarmupMs = warmupMs }) {
  const start = performance.now();
  let calls = 0;
  let elapsed = 0;
  do {
    const result = fn();
    if (result instanceof Promise) await result;
    calls++;
    elapsed = performance.now() - start;
  } while (calls < 3 || elapsed < warmupMs || (calls < minWarmupCalls && elapsed < maxWarmupMs));
  return (elapsed * 1e6) / calls;
}

function summarize(samples) {
  const sorted = samples.slice().sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))];
  return { median: at(0.5), p25: at(0.25), p75: at(0.75), min: sorted[0], max: sorted[sorted.length - 1], samples: sorted.length };
}

/**
 * Times each contender's zero-argument function (sync or async) and returns nanosecond statistics
 * per contender id.
 * @param {{ id: string, run: () => unknown }[]} contenders
 * @param {{ rounds: number, roundMs: number, warmupMs: number, minSamplesPerRound: number }} budget
 * @param {string} label shown on the progress line
 * @returns {Promise<Record<string, { median: number, p25: number, p75: number, min: number, max: number, samples: number }>>}
 */
export async function timeSideBySide(contenders, budget, label) {
  const perCall = new Map();
  for (const contender of contenders) {
    progress(`${label}: warming up ${contender.id}`);
    perCall.set(contender.id, await warmUp(contender.run, budget));
  }
  const samples = new Map(contenders.map((contender) => [contender.id, []]));
  for (let round = 0; round < budget.rounds; round++) {
    for (let turn = 0; turn < contenders.length; turn++) {
      const contender = contenders[(turn + round) % contenders.length];
      progress(`${label}: round ${round + 1}/${budget.rounds}, ${contender.id}`);
      const estimate = perCall.get(contender.id);
      const batch = Math.max(4, Math.min(4096, Math.round(targetSampleNs / Math.max(estimate, 1) / 4) * 4));
      const stats = await measure(contender.run, {
        min_cpu_time: budget.roundMs * 1e6,
        min_samples: budget.minSamplesPerRound,
        batch_samples: batch,
        // mitata drops the two fastest and two slowest samples when it has more than this many;
        // keep them all: the median over the rounds is robust on its own.
        samples_threshold: Number.MAX_SAFE_INTEGER,
      });
      // Not push(...samples): a fast contender gives more samples than Deno allows arguments in one call.
      const kept = samples.get(contender.id);
      for (const sample of stats.samples) kept.push(sample);
    }
  }
  return Object.fromEntries([...samples].map(([id, values]) => [id, summarize(values)]));
}

// CPU time per sample must span many scheduler ticks to be exact enough; wall time has no such need.
const targetCpuSampleNs = 5e6;
// Where the timed calls' results go, so that no engine can drop a call as unused.
let sink;

const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) * 1e3;
};

/**
 * Like timeSideBySide, for synchronous functions, but each sample is CPU time (process.cpuUsage):
 * on a machine that other work shares, time spent waiting for a core is not counted, so ratios
 * move far less than wall-clock ones. mitata cannot time by CPU, hence this loop. Also gives the
 * wall-clock median of the same samples.
 *
 * Where the runtime counts page faults (`process.resourceUsage`: Node, Bun, Deno), each sample also
 * counts the fresh pages of memory its calls touched, and, given what one costs on this machine
 * (`freshPageNs`), takes that cost out of the sample as well: `freshPageFreeMedian` is the median
 * time per call on a machine where new memory were free. On the project's VM a fresh page costs
 * 12 to 18 µs, some fifty times an ordinary machine's, and whether a large allocation gets fresh
 * pages or reused ones changes between stretches of one process (bench/NOTES.md, round 30).
 * @param {{ id: string, run: () => unknown }[]} contenders
 * @param {number | null} [freshPageNs] nanoseconds one fresh page costs here (freshPageNanoseconds)
 * @returns {Promise<Record<string, { median: number, wallMedian: number, samples: number, faultsPerCall?: number, freshPageFreeMedian?: number }>>}
 *   nanoseconds of CPU (median) and of wall clock (wallMedian) per call
 */
export async function timeSideBySideByCpu(contenders, budget, label, freshPageNs = null) {
  const batches = new Map();
  for (const contender of contenders) {
    progress(`${label}: warming up ${contender.id}`);
    const perCall = await warmUp(contender.run, budget);
    batches.set(contender.id, Math.max(1, Math.round(targetCpuSampleNs / Math.max(perCall, 1))));
  }
  const samples = new Map(contenders.map((contender) => [contender.id, { cpu: [], wall: [], faults: [] }]));
  for (let round = 0; round < budget.rounds; round++) {
    for (let turn = 0; turn < contenders.length; turn++) {
      const { id, run } = contenders[(turn + round) % contenders.length];
      progress(`${label}: round ${round + 1}/${budget.rounds}, ${id}`);
      const batch = batches.get(id);
      const kept = samples.get(id);
      const roundEnd = cpuNow() + budget.roundMs * 1e6;
      let taken = 0;
      do {
        const faultsBefore = minorFaults ? minorFaults() : 0;
        const wallStart = performance.now();
        const cpuStart = cpuNow();
        for (let call = 0; call < batch; call++) sink = run();
        kept.cpu.push((cpuNow() - cpuStart) / batch);
        kept.wall.push(((performance.now() - wallStart) * 1e6) / batch);
        if (minorFaults) kept.faults.push((minorFaults() - faultsBefore) / batch);
        taken++;
      } while (taken < budget.minSamplesPerRound || cpuNow() < roundEnd);
    }
  }
  sink = undefined;
  return Object.fromEntries(
    [...samples].map(([id, { cpu, wall, faults }]) => {
      const stats = { median: summarize(cpu).median, wallMedian: summarize(wall).median, samples: cpu.length };
      if (!minorFaults) return [id, stats];
      stats.faultsPerCall = summarize(faults).median;
      if (freshPageNs > 0) stats.freshPageFreeMedian = summarize(cpu.map((ns, index) => withoutFreshPages(ns, faults[index], freshPageNs))).median;
      return [id, stats];
    }),
  );
}

/**
 * A sample's time per call without its fresh pages' cost: never below a tenth of the time measured,
 * so that a cost per page estimated too high cannot make a call look free.
 */
export function withoutFreshPages(ns, faultsPerCall, freshPageNs) {
  return Math.max(ns - faultsPerCall * freshPageNs, ns / 10);
}

/**
 * What touching one fresh 4 KB page costs now, in nanoseconds: the median of five measures of 256
 * pages of a new WebAssembly memory, which every engine maps afresh (an ArrayBuffer that small
 * would come from the allocator's reused pages). On the project's VM 12 to 18 µs, moving between
 * calls; within one document, a page more cost native's parse 14 to 17 µs where a measure read 13.5.
 */
export function freshPageNanoseconds() {
  const pages = 256;
  const measures = [];
  for (let measure = 0; measure < 5; measure++) {
    const started = performance.now();
    const memory = new Uint8Array(new WebAssembly.Memory({ initial: pages / 16 }).buffer);
    for (let page = 0; page < pages; page++) memory[page * 4096] = 1;
    measures.push(((performance.now() - started) * 1e6) / pages);
  }
  return measures.sort((a, b) => a - b)[2];
}

/**
 * Page faults of this process so far (fresh pages touched, mostly), or null where the runtime does
 * not count them. Page faults past the first touch of a page are rare in a parse: it maps no files.
 */
const minorFaults = (() => {
  try {
    if (typeof process === 'undefined' || typeof process.resourceUsage !== 'function') return null;
    return Number.isFinite(process.resourceUsage().minorPageFault) ? () => process.resourceUsage().minorPageFault : null;
  } catch {
    return null;
  }
})();

/** Times one call (sync or async) in nanoseconds. */
export async function timeOnce(fn) {
  const start = performance.now();
  const result = fn();
  if (result instanceof Promise) await result;
  return (performance.now() - start) * 1e6;
}
