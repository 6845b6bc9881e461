// The real-world section's account of fresh pages: each sample's page faults and their cost taken
// out (bench/measure.js), and the ratios without them carried through the summary across processes
// (bench/realworld-summary.js). bench/ is plain JavaScript, so its modules are loaded by URL.
import { describe, expect, it } from 'vitest';

const { freshPageNanoseconds, withoutFreshPages, timeSideBySideByCpu } = await import(new URL('../../bench/measure.js', import.meta.url).href);
const { summarizeRuns, realworldText, freshPagesText, freshPageRange } = await import(new URL('../../bench/realworld-summary.js', import.meta.url).href);

describe('withoutFreshPages', () => {
  it("takes each page's cost out of a sample's time per call", () => {
    expect(withoutFreshPages(2_600_000, 150, 14_000)).toBe(500_000);
    expect(withoutFreshPages(500_000, 0, 14_000)).toBe(500_000);
  });

  it('never leaves less than a tenth of the time measured, whatever the cost per page says', () => {
    expect(withoutFreshPages(1_000_000, 150, 14_000)).toBe(100_000);
  });
});

describe('freshPageNanoseconds', () => {
  it('measures what a page of new memory costs here: more than touching a page already mapped', () => {
    const cost = freshPageNanoseconds();
    expect(Number.isFinite(cost)).toBe(true);
    expect(cost).toBeGreaterThan(0);
    const mapped = new Uint8Array(256 * 4096);
    const started = performance.now();
    for (let round = 0; round < 4; round++) for (let page = 0; page < 256; page++) mapped[page * 4096] = round;
    const touchAgainNs = ((performance.now() - started) * 1e6) / (4 * 256);
    expect(cost).toBeGreaterThan(touchAgainNs);
  });
});

describe('timeSideBySideByCpu', () => {
  it('counts the fresh pages a contender touches per call, and takes their cost out', async () => {
    // Rounds long enough that the process's own growth (a collection, a compile) is shared by many
    // calls: with 5 ms rounds it once added 8 pages a call (CI, round 59).
    const budget = { rounds: 2, roundMs: 20, warmupMs: 2, minSamplesPerRound: 2 };
    // 64 pages of new memory per call against none: a fresh 256 KB ArrayBuffer is written through.
    const touching = () => {
      const bytes = new Uint8Array(new ArrayBuffer(64 * 4096));
      for (let page = 0; page < bytes.length; page += 4096) bytes[page] = 1;
      return bytes;
    };
    let kept = 0;
    const idle = () => (kept = (kept + 1) % 7);
    const stats = await timeSideBySideByCpu(
      [
        { id: 'touching', run: touching },
        { id: 'idle', run: idle },
      ],
      budget,
      'test',
      1_000_000,
    );
    // Whether glibc maps the buffers afresh or reuses them depends on its history: only the bounds hold.
    expect(stats.touching.faultsPerCall).toBeGreaterThanOrEqual(0);
    expect(stats.touching.faultsPerCall).toBeLessThanOrEqual(64 + 8);
    // A call that allocates nothing touches a new page only when the process itself grows (a collection, a compile).
    expect(stats.idle.faultsPerCall).toBeLessThan(0.05);
    for (const contender of [stats.touching, stats.idle]) {
      expect(contender.freshPageFreeMedian).toBeLessThanOrEqual(contender.median);
      expect(contender.freshPageFreeMedian).toBeGreaterThanOrEqual(contender.median / 10);
    }
  });
});

/** One process's measure of one document, as bench/children/realworld.js reports it. */
const measured = (set: string, name: string, ratio: number, pageFreeRatio: number, nativePages: number) => ({
  set,
  id: `${set}/${name}`,
  name,
  origin: 'generated',
  bytes: 600_000,
  native: 1000,
  parseBinary: 1000 * ratio,
  ratio,
  wallRatio: ratio,
  freshPages: { native: nativePages, parseBinary: 0 },
  pageFreeRatio,
  clock: 'cpu',
});

describe('summarizeRuns with fresh pages', () => {
  // Native paid for fresh pages in two processes of three: its ratio flips, the one without them does not.
  const runs = [
    { documents: [measured('classic', 'a', 0.3, 1.3, 150), measured('classic', 'b', 1, 1, 0)], freshPageMicros: 13.5 },
    { documents: [measured('classic', 'a', 1.2, 1.25, 0), measured('classic', 'b', 1, 1, 0)], freshPageMicros: 14 },
    { documents: [measured('classic', 'a', 0.35, 1.35, 140), measured('classic', 'b', 1, 1, 0)], freshPageMicros: 18 },
  ];
  const summary = summarizeRuns(runs);

  it('gives each document the median ratio without fresh pages and the median pages per parse', () => {
    const [a] = summary.documents;
    expect(a.ratio).toBe(0.35);
    expect(a.pageFreeRatio).toBe(1.3);
    expect(a.freshPages).toEqual({ native: 140, parseBinary: 0 });
  });

  it("gives each set the median of its processes' geometric means without fresh pages", () => {
    const [classic] = summary.sets;
    expect(classic.pageFreePerProcess.map((value: number) => value.toFixed(4))).toEqual([Math.sqrt(1.3), Math.sqrt(1.25), Math.sqrt(1.35)].map((value) => value.toFixed(4)));
    expect(classic.pageFreeGeomean).toBeCloseTo(Math.sqrt(1.3), 10);
    expect(summary.freshPageMicros).toEqual([13.5, 14, 18]);
  });

  it('shows both ratios in the text, and no fresh-page columns where no process counted them', () => {
    const text = realworldText(summary, { quick: false });
    expect(text).toContain('no-pages');
    expect(text).toContain('140 / 0');
    expect(text).toContain('13.5 to 18.0 µs');
    const withoutCounts = summarizeRuns(
      runs.map(({ documents }) => ({ documents: documents.map(({ freshPages, pageFreeRatio, ...rest }) => rest) })),
    );
    expect(withoutCounts.sets[0].pageFreeGeomean).toBeUndefined();
    expect(realworldText(withoutCounts, { quick: false })).not.toContain('no-pages');
  });

  it('writes page counts and cost ranges briefly', () => {
    expect(freshPagesText({ native: 150.2, parseBinary: 0.04 })).toBe('150 / 0');
    expect(freshPagesText({ native: 2.46, parseBinary: 0 })).toBe('2.5 / 0');
    expect(freshPageRange([13.46, 13.46])).toBe('13.5 µs');
  });
});
