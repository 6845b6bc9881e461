// Timing with mitata's sampler, arranged for fair side-by-side comparisons on a noisy machine:
// every contender is measured in several short rounds, the rounds interleaved (A B C, B C A, ...),
// and the median is taken over all samples of all rounds. A slow drift of the machine (another
// process starting, thermal changes) then touches every contender alike.
import { measure } from 'mitata';
import { progress } from './progress.js';

/** Measurement budgets. `quick` only proves the suite still runs. */
export const budgets = {
  full: { rounds: 5, roundMs: 150, warmupMs: 100, minSamplesPerRound: 3 },
  quick: { rounds: 1, roundMs: 10, warmupMs: 5, minSamplesPerRound: 2 },
  // The real-world section times about a hundred documents in each of several processes.
  realworld: { rounds: 4, roundMs: 80, warmupMs: 60, minSamplesPerRound: 3 },
};

// mitata batches calls faster than 65 µs, 4096 calls per sample by default: for a 60 µs call
// that is a quarter of a second per sample. Aim at ~1 ms per sample instead.
const targetSampleNs = 1e6;

async function warmUp(fn, warmupMs) {
  const start = performance.now();
  let calls = 0;
  do {
    const result = fn();
    if (result instanceof Promise) await result;
    calls++;
  } while (calls < 3 || performance.now() - start < warmupMs);
  return ((performance.now() - start) * 1e6) / calls;
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
    perCall.set(contender.id, await warmUp(contender.run, budget.warmupMs));
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

/** Times one call (sync or async) in nanoseconds. */
export async function timeOnce(fn) {
  const start = performance.now();
  const result = fn();
  if (result instanceof Promise) await result;
  return (performance.now() - start) * 1e6;
}
