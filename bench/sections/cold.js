// Section: the first parse in a fresh process. The other sections time parses after warm-up, but a
// program that parses one document once (a command-line tool, a build step) pays the JIT's warm-up:
// parseBinary is JavaScript and starts in the interpreter, native JSON.parse is C++ from the first
// call. Every measurement is one fresh process that imports what it needs, reads the document, then
// times its first and its second call; native's and parseBinary's processes alternate, so drift on
// a shared machine touches both alike.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { coldSetNames, coldText, summarizeCold } from '../cold-summary.js';
import { benchDir, runChild } from '../environment.js';
import { progress, say } from '../progress.js';
import { realworldSets } from '../realworld-sets.js';

const script = join(benchDir, 'children/cold.js');
const contenders = ['native', 'parseBinary'];
/** Processes per contender and document when --processes does not say. */
export const defaultColdProcesses = 5;

/**
 * @param {{ libraryPath: string, corpusDir: string | null, quick: boolean, processes?: number,
 *   payloadFilter: string[] | null }} context
 */
export async function runCold({ libraryPath, corpusDir, quick, processes: requested, payloadFilter }) {
  const processes = quick ? 1 : (requested ?? defaultColdProcesses);
  const all = realworldSets({ corpusDir, quick, filter: payloadFilter, sets: coldSetNames });
  const chosen = quick ? all.slice(0, 1) : all;
  say(`\n■ First parse in a fresh process — ${chosen.length} document${chosen.length === 1 ? '' : 's'}, ${processes} process${processes === 1 ? '' : 'es'} per contender and document, native and parseBinary alternating`);
  // Generated documents exist only in this process: the children read every document from a file,
  // so that none of them runs a generator (and warms the engine) before its timed calls.
  const folder = mkdtempSync(join(os.tmpdir(), 'json-parse-binary-cold-'));
  const measured = chosen.map(({ set, id, name, origin, bytes }, index) => {
    const path = join(folder, `${index}.json`);
    writeFileSync(path, bytes);
    return { set, id, name, origin, bytes: bytes.byteLength, path, runs: { native: [], parseBinary: [] } };
  });
  try {
    // Round by round rather than document by document: a burst of load on the machine then spreads
    // over many documents' rounds instead of taking every round of one document.
    for (let round = 0; round < processes; round++) {
      for (const document of measured) {
        for (const contender of contenders) {
          if (document.error) break;
          progress(`cold: round ${round + 1}/${processes}, ${document.id}, ${contender}`);
          const settings = { library: libraryPath, contender, path: document.path, check: round === 0 };
          const run = await runChild(script, [], [JSON.stringify(settings)], { timeoutMs: 120_000 });
          if (run.error) document.error = `${contender}, round ${round + 1}: ${run.error}`;
          else document.runs[contender].push(run);
        }
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const summary = summarizeCold(
    measured.map(({ path, ...document }) => document),
    processes,
  );
  say(coldText(summary, { quick }));
  return summary;
}
