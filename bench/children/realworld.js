// One fresh process of the real-world section: builds every set, checks parseBinary against the
// honest oracle on every document, then times parseBinary and native side by side on each, by CPU
// time (the wall-clock medians of the same samples are kept beside).
// settings: { library, corpusDir, quick, filter, budget }
import { parseContenders } from '../contenders.js';
import { median } from '../format.js';
import { freshPageNanoseconds, timeSideBySideByCpu } from '../measure.js';
import { realworldSets } from '../realworld-sets.js';
import { honestDifference } from '../../test/runtimes/oracle.mjs';
import { importLibrary, readSettings, report } from './child-kit.js';

/** How long every document is parsed, round-robin, before the first timing. */
const PROCESS_WARM_UP_MS = 1500;
/** How long the compiler threads then get to finish the jobs the warm-up queued, off the measured CPU time. */
const COMPILER_SETTLE_MS = 300;

const settings = readSettings();
const library = await importLibrary(settings);
const [native, parseBinary] = parseContenders(library).filter(({ id }) => id === 'native' || id === 'parseBinary');

/** The reason a document cannot be timed, or null; `nativeWrong` records this engine's own mistakes. */
function check(bytes, entry) {
  let expected;
  try {
    expected = native.prepare(bytes)();
  } catch (error) {
    return `native failed: ${String(error?.message ?? error).slice(0, 160)}`;
  }
  let actual;
  try {
    actual = parseBinary.prepare(bytes)();
  } catch (error) {
    return String(error?.message ?? error).slice(0, 160);
  }
  const verdict = honestDifference(actual, expected, bytes);
  if (verdict.nativeWrong) entry.nativeWrong = verdict.nativeWrong;
  return verdict.difference ? `differs from native at ${verdict.difference}` : null;
}

// Every document is checked (parsed once by each contender) before any is timed: the checks also
// get our parser compiled, so its optimizing compiles (about 200 ms of compiler-thread CPU on Node
// 26) no longer land in the first document's timing (bench/NOTES.md, "Round 11: flips").
const documents = [];
const timed = [];
for (const { set, id, name, origin, bytes } of realworldSets(settings)) {
  const entry = { set, id, name, origin, bytes: bytes.byteLength };
  documents.push(entry);
  const problem = check(bytes, entry);
  if (problem) entry.error = problem;
  else timed.push({ entry, bytes });
}
// Then the process is warmed on every document for a while before the first timing: the checks
// parse each document once, too few calls for the optimizing compilers, whose work on background
// threads then counted in the first documents' CPU time (bench/NOTES.md, round 24: the first body
// of a bodies-only run read 2 to 5 times its ratio in a full run).
const runs = timed.flatMap(({ bytes }) => [native, parseBinary].map(({ prepare }) => prepare(bytes)));
const warmUntil = performance.now() + (settings.quick ? 0 : PROCESS_WARM_UP_MS);
// A group that the payload filter emptied has nothing to warm.
for (let index = 0; runs.length > 0 && performance.now() < warmUntil; index = (index + 1) % runs.length) runs[index]();
await new Promise((resolve) => setTimeout(resolve, settings.quick ? 0 : COMPILER_SETTLE_MS));

// What one fresh page of memory costs, measured just before each document's timing (the VM's price
// drifts by a quarter within minutes), to take the fresh pages each parse touched out of its time
// as well (timeSideBySideByCpu). On the project's VM that price, not the parser, decided which of
// two modes native's large documents ran in (bench/NOTES.md, round 30).
const freshPageCosts = [];
for (const { entry, bytes } of timed) {
  const freshPageNs = settings.quick ? null : freshPageNanoseconds();
  if (freshPageNs !== null) freshPageCosts.push(freshPageNs);
  const stats = await timeSideBySideByCpu(
    [native, parseBinary].map(({ id: contender, prepare }) => ({ id: contender, run: prepare(bytes) })),
    settings.budget,
    entry.id,
    freshPageNs,
  );
  entry.native = stats.native.median;
  entry.parseBinary = stats.parseBinary.median;
  entry.ratio = entry.parseBinary / entry.native;
  entry.wallRatio = stats.parseBinary.wallMedian / stats.native.wallMedian;
  entry.clock = 'cpu';
  if (stats.native.faultsPerCall !== undefined) entry.freshPages = { native: stats.native.faultsPerCall, parseBinary: stats.parseBinary.faultsPerCall };
  if (stats.native.freshPageFreeMedian !== undefined) entry.pageFreeRatio = stats.parseBinary.freshPageFreeMedian / stats.native.freshPageFreeMedian;
}
report({ documents, freshPageMicros: freshPageCosts.length ? median(freshPageCosts) / 1000 : undefined });
