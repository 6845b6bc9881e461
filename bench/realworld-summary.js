// Turns the runs of the real-world section (one per fresh process, each timing every document side
// by side) into medians across processes, geometric means per set, and plain-text tables. Used
// for Node, Bun and Deno (sections/realworld.js) and for Chromium pages (browser/run.js).
import { formatBytes, formatRatio, formatRatioRange, formatTime, geometricMean, indent, median, textTable } from './format.js';
import { setNames } from './realworld-sets.js';

/**
 * @param {{ documents: object[] }[]} runs one per fresh process, documents in the same order
 * @returns {{ processes: number, documents: object[], sets: object[], nativeWrong: object[] }}
 */
export function summarizeRuns(runs) {
  const documents = runs[0].documents.map((first, index) => {
    const entries = runs.map((run) => run.documents[index]);
    const error = entries.find((entry) => entry.error)?.error;
    const { set, id, name, origin, bytes } = first;
    if (error) return { set, id, name, origin, bytes, error };
    const ratios = entries.map((entry) => entry.ratio);
    const wallRatios = entries.map((entry) => entry.wallRatio);
    const pageFreeRatios = entries.map((entry) => entry.pageFreeRatio);
    return {
      set,
      id,
      name,
      origin,
      bytes,
      native: median(entries.map((entry) => entry.native)),
      parseBinary: median(entries.map((entry) => entry.parseBinary)),
      ratio: median(ratios),
      ratios,
      ...(wallRatios.every(Number.isFinite) ? { wallRatio: median(wallRatios), wallRatios } : {}),
      ...(pageFreeRatios.every(Number.isFinite)
        ? {
            pageFreeRatio: median(pageFreeRatios),
            pageFreeRatios,
            freshPages: { native: median(entries.map((entry) => entry.freshPages.native)), parseBinary: median(entries.map((entry) => entry.freshPages.parseBinary)) },
          }
        : {}),
    };
  });
  const sets = setNames
    .map((set) => {
      const members = documents.filter((document) => document.set === set && !document.error);
      if (members.length === 0) return null;
      // One geometric mean per process, then their median: a process whose optimisation flipped
      // shows in the range instead of moving the figure.
      const perProcess = runs.map((_, run) => geometricMean(members.map((document) => document.ratios[run])));
      const wallPerProcess = members.every((document) => document.wallRatios)
        ? runs.map((_, run) => geometricMean(members.map((document) => document.wallRatios[run])))
        : null;
      const pageFreePerProcess = members.every((document) => document.pageFreeRatios)
        ? runs.map((_, run) => geometricMean(members.map((document) => document.pageFreeRatios[run])))
        : null;
      return {
        set,
        documents: members.length,
        geomean: median(perProcess),
        perProcess,
        ...(wallPerProcess ? { wallGeomean: median(wallPerProcess), wallPerProcess } : {}),
        ...(pageFreePerProcess ? { pageFreeGeomean: median(pageFreePerProcess), pageFreePerProcess } : {}),
        worst: members.reduce((worst, document) => (document.ratio > worst.ratio ? document : worst)),
      };
    })
    .filter(Boolean);
  const nativeWrong = runs[0].documents.filter((entry) => entry.nativeWrong).map(({ id, nativeWrong }) => ({ id, nativeWrong }));
  // CPU time where the runtime reports it (Node, Bun, Deno), wall-clock time in a browser page.
  const clock = runs[0].documents.some((entry) => entry.clock === 'cpu') ? 'cpu' : 'wall';
  // What a fresh page cost in each process, where the process measured it.
  const freshPageMicros = runs.map((run) => run.freshPageMicros).filter(Number.isFinite);
  return { processes: runs.length, clock, documents, sets, nativeWrong, ...(freshPageMicros.length ? { freshPageMicros } : {}) };
}

/**
 * The section's text: per set, each document's medians and ratio, then the geometric means.
 * A quick run proves the suite runs and shows no ratio at all.
 */
