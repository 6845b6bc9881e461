// Where measurements are kept. Every run writes a dated file; full runs also merge their sections
// into latest-<runtime>.json. Only `--save` writes to bench/results/ (latest-*.json committed),
// which `npm run bench:report` turns into the report's tables and charts; without it everything
// goes to bench/results/local/ (git-ignored), so a newcomer's tree stays clean after a run. Each
// section keeps the environment and date it was measured in, so a later `--only speed` run
// replaces the speed figures and leaves the others as they were.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { benchDir, repoDir } from './environment.js';

export const resultsDir = join(benchDir, 'results');
/** Results of runs without `--save`: never committed. */
export const localResultsDir = join(resultsDir, 'local');
const schema = 1;

function write(path, data) {
  writeFileSync(path, `${JSON.stringify(data, null, 1)}\n`);
  return relative(repoDir, path);
}

/**
 * @param {{ environment: object, options: object, sections: Record<string, object> }} run
 * @param {{ committed?: boolean }} [where] committed: bench/results/ (--save), else bench/results/local/
 * @returns {string[]} the files written, relative to the repository
 */
export function saveResults({ environment, options, sections }, { committed = false } = {}) {
  const directory = committed ? resultsDir : localResultsDir;
  mkdirSync(directory, { recursive: true });
  const runtime = environment.runtime;
  const stamp = environment.date.slice(0, 16).replace(/:/g, '-');
  const written = [];
  const prefix = options.partial ? 'partial-' : '';
  written.push(write(join(directory, `${prefix}${runtime}-${stamp}.json`), { schema, environment, options, sections }));
  // Quick or partial figures must not replace a full measurement, nor may a failed or skipped section.
  if (options.partial) return written;
  const latestPath = join(directory, `latest-${runtime}.json`);
  const latest = existsSync(latestPath) ? JSON.parse(readFileSync(latestPath, 'utf8')) : { schema, runtime, sections: {} };
  for (const [name, section] of Object.entries(sections)) {
    if (section.failed || section.skipped) continue;
    latest.sections[name] = { ...section, environment, options };
  }
  latest.schema = schema;
  latest.updated = environment.date;
  written.push(write(latestPath, latest));
  return written;
}

/**
 * All latest-<runtime>.json files of `directory` (the saved results by default), keyed by
 * runtime, in a stable order (node20 first).
 */
export function loadLatestResults(directory = resultsDir) {
  if (!existsSync(directory)) return {};
  const files = readdirSync(directory)
    .filter((name) => /^latest-.+\.json$/.test(name))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return Object.fromEntries(
    files.map((name) => [name.slice('latest-'.length, -'.json'.length), JSON.parse(readFileSync(join(directory, name), 'utf8'))]),
  );
}
