// The benchmark page: parseBinary from the browser bundle against JSON.parse(decoder.decode(bytes))
// on every document the server offers, checked deep-equal first, then timed side by side.
// mitata cannot run here: it builds its timing loop with new AsyncFunction, which the strict CSP
// page forbids, and both pages must be measured the same way. So this small sampler mirrors
// bench/measure.js: warm-up, interleaved rounds, samples of about 1 ms, the median of all samples.
import { parseBinary } from '/bundle/index.js';
import { firstDifference } from '/oracle.mjs';

const decoder = new TextDecoder();
const targetSampleMs = 1;
let sink;

const contenders = {
  native: (bytes) => () => JSON.parse(decoder.decode(bytes)),
  parseBinary: (bytes) => () => {
    const result = parseBinary(bytes);
    if (!result.ok) throw new Error(`parseBinary failed: ${result.message}`);
    return result.value;
  },
};

function warmUp(run, warmupMs) {
  const start = performance.now();
  let calls = 0;
  do {
    sink = run();
    calls++;
  } while (calls < 3 || performance.now() - start < warmupMs);
  return (performance.now() - start) / calls;
}

function median(values) {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Median nanoseconds per call of each contender, in interleaved rounds. */
function timeSideBySide(runs, { rounds, roundMs, warmupMs, minSamplesPerRound }) {
  const ids = Object.keys(runs);
  const batches = {};
  const samples = {};
  for (const id of ids) {
    batches[id] = Math.max(1, Math.round(targetSampleMs / Math.max(warmUp(runs[id], warmupMs), 1e-6)));
    samples[id] = [];
  }
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < ids.length; turn++) {
      const id = ids[(turn + round) % ids.length];
      const run = runs[id];
      const batch = batches[id];
      const end = performance.now() + roundMs;
      let taken = 0;
      do {
        const start = performance.now();
        for (let call = 0; call < batch; call++) sink = run();
        samples[id].push(((performance.now() - start) * 1e6) / batch);
        taken++;
      } while (taken < minSamplesPerRound || performance.now() < end);
    }
  }
  return Object.fromEntries(ids.map((id) => [id, median(samples[id])]));
}

function check(runs) {
  let expected;
  try {
    expected = runs.native();
  } catch (error) {
    return `native failed: ${String(error?.message ?? error).slice(0, 160)}`;
  }
  try {
    const difference = firstDifference(runs.parseBinary(), expected);
    return difference ? `differs from native at ${difference}` : null;
  } catch (error) {
    return String(error?.message ?? error).slice(0, 160);
  }
}

/** Every document, in the server's order, in the same form as bench/children/realworld.js reports. */
window.runBenchmark = async (budget) => {
  const list = await (await fetch('/documents.json')).json();
  const documents = [];
  const timed = [];
  // All checked before any is timed, as in bench/children/realworld.js: the checks get the parser
  // compiled outside the first document's timing.
  for (let index = 0; index < list.length; index++) {
    const bytes = new Uint8Array(await (await fetch(`/documents/${index}`)).arrayBuffer());
    const entry = { ...list[index] };
    documents.push(entry);
    const runs = { native: contenders.native(bytes), parseBinary: contenders.parseBinary(bytes) };
    const problem = check(runs);
    if (problem) entry.error = problem;
    else timed.push({ entry, runs });
  }
  for (const { entry, runs } of timed) {
    const medians = timeSideBySide(runs, budget);
    entry.native = medians.native;
    entry.parseBinary = medians.parseBinary;
    entry.ratio = entry.parseBinary / entry.native;
  }
  sink = undefined;
  return { documents };
};
window.benchmarkReady = true;
