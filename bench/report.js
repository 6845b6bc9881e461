// `npm run bench:report`: turns the saved bench/results/latest-<runtime>.json (`npm run bench --
// --save`) into
//   - bench/charts/<section>-<runtime>.svg, one bar chart per section and runtime,
//   - bench/RESULTS.md, the summary table and every table for every runtime measured;
// with --summary, only prints the summary table (markdown: one row per set, one column per
// engine) to stdout; with --readme, also writes the README's tables, ONLY between
// `<!-- bench:<section>:start -->` and `<!-- bench:<section>:end -->` markers (sections: summary,
// speed, realworld, bad, memory, detach, huge, cold, http). The HTTP runs (`npm run bench:http -- --save`,
// bench/results/http-<runtime>-latest.json) get a section of RESULTS.md and the README's `http` table.
// Usage: node bench/report.js [--summary] [--readme] [--runtime node24] [--local]
//   --runtime: whose section tables the README shows; --local: read bench/results/local/ instead
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { benchDir, freshPageText, isBusy, repoDir } from './environment.js';
import { formatBytes, formatRatio, formatRatioRange, formatSpeedup, formatTime, geometricMean } from './format.js';
import { coldDocumentCells, coldDocumentHeaders, coldSetNames } from './cold-summary.js';
import { setNames } from './realworld-sets.js';
import { freshPageRange, freshPagesText } from './realworld-summary.js';
import { loadLatestResults, localResultsDir, resultsDir } from './results.js';
import { horizontalBarChart } from './svg.js';

const chartsDir = join(benchDir, 'charts');
const runtimeOrder = ['node20', 'node22', 'node24', 'node26', 'bun', 'deno', 'chromium'];
const contenderTitles = {
  native: 'native',
  parseBinary: 'parseBinary',
  buffer: 'Buffer toString',
  response: 'Response.json()',
  'secure-json-parse': 'secure-json-parse',
  'uint8array-json-parser': 'uint8array-json-parser',
  '@streamparser/json': '@streamparser/json',
};

/** A linear scale with a little room after the longest bar for its label. */
const roomyScale = (values) => ({ type: 'linear', max: Math.max(...values.filter((value) => Number.isFinite(value))) * 1.05 });
const plural = (count, noun) => (count == null ? `? ${noun}s` : `${count} ${noun}${count === 1 ? '' : 's'}`);
const role = (id) => (id === 'native' ? 'native' : id === 'parseBinary' || id === 'detach' ? 'library' : 'other');
const table = (headers, rows) =>
  [`| ${headers.join(' | ')} |`, `| ${headers.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');

/** Collects failures as numbered notes, so a long error message does not stretch a table cell. */
function failureNotes() {
  const notes = [];
  return {
    cell(what, error) {
      notes.push(`${notes.length + 1}. ${what}: ${error ?? 'not run'}`);
      return `✗ (note ${notes.length})`;
    },
    lines: () => (notes.length ? ['', 'Not timed:', '', ...notes] : []),
  };
}

function measuredOn(section) {
  const environment = section.environment;
  const load = Math.max(environment.loadAverage ?? 0, section.loadAverageAfter ?? 0);
  return `${environment.runtimeLabel} · ${environment.cpu}, ${environment.cores} cores${freshPageText(environment)} · ${environment.date.slice(0, 10)}${
    environment.commit ? ` · commit ${environment.commit}` : ''
  }${environment.build ? ` · build ${environment.build}` : ''}${isBusy(load, environment.cores) ? ` · busy machine (load average ${load.toFixed(1)}): figures disturbed` : ''}`;
}

function chartLink(name, runtime, alt, fromDir) {
  const path = relative(fromDir, join(chartsDir, `${name}-${runtime}.svg`)).split('\\').join('/');
  return `![${alt}](${path})`;
}

// ---------- section 1: speed ----------

function speedPayloadsToShow(section) {
  // With the corpus at hand the generated stand-ins add little to a chart; tables keep them all.
  const hasCorpus = section.payloads.some((payload) => payload.origin === 'corpus');
  return section.payloads.filter((payload) => !(hasCorpus && payload.document && payload.origin === 'generated'));
}

function speedMarkdown(section) {
  const ids = section.contenders.map((contender) => contender.id);
  const failures = failureNotes();
  const rows = section.payloads.map((payload) => [
    `${payload.label}`,
    formatBytes(payload.bytes),
    ...ids.map((id) => {
      const entry = payload.contenders[id];
      if (!entry || entry.error) return failures.cell(`${id} on ${payload.label}`, entry?.error);
      const cell = `${formatTime(entry.median)}${id === 'native' ? '' : ` (${formatRatio(entry.ratio)})`}`;
      return id === 'parseBinary' ? `**${cell}**` : cell;
    }),
  ]);
  const lines = [
    `Median time per parse, and in brackets the time relative to native (below 1× is faster). ${measuredOn(section)}.`,
    '',
    table(['payload', 'size', ...ids.map((id) => contenderTitles[id] ?? id)], rows),
    ...failures.lines(),
    '',
    'native = `JSON.parse(decoder.decode(bytes))` with one shared `TextDecoder`; Buffer = `JSON.parse(buffer.toString())`; ' +
      'Response = `await new Response(bytes).json()`; secure-json-parse = `sjson.parse(buffer)` with its default checks; ' +
      'uint8array-json-parser = `JSON_parse(bytes)`; @streamparser/json = `JSONParser` fed the whole buffer. ' +
      'Each value was checked deep-equal to native before timing.',
  ];
  for (const headline of section.headlines ?? []) {
    lines.push('', `**Geometric mean of parseBinary / native over twitter, citm_catalog and canada (${headline.origin} documents): ${formatRatio(headline.ratio)}.**`);
  }
  return lines.join('\n');
}

function speedChart(section) {
  const groups = speedPayloadsToShow(section).map((payload) => ({
    label: `${payload.label} · ${formatBytes(payload.bytes)} · native ${formatTime(payload.contenders.native?.median)}`,
    bars: section.contenders.map(({ id }) => {
      const entry = payload.contenders[id];
      const usable = entry && !entry.error;
      return {
        label: contenderTitles[id] ?? id,
        value: usable ? entry.ratio : null,
        text: usable ? `${formatRatio(entry.ratio)} · ${formatTime(entry.median)}` : 'not timed (result differed or threw)',
        role: role(id),
      };
    }),
  }));
  const headline = section.headlines?.[0];
  return horizontalBarChart({
    title: 'Parse speed: time relative to native (shorter is faster)',
    subtitle: measuredOn(section),
    scale: { type: 'linear', max: 4 },
    reference: { value: 1, label: 'native = 1×' },
    groups,
    note: `Bars longer than 4× are cut (notched).${
      headline ? ` Geometric mean parseBinary/native over the three documents (${headline.origin}): ${formatRatio(headline.ratio)}.` : ''
    }`,
  });
}

// ---------- real-world documents ----------

const processCount = (count) => `${count} fresh process${count === 1 ? '' : 'es'}`;

/** Where native's decoded text was counted at its true size (bench/children/document-memory.js). */
function uncountedNote(memory) {
  const corrected = memory.documents.filter((document) => document.nativeUncounted > 0);
  if (!corrected.length) return '';
  const list = corrected.map((document) => `${document.id} ${formatBytes(document.nativeUncounted)}`).join(', ');
  return ` Native's figure includes the part of its decoded text that this runtime does not count (it reports an external two-byte string at half its size; bench/NOTES.md, round 48): ${list}.`;
}

