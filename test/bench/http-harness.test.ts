// The pure parts of the HTTP benchmark (bench/http/): reading wrk's figures and cgroup files,
// medians and ratios against issue 14's targets, squeeze findings, the soak trend and chart.
// bench/ is plain JavaScript without declarations, so its modules are loaded by URL.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const load = (path: string) => import(new URL(`../../bench/http/${path}`, import.meta.url).href);
const report = await load('report.js');
const { parseWrkOutput } = await load('wrk.js');
const { parseKeyValueLines } = await load('memory-cap.js');
const { rssOverTimeChart, gridStep } = await load('soak-chart.js');
const { makeBody } = await load('bodies.js');
const { summarizeBody } = await load('summarize-body.js');
const { createServerStats } = await load('server-stats.js');

function row(overrides: Record<string, unknown>) {
  return {
    runtime: 'node24',
    body: 'records',
    size: '1mb',
    bodyBytes: 1_000_000,
    mode: 'usual',
    connections: 8,
    capMB: 300,
    requestsPerSecond: 100,
    latencyMs: { p50: 10, p95: 20, p99: 30, max: 40 },
    groupPeakMB: 200,
    vmHwmMB: 220,
    gc: { count: 50, ms: 100, maxMs: 5 },
    errors: 0,
    non2xx: 0,
    oomKilled: false,
    serverDied: false,
    ...overrides,
  };
}

describe('parseWrkOutput', () => {
  it('reads the JSON line of post-body.lua after wrk own text, in milliseconds, for the window after warm-up', () => {
    const stdout =
      'Running 3s test @ http://127.0.0.1:1/\n  2 threads and 2 connections\n' +
      '{"requests":260,"windowRequests":200,"durationUs":3000000,"bytes":5000,' +
      '"errors":{"connect":1,"read":2,"write":0,"status":5,"timeout":4,"windowStatus":3},' +
      '"latencyUs":{"p50":1500,"p95":2500,"p99":3000,"max":9000,"mean":1600.0}}\n';
    expect(parseWrkOutput(stdout, 1)).toEqual({
      requests: 200,
      seconds: 2,
      requestsPerSecond: 100,
      latencyMs: { p50: 1.5, p95: 2.5, p99: 3, max: 9 },
      non2xx: 3,
      errors: 7,
      errorKinds: { connect: 1, read: 2, write: 0, timeout: 4 },
    });
  });

  it('is undefined when wrk printed no figures (a usage error, a crash)', () => {
    expect(parseWrkOutput('Usage: wrk <options> <url>\n')).toBeUndefined();
  });
});

describe('parseKeyValueLines', () => {
  it('reads memory.oom_control and memory.events', () => {
    expect(parseKeyValueLines('oom_kill_disable 0\nunder_oom 0\noom_kill 2\n')).toEqual({ oom_kill_disable: 0, under_oom: 0, oom_kill: 2 });
    expect(parseKeyValueLines('low 0\nhigh 0\nmax 17\noom 1\noom_kill 1\n').max).toBe(17);
  });
});

