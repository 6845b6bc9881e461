// Section 5: a document larger than the engine's maximum string length. The native pipeline
// cannot even build the string; a parser that reads bytes has no such limit. Needs a few GB.
import { join } from 'node:path';
import { benchDir, engine, runChild } from '../environment.js';
import { formatBytes, indent, textTable } from '../format.js';
import { progress, say } from '../progress.js';

const script = join(benchDir, 'children/huge.js');

async function maximumStringLength() {
  try {
    const { constants } = await import('node:buffer');
    if (constants?.MAX_STRING_LENGTH) return constants.MAX_STRING_LENGTH;
  } catch {
    // not provided by this runtime
  }
  return 2 ** 29 - 24; // V8's limit on 64-bit systems
}

/**
 * @param {{ libraryPath: string, quick: boolean }} context
 */
export async function runHuge({ libraryPath, quick }) {
  const limit = await maximumStringLength();
  // 12% over the limit: clearly beyond it, yet about 600 MB on V8.
  const totalBytes = Math.ceil((limit * 1.12) / 1e6) * 1e6;
  say(`\n■ 5. Beyond the maximum string length — ${formatBytes(totalBytes)} array of strings; this engine's maximum string length: ${limit.toLocaleString('en-US')} characters`);
  const pipelines = [
    { id: 'native', label: 'JSON.parse(new TextDecoder().decode(bytes))' },
    ...(engine === 'node' || engine === 'deno' ? [{ id: 'buffer', label: 'JSON.parse(buffer.toString())' }] : []),
    { id: 'parseBinary', label: 'parseBinary(bytes)' },
  ];
  // Enough heap for a 600 MB result; the default limit depends on the machine's memory.
  const v8Flags = engine === 'bun' ? [] : ['--max-old-space-size=8192'];
  const results = {};
  for (const pipeline of pipelines) {
    progress(`huge: ${pipeline.label} on ${formatBytes(totalBytes)} (child process)`);
    results[pipeline.id] = await runChild(script, v8Flags, [JSON.stringify({ library: libraryPath, parser: pipeline.id, totalBytes })], {
      timeoutMs: 600_000,
    });
  }
  const rows = pipelines.map(({ id, label }) => {
    const entry = results[id];
    if (entry.ok === undefined) return [id, 'crashed', '', entry.error ?? 'no result'];
    // A quick run shows outcomes only: whether each pipeline could parse the document at all.
    return [
      id,
      entry.ok ? (quick ? 'parses' : `${(entry.milliseconds / 1000).toFixed(2)} s`) : 'fails',
      quick ? '' : formatBytes(entry.peakRss),
      entry.ok ? `${label} → ${entry.elements.toLocaleString('en-US')} strings` : `${label} → ${entry.error}`,
    ];
  });
  say(indent(textTable(['pipeline', 'time', 'peak RSS', 'outcome'], rows, { textLast: true })));
  return { maximumStringLength: limit, totalBytes, pipelines, results };
}
