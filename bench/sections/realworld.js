// Section: real-world speed and memory (issue 13). Every set (classic, realworld, look-alikes,
// request-sized bodies, hostile shapes) is timed side by side, parseBinary against native, in
// several fresh processes; the figures are medians across those processes, because some
// optimisations flip from one process to the next. Then the memory one parse allocates, on the
// real documents.
import { join } from 'node:path';
import { benchDir, engine, runChild } from '../environment.js';
import { formatBytes, formatRatio, geometricMean, indent, textTable } from '../format.js';
import { progress, say } from '../progress.js';
import { realworldText, summarizeRuns } from '../realworld-summary.js';
import { setGroups } from '../realworld-sets.js';

const speedScript = join(benchDir, 'children/realworld.js');
const memoryScript = join(benchDir, 'children/document-memory.js');
// As in the memory section: no scavenge may free garbage during one parse before it is counted.
const memoryFlags = ['--expose-gc', '--max-semi-space-size=128', '--min-semi-space-size=128'];

function childSettings({ libraryPath, corpusDir, quick, payloadFilter }) {
  return { library: libraryPath, corpusDir, quick, filter: payloadFilter };
}

async function measureMemory(context) {
  if (engine === 'bun') return { skipped: 'JavaScriptCore cannot be kept from collecting during the parse' };
  progress('realworld: memory per parse');
  const run = await runChild(memoryScript, memoryFlags, [JSON.stringify(childSettings(context))]);
  return run.error ? { failed: run.error } : run;
}

function memoryText(memory, quick) {
  if (memory.skipped) return `  memory: skipped on this runtime (${memory.skipped})`;
  if (memory.failed) return `  memory: failed: ${memory.failed}`;
  if (quick) return `  memory: ${memory.documents.length} documents measured; no figures are shown in quick mode.`;
  const rows = memory.documents.map((document) => [
    document.id,
    formatBytes(document.bytes),
    formatBytes(document.native),
    formatBytes(document.parseBinary),
    formatRatio(document.parseBinary / document.native),
    [
      document.collectionsDuringParse ? `${document.collectionsDuringParse} GC during parses: a lower bound` : '',
      document.nativeUncounted ? `native includes ${formatBytes(document.nativeUncounted)} of its text the runtime left uncounted` : '',
    ].filter(Boolean).join('; '),
  ]);
  const ratio = geometricMean(memory.documents.map((document) => document.parseBinary / document.native));
  return [
    '  Memory allocated by one parse (heap used + external, after minus before, full GC before; median of 3)',
    indent(textTable(['document', 'size', 'native', 'parseBinary', 'ratio', 'note'], rows, { textLast: true })),
    `  geometric mean of parseBinary / native allocated: ${formatRatio(ratio)}`,
  ].join('\n');
}

/**
 * @param {{ libraryPath: string, corpusDir: string | null, quick: boolean, processes: number,
 *   budget: object, payloadFilter: string[] | null }} context
 */
export async function runRealworld(context) {
  const processes = context.quick ? 1 : context.processes;
  say(`\n■ Real-world documents — parseBinary against native, side by side, in ${processes} fresh process${processes === 1 ? '' : 'es'}`);
  const runs = [];
  for (let index = 0; index < processes; index++) {
    // Each group of sets in a fresh process of its own (setGroups), joined as one process's run.
    const parts = [];
    for (const sets of setGroups) {
      progress(`realworld: process ${index + 1}/${processes}, ${sets.join(', ')}`);
      const settings = JSON.stringify({ ...childSettings(context), sets, budget: context.budget });
      const part = await runChild(speedScript, ['--expose-gc'], [settings], { timeoutMs: 1_800_000 });
      if (part.error) throw new Error(`process ${index + 1}: ${part.error}`);
      parts.push(part);
    }
    const freshPageMicros = parts.map((part) => part.freshPageMicros).find(Number.isFinite);
    runs.push({ documents: parts.flatMap((part) => part.documents), ...(freshPageMicros !== undefined ? { freshPageMicros } : {}) });
  }
  const summary = summarizeRuns(runs);
  say(realworldText(summary, context));
  const memory = await measureMemory(context);
  say('');
  say(memoryText(memory, context.quick));
  return { ...summary, memory };
}