describe('mergeRounds and compareModes', () => {
  const rows = [
    row({ mode: 'usual', requestsPerSecond: 100 }),
    row({ mode: 'usual', requestsPerSecond: 120, latencyMs: { p50: 10, p95: 20, p99: 50, max: 60 } }),
    row({ mode: 'usual', requestsPerSecond: 110 }),
    row({ mode: 'parseBody', requestsPerSecond: 115, groupPeakMB: 120, gc: { count: 20, ms: 60, maxMs: 2 } }),
    row({ mode: 'parseBody', requestsPerSecond: 125, groupPeakMB: 130, gc: { count: 20, ms: 60, maxMs: 2 }, errors: 1 }),
  ];

  it('takes medians per mode and sums failures', () => {
    const summary = report.mergeRounds(rows);
    expect(summary.map((entry: { mode: string }) => entry.mode)).toEqual(['usual', 'parseBody']);
    expect(summary[0].requestsPerSecond).toBe(110);
    expect(summary[0].latencyMs.p99).toBe(30);
    expect(summary[0].rounds).toBe(3);
    expect(summary[1].requestsPerSecond).toBe(120);
    expect(summary[1].peakMemoryMB).toBe(125);
    expect(summary[1].failures).toBe(1);
  });

  it('gives ratios and verdicts against the targets', () => {
    const [comparison] = report.compareModes(report.mergeRounds(rows));
    expect(comparison.ratios.requestsPerSecond).toBeCloseTo(120 / 110);
    expect(comparison.ratios.peakMemory).toBeCloseTo(125 / 200);
    expect(comparison.ratios.gcMs).toBeCloseTo(0.6);
    expect(comparison.meets).toEqual({ requestsPerSecond: true, p99: true, peakMemory: true, gcMs: true, noErrors: false });
  });

  it('puts each pipeline\'s major GCs per 100 requests beside the ratios, since a ratio across GC regimes compares collectors', () => {
    const gc = (majorCount: number) => ({ count: 50, ms: 100, maxMs: 5, majorCount });
    const summary = report.mergeRounds([
      row({ gc: gc(100), serverRequests: 1000 }),
      row({ gc: gc(120), serverRequests: 1000 }),
      row({ mode: 'parseBody', gc: gc(3), serverRequests: 1500 }),
    ]);
    const [comparison] = report.compareModes(summary);
    expect(comparison.majorGcsPer100Requests).toEqual({ ours: 0.2, baseline: 11 });
    expect(report.comparisonTable([comparison])).toMatch(/\| 0\.2 \/ 11\.0 \| – \|$/);
    const [unknown] = report.compareModes(report.mergeRounds([row({}), row({ mode: 'parseBody' })]));
    expect(report.comparisonTable([unknown])).toMatch(/\| – \/ – \| – \|$/);
  });

  it('gives the requests a second round by round, pairing each round of one pipeline with the same round of the other', () => {
    const summary = report.mergeRounds([
      row({ round: 1, requestsPerSecond: 100 }),
      row({ mode: 'parseBody', round: 1, requestsPerSecond: 75 }),
      row({ mode: 'parseBody', round: 2, requestsPerSecond: 99 }),
      row({ round: 2, requestsPerSecond: 100 }),
      row({ mode: 'parseBody', round: 3, requestsPerSecond: 120 }),
    ]);
    expect(summary[0].requestsPerSecondByRound).toEqual({ 1: 100, 2: 100 });
    const [comparison] = report.compareModes(summary);
    // Round 3 ran parseBody alone: no pair, no ratio.
    expect(comparison.requestsPerSecondEachRound).toEqual([0.75, 0.99]);
    expect(report.comparisonTable([comparison])).toMatch(/\| 0\.75, 0\.99 \|$/);
    expect(report.ratiosByRound({ 10: 50, 2: 20 }, { 2: 10, 10: 100 })).toEqual([2, 0.5]);
  });

  it('divides the server\'s CPU and its loop\'s busy time in the window by the requests it finished, and sets no target for them', () => {
    const summary = report.mergeRounds([
      row({ serverCpuMs: 4000, serverLoopBusyMs: 3200, serverRequests: 800 }),
      row({ serverCpuMs: 6000, serverLoopBusyMs: 4000, serverRequests: 1000 }),
      row({ mode: 'parseBody', serverCpuMs: 4500, serverLoopBusyMs: 4400, serverRequests: 1000 }),
    ]);
    expect(summary[0].cpuMsPerRequest).toBeCloseTo(5.5);
    expect(summary[0].loopBusyMsPerRequest).toBeCloseTo(4);
    const [comparison] = report.compareModes(summary);
    expect(comparison.ratios.cpuPerRequest).toBeCloseTo(4.5 / 5.5);
    expect(comparison.ratios.loopBusyPerRequest).toBeCloseTo(1.1);
    expect(comparison.meets).not.toHaveProperty('cpuPerRequest');
    expect(report.comparisonTable([comparison])).toContain('| 0.82x | 1.10x |');
    expect(report.summaryTable(summary)).toContain('| 100.0 | 5.50 | 4.00 |');
    const [unknown] = report.mergeRounds([row({})]);
    expect(unknown.cpuMsPerRequest).toBeNull();
    expect(report.summaryTable([unknown])).toContain('| 100.0 | – | – |');
  });

  it('divides the page faults the server took in the window by the requests it finished', () => {
    const summary = report.mergeRounds([
      row({ serverMinorFaults: 45_000, serverRequests: 100 }),
      row({ serverMinorFaults: 55_000, serverRequests: 100 }),
    ]);
    expect(summary[0].pageFaultsPerRequest).toBe(500);
    expect(report.summaryTable(summary)).toContain('| 100.0 | – | – | 500 |');
    const [few] = report.mergeRounds([row({ serverMinorFaults: 300, serverRequests: 1000 })]);
    expect(report.summaryTable([few])).toContain('| – | 0.3 |');
    const [unknown] = report.mergeRounds([row({})]);
    expect(unknown.pageFaultsPerRequest).toBeNull();
  });

  it('gives each table a separator row with as many columns as its header', () => {
    const summary = report.mergeRounds([row({}), row({ mode: 'parseBody' })]);
    for (const table of [report.summaryTable(summary), report.comparisonTable(report.compareModes(summary))]) {
      const [header, separator, ...rows] = table.split('\n');
      const columns = (line: string) => line.split('|').length;
      expect(columns(separator)).toBe(columns(header));
      for (const line of rows) expect(columns(line)).toBe(columns(header));
    }
  });

  it('leaves a verdict open when a figure is missing (no GC entries on Bun and Deno)', () => {
    const summary = report.mergeRounds([row({ gc: null }), row({ mode: 'parseBody', gc: null })]);
    const [comparison] = report.compareModes(summary);
    expect(comparison.ratios.gcMs).toBeNull();
    expect(comparison.meets.gcMs).toBeNull();
  });

  it('sums slow body arrivals, keeps the longest loop block and splits major GCs out, to tell a receive stall from a busy loop', () => {
    const stalled = [
      row({ mode: 'parseBody', receiveMs: { overOneSecond: 1 }, loopDelayMs: { p99: 150, max: 160 }, gc: { count: 40, ms: 90, maxMs: 4, majorCount: 2 } }),
      row({ mode: 'parseBody', receiveMs: { overOneSecond: 2 }, loopDelayMs: { p99: 200, max: 310 }, gc: { count: 60, ms: 110, maxMs: 6, majorCount: 4 } }),
    ];
    const [summary] = report.mergeRounds(stalled);
    expect(summary.slowReceives).toBe(3);
    expect(summary.longestLoopDelayMs).toBe(310);
    expect(report.summaryTable([summary])).toContain('| 3 | 310 |');
    // GCs and, of them, the major ones: medians over the rounds.
    expect(report.summaryTable([summary])).toContain('| 50 | 3 | 100 |');
    const [unknown] = report.mergeRounds([row({})]);
    expect(unknown.slowReceives).toBeNull();
    expect(unknown.semiSpaceMB).toBeNull();
  });

  it('prints the semi-space size the server ran with beside its GC time', () => {
    const heap = { semiSpaceMB: 4, heapLimitMB: 268, scavenges: 300, scavengeCopiedMB: 150 };
    const [summary] = report.mergeRounds([row({ heap, serverRequests: 300 }), row({ heap, serverRequests: 600 }), row({ heap, serverRequests: 200 })]);
    expect(summary.semiSpaceMB).toBe(4);
    // 150 MB over 300, 600 and 200 requests: the median of 512, 256 and 768 KB per request.
    expect(summary.scavengeCopiedKBPerRequest).toBe(512);
    expect(report.summaryTable([summary])).toContain('| 100 | 4 | 512 | 0 | no |');
  });

  it('falls back to VmHWM when the run is uncapped', () => {
    expect(report.peakMemoryMB(row({ groupPeakMB: null, vmHwmMB: 90 }))).toBe(90);
  });
});