export function realworldText(summary, { quick }) {
  const lines = [];
  // The wall column (at `at`) only means something beside CPU-time ratios.
  const withWall = (cells, at = 5) => (summary.clock === 'cpu' ? cells : cells.filter((_, column) => column !== at));
  if (quick) {
    const checked = summary.documents.filter((document) => !document.error).length;
    lines.push(`  quick mode: ${checked} of ${summary.documents.length} documents in ${summary.sets.length} sets parsed, checked against native and timed; no figures are shown.`);
  } else {
    lines.push(
      `  ratio = parseBinary / native, median ${summary.clock === 'cpu' ? 'CPU' : 'wall-clock'} time per parse; the median over ${summary.processes} fresh process${summary.processes === 1 ? '' : 'es'} (range: one per process)${summary.clock === 'cpu' ? '; wall = the same samples by wall clock' : ''}`,
    );
    const pageFree = summary.freshPageMicros !== undefined;
    if (pageFree) lines.push(`  fresh pages: pages of new memory each parse touched (median, native / parseBinary); no-pages = the ratio with their cost (${freshPageRange(summary.freshPageMicros)} a page here) taken out of both`);
    // The fresh-page columns (from `at`, two of them) only where the runtime counts page faults.
    const withPages = (cells, at) => (pageFree ? cells : cells.filter((_, column) => column !== at && column !== at + 1));
    for (const set of setNames) {
      const members = summary.documents.filter((document) => document.set === set);
      if (members.length === 0) continue;
      const rows = members.map((document) =>
        withWall(
          withPages(
            document.error
              ? [document.name, formatBytes(document.bytes), '', '', 'not timed', '', '', '', document.error]
              : [document.name, formatBytes(document.bytes), formatTime(document.native), formatTime(document.parseBinary), formatRatio(document.ratio), formatRatio(document.wallRatio), freshPagesText(document.freshPages), formatRatio(document.pageFreeRatio), formatRatioRange(document.ratios)],
            6,
          ),
        ),
      );
      lines.push('', `  ${set}`, indent(textTable(withWall(withPages(['document', 'size', 'native', 'parseBinary', 'ratio', 'wall', 'fresh pages', 'no-pages', 'range'], 6)), rows, { textLast: true })));
    }
    lines.push('', '  Geometric mean of the ratios per set (lower is better)');
    const rows = summary.sets.map((set) =>
      withWall(
        withPages([set.set, String(set.documents), formatRatio(set.geomean), formatRatio(set.wallGeomean), formatRatio(set.pageFreeGeomean), formatRatioRange(set.pageFreePerProcess), formatRatioRange(set.perProcess), `${set.worst.name} ${formatRatio(set.worst.ratio)}`], 4),
        3,
      ),
    );
    lines.push(indent(textTable(withWall(withPages(['set', 'documents', 'geomean', 'wall', 'no-pages', 'no-pages range', 'range', 'slowest'], 4), 3), rows, { textLast: true })));
  }
  for (const document of summary.documents.filter((entry) => entry.error)) {
    if (quick) lines.push(`  ✗ ${document.id}: ${document.error}`);
  }
  if (summary.nativeWrong.length > 0) {
    lines.push(`  native JSON.parse was wrong (a fresh realm agreed with parseBinary) on ${summary.nativeWrong.length} documents: ${summary.nativeWrong.map(({ id }) => id).join(', ')}`);
  }
  return lines.join('\n');
}

/** "12.0 µs" or "12.0 to 18.1 µs": what a fresh page cost across the processes. */
export function freshPageRange(micros) {
  const [low, high] = [Math.min(...micros).toFixed(1), Math.max(...micros).toFixed(1)];
  return low === high ? `${low} µs` : `${low} to ${high} µs`;
}

/** "150 / 3": fresh pages per parse, native's then parseBinary's. */
export function freshPagesText(pages) {
  if (!pages) return '';
  const count = (value) => (value < 10 ? String(Math.round(value * 10) / 10) : String(Math.round(value)));
  return `${count(pages.native)} / ${count(pages.parseBinary)}`;
}