/** parseBinary / native allocated, as a geometric mean over the documents measured. */
function memoryRatio(memory) {
  if (!memory?.documents?.length) return null;
  return geometricMean(memory.documents.map((document) => document.parseBinary / document.native));
}

function realworldMarkdown(section) {
  // The wall column (at `at`) only means something beside CPU-time ratios.
  const withWall = (cells, at) => (section.clock === 'cpu' ? cells : cells.filter((_, column) => column !== at));
  // The fresh-page columns (from `at`, two of them) only where the runtime counted page faults.
  const pageFree = section.freshPageMicros !== undefined;
  const withPages = (cells, at) => (pageFree ? cells : cells.filter((_, column) => column !== at && column !== at + 1));
  const lines = [
    `Median ${section.clock === 'cpu' ? 'CPU' : 'wall-clock'} time per parse of parseBinary over native (\`JSON.parse(decoder.decode(bytes))\`), side by side in one process; each figure is the median over ${processCount(section.processes)}${section.policy ? ` (a fresh browser each), in a page with ${section.policy}` : ''}, and "range" spans the processes.${section.clock === 'cpu' ? ' "wall" is the same samples by wall clock, which other work on the machine disturbs more.' : ''}${pageFree ? ` "fresh pages" counts the pages of new memory each parse touched (native / parseBinary), and "without them" is the ratio with their cost (${freshPageRange(section.freshPageMicros)} a page on this machine, measured in each process) taken out of both times: the figure to expect where new memory is cheap (bench/NOTES.md, round 30).` : ''} Lower is better; below 1× is faster than native. ${measuredOn(section)}.`,
    '',
    table(
      withWall(withPages(['set', 'documents', 'geometric mean', 'wall', 'without fresh pages', 'its range', 'range', 'slowest document'], 4), 3),
      section.sets.map((set) =>
        withWall(
          withPages(
            [set.set, String(set.documents), `**${formatRatio(set.geomean)}**`, formatRatio(set.wallGeomean), `**${formatRatio(set.pageFreeGeomean)}**`, formatRatioRange(set.pageFreePerProcess), formatRatioRange(set.perProcess), `${set.worst.name} ${formatRatio(set.worst.ratio)}`],
            4,
          ),
          3,
        ),
      ),
    ),
  ];
  const failures = failureNotes();
  for (const set of setNames) {
    const members = section.documents.filter((document) => document.set === set);
    if (members.length === 0) continue;
    const rows = members.map((document) =>
      withWall(
        withPages(
          document.error
            ? [document.name, formatBytes(document.bytes), failures.cell(document.id, document.error), '', '', '', '', '', '']
            : [document.name, formatBytes(document.bytes), formatTime(document.native), formatTime(document.parseBinary), formatRatio(document.ratio), formatRatio(document.wallRatio), freshPagesText(document.freshPages), formatRatio(document.pageFreeRatio), formatRatioRange(document.ratios)],
          6,
        ),
        5,
      ),
    );
    lines.push('', `**${set}**`, '', table(withWall(withPages(['document', 'size', 'native', 'parseBinary', 'ratio', 'wall', 'fresh pages', 'without them', 'range'], 6), 5), rows));
  }
  lines.push(...failures.lines());
  if (section.memory?.documents?.length) {
    lines.push(
      '',
      `**Memory allocated by one parse** (heap used + external, after minus before, full GC before, median of 3 in one fresh process): parseBinary / native, geometric mean ${formatRatio(memoryRatio(section.memory))}.${uncountedNote(section.memory)}`,
      '',
      table(
        ['document', 'size', 'native', 'parseBinary', 'ratio'],
        section.memory.documents.map((document) => [document.id, formatBytes(document.bytes), formatBytes(document.native), formatBytes(document.parseBinary), formatRatio(document.parseBinary / document.native)]),
      ),
    );
  }
  if (section.nativeWrong?.length) {
    lines.push('', `Native JSON.parse gave a wrong value (a fresh realm agreed with parseBinary) on: ${section.nativeWrong.map(({ id }) => id).join(', ')}.`);
  }
  return lines.join('\n');
}