describe('squeeze', () => {
  const rows = [
    row({ capMB: 300 }),
    row({ capMB: 300, mode: 'parseBody' }),
    row({ capMB: 200, oomKilled: true, serverDied: true }),
    row({ capMB: 200, mode: 'parseBody' }),
    row({ capMB: 100, checkError: 'no answer: ECONNRESET', serverDied: true }),
    row({ capMB: 100, mode: 'parseBody', errors: 2 }),
  ];

  it('finds the largest failing cap of each pipeline', () => {
    const { caps, findings } = report.squeezeFindings(rows, ['usual', 'parseBody']);
    expect(caps).toEqual([300, 200, 100]);
    expect(findings).toEqual({ usual: { firstFailingCapMB: 200 }, parseBody: { firstFailingCapMB: 100 } });
  });

  it('tabulates every step', () => {
    const table = report.squeezeTable(rows, ['usual', 'parseBody']);
    expect(table).toContain('| 200 | OOM-killed');
    expect(table).toContain('2 failed');
  });
});

describe('rssTrend', () => {
  it('is flat for a flat series and finds a climb', () => {
    const flat = Array.from({ length: 100 }, (_, index) => ({ seconds: index / 4, rssMB: 100 + (index % 2) }));
    const climbing = Array.from({ length: 100 }, (_, index) => ({ seconds: index / 4, rssMB: 100 + index / 4 }));
    expect(Math.abs(report.rssTrend(flat).slopeMBPerMinute)).toBeLessThan(1);
    expect(report.rssTrend(climbing).slopeMBPerMinute).toBeCloseTo(60);
    expect(report.rssTrend([])).toBeNull();
  });
});

