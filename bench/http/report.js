// Pure summaries of bench:http rows: medians over rounds, parseBody against the usual pipeline
// with issue 14's targets, and markdown tables. No I/O, so test/bench/http-report.test.js can pin it.

export const TARGETS = { requestsPerSecond: 1.0, p99: 1.0, peakMemory: 0.7, gcMs: 0.7 };

export function median(values) {
  const sorted = values.filter((value) => value != null && !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A row's peak memory: the group's own peak when capped, else the server's VmHWM. */
export function peakMemoryMB(row) {
  return row.groupPeakMB ?? row.vmHwmMB ?? null;
}

export function failureCount(row) {
  return (row.errors ?? 0) + (row.non2xx ?? 0) + (row.checkError || row.caseError ? 1 : 0);
}

/** Medians per runtime, body, size and mode, in first-seen order; failures are summed, not medianed. */
export function mergeRounds(rows) {
  const groups = new Map();
  for (const row of rows) {
    const key = [row.runtime, row.body, row.size, row.mode, row.capMB].join(' ');
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(row);
  }
  return [...groups.values()].map((group) => {
    const pick = (read) => median(group.map(read));
    return {
      runtime: group[0].runtime,
      body: group[0].body,
      size: group[0].size,
      bodyBytes: group[0].bodyBytes,
      mode: group[0].mode,
      connections: group[0].connections,
      capMB: group[0].capMB,
      rounds: group.length,
      requestsPerSecond: pick((row) => row.requestsPerSecond),
      // Each round's own rate, by round: the pipelines of one round ran minutes apart at most, so
      // their ratio round by round shows how far the median ratio can be trusted (bench/NOTES.md,
      // round 55: one build's ratio read 0.75 and 0.99 in two runs).
      requestsPerSecondByRound: Object.fromEntries(group.filter((row) => row.round != null).map((row) => [row.round, row.requestsPerSecond])),
      // Requests in flight when the window opens and when it closes do part of their work inside it:
      // alike at both ends, so the requests the server finished in the window are the divisor.
      cpuMsPerRequest: pick((row) => perServerRequest(row, row.serverCpuMs)),
      loopBusyMsPerRequest: pick((row) => perServerRequest(row, row.serverLoopBusyMs)),
      pageFaultsPerRequest: pick((row) => perServerRequest(row, row.serverMinorFaults)),
      latencyMs: {
        p50: pick((row) => row.latencyMs?.p50),
        p95: pick((row) => row.latencyMs?.p95),
        p99: pick((row) => row.latencyMs?.p99),
        max: pick((row) => row.latencyMs?.max),
      },
      peakMemoryMB: pick(peakMemoryMB),
      groupPeakMB: pick((row) => row.groupPeakMB),
      vmHwmMB: pick((row) => row.vmHwmMB),
      gcCount: pick((row) => row.gc?.count),
      gcMs: pick((row) => row.gc?.ms),
      gcMajorCount: pick((row) => row.gc?.majorCount),
      // Under a cap, V8 settled either into about one mark-compact every 15 requests of 1 MB or into
      // almost none, per process (bench/NOTES.md, round 43): a ratio means little across the two.
      majorGcsPer100Requests: pick((row) => perServerRequest(row, row.gc?.majorCount, 100)),
      // V8 sizes the young generation from the memory cap; what a scavenge copies depends on it.
      semiSpaceMB: pick((row) => row.heap?.semiSpaceMB),
      scavengeCopiedKBPerRequest: pick((row) => perServerRequest(row, row.heap?.scavengeCopiedMB, 1024)),
      failures: group.reduce((sum, row) => sum + failureCount(row), 0),
      // Where a tail comes from: requests whose body took over a second to arrive (the server's own
      // count, summed over rounds), against the longest the event loop was ever held up.
      slowReceives: group.some((row) => row.receiveMs) ? group.reduce((sum, row) => sum + (row.receiveMs?.overOneSecond ?? 0), 0) : null,
      longestLoopDelayMs: group.some((row) => row.loopDelayMs) ? Math.max(...group.map((row) => row.loopDelayMs?.max ?? 0)) : null,
      oomKilled: group.filter((row) => row.oomKilled).length,
    };
  });
}

/** `value` times `scale` over the requests the server counted; null when either is unknown. */
export const perServerRequest = (row, value, scale = 1) => (value != null && row.serverRequests ? (value * scale) / row.serverRequests : null);

const ratio = (ours, theirs) => (ours != null && theirs != null && theirs > 0 ? ours / theirs : null);

/**
 * parseBody (or `ours`) against the usual pipeline (or `baseline`) for every body and size both ran.
 * `meets` is null when a figure is missing (GC on Bun and Deno), so a verdict is never guessed.
 */
export function compareModes(summary, { ours = 'parseBody', baseline = 'usual' } = {}) {
  const comparisons = [];
  for (const mine of summary.filter((row) => row.mode === ours)) {
    const base = summary.find(
      (row) => row.mode === baseline && row.runtime === mine.runtime && row.body === mine.body && row.size === mine.size && row.capMB === mine.capMB,
    );
    if (!base) continue;
    // A pipeline killed at its cap has no figures to divide: the row says who died instead.
    const killed = [mine, base].filter((row) => row.oomKilled > 0).map((row) => row.mode);
    if (killed.length > 0) {
      const ratios = { requestsPerSecond: null, cpuPerRequest: null, loopBusyPerRequest: null, p99: null, peakMemory: null, gcMs: null };
      const meets = { requestsPerSecond: null, p99: null, peakMemory: null, gcMs: null, noErrors: mine.failures === 0 && mine.oomKilled === 0 };
      comparisons.push({ runtime: mine.runtime, body: mine.body, size: mine.size, ours, baseline, ratios, meets, killed });
      continue;
    }
    const ratios = {
      requestsPerSecond: ratio(mine.requestsPerSecond, base.requestsPerSecond),
      // No target: it tells more work a request from less of the cores (bench/NOTES.md, round 52).
      cpuPerRequest: ratio(mine.cpuMsPerRequest, base.cpuMsPerRequest),
      loopBusyPerRequest: ratio(mine.loopBusyMsPerRequest, base.loopBusyMsPerRequest),
      p99: ratio(mine.latencyMs.p99, base.latencyMs.p99),
      peakMemory: ratio(mine.peakMemoryMB, base.peakMemoryMB),
      gcMs: ratio(mine.gcMs, base.gcMs),
    };
    const meets = {
      requestsPerSecond: ratios.requestsPerSecond == null ? null : ratios.requestsPerSecond >= TARGETS.requestsPerSecond,
      p99: ratios.p99 == null ? null : ratios.p99 <= TARGETS.p99,
      peakMemory: ratios.peakMemory == null ? null : ratios.peakMemory <= TARGETS.peakMemory,
      gcMs: ratios.gcMs == null ? null : ratios.gcMs <= TARGETS.gcMs,
      noErrors: mine.failures === 0 && mine.oomKilled === 0,
    };
    const majorGcsPer100Requests = { ours: mine.majorGcsPer100Requests, baseline: base.majorGcsPer100Requests };
    const requestsPerSecondEachRound = ratiosByRound(mine.requestsPerSecondByRound, base.requestsPerSecondByRound);
    comparisons.push({ runtime: mine.runtime, body: mine.body, size: mine.size, ours, baseline, ratios, meets, majorGcsPer100Requests, requestsPerSecondEachRound });
  }
  return comparisons;
}

/** `ours` over `theirs` for each round both ran, in round order; empty when rounds are not known. */
export function ratiosByRound(ours = {}, theirs = {}) {
  return Object.keys(ours)
    .filter((round) => theirs[round] != null)
    .sort((a, b) => Number(a) - Number(b))
    .map((round) => ratio(ours[round], theirs[round]));
}

const fixed = (value, digits) => (value == null ? '–' : value.toFixed(digits));

/** Milliseconds a request, with three digits below 1 ms (1 KB bodies) and two above. */
const perRequestMs = (value) => fixed(value, value != null && value < 1 ? 3 : 2);

export function summaryTable(summary) {
  const lines = [
    '| runtime | body | size | pipeline | conns | req/s | CPU ms per request | loop busy ms per request | page faults per request | p50 ms | p95 ms | p99 ms | bodies over 1 s to arrive | longest loop block ms | peak MB (group) | VmHWM MB | GCs | of which major | GC ms | semi-space MB | KB copied by scavenges per request | failures | OOM-killed |',
    '| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of summary) {
    const { p50, p95, p99 } = row.latencyMs;
    lines.push(
      `| ${row.runtime} | ${row.body} | ${row.size} | ${row.mode} | ${row.connections} | ${fixed(row.requestsPerSecond, 1)} | ${perRequestMs(row.cpuMsPerRequest)} | ${perRequestMs(row.loopBusyMsPerRequest)} | ${fixed(row.pageFaultsPerRequest, row.pageFaultsPerRequest != null && row.pageFaultsPerRequest < 10 ? 1 : 0)} | ` +
        `${fixed(p50, 1)} | ${fixed(p95, 1)} | ${fixed(p99, 1)} | ${fixed(row.slowReceives, 0)} | ${fixed(row.longestLoopDelayMs, 0)} | ${fixed(row.groupPeakMB, 0)} | ${fixed(row.vmHwmMB, 0)} | ` +
        `${fixed(row.gcCount, 0)} | ${fixed(row.gcMajorCount, 0)} | ${fixed(row.gcMs, 0)} | ${fixed(row.semiSpaceMB, 0)} | ${fixed(row.scavengeCopiedKBPerRequest, 0)} | ${row.failures} | ${row.oomKilled ? `${row.oomKilled}/${row.rounds}` : 'no'} |`,
    );
  }
  return lines.join('\n');
}

const verdict = (ok) => (ok == null ? '' : ok ? ' ✓' : ' ✗');

export function comparisonTable(comparisons) {
  const lines = [
    `| runtime | body | size | vs | req/s (≥${TARGETS.requestsPerSecond}x) | CPU per request | loop busy per request | p99 (≤${TARGETS.p99}x) | peak memory (≤${TARGETS.peakMemory}x) | GC time (≤${TARGETS.gcMs}x) | no errors | major GCs per 100 requests, each | req/s, each round |`,
    '| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | :---: | ---: | ---: |',
  ];
  for (const { runtime, body, size, ours, baseline, ratios, meets, killed, majorGcsPer100Requests: majors, requestsPerSecondEachRound: eachRound } of comparisons) {
    if (killed) {
      lines.push(`| ${runtime} | ${body} | ${size} | ${ours} / ${baseline} | OOM-killed: ${killed.join(', ')} | | | | | | ${meets.noErrors ? '✓' : '✗'} | | |`);
      continue;
    }
    const cell = (key) => (ratios[key] == null ? '–' : `${fixed(ratios[key], 2)}x${verdict(meets[key])}`);
    lines.push(
      `| ${runtime} | ${body} | ${size} | ${ours} / ${baseline} | ${cell('requestsPerSecond')} | ${cell('cpuPerRequest')} | ${cell('loopBusyPerRequest')} | ${cell('p99')} | ${cell('peakMemory')} | ${cell('gcMs')} | ${meets.noErrors ? '✓' : '✗'} | ${fixed(majors?.ours, 1)} / ${fixed(majors?.baseline, 1)} | ${eachRound?.length ? eachRound.map((value) => fixed(value, 2)).join(', ') : '–'} |`,
    );
  }
  return lines.join('\n');
}

/** A squeeze step fails when the server was killed, did not answer, or any request failed. */
export function stepFailed(row) {
  return row.oomKilled || row.serverDied || failureCount(row) > 0;
}

/** The largest cap at which `mode` failed, and every step's outcome, from squeeze rows. */
export function squeezeFindings(rows, modes) {
  const caps = [...new Set(rows.map((row) => row.capMB))].sort((a, b) => b - a);
  const findings = {};
  for (const mode of modes) {
    const failing = caps.filter((cap) => rows.some((row) => row.mode === mode && row.capMB === cap && stepFailed(row)));
    findings[mode] = { firstFailingCapMB: failing[0] ?? null };
  }
  return { caps, findings };
}

export function squeezeTable(rows, modes) {
  const caps = [...new Set(rows.map((row) => row.capMB))].sort((a, b) => b - a);
  const lines = [`| cap MB | ${modes.join(' | ')} |`, `| ---: | ${modes.map(() => '---').join(' | ')} |`];
  for (const cap of caps) {
    const cells = modes.map((mode) => {
      const row = rows.find((candidate) => candidate.mode === mode && candidate.capMB === cap);
      if (!row) return 'not run';
      if (row.oomKilled) return `OOM-killed${row.requestsPerSecond != null ? ` (${fixed(row.requestsPerSecond, 1)} req/s before)` : ''}`;
      if (row.checkError || row.caseError) return `failed: ${(row.checkError ?? row.caseError).slice(0, 60)}`;
      if (row.unreachable) return 'server gone before the load';
      const failures = failureCount(row);
      return `${fixed(row.requestsPerSecond, 1)} req/s, p99 ${fixed(row.latencyMs?.p99, 0)} ms, peak ${fixed(peakMemoryMB(row), 0)} MB${failures ? `, ${failures} failed` : ''}`;
    });
    lines.push(`| ${cap} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Least-squares slope of RSS over time (MB per minute) and the level at start and end. */
export function rssTrend(samples, { skipFraction = 0.1 } = {}) {
  const points = samples.filter((sample) => sample.rssMB != null).slice(Math.floor(samples.length * skipFraction));
  if (points.length < 2) return null;
  const n = points.length;
  const meanX = points.reduce((sum, p) => sum + p.seconds, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.rssMB, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (const p of points) {
    numerator += (p.seconds - meanX) * (p.rssMB - meanY);
    denominator += (p.seconds - meanX) ** 2;
  }
  const tenth = Math.max(1, Math.floor(n / 10));
  return {
    slopeMBPerMinute: denominator > 0 ? (numerator / denominator) * 60 : 0,
    firstTenthMB: median(points.slice(0, tenth).map((p) => p.rssMB)),
    lastTenthMB: median(points.slice(-tenth).map((p) => p.rssMB)),
    maxMB: Math.max(...points.map((p) => p.rssMB)),
  };
}