function realworldChart(section) {
  return horizontalBarChart({
    title: `Real-world documents: parseBinary time over native${section.policy ? ` (${section.policy})` : ''}`,
    subtitle: measuredOn(section),
    scale: { type: 'linear', max: 4 },
    reference: { value: 1, label: 'native = 1×' },
    groups: [
      {
        label: `Geometric mean per set, median of ${processCount(section.processes)}`,
        bars: section.sets.map((set) => ({ label: set.set, value: set.geomean, text: `${formatRatio(set.geomean)} · ${plural(set.documents, 'document')}`, role: 'library' })),
      },
    ],
    note: 'Bars longer than 4× are cut (notched). Shorter is faster; below 1× parseBinary beats native.',
  });
}

// ---------- section 2: bad input ----------

function badMarkdown(section) {
  const ids = section.contenders.map((contender) => contender.id);
  const titles = { native: 'decode + JSON.parse + catch', parseBinary: 'parseBinary', 'secure-json-parse': 'secure-json-parse safeParse' };
  const failures = failureNotes();
  const rows = section.payloads.map((payload) => [
    payload.label,
    ...ids.map((id) => {
      const entry = payload.contenders[id];
      if (!entry || entry.error) return failures.cell(`${id} on ${payload.label}`, entry?.error);
      const cell = `${formatTime(entry.median)}${id === 'native' ? '' : ` (${formatSpeedup(entry.speedup)})`}`;
      return id === 'parseBinary' ? `**${cell}**` : cell;
    }),
  ]);
  const lines = [
    `Median time until the failure is known. ${measuredOn(section)}.`,
    '',
    table(['input', ...ids.map((id) => titles[id] ?? id)], rows),
    ...failures.lines(),
  ];
  if (section.target) {
    lines.push(
      '',
      `Target: at byte 0 of 4 MB, parseBinary at least ${section.target.target}× faster than decode + caught SyntaxError — measured **${formatSpeedup(
        section.target.speedup,
      )}**, ${section.target.met ? 'met' : 'not met'}.`,
    );
  }
  return lines.join('\n');
}

function badChart(section) {
  const medians = section.payloads.flatMap((payload) => Object.values(payload.contenders).map((entry) => entry.median).filter(Boolean));
  const min = 10 ** Math.floor(Math.log10(Math.min(...medians)) - 0.3);
  const max = 10 ** Math.ceil(Math.log10(Math.max(...medians)));
  return horizontalBarChart({
    title: 'Bad input: time until the failure is known (log scale, shorter is faster)',
    subtitle: measuredOn(section),
    scale: { type: 'log', min, max },
    groups: section.payloads.map((payload) => ({
      label: payload.label,
      bars: section.contenders.map(({ id }) => {
        const entry = payload.contenders[id];
        const usable = entry && !entry.error;
        return {
          label: id === 'native' ? 'decode + parse + catch' : id === 'secure-json-parse' ? 'secure-json-parse safeParse' : id,
          value: usable ? entry.median : null,
          text: usable ? `${formatTime(entry.median)}${id === 'native' ? '' : ` · ${formatSpeedup(entry.speedup)}`}` : 'not timed',
          role: role(id),
        };
      }),
    })),
    note: `Log scale from ${formatTime(min)} to ${formatTime(max)}.`,
  });
}

// ---------- section 3: memory ----------

function memoryMarkdown(section) {
  const rows = Object.entries(section.parsers).map(([parser, entry]) =>
    entry.error
      ? [parser, `✗ ${entry.error}`, '', '', '']
      : [
          parser === 'native' ? 'native (decode + JSON.parse)' : '**parseBinary**',
          formatBytes(entry.allocated),
          formatBytes(entry.retained),
          formatBytes(entry.allocated - entry.retained),
          `${entry.milliseconds.toFixed(1)} ms`,
        ],
  );
  const lines = [
    `One parse of ${formatBytes(section.targetBytes)} of ASCII JSON (an array of strings) with one emoji in the last string, each in a fresh process. ${measuredOn(section)}.`,
    '',
    table(['parser', 'allocated during the parse', 'retained (the result)', 'garbage', 'time'], rows),
  ];
  const uncounted = section.parsers.native?.uncounted;
  if (uncounted > 0) {
    lines.push('', `This runtime counts an external two-byte string at half its size: native's figure includes the ${formatBytes(uncounted)} of its decoded text left out, and the string sizes below are corrected the same way. parseBinary's is not: its run with the emoji, a 1 MB text, is undercounted alike (bench/NOTES.md, round 57).`);
  }
  if (section.strings && !section.strings.error) {
    const { ascii, emoji } = section.strings;
    lines.push(
      '',
      table(
        ['decoded string', 'characters', 'memory', 'bytes per character'],
        [
          ['ASCII only', ascii.characters.toLocaleString('en-US'), formatBytes(ascii.stringBytes), ascii.bytesPerCharacter.toFixed(2)],
          ['ASCII + one emoji', emoji.characters.toLocaleString('en-US'), formatBytes(emoji.stringBytes), emoji.bytesPerCharacter.toFixed(2)],
        ],
      ),
    );
  }
  lines.push('', `Method: ${section.method.join(' ').replace(/\s+/g, ' ')}`);
  return lines.join('\n');
}

function stringBar(label, measured, barRole) {
  const text = `${formatBytes(measured.stringBytes)} · ${measured.bytesPerCharacter.toFixed(1)} bytes/char`;
  return { label, value: measured.stringBytes, text, role: barRole };
}

function memoryChart(section) {
  const parsers = Object.entries(section.parsers).filter(([, entry]) => !entry.error);
  const bar = (parser, value) => ({ label: parser, value, text: formatBytes(value), role: role(parser) });
  const groups = [
    { label: 'Allocated during one parse (garbage + result)', bars: parsers.map(([parser, entry]) => bar(parser, entry.allocated)) },
    { label: 'Retained after a full GC (the result)', bars: parsers.map(([parser, entry]) => bar(parser, entry.retained)) },
  ];
  if (section.strings && !section.strings.error) {
    groups.push({
      label: 'The intermediate string native builds',
      bars: [
        stringBar('ASCII only', section.strings.ascii, 'other'),
        stringBar('with one emoji', section.strings.emoji, 'native'),
      ],
    });
  }
  return horizontalBarChart({
    title: `Memory: one parse of ${formatBytes(section.targetBytes)} of ASCII JSON with one emoji`,
    subtitle: measuredOn(section),
    scale: roomyScale(groups.flatMap((group) => group.bars.map((entry) => entry.value))),
    groups,
    note: 'Heap used + external memory, fresh process per figure, garbage collector controlled (--expose-gc).',
  });
}