describe('soak chart', () => {
  it('draws one line per pipeline with round grid steps', () => {
    expect(gridStep(430)).toBe(100);
    expect(gridStep(9)).toBe(2);
    const svg = rssOverTimeChart({
      title: 'RSS <soak>',
      subtitle: 'test',
      series: [
        { mode: 'usual', samples: [{ seconds: 0, rssMB: 100 }, { seconds: 1, rssMB: 150 }] },
        { mode: 'parseBody', samples: [{ seconds: 0, rssMB: 90 }, { seconds: 1, rssMB: null }, { seconds: 2, rssMB: 95 }] },
      ],
    });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<path d='M/g)).toHaveLength(2);
    expect(svg).toContain('RSS &lt;soak&gt;');
  });
});

describe('bodies', () => {
  it('are valid JSON near the asked size, with the answer a correct server gives', () => {
    for (const kind of ['records', 'mixed', 'messages-zh']) {
      const { body, expected } = makeBody(kind, 64 * 1024);
      const value = JSON.parse(new TextDecoder().decode(body));
      expect(expected).toBe(summarizeBody(value));
      expect(body.length).toBeGreaterThan(32 * 1024);
      expect(body.length).toBeLessThan(96 * 1024);
    }
    expect(() => makeBody('nonsense', 10)).toThrow(/unknown body kind/);
  });

  it('the answer counts items, else top-level keys', () => {
    expect(summarizeBody({ items: [1, 2, 3] })).toBe('3');
    expect(summarizeBody({ a: 1, b: 2 })).toBe('2');
    expect(summarizeBody(7)).toBe('-1');
  });
});

describe('compareModes with a pipeline killed at its cap', () => {
  it('gives no ratios and names who was killed', () => {
    const summary = report.mergeRounds([row({ oomKilled: true, requestsPerSecond: 0, groupPeakMB: 0.1 }), row({ mode: 'parseBody' })]);
    const [comparison] = report.compareModes(summary);
    expect(comparison.killed).toEqual(['usual']);
    expect(comparison.ratios.peakMemory).toBeNull();
    expect(report.comparisonTable([comparison])).toContain('OOM-killed: usual');
  });
});

describe('createServerStats', () => {
  it('reports the semi-space size and heap limit the server runs with, and what its scavenges copied', async () => {
    const stats = await createServerStats();
    stats.reset();
    // Garbage with a live part, so that scavenges run and find something to copy.
    let live: object[] = [];
    for (let index = 0; index < 400_000; index++) {
      live.push({ index });
      if (live.length > 50_000) live = [];
    }
    const { heap } = stats.snapshot();
    const v8 = await import('node:v8');
    const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    expect(heap.semiSpaceMB).toBeGreaterThan(0);
    expect(heap.semiSpaceMB).toBe(young!.space_size / 2 / 2 ** 20);
    expect(heap.heapLimitMB).toBe(v8.getHeapStatistics().heap_size_limit / 2 ** 20);
    expect(heap.scavenges).toBeGreaterThan(0);
    expect(heap.scavengeCopiedMB).toBeGreaterThan(0);
    // A new window starts empty.
    stats.reset();
    expect(stats.snapshot().heap.scavenges).toBe(0);
  });

  it('counts the CPU the process spent in the window, and starts again at a reset', async () => {
    const stats = await createServerStats();
    stats.reset();
    const started = process.cpuUsage();
    let sum = 0;
    for (let index = 0; index < 30_000_000; index++) sum += index & 7;
    const spent = process.cpuUsage(started);
    const { cpuMs } = stats.snapshot();
    expect(sum).toBeGreaterThan(0);
    expect(cpuMs).toBeGreaterThanOrEqual((spent.user + spent.system) / 1000);
    stats.reset();
    expect(stats.snapshot().cpuMs).toBeLessThan(cpuMs);
  });

  it.runIf(existsSync('/proc/self/stat'))('counts the page faults the process took in the window', async () => {
    const stats = await createServerStats();
    stats.reset();
    // Fresh memory: each page faults when first written (a huge page once for 512 of them).
    const fresh = new Uint8Array(16 * 2 ** 20);
    for (let at = 0; at < fresh.length; at += 4096) fresh[at] = 1;
    const { minorFaults } = stats.snapshot();
    expect(minorFaults).toBeGreaterThanOrEqual(8);
    stats.reset();
    expect(stats.snapshot().minorFaults).toBeLessThan(minorFaults);
  });

  it('counts the time the event loop was busy in the window', async () => {
    const stats = await createServerStats();
    stats.reset();
    // The loop's busy time is counted once control is back in it, so the work runs in a callback.
    await new Promise<void>((resolve) =>
      setTimeout(() => {
        const until = performance.now() + 60;
        while (performance.now() < until);
        resolve();
      }, 0),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stats.snapshot().loopBusyMs).toBeGreaterThanOrEqual(55);
  });
});

