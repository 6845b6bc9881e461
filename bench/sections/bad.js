// Section 2: invalid input. A server cannot choose its input: how fast does each way of parsing
// say "no"? Broken at byte 0 a byte-level parser can stop at once, while the native pipeline first
// decodes the whole body into a string and then pays for a SyntaxError.
import { failureContenders } from '../contenders.js';
import { formatBytes, formatSpeedup, formatTime, indent, textTable } from '../format.js';
import { timeSideBySide } from '../measure.js';
import { apiResponse, breakPayload, smallObject } from '../payloads.js';
import { say } from '../progress.js';

/** The project's target: at byte 0 of 4 MB, parseBinary at least this many times faster than native. */
export const byteZeroTarget = 1000;

function badPayloads() {
  const small = smallObject();
  const large = apiResponse({ targetBytes: 4 * 1024 * 1024 });
  return [small, large].flatMap((bytes) => {
    const size = bytes.byteLength < 1024 ? '512 B' : '4 MB';
    return [
      { id: `${size.replace(' ', '')}-start`, label: `${size}, broken at byte 0`, size, at: 'start', bytes: breakPayload(bytes, 'start') },
      { id: `${size.replace(' ', '')}-end`, label: `${size}, broken at the last byte`, size, at: 'end', bytes: breakPayload(bytes, 'end') },
    ];
  });
}

/**
 * @param {{ library: object, budget: object }} context
 */
export async function runBad({ library, budget, quick }) {
  const descriptions = failureContenders(library);
  const results = [];
  say(`\n■ 2. Bad input — median time to report the failure, ratio = native / contender (higher is better)`);
  for (const payload of badPayloads()) {
    const contenders = descriptions.map((description) => ({ id: description.id, run: description.prepare(payload.bytes) }));
    const problems = {};
    const messages = {};
    for (const contender of contenders) {
      try {
        const failure = contender.run();
        if (failure) messages[contender.id] = failure;
        else problems[contender.id] = 'accepted the broken input';
      } catch (error) {
        problems[contender.id] = `threw instead of returning: ${String(error?.message ?? error).slice(0, 160)}`;
      }
    }
    const stats = await timeSideBySide(
      contenders.filter((contender) => !problems[contender.id]),
      budget,
      `bad input ${payload.label}`,
    );
    const nativeMedian = stats.native?.median;
    const result = { id: payload.id, label: payload.label, at: payload.at, bytes: payload.bytes.byteLength, contenders: {} };
    for (const description of descriptions) {
      const entry = stats[description.id];
      result.contenders[description.id] = entry
        ? { ...entry, speedup: nativeMedian / entry.median, message: String(messages[description.id]).slice(0, 200) }
        : { error: problems[description.id] };
    }
    results.push(result);
    say(`\n  ${payload.label} (${formatBytes(payload.bytes.byteLength)})${quick ? `: ${Object.keys(messages).length} contenders reported the failure` : ''}`);
    for (const [id, problem] of Object.entries(problems)) if (quick) say(`    ✗ ${id}: ${problem}`);
    if (quick) continue;
    const rows = descriptions.map((description) => {
      const entry = result.contenders[description.id];
      if (entry.error) return [description.id, 'not timed', '', entry.error];
      return [description.id, formatTime(entry.median), description.id === 'native' ? '(baseline)' : formatSpeedup(entry.speedup), description.label];
    });
    say(indent(textTable(['contender', 'median', 'vs native', 'call'], rows, { textLast: true })));
  }
  const target = results.find((result) => result.id === '4MB-start')?.contenders.parseBinary;
  // No verdict from a quick run: its budgets are too small for the figure to mean anything.
  const verdict = target?.speedup && !quick
    ? { speedup: target.speedup, target: byteZeroTarget, met: target.speedup >= byteZeroTarget }
    : null;
  if (verdict) {
    say(
      `\n  ▶ Target: at byte 0 of 4 MB, parseBinary ≥ ${byteZeroTarget}× faster than decode + caught SyntaxError: measured ${formatSpeedup(
        verdict.speedup,
      )} — ${verdict.met ? 'met' : 'NOT met'}`,
    );
  }
  return { contenders: descriptions.map(({ id, label }) => ({ id, label })), payloads: results, target: verdict };
}