// ---------- section 4: detach ----------

function detachMarkdown(section) {
  const baseline = section.results.nothing?.milliseconds;
  const rows = section.variants.map(({ id, label }) => {
    const entry = section.results[id];
    if (entry.error || entry.unavailable) return [`\`${label}\``, `✗ ${entry.error ?? entry.unavailable}`, '', '', '', ''];
    return [
      id === 'detach' ? `**\`detach(buffer)\`** (strategy '${section.strategy}')` : id === 'nothing' ? 'nothing (the garbage collector)' : `\`${label}\``,
      `${entry.milliseconds.toFixed(0)} ms`,
      id === 'nothing' ? '(baseline)' : formatSpeedup(baseline / entry.milliseconds),
      formatBytes(entry.peakRss),
      entry.collections ?? 'n/a',
      entry.collectionMilliseconds != null ? `${entry.collectionMilliseconds.toFixed(1)} ms` : 'n/a',
    ];
  });
  return [
    `Allocate a ${formatBytes(section.settings.bufferBytes)} ArrayBuffer, fill it, release it, ${section.settings.count} times; each way in a fresh process. ${measuredOn(section)}.`,
    '',
    table(['release', 'time', 'vs nothing', 'peak RSS', 'GC events', 'GC time'], rows),
  ].join('\n');
}

function detachChart(section) {
  return horizontalBarChart({
    title: `detach: ${section.settings.count} × (allocate, fill, release ${formatBytes(section.settings.bufferBytes)})`,
    subtitle: measuredOn(section),
    scale: roomyScale(section.variants.map(({ id }) => section.results[id]?.milliseconds)),
    groups: [
      {
        label: 'Total time (shorter is faster)',
        bars: section.variants.map(({ id }) => {
          const entry = section.results[id];
          const ok = entry?.milliseconds != null;
          return {
            label: id === 'nothing' ? 'nothing (GC)' : id === 'transfer' ? 'transfer(0)' : id,
            value: ok ? entry.milliseconds : null,
            text: ok
              ? `${entry.milliseconds.toFixed(0)} ms · ${plural(entry.collections, 'GC')} · peak RSS ${formatBytes(entry.peakRss)}`
              : entry?.unavailable ?? entry?.error ?? 'not run',
            role: id === 'nothing' ? 'native' : role(id),
          };
        }),
      },
    ],
    legend: { native: 'doing nothing (baseline)' },
    note: '"nothing" is the baseline: the buffer is dropped and the garbage collector frees it some time later.',
  });
}

// ---------- section 5: huge ----------

function hugeMarkdown(section) {
  const rows = section.pipelines.map(({ id, label }) => {
    const entry = section.results[id];
    if (entry.ok === undefined) return [`\`${label}\``, `✗ ${entry.error ?? 'crashed'}`, '', ''];
    return [
      id === 'parseBinary' ? `**\`${label}\`**` : `\`${label}\``,
      entry.ok ? `parsed ${entry.elements.toLocaleString('en-US')} strings` : `fails: ${entry.error}`,
      entry.ok ? `${(entry.milliseconds / 1000).toFixed(2)} s` : '—',
      formatBytes(entry.peakRss),
    ];
  });
  return [
    `A ${formatBytes(section.totalBytes)} JSON array of strings, more than the engine's maximum string length (${section.maximumStringLength.toLocaleString(
      'en-US',
    )} characters). Each pipeline in a fresh process. ${measuredOn(section)}.`,
    '',
    table(['pipeline', 'outcome', 'time', 'peak RSS'], rows),
  ].join('\n');
}

function hugeChart(section) {
  return horizontalBarChart({
    title: `A ${formatBytes(section.totalBytes)} document: beyond the maximum string length`,
    subtitle: measuredOn(section),
    scale: roomyScale(section.pipelines.map(({ id }) => section.results[id]?.peakRss)),
    groups: [
      {
        label: 'Peak resident memory, and the outcome',
        bars: section.pipelines.map(({ id }) => {
          const entry = section.results[id];
          return {
            label: id,
            value: entry?.peakRss ?? null,
            text: entry?.ok
              ? `${formatBytes(entry.peakRss)} · parsed in ${(entry.milliseconds / 1000).toFixed(1)} s`
              : `${formatBytes(entry?.peakRss)} · ${(entry?.error ?? 'crashed').replace(/^\w*Error: /, '').slice(0, 60)}`,
            role: role(id),
          };
        }),
      },
    ],
  });
}

// ---------- the first parse in a fresh process ----------

