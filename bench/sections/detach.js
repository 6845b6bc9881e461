// Section 4: the detach proposal's scenario. Allocate a 10 MB buffer, fill it, release it, 500
// times; every release strategy in its own fresh process so garbage-collector state is clean.
import { join } from 'node:path';
import { benchDir, runChild } from '../environment.js';
import { formatBytes, formatSpeedup, indent, textTable } from '../format.js';
import { progress, say } from '../progress.js';

const script = join(benchDir, 'children/detach.js');

const variants = [
  { id: 'detach', label: 'detach(buffer) from this library' },
  { id: 'transfer', label: 'buffer.transfer(0)' },
  { id: 'structured-clone', label: 'structuredClone(buffer, { transfer: [buffer] })' },
  { id: 'nothing', label: 'nothing (wait for the garbage collector)' },
];

/**
 * @param {{ library: object, libraryPath: string, quick: boolean }} context
 */
export async function runDetach({ library, libraryPath, quick }) {
  const settings = { library: libraryPath, count: quick ? 40 : 500, bufferBytes: 10 * 1024 * 1024 };
  say(
    `\n■ 4. detach — allocate ${formatBytes(settings.bufferBytes)}, fill it, release it, ${settings.count} times (one fresh process each)`,
  );
  say(`  this library's detach strategy here: '${library.detachStrategy ?? 'unknown'}'`);
  const results = {};
  for (const variant of variants) {
    progress(`detach: ${variant.label}`);
    results[variant.id] = await runChild(script, [], [JSON.stringify({ ...settings, variant: variant.id })]);
  }
  const outcome = { settings: { count: settings.count, bufferBytes: settings.bufferBytes }, strategy: library.detachStrategy ?? null, variants, results };
  if (quick) {
    const failures = variants.filter(({ id }) => results[id].error || results[id].stillAttached);
    say(`  quick mode: ${variants.length - failures.length} of ${variants.length} release strategies ran; no figures are shown.`);
    for (const { id } of failures) say(`    ✗ ${id}: ${results[id].error ?? `${results[id].stillAttached} buffers not detached`}`);
    return outcome;
  }
  const baseline = results.nothing?.milliseconds;
  const rows = variants.map(({ id, label }) => {
    const entry = results[id];
    if (entry.error || entry.unavailable) return [id, '—', '', '', '', '', entry.error ?? entry.unavailable];
    const kinds = entry.collectionKinds
      ? Object.entries(entry.collectionKinds)
          .map(([kind, count]) => `${count} ${kind}`)
          .join(', ')
      : '';
    return [
      id,
      `${entry.milliseconds.toFixed(0)} ms`,
      id === 'nothing' ? '(baseline)' : formatSpeedup(baseline / entry.milliseconds),
      formatBytes(entry.peakRss),
      entry.collections ?? 'n/a',
      entry.collectionMilliseconds != null ? `${entry.collectionMilliseconds.toFixed(1)} ms` : 'n/a',
      entry.stillAttached ? `${entry.stillAttached} buffers NOT detached! ${label}` : [label, kinds].filter(Boolean).join(' · '),
    ];
  });
  say(indent(textTable(['release', 'time', 'vs nothing', 'peak RSS', 'GCs', 'GC time', 'how · GC kinds'], rows, { textLast: true })));
  if (variants.every(({ id }) => results[id].collections == null)) {
    say('  (this runtime does not report garbage collections to PerformanceObserver: GC columns are n/a)');
  }
  return outcome;
}
