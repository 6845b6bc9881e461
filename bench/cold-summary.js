// Turns the processes of the cold section (each one the first and second parse of one document by
// one contender) into medians, ratios and geometric means per set, and a plain-text table. Round r's
// native and parseBinary processes ran one right after the other, so their ratio is the fair pair on
// a machine whose load drifts; the figures are medians over the rounds, and the ranges span them.
import { formatBytes, formatRatio, formatRatioRange, formatTime, geometricMean, indent, median, textTable } from './format.js';

/** The sets the cold section measures: whole documents, not request bodies or hostile shapes. */
export const coldSetNames = ['classic', 'realworld', 'look-alikes'];

const calls = ['first', 'second'];

function callFigures(runs, call) {
  const ratios = runs.parseBinary.map((ours, round) => ours[call] / runs.native[round][call]).filter(Number.isFinite);
  return {
    native: median(runs.native.map((run) => run[call])),
    parseBinary: median(runs.parseBinary.map((run) => run[call])),
    ratio: median(ratios),
    ratios,
  };
}

function setFigures(members, call) {
  const rounds = Math.min(...members.map((document) => document[call].ratios.length));
  const perRound = Array.from({ length: rounds }, (_, round) => geometricMean(members.map((document) => document[call].ratios[round])));
  return { geomean: median(perRound), perRound };
}

/**
 * @param {{ set: string, id: string, name: string, origin: string, bytes: number, error?: string,
 *   runs: { native: { first: number, second: number }[], parseBinary: { first: number, second: number, import: number }[] } }[]} measured
 *   nanoseconds, one entry per process, in the order the rounds ran
 * @param {number} processes per contender and document
 */
export function summarizeCold(measured, processes) {
  const documents = measured.map(({ error, runs, ...identity }) => {
    if (error) return { ...identity, error, runs };
    return {
      ...identity,
      first: callFigures(runs, 'first'),
      second: callFigures(runs, 'second'),
      import: median(runs.parseBinary.map((run) => run.import)),
      runs,
    };
  });
  const timed = documents.filter((document) => !document.error);
  const sets = coldSetNames
    .map((set) => {
      const members = timed.filter((document) => document.set === set);
      if (members.length === 0) return null;
      const worst = members.reduce((slowest, document) => (document.first.ratio > slowest.first.ratio ? document : slowest));
      return {
        set,
        documents: members.length,
        first: setFigures(members, 'first'),
        second: setFigures(members, 'second'),
        worst: { name: worst.name, ratio: worst.first.ratio },
      };
    })
    .filter(Boolean);
  const imports = timed.flatMap((document) => document.runs.parseBinary.map((run) => run.import)).filter(Number.isFinite);
  return {
    processes,
    clock: 'wall',
    documents,
    sets,
    import: imports.length ? { median: median(imports), min: Math.min(...imports), max: Math.max(...imports), processes: imports.length } : null,
  };
}

/** One document's cells: per call native, parseBinary, ratio (and the first call's range), then the import. */
export function coldDocumentCells(document) {
  const [first, second] = calls.map((call) => document[call]);
  return [
    formatTime(first.native),
    formatTime(first.parseBinary),
    formatRatio(first.ratio),
    formatRatioRange(first.ratios),
    formatTime(second.native),
    formatTime(second.parseBinary),
    formatRatio(second.ratio),
    formatTime(document.import),
  ];
}

export const coldDocumentHeaders = ['1st native', '1st parseBinary', '1st ratio', '1st range', '2nd native', '2nd parseBinary', '2nd ratio', 'import'];

/** The section's terminal text; a quick run proves the section runs and shows no figure. */
export function coldText(summary, { quick }) {
  const lines = [];
  const failed = summary.documents.filter((document) => document.error);
  if (quick) {
    lines.push(`  quick mode: ${summary.documents.length - failed.length} of ${summary.documents.length} documents parsed twice in fresh processes; no figures are shown.`);
  } else {
    lines.push(
      `  wall-clock time of the 1st and 2nd call in a fresh process; ratio = parseBinary / native in adjacent processes, the median over ${summary.processes} rounds (range: one per round); import = loading the library, before the calls`,
    );
    for (const set of coldSetNames) {
      const members = summary.documents.filter((document) => document.set === set);
      if (members.length === 0) continue;
      const rows = members.map((document) =>
        document.error ? [document.name, formatBytes(document.bytes), 'not timed', '', '', '', '', '', '', '', ''] : [document.name, formatBytes(document.bytes), ...coldDocumentCells(document)],
      );
      lines.push('', `  ${set}`, indent(textTable(['document', 'size', ...coldDocumentHeaders], rows)));
    }
    lines.push('', '  Geometric mean of the ratios per set (lower is better)');
    const rows = summary.sets.map((set) => [
      set.set,
      String(set.documents),
      formatRatio(set.first.geomean),
      formatRatioRange(set.first.perRound),
      formatRatio(set.second.geomean),
      `${set.worst.name} ${formatRatio(set.worst.ratio)}`,
    ]);
    lines.push(indent(textTable(['set', 'documents', '1st call', '1st range', '2nd call', 'slowest 1st call'], rows, { textLast: true })));
    if (summary.import) {
      lines.push(`  importing the library: ${formatTime(summary.import.median)} (median of ${summary.import.processes} processes, ${formatTime(summary.import.min)} to ${formatTime(summary.import.max)})`);
    }
  }
  for (const document of failed) lines.push(`  ✗ ${document.id}: ${document.error}`);
  return lines.join('\n');
}