function coldMarkdown(section) {
  const lines = [
    `Wall-clock time of the first and the second call in a fresh process: native = \`JSON.parse(new TextDecoder().decode(bytes))\`, parseBinary = \`parseBinary(bytes)\` with the library imported before the calls ("import": how long that took). One process per measurement, native's and parseBinary's alternating, ${section.processes} per contender and document; times are medians, a ratio is the median over the rounds of parseBinary over native in the adjacent process, and "range" spans the rounds. Lower is better; below 1× is faster than native. Chromium is not measured: its driver only runs the real-world section. ${measuredOn(section)}.`,
    '',
    table(
      ['set', 'documents', 'first call, geometric mean', 'range', 'second call, geometric mean', 'range', 'slowest first call'],
      section.sets.map((set) => [
        set.set,
        String(set.documents),
        `**${formatRatio(set.first.geomean)}**`,
        formatRatioRange(set.first.perRound),
        formatRatio(set.second.geomean),
        formatRatioRange(set.second.perRound),
        `${set.worst.name} ${formatRatio(set.worst.ratio)}`,
      ]),
    ),
  ];
  const failures = failureNotes();
  for (const set of coldSetNames) {
    const members = section.documents.filter((document) => document.set === set);
    if (members.length === 0) continue;
    const rows = members.map((document) =>
      document.error
        ? [document.name, formatBytes(document.bytes), failures.cell(document.id, document.error), ...coldDocumentHeaders.slice(1).map(() => '')]
        : [document.name, formatBytes(document.bytes), ...coldDocumentCells(document)],
    );
    lines.push('', `**${set}**`, '', table(['document', 'size', ...coldDocumentHeaders], rows));
  }
  lines.push(...failures.lines());
  if (section.import) {
    lines.push(
      '',
      `Importing the library took ${formatTime(section.import.median)} (median of ${section.import.processes} processes, ${formatTime(section.import.min)} to ${formatTime(section.import.max)}): a program pays it once, before its first parse.`,
    );
  }
  return lines.join('\n');
}

function coldChart(section) {
  const callGroup = (call, title) => ({
    label: `${title}: geometric mean per set, median of ${section.processes} rounds`,
    bars: section.sets.map((set) => ({ label: set.set, value: set[call].geomean, text: `${formatRatio(set[call].geomean)} · ${plural(set.documents, 'document')}`, role: 'library' })),
  });
  return horizontalBarChart({
    title: 'First parse in a fresh process: parseBinary time over native',
    subtitle: measuredOn(section),
    scale: roomyScale(section.sets.flatMap((set) => [set.first.geomean, set.second.geomean])),
    reference: { value: 1, label: 'native = 1×' },
    groups: [callGroup('first', 'First call'), callGroup('second', 'Second call')],
    note: 'Shorter is faster; below 1× parseBinary beats native. One fresh process per measurement.',
  });
}

// ---------- summary across runtimes ----------

/** Where a runtime's figures came from: the label of any section it has. */
function runtimeTitle(runtime, latest) {
  const label = Object.values(latest.sections).find((section) => section.environment)?.environment.runtimeLabel;
  return label ? label.replace(/(V8 \d+\.\d+)[\w.-]*/, '$1') : runtime;
}

/**
 * The one table for the README: a row per real-world set and per headline figure, a column per
 * engine (Chromium twice: without and with a strict Content-Security-Policy), and the HTTP runs of
 * `npm run bench:http -- --save` in the columns of the runtimes they ran on.
 */
function summaryMarkdown(results, httpResults = [], { brief = false } = {}) {
  const columns = [];
  for (const [runtime, latest] of Object.entries(results)) {
    columns.push({ runtime, title: brief ? briefRuntimeTitle(runtimeTitle(runtime, latest)) : runtimeTitle(runtime, latest), latest, realworld: latest.sections.realworld });
    // The README's brief table leaves the strict-CSP column to RESULTS.md.
    if (latest.sections['realworld-csp'] && !brief) columns.push({ runtime: `${runtime}-csp`, title: `${runtimeTitle(runtime, latest)}, strict CSP`, latest, realworld: latest.sections['realworld-csp'] });
  }
  // The README's brief table: short labels, and the page-free figures left to RESULTS.md.
  const label = (long, short) => (brief ? short : long);
  const setRow = (set) => [
    label(`parse time vs native: ${set} (geometric mean)`, `parse time: ${briefSetNames[set] ?? set}`),
    ...columns.map(({ realworld }) => {
      const entry = realworld?.sets?.find((candidate) => candidate.set === set);
      if (!entry) return '—';
      return entry.pageFreeGeomean === undefined || brief ? formatRatio(entry.geomean) : `${formatRatio(entry.geomean)} (${formatRatio(entry.pageFreeGeomean)})`;
    }),
  ];
  const rows = setNames.map(setRow);
  rows.push([
    label('first parse in a fresh process vs native (classic / realworld geometric mean)', 'first parse in a fresh process vs native (classic / real-world)'),
    ...columns.map(({ latest, realworld }) => {
      const sets = latest.sections.cold?.sets;
      if (realworld?.policy !== undefined || !sets) return '—';
      return ['classic', 'realworld'].map((name) => formatRatio(sets.find((set) => set.set === name)?.first.geomean)).join(' / ');
    }),
  ]);
  rows.push([
    label('memory allocated per parse vs native (real documents, geometric mean)', 'memory allocated per parse vs native (real-world)'),
    ...columns.map(({ realworld }) => (memoryRatio(realworld?.memory) ? formatRatio(memoryRatio(realworld.memory)) : '—')),
  ]);
  rows.push([
    label('memory for one 5 MB ASCII parse with one emoji: parseBinary vs native allocated', 'allocated for 5 MB of ASCII with one emoji (ours vs native)'),
    ...columns.map(({ latest, realworld }) => {
      const parsers = latest.sections.memory?.parsers;
      if (realworld?.policy !== undefined || !parsers?.native?.allocated || !parsers?.parseBinary?.allocated) return '—';
      return `${formatBytes(parsers.parseBinary.allocated)} vs ${formatBytes(parsers.native.allocated)}`;
    }),
  ]);
  rows.push([
    label('bad input: byte 0 of 4 MB, vs native', 'bad input at byte 0 of 4 MB'),
    ...columns.map(({ latest, realworld }) => (realworld?.policy === undefined && latest.sections.bad?.target ? formatSpeedup(latest.sections.bad.target.speedup) : '—')),
  ]);
  rows.push([
    label('detach vs doing nothing (500 × 10 MB)', 'detach 500 × 10 MB vs leaving them to the GC'),
    ...columns.map(({ latest, realworld }) => {
      const results = latest.sections.detach?.results;
      if (realworld?.policy !== undefined || !results?.detach?.milliseconds || !results?.nothing?.milliseconds) return '—';
      return formatSpeedup(results.nothing.milliseconds / results.detach.milliseconds);
    }),
  ]);
  rows.push(...httpSummaryRows(columns, httpResults, brief));
  const processes = [...new Set(columns.map(({ realworld }) => realworld?.processes).filter(Boolean))];
  const coldProcesses = [...new Set(columns.map(({ latest }) => latest.sections.cold?.processes).filter(Boolean))];
  if (brief) return [table(['', ...columns.map(({ title }) => title)], rows), '', briefSummaryNote(columns, processes, httpResults)].join('\n');
  return [
    table(['', ...columns.map(({ title }) => title)], rows),
    '',
    `Parse time: median time per parse of parseBinary over \`JSON.parse(decoder.decode(bytes))\` (CPU time in Node, Bun and Deno, wall-clock time in Chromium), side by side in one process, the median over ${processes.join(' or ') || 'several'} fresh processes, each started with glibc's malloc thresholds fixed, which gives native its fastest mode (bench/NOTES.md, round 11); below 1× is faster than native. Sets: classic = twitter, citm_catalog, canada; realworld = ten JSON files that ship with public software (AWS and Google Cloud data, TypeScript messages in Russian and Chinese, ISO codes); look-alikes = generated documents of each real-world shape; bodies = 0.2 to 16 KB request bodies cut from those; hostile = long numbers, integer-like keys, wide arrays, duplicate keys.`,
    coldSummaryNote(coldProcesses),
    httpSummaryNote(httpResults),
    freshPageSummaryNote(columns),
  ].filter((line) => line !== undefined).join('\n');
}

