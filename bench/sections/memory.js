// Section 3: memory in the seed proposal's scenario, each measurement in a fresh child process
// with the garbage collector under control.
import { join } from 'node:path';
import { benchDir, engine, runChild } from '../environment.js';
import { formatBytes, formatRatio, indent, textTable } from '../format.js';
import { progress, say } from '../progress.js';

const script = join(benchDir, 'children/memory.js');
// A young generation large enough that no scavenge runs during one parse, so nothing allocated
// is freed before it is counted. Each child reports whether a collection happened anyway.
const v8Flags = ['--expose-gc', '--max-semi-space-size=128', '--min-semi-space-size=128'];

export const memoryMethod = [
  'Each figure comes from a fresh child process started with --expose-gc and a 128 MB young generation.',
  'allocated = (heap used + external) right after ONE parse minus the same just before it, after a full GC:',
  '            the garbage made while parsing plus the result, since no GC runs in between (checked with',
  '            PerformanceObserver "gc" entries where the runtime reports them).',
  'retained  = the same after another full GC, with the result still referenced: the result alone.',
  'string    = memory held by the decoded string alone: ASCII text is stored one byte per character,',
  '            one emoji makes V8 store the whole string two bytes per character.',
  'Node 26 counts a decoded external two-byte string at half its size: native\'s allocated and the',
  'string\'s memory then include the uncounted half (parseBinary\'s 1 MB run with the emoji is not corrected).',
];

function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
}

async function measureParser(parser, settings, repetitions) {
  const runs = [];
  for (let i = 0; i < repetitions; i++) {
    progress(`memory: ${parser}, child ${i + 1}/${repetitions}`);
    const run = await runChild(script, v8Flags, [JSON.stringify({ ...settings, task: 'parse', parser })]);
    if (run.error) return { error: run.error };
    runs.push(run);
  }
  return {
    allocated: median(runs.map((run) => run.allocated)),
    retained: median(runs.map((run) => run.retained)),
    uncounted: median(runs.map((run) => run.uncounted ?? 0)),
    milliseconds: median(runs.map((run) => run.milliseconds)),
    collectionsDuringParse: Math.max(...runs.map((run) => run.collectionsDuringParse ?? 0)),
    collectionsObserved: runs.every((run) => run.collectionsDuringParse != null),
    inputBytes: runs[0].inputBytes,
    children: repetitions,
  };
}

/**
 * @param {{ libraryPath: string, quick: boolean }} context
 */
export async function runMemory({ libraryPath, quick }) {
  say(`\n■ 3. Memory — 5 MB of ASCII JSON with one emoji near the end, one parse`);
  if (engine === 'bun') {
    say('  skipped on Bun: JavaScriptCore cannot be kept from collecting during the parse, so deltas mean little.');
    return { skipped: 'JavaScriptCore offers no way to keep the collector from running during the parse' };
  }
  const settings = { library: libraryPath, targetBytes: quick ? 512 * 1024 : 5 * 1024 * 1024 };
  const repetitions = quick ? 1 : 3;
  const parsers = {};
  for (const parser of ['native', 'parseBinary']) parsers[parser] = await measureParser(parser, settings, repetitions);
  progress('memory: string sizes');
  const strings = await runChild(script, v8Flags, [JSON.stringify({ ...settings, task: 'string' })]);

  const outcome = { method: memoryMethod, targetBytes: settings.targetBytes, parsers, strings };
  if (quick) {
    const failures = Object.entries(parsers).filter(([, entry]) => entry.error);
    say(`  quick mode: ${Object.keys(parsers).length - failures.length} of ${Object.keys(parsers).length} parsers measured in child processes; no figures are shown.`);
    for (const [parser, entry] of failures) say(`    ✗ ${parser}: ${entry.error}`);
    if (strings.error) say(`    ✗ string sizes: ${strings.error}`);
    return outcome;
  }
  say(indent(memoryMethod.join('\n')));
  const rows = Object.entries(parsers).map(([parser, entry]) =>
    entry.error
      ? [parser, 'failed', '', '', entry.error]
      : [
          parser,
          formatBytes(entry.allocated),
          formatBytes(entry.retained),
          formatBytes(entry.allocated - entry.retained),
          [
            entry.collectionsDuringParse > 0
              ? `${entry.collectionsDuringParse} GC during parse: allocated is a lower bound`
              : entry.collectionsObserved
                ? 'no GC during parse'
                : 'GC not observable here',
            ...(entry.uncounted > 0 ? [`with ${formatBytes(entry.uncounted)} of its text the runtime does not count`] : []),
          ].join('; '),
        ],
  );
  say('');
  say(indent(textTable(['parser', 'allocated', 'retained', 'garbage', 'note'], rows, { textLast: true })));
  const { native, parseBinary } = parsers;
  if (!native.error && !parseBinary.error) {
    say(`\n  ▶ parseBinary allocates ${formatRatio(parseBinary.allocated / native.allocated)} what native does; keeps ${formatRatio(parseBinary.retained / native.retained)}`);
  }
  if (strings.error) say(`\n  string sizes: failed: ${strings.error}`);
  else {
    say('');
    say(
      indent(
        textTable(
          ['decoded string', 'characters', 'memory', 'bytes/char'],
          [
            ['ASCII only', strings.ascii.characters.toLocaleString('en-US'), formatBytes(strings.ascii.stringBytes), strings.ascii.bytesPerCharacter.toFixed(2)],
            ['ASCII + one emoji', strings.emoji.characters.toLocaleString('en-US'), formatBytes(strings.emoji.stringBytes), strings.emoji.bytesPerCharacter.toFixed(2)],
          ],
        ),
      ),
    );
  }
  return outcome;
}