describe('scavenge-copies', async () => {
  const { parseNvpLine, summarizeCollections } = await load('scavenge-copies.js');

  it('reads --trace-gc-nvp lines of Node 26 (JSON) and Node 24 (key=value)', () => {
    const node26 = '[1:0x1:0]       75 ms: GC: {"pause":1.366,"gc":"s","reason":"allocation failure","new_space_capacity":4194304,"new_space_survived":210912}';
    expect(parseNvpLine(node26)).toMatchObject({ gc: 's', new_space_survived: 210912, new_space_capacity: 4194304 });
    const node24 = '[1:0x1:0]       61 ms: pause=2.4 mutator=54.2 gc=s reduce_memory=0 promotion_ratio=0.0% new_space_survived=645000 new_space_capacity=1048576';
    expect(parseNvpLine(node24)).toMatchObject({ gc: 's', pause: 2.4, promotion_ratio: 0, new_space_survived: 645000, new_space_capacity: 1048576 });
    expect(parseNvpLine('[1:0x1:0]       54 ms: Memory pool: Removed pages: 0')).toBeUndefined();
  });

  it('gives scavenges, bytes copied and mark-compacts per parse, and the median survivors', () => {
    const events = [
      { gc: 's', new_space_survived: 1024 * 100, new_space_capacity: 4 * 2 ** 20 },
      { gc: 's', new_space_survived: 1024 * 300, new_space_capacity: 4 * 2 ** 20 },
      { gc: 's', new_space_survived: 1024 * 200, new_space_capacity: 2 * 2 ** 20 },
      { gc: 'mc' },
    ];
    expect(summarizeCollections(events, 2)).toEqual({
      scavengesPerParse: 1.5,
      copiedKBPerParse: 300,
      survivedKBPerScavenge: 200,
      majorPerParse: 0.5,
      semiSpaceMB: 4,
    });
  });
});

describe('bench/http.js options', async () => {
  const { spawnSync } = await import('node:child_process');
  const script = new URL('../../bench/http.js', import.meta.url).pathname;
  const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });

  it('prints its usage for --help and exits 0, before touching wrk, cgroups or dist/', () => {
    const { status, stdout } = run('--help');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^Usage: npm run bench:http/);
    expect(stdout).toContain('--soak-size <size>');
  });

  it('names an unknown option and exits 2 with the usage, without a stack trace', () => {
    const { status, stderr } = run('--sizez', '1mb');
    expect(status).toBe(2);
    expect(stderr).toMatch(/^Unknown option '--sizez'/);
    expect(stderr).toContain('Usage: npm run bench:http');
    expect(stderr).not.toContain('    at ');
  });
});

describe('glibc settings of the servers (bench/environment.js)', async () => {
  const { FIXED_MALLOC_THRESHOLDS, mallocSettings } = await import(new URL('../../bench/environment.js', import.meta.url).href);
  const { readFileSync } = await import('node:fs');

  it('names only the variables glibc reads for malloc', () => {
    const env = { PATH: '/bin', MALLOC_TRIM_THRESHOLD_: '1', GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=2', NODE_OPTIONS: '--x', MALLOCX: 'no' };
    expect(mallocSettings(env)).toEqual({ MALLOC_TRIM_THRESHOLD_: '1', GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=2' });
    expect(mallocSettings({ PATH: '/bin' })).toEqual({});
  });

  it('are, with --malloc-tuned, the settings the README tells servers to start with', () => {
    const line = Object.entries(FIXED_MALLOC_THRESHOLDS).map(([name, value]) => `${name}=${value}`).join(' ');
    expect(readFileSync(new URL('../../README.md', import.meta.url), 'utf8')).toContain(`${line} node server.js`);
  });
});