/**
 * What a fresh page of memory cost in the runs of the table: native's pipeline maps more new
 * memory than parseBinary (its whole decoded string first), so this cost moves the large documents'
 * ratios most (bench/NOTES.md, rounds 22 and 30). Runs saved before it was measured say nothing.
 * Which of the two figures to expect depends on the price: past a few microseconds a page (round
 * 30's machine, 12 to 19 µs), the bracketed one; near one or two (round 31's), nearer the plain one.
 */
function freshPageSummaryNote(columns) {
  const values = columns.map(({ realworld }) => realworld?.environment?.freshPageMicros).filter((micros) => micros !== undefined);
  if (values.length === 0) return undefined;
  const range = freshPageRange(values);
  const unmeasured = columns.length - values.length;
  const bracketed = columns.some(({ realworld }) => realworld?.sets?.some((set) => set.pageFreeGeomean !== undefined));
  const sorted = [...values].sort((a, b) => a - b);
  const typical = sorted[sorted.length >> 1];
  const reading = !bracketed
    ? ' Where fresh pages are cheap, its large-document figures are better than here (bench/NOTES.md, round 22).'
    : typical >= FRESH_PAGE_MICROS_BRACKETS_FIRST
      ? ' The figure in brackets counts the fresh pages each parse touched and takes their cost out of both times: at this price it is the one to expect where new memory is cheap, as it is on most machines (bench/NOTES.md, round 30).'
      : ' The figure in brackets counts the fresh pages each parse touched and takes their whole cost out of both times; at this price, a few times an ordinary machine\'s, the truth on an ordinary machine lies between the two figures, nearer the first (bench/NOTES.md, rounds 30 and 31).';
  return `\nFresh memory: touching a page of memory for the first time cost ${range} in these runs (${values.length} of ${columns.length} columns${unmeasured ? '; the others come from earlier runs that did not measure it' : ''}); an ordinary machine's kernel takes well under a microsecond. Native's pipeline maps more new memory than parseBinary, the whole decoded string first, so the price moves its large documents' times most.${reading}`;
}

/**
 * The README's one paragraph under the summary: what the ratios are, the engines' versions, what
 * the server cells are, and where the rest is (RESULTS.md carries the full notes).
 */
function briefSummaryNote(columns, processes, httpResults) {
  const versions = columns.map(({ latest, runtime }) => runtimeTitle(runtime, latest)).join(', ');
  const cap = httpResults[0]?.result.environment.memoryCap?.capMB;
  const servers = httpResults.length === 0 ? '' : ` Server rows: \`parseBody\` over the usual pipeline (collect, decode, \`JSON.parse\`), wrk against node:http, Bun.serve or Deno.serve in a ${cap ?? '?'} MB cgroup, for ${httpSummaryCaseList} bodies ("mixed": real-world shapes); "CPU per request" is the server process's CPU time, every thread, over the requests it served.`;
  return `Parse rows: parseBinary's time over \`JSON.parse(new TextDecoder().decode(bytes))\` in one process (CPU time; wall-clock in Chromium), geometric means of each set's medians over ${processes.join(' or ') || 'several'} fresh processes; below 1× is better. Engines: ${versions}.${servers} Per-document figures, the Express and Fastify rows, charts and methods: [bench/RESULTS.md](https://github.com/json-parse-binary/json-parse-binary/blob/main/bench/RESULTS.md).`;
}

/** The README's names of the sets. */
const briefSetNames = { classic: 'classic documents', realworld: 'real-world files', 'look-alikes': 'look-alikes', bodies: 'request bodies', hostile: 'hostile shapes', large: 'documents past 4 MiB' };

/** `Node 24.21.0 (V8 13.6)` → `Node 24`, `Bun 1.4.5 (JavaScriptCore)` → `Bun 1.4`: the note under the table has the rest. */
function briefRuntimeTitle(title) {
  const match = /^(Node \d+|Chromium \d+|\w+ \d+\.\d+)/.exec(title);
  return match ? match[1] : title;
}

/** The median price of a page (µs) from which the bracketed figures are the ones to read first. */
const FRESH_PAGE_MICROS_BRACKETS_FIRST = 5;

/** The line under the summary that says how the first-parse row was measured. */
function coldSummaryNote(processes) {
  if (processes.length === 0) return undefined;
  return `\nFirst parse: what a program that parses one document once pays for the JIT's warm-up. Each measurement is a fresh process; the wall-clock time of its first call of \`parseBinary(bytes)\` (the library already imported) over that of \`JSON.parse(new TextDecoder().decode(bytes))\` in the adjacent process, native's and parseBinary's processes alternating, the median over ${processes.join(' or ')} rounds. bench/RESULTS.md has the second call and the library's import time.`;
}

