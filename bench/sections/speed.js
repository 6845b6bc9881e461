// Section 1: parse speed on valid documents, every contender against the native pipeline.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseContenders } from '../contenders.js';
import { firstDifference } from '../../test/runtimes/oracle.mjs';
import { formatBytes, formatRatio, formatTime, geometricMean, indent, textTable } from '../format.js';
import { timeSideBySide } from '../measure.js';
import { apiResponse, generatedDocuments, smallArray, smallObject } from '../payloads.js';
import { say } from '../progress.js';

export const documentNames = Object.keys(generatedDocuments);

/**
 * The payloads of the speed section: three small ones, the corpus documents when the corpus
 * folder exists, and always the generated stand-ins.
 */
export function speedPayloads(corpusDir) {
  const payloads = [
    { id: 'array-64B', label: '64 B array', origin: 'generated', bytes: smallArray() },
    { id: 'object-512B', label: '512 B object', origin: 'generated', bytes: smallObject() },
    { id: 'api-64KB', label: '64 KB API response', origin: 'generated', bytes: apiResponse() },
  ];
  for (const name of documentNames) {
    const path = corpusDir && join(corpusDir, `${name}.json`);
    if (path && existsSync(path)) {
      payloads.push({ id: name, label: `${name}.json`, origin: 'corpus', document: name, bytes: new Uint8Array(readFileSync(path)) });
    }
  }
  for (const [name, generate] of Object.entries(generatedDocuments)) {
    payloads.push({ id: `${name}-like`, label: `${name}-like (generated)`, origin: 'generated', document: name, bytes: generate() });
  }
  return payloads;
}

async function validate(contenders, expected) {
  const problems = {};
  for (const contender of contenders) {
    try {
      const value = await contender.run();
      const difference = firstDifference(value, expected);
      if (difference) problems[contender.id] = `differs from native at ${difference}`;
    } catch (error) {
      problems[contender.id] = `threw ${error?.name ?? 'error'}: ${String(error?.message ?? error).split('\n')[0].slice(0, 160)}`;
    }
  }
  return problems;
}

/** The headline: geometric mean of parseBinary/native over the three documents of one origin. */
function headline(payloadResults, origin) {
  const documents = payloadResults.filter((result) => result.document && result.origin === origin);
  if (documents.length !== documentNames.length) return null;
  const ratios = documents.map((result) => result.contenders.parseBinary?.ratio);
  if (ratios.some((ratio) => !Number.isFinite(ratio))) return null;
  return { origin, ratio: geometricMean(ratios), documents: documents.map((result) => result.id) };
}

/**
 * @param {{ library: object, budget: object, corpusDir: string | null, payloadFilter: string[] | null }} context
 */
export async function runSpeed({ library, budget, corpusDir, payloadFilter, quick }) {
  const descriptions = parseContenders(library);
  const payloadResults = [];
  say(`\n■ 1. Parse speed — median time per parse, ratio = contender / native (lower is better)`);
  say(`  native = ${descriptions[0].label}; the decoder is created once, as servers do.`);
  const chosen = speedPayloads(corpusDir).filter(
    (payload) => !payloadFilter || payloadFilter.some((name) => `${payload.id} ${payload.label}`.toLowerCase().includes(name)),
  );
  if (chosen.length === 0) throw new Error(`no payload matches --payloads ${payloadFilter.join(',')}`);
  for (const payload of chosen) {
    const contenders = descriptions.map((description) => ({ id: description.id, run: description.prepare(payload.bytes) }));
    const expected = await contenders[0].run();
    const problems = await validate(contenders.slice(1), expected);
    const timed = contenders.filter((contender) => !problems[contender.id]);
    const stats = await timeSideBySide(timed, budget, `speed ${payload.label}`);
    const nativeMedian = stats.native.median;
    const result = {
      id: payload.id,
      label: payload.label,
      origin: payload.origin,
      document: payload.document ?? null,
      bytes: payload.bytes.byteLength,
      contenders: {},
    };
    for (const description of descriptions) {
      const entry = stats[description.id];
      result.contenders[description.id] = entry
        ? { ...entry, ratio: entry.median / nativeMedian }
        : { error: problems[description.id] };
    }
    payloadResults.push(result);
    say(`\n  ${payload.label} — ${formatBytes(payload.bytes.byteLength)}${payload.origin === 'corpus' ? ' (corpus file)' : ''}${quick ? `: ${timed.length} contenders checked and timed` : ''}`);
    if (!quick) say(indent(speedTable(result, descriptions)));
    for (const [id, problem] of Object.entries(problems)) say(`    ✗ ${id} not timed: ${problem}`);
  }
  // A quick run proves the suite runs: its budgets are too small for any figure to mean anything.
  if (quick) return { contenders: descriptions.map(({ id, label }) => ({ id, label })), payloads: payloadResults, headlines: [] };
  say('\n  Summary: time relative to native (lower is better)');
  say(indent(summaryTable(payloadResults, descriptions)));
  const headlines = ['corpus', 'generated'].map((origin) => headline(payloadResults, origin)).filter(Boolean);
  for (const { origin, ratio } of headlines) {
    say(`\n  ▶ Headline (${origin} documents): geometric mean of parseBinary / native over twitter, citm_catalog, canada = ${formatRatio(ratio)}`);
  }
  return {
    contenders: descriptions.map(({ id, label }) => ({ id, label })),
    payloads: payloadResults,
    headlines,
  };
}

function speedTable(result, descriptions) {
  const rows = descriptions.map((description) => {
    const entry = result.contenders[description.id];
    if (entry.error) return [description.id, 'not timed', '', '', '(see below)'];
    const spread = ((entry.p75 - entry.p25) / 2 / entry.median) * 100;
    return [description.id, formatTime(entry.median), `±${spread.toFixed(0)}%`, formatRatio(entry.ratio), description.label];
  });
  return textTable(['contender', 'median', 'IQR/2', 'vs native', 'call'], rows, { textLast: true });
}

function summaryTable(payloadResults, descriptions) {
  const rows = payloadResults.map((result) => [
    result.label,
    formatTime(result.contenders.native.median),
    ...descriptions.slice(1).map(({ id }) => (result.contenders[id].error ? '✗' : formatRatio(result.contenders[id].ratio))),
  ]);
  return textTable(['payload', 'native', ...descriptions.slice(1).map(({ id }) => id)], rows);
}