// ---------- HTTP under a memory cap (bench/http.js --save) ----------

/** Every saved http-<runtime>-latest.json, in runtime order. */
function loadHttpResults(directory) {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .map((name) => /^http-(.+)-latest\.json$/.exec(name))
    .filter(Boolean)
    .map(([name, runtime]) => ({ runtime, result: JSON.parse(readFileSync(join(directory, name), 'utf8')) }))
    .sort((a, b) => (runtimeOrder.indexOf(a.runtime) + 1 || 99) - (runtimeOrder.indexOf(b.runtime) + 1 || 99));
}

/** RESULTS.md's part: each run's own tables (cases, targets, squeeze, soak) and its soak chart. */
function httpResultsMarkdown(httpResults, fromDir) {
  const lines = [];
  for (const { runtime, result } of httpResults) {
    // The run's markdown starts at `##`; here it sits one level lower.
    lines.push('', result.markdown.trim().replace(/^#(#+ )/gm, '##$1'));
    const chart = join(chartsDir, `http-soak-${runtime}.svg`);
    if (existsSync(chart) && result.config?.parts?.includes('soak')) {
      lines.push('', `![Server RSS over time, soak run on ${runtime}](${relative(fromDir, chart).split('\\').join('/')})`);
    }
  }
  return lines.join('\n');
}

/** The HTTP cases the summary shows, in its cells' order. */
const httpSummaryCases = [
  ['records', '1mb'],
  ['records', '10mb'],
  ['mixed', '1mb'],
  ['mixed', '10mb'],
];

/** The summary's HTTP cases as its cells list them: `records 1 MB / records 10 MB / ...`. */
const httpSummaryCaseList = httpSummaryCases.map(([body, size]) => `${body} ${size.replace(/mb$/, ' MB')}`).join(' / ');

/** The summary's HTTP rows: per metric, parseBody over the usual pipeline in each case, and the squeeze. */
function httpSummaryRows(columns, httpResults, brief = false) {
  const runOf = (runtime) => httpResults.find((run) => run.runtime === runtime)?.result;
  if (!columns.some(({ runtime }) => runOf(runtime))) return [];
  const cap = httpResults[0].result.environment.memoryCap?.capMB;
  const metrics = [
    ['requestsPerSecond', 'requests per second'],
    ['cpuPerRequest', 'CPU per request'],
    ['p99', 'p99 latency'],
    ['peakMemory', 'peak memory'],
    ['gcMs', 'GC time'],
  ];
  // One cell: `ours` over `baseline` in each summary case, for one runtime's run.
  const ratiosCell = (runtime, ours, baseline, metric) => {
    const run = runOf(runtime);
    if (!run?.comparisons) return '—';
    const rows = httpSummaryCases.map(([body, size]) => run.comparisons.find((candidate) => candidate.ours === ours && candidate.baseline === baseline && candidate.body === body && candidate.size === size));
    if (rows.every((row) => !row)) return '—';
    return rows
      .map((row) => {
        if (!row) return '—';
        // A dash would hide that a server died: name who was OOM-killed.
        if (row.killed?.length) return row.killed.length === 2 ? 'both OOM-killed' : `${row.killed.join(', ')} OOM-killed`;
        return formatRatio(row.ratios[metric]);
      })
      .join(' / ');
  };
  const under = cap ? ` under a ${cap} MB cap` : '';
  const rows = metrics.map(([metric, title]) => [
    brief ? `server: ${title}` : `server${under}, parseBody vs usual pipeline: ${title} (${httpSummaryCaseList})`,
    ...columns.map(({ runtime }) => ratiosCell(runtime, 'parseBody', 'usual', metric)),
  ]);
  // The drop-ins against what their users run today, where the run had them (node:http runs only).
  for (const [ours, baseline, title] of [
    ['express-parseBody', 'express-json', "Express, json-parse-binary/express vs express.json()"],
    ['fastify-parseBody', 'fastify-default', "Fastify, json-parse-binary/fastify vs Fastify's own parser"],
  ]) {
    const cells = columns.map(({ runtime }) => ratiosCell(runtime, ours, baseline, 'requestsPerSecond'));
    // The README's brief table leaves the adapters' rows to RESULTS.md.
    if (!brief && cells.some((cell) => cell !== '—')) rows.push([`server${under}, ${title}: requests per second (${httpSummaryCaseList})`, ...cells]);
  }
  const squeezed = columns.map(({ runtime }) => runOf(runtime)?.squeeze);
  if (squeezed.some((squeeze) => squeeze?.findings)) {
    const first = squeezed.find((squeeze) => squeeze?.findings);
    const failing = (mode, squeeze) => {
      const cap = squeeze.findings[mode]?.firstFailingCapMB;
      return cap === undefined || cap === null ? `none down to ${Math.min(...squeeze.caps)} MB` : `${cap} MB`;
    };
    rows.push([
      brief ? 'server squeeze: first cap that fails (usual / parseBody)' : `server squeeze, ${first.body} ${first.size.replace(/mb$/, ' MB')} bodies: the first memory cap that fails (usual pipeline / parseBody)`,
      ...squeezed.map((squeeze) => (squeeze?.findings ? `${failing('usual', squeeze)} / ${failing('parseBody', squeeze)}` : '—')),
    ]);
  }
  return rows;
}

/** The line under the summary that says how the HTTP rows were measured. */
function httpSummaryNote(httpResults) {
  if (httpResults.length === 0) return undefined;
  const first = httpResults[0].result;
  const dates = [...new Set(httpResults.map(({ result }) => result.environment.date.slice(0, 10)))].join(', ');
  // Runs saved before the commit was recorded say so, rather than pass for this release's code.
  const byCommit = new Map();
  for (const { runtime, result } of httpResults) {
    const commit = result.environment.commit ?? null;
    byCommit.set(commit, [...(byCommit.get(commit) ?? []), runtime]);
  }
  const commits = [...byCommit].map(([commit, runtimes]) => `${runtimes.join(', ')} ${commit ? `at commit ${commit}` : 'with no commit recorded'}`).join('; ');
  return `\nServer rows: \`npm run bench:http\`, ${first.environment.client} against node:http (Node) or Bun.serve and Deno.serve, each server alone in a cgroup capped at ${first.environment.memoryCap?.capMB ?? '?'} MB, medians of ${first.config.rounds} alternating rounds of ${first.config.seconds} s, each after ${first.config.warmUpSeconds} s of warm-up on the same connections (${dates}; ${commits}); "records" are generated API records, "mixed" real-world shapes (maps keyed by data, prose, non-Latin text); the usual pipeline collects the body, decodes it and calls \`JSON.parse\`.`;
}

// ---------- assembling ----------

const sectionBuilders = {
  speed: { markdown: speedMarkdown, chart: speedChart, title: 'Parse speed' },
  realworld: { markdown: realworldMarkdown, chart: realworldChart, title: 'Real-world documents' },
  'realworld-csp': { markdown: realworldMarkdown, chart: realworldChart, title: 'Real-world documents, strict Content-Security-Policy' },
  bad: { markdown: badMarkdown, chart: badChart, title: 'Bad input' },
  memory: { markdown: memoryMarkdown, chart: memoryChart, title: 'Memory' },
  detach: { markdown: detachMarkdown, chart: detachChart, title: 'detach' },
  huge: { markdown: hugeMarkdown, chart: hugeChart, title: 'Beyond the maximum string length' },
  cold: { markdown: coldMarkdown, chart: coldChart, title: 'First parse in a fresh process' },
};

function sectionBlock(name, runtime, section, fromDir) {
  const builder = sectionBuilders[name];
  return `${builder.markdown(section)}\n\n${chartLink(name, runtime, `${builder.title} on ${section.environment.runtimeLabel}`, fromDir)}`;
}

/** Replaces the text between `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->`, nothing else. */
export function replaceBetweenMarkers(text, name, content) {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to === -1 || to < from) return { text, replaced: false };
  return { text: `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`, replaced: true };
}

function main() {
  const { values } = parseArgs({
    options: {
      runtime: { type: 'string', default: 'node24' },
      summary: { type: 'boolean', default: false },
      readme: { type: 'boolean', default: false },
      local: { type: 'boolean', default: false },
    },
  });
  const loaded = loadLatestResults(values.local ? localResultsDir : resultsDir);
  const results = Object.fromEntries(
    Object.entries(loaded).sort(([a], [b]) => (runtimeOrder.indexOf(a) + 1 || 99) - (runtimeOrder.indexOf(b) + 1 || 99)),
  );
  if (Object.keys(results).length === 0) {
    console.error(`No latest-*.json in ${relative(repoDir, values.local ? localResultsDir : resultsDir)} yet: run \`npm run bench${values.local ? '' : ' -- --save'}\` first.`);
    process.exit(1);
  }
  if (values.summary) {
    console.log(summaryMarkdown(results, loadHttpResults(values.local ? localResultsDir : resultsDir)));
    return;
  }
  mkdirSync(chartsDir, { recursive: true });
  const written = [];
  for (const [runtime, latest] of Object.entries(results)) {
    for (const [name, section] of Object.entries(latest.sections)) {
      if (!sectionBuilders[name]) continue;
      const path = join(chartsDir, `${name}-${runtime}.svg`);
      writeFileSync(path, sectionBuilders[name].chart(section));
      written.push(relative(repoDir, path));
    }
  }

  const httpResults = loadHttpResults(values.local ? localResultsDir : resultsDir);
  const report = ['# Benchmark results', '', 'Generated by `npm run bench:report` from `bench/results/latest-*.json`; measured with `npm run bench -- --save`. Do not edit by hand.', '', '## Summary', '', summaryMarkdown(results, httpResults)];
  for (const [runtime, latest] of Object.entries(results)) {
    report.push('', `## ${runtime}`);
    for (const name of Object.keys(sectionBuilders)) {
      const section = latest.sections[name];
      if (section) report.push('', `### ${sectionBuilders[name].title}`, '', sectionBlock(name, runtime, section, benchDir));
    }
  }
  if (httpResults.length > 0) {
    report.push('', '## HTTP bodies under a memory cap', '', 'Measured with `npm run bench:http -- --save` (bench/http.js): wrk against each server alone in a memory-capped cgroup.', httpResultsMarkdown(httpResults, benchDir));
  }
  writeFileSync(join(benchDir, 'RESULTS.md'), `${report.join('\n')}\n`);
  written.push('bench/RESULTS.md');

  const readmePath = join(repoDir, 'README.md');
  const readmeRuntime = results[values.runtime] ? values.runtime : Object.keys(results)[0];
  if (values.readme && existsSync(readmePath)) {
    let text = readFileSync(readmePath, 'utf8');
    const replaced = [];
    const blocks = { summary: summaryMarkdown(results, httpResults, { brief: true }) };
    for (const name of Object.keys(sectionBuilders)) {
      const section = results[readmeRuntime].sections[name];
      if (section) blocks[name] = sectionBlock(name, readmeRuntime, section, repoDir);
    }
    for (const [name, content] of Object.entries(blocks)) {
      const outcome = replaceBetweenMarkers(text, name, content);
      text = outcome.text;
      if (outcome.replaced) replaced.push(name);
    }
    if (replaced.length > 0) {
      writeFileSync(readmePath, text);
      written.push(`README.md (${replaced.join(', ')}; figures from ${readmeRuntime})`);
    } else {
      console.log('README.md has no <!-- bench:SECTION:start --> markers: left untouched.');
    }
  }
  console.log(`wrote:\n  ${written.join('\n  ')}`);
}

main();
